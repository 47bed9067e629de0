import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createSandbox } from '../composition/app';
import { credentialsFileName } from '../features/merchants/demo-merchant';
import { DataDirInUseError, lockFileName } from '../db/data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-lock-'));
  dirs.push(dir);
  return dir;
}
const origin = 'http://127.0.0.1:4321';

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

test('the message names another running process that holds the directory', () => {
  const dataDir = tempDataDir();
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    const pid = holder.pid ?? -1;
    writeFileSync(
      join(dataDir, lockFileName),
      JSON.stringify({ pid, hostname: hostname(), startedAt: '2026-11-24T08:00:00.000Z' }),
    );
    expect(() => createSandbox({ dataDir, publicOrigin: origin })).toThrow(
      `process ${pid} on ${hostname()}, started 2026-11-24T08:00:00.000Z`,
    );
  } finally {
    holder.kill();
  }
});

test('a lock left by a crashed sandbox is taken over', () => {
  const dataDir = tempDataDir();
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  writeFileSync(
    join(dataDir, lockFileName),
    JSON.stringify({ pid: gone, hostname: hostname(), startedAt: '2026-11-24T08:00:00.000Z' }),
  );
  const sandbox = createSandbox({ dataDir, publicOrigin: origin });
  expect(JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8'))).toMatchObject({
    pid: process.pid,
  });
  sandbox.close();
});
