/**
 * The data directory's lock (sandbox/db/data-dir-lock.ts; issue 26, point 6): one sandbox per
 * directory, taken atomically by real processes racing for it, and never blocked by what a dead
 * process left behind.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { createSandbox } from '../composition/app';
import { credentialsFileName } from '../features/merchants/demo-merchant';
import { DataDirInUseError, lockFileName, runningSandbox } from '../db/data-dir-lock';

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-lock-'));
  dirs.push(dir);
  return dir;
}
const origin = 'http://127.0.0.1:4321';
const contenderScript = fileURLToPath(new URL('../testing/lock-contender.ts', import.meta.url));

/** A process running sandbox/testing/lock-contender.ts; `ask` sends a command, resolves its answer. */
interface Contender {
  pid: number;
  ask(command: string): Promise<string>;
  child: ChildProcessWithoutNullStreams;
}

async function startContender(): Promise<Contender> {
  const child = spawn(process.execPath, ['--import', 'tsx', contenderScript]);
  children.push(child);
  const lines: Interface = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  const queued: string[] = [];
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (next === undefined) queued.push(line);
    else next(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve) => {
      const line = queued.shift();
      if (line === undefined) waiting.push(resolve);
      else resolve(line);
    });
  expect(await nextLine()).toBe('ready');
  return {
    pid: child.pid ?? -1,
    child,
    ask(command) {
      child.stdin.write(`${command}\n`);
      return nextLine();
    },
  };
}

/** The record a sandbox that died without releasing would leave: its PID is no process now. */
function leaveDeadProcessRecord(dataDir: string): number {
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  writeFileSync(
    join(dataDir, lockFileName),
    JSON.stringify({
      pid: gone,
      hostname: hostname(),
      startedAt: '2026-11-24T08:00:00.000Z',
      baseUrl: 'http://127.0.0.1:4999',
    }),
  );
  return gone;
}

test('a second sandbox on a held data directory refuses to start and leaves the first one’s credentials alone', () => {
  const dataDir = tempDataDir();
  const first = createSandbox({ dataDir, publicOrigin: origin });
  const credentials = readFileSync(join(dataDir, credentialsFileName), 'utf8');
  expect(() => createSandbox({ dataDir, publicOrigin: origin })).toThrow(DataDirInUseError);
  expect(() => createSandbox({ dataDir, publicOrigin: origin })).toThrow(
    `is in use by another sandbox: process ${process.pid}`,
  );
  expect(readFileSync(join(dataDir, credentialsFileName), 'utf8')).toBe(credentials);
  first.close();
  // Once the first one stopped, the directory is free again, with the same keys.
  const second = createSandbox({ dataDir, publicOrigin: origin });
  expect(second.credentials.testSecretKey).toBe(first.credentials.testSecretKey);
  second.close();
});

test('the refusal names the other process that holds the directory and where it serves', async () => {
  const dataDir = tempDataDir();
  const holder = await startContender();
  expect(await holder.ask(`take ${dataDir}`)).toBe(`won ${dataDir}`);
  expect(() => createSandbox({ dataDir, publicOrigin: origin })).toThrow(
    `process ${holder.pid} on ${hostname()}`,
  );
  expect(() => createSandbox({ dataDir, publicOrigin: origin })).toThrow(
    `serving http://127.0.0.1:${holder.pid}`,
  );
  // CLI commands find it (and its URL) through the lock.
  expect(runningSandbox(dataDir)).toMatchObject({
    pid: holder.pid,
    baseUrl: `http://127.0.0.1:${holder.pid}`,
  });
  expect(await holder.ask('release')).toBe('released');
  expect(runningSandbox(dataDir)).toBeNull();
});

test('two processes started together on a directory a dead process left locked: exactly one gets it, every time', async () => {
  const [first, second] = await Promise.all([startContender(), startContender()]);
  const rounds = 12;
  for (let round = 0; round < rounds; round += 1) {
    const dataDir = tempDataDir();
    leaveDeadProcessRecord(dataDir);
    // Every other round with the default wait, so the loser also waits for the winner's hold.
    const wait = round % 2 === 0 ? ' 0' : '';
    const answers = await Promise.all([
      first.ask(`take ${dataDir}${wait}`),
      second.ask(`take ${dataDir}${wait}`),
    ]);
    const won = answers.filter((answer) => answer === `won ${dataDir}`);
    expect(answers.filter((answer) => answer === `refused ${dataDir}`)).toHaveLength(
      2 - won.length,
    );
    if (wait === '') {
      // With the start's wait, SQLite's busy handler retries: exactly one of them gets it.
      expect(won).toHaveLength(1);
    } else {
      // Without any wait both may be refused at once (SQLite's lock steps can collide), but never
      // may both get it: that was the bug.
      expect(won.length).toBeLessThanOrEqual(1);
    }
    const winner =
      answers[0] === `won ${dataDir}` ? first : answers[1] === `won ${dataDir}` ? second : null;
    expect(runningSandbox(dataDir)?.pid ?? null).toBe(winner?.pid ?? null);
    await Promise.all([first.ask('release'), second.ask('release')]);
  }
}, 60_000);

test('a lock held by a sandbox killed with kill -9 does not block a restart', async () => {
  const dataDir = tempDataDir();
  const crashed = await startContender();
  expect(await crashed.ask(`take ${dataDir}`)).toBe(`won ${dataDir}`);
  const exited = new Promise((resolve) => crashed.child.once('exit', resolve));
  crashed.child.kill('SIGKILL');
  await exited;
  // Its record is still there, naming the dead process; it counts for nothing.
  expect(JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8'))).toMatchObject({
    pid: crashed.pid,
  });
  expect(runningSandbox(dataDir)).toBeNull();
  const sandbox = createSandbox({ dataDir, publicOrigin: origin });
  expect(JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8'))).toMatchObject({
    pid: process.pid,
  });
  sandbox.close();
});

test('a record naming a PID now used by an unrelated process does not block a restart', () => {
  const dataDir = tempDataDir();
  createSandbox({ dataDir, publicOrigin: origin }).close(); // a sandbox ran here before
  const unrelated = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    writeFileSync(
      join(dataDir, lockFileName),
      JSON.stringify({
        pid: unrelated.pid,
        hostname: hostname(),
        startedAt: '2026-11-24T08:00:00.000Z',
        baseUrl: 'http://127.0.0.1:4999',
      }),
    );
    expect(runningSandbox(dataDir)).toBeNull();
    const sandbox = createSandbox({ dataDir, publicOrigin: origin });
    expect(runningSandbox(dataDir)?.pid).toBe(process.pid);
    sandbox.close();
    // A clean stop removes the record.
    expect(() => readFileSync(join(dataDir, lockFileName))).toThrow();
  } finally {
    unrelated.kill();
  }
});
