/**
 * The sandbox in a merchant's CI (issue 28, points 2-4): commands against a running sandbox found
 * through the data directory's lock, keys and the webhook endpoint pinned from the environment
 * (and bad ones refused), `PORT=0`, a clean stop on a signal or when the parent dies, one terminal
 * line per request and delivery attempt, and `tail`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test, vi } from 'vitest';
import { runCli } from './cli';
import { lockFileName } from './db/data-dir-lock';
import { startTestReceiver } from './features/webhooks/test-receiver';
import { pinsFromEnv } from './main';
import { startServer } from './server';

const cliScript = fileURLToPath(new URL('./cli.ts', import.meta.url));
const made: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-serve-'));
  made.push(dir);
  return dir;
}

const pinnedTestKey = 'osk_test_PinnedForCi0123456789ab';
const pinnedLiveKey = 'osk_live_PinnedForCi0123456789ab';
const pinnedWebhookSecret = 'whsec_PinnedForCi0123456789ab';

/** Lines a child prints, and a way to wait for one (a state, never a time). */
function watchLines(child: ChildProcess): {
  lines: string[];
  waitFor(re: RegExp): Promise<string>;
} {
  const lines: string[] = [];
  const waiting: { re: RegExp; resolve: (line: string) => void }[] = [];
  const take = (line: string) => {
    lines.push(line);
    for (const entry of [...waiting]) {
      if (entry.re.test(line)) {
        waiting.splice(waiting.indexOf(entry), 1);
        entry.resolve(line);
      }
    }
  };
  if (child.stdout) createInterface({ input: child.stdout }).on('line', take);
  if (child.stderr) createInterface({ input: child.stderr }).on('line', take);
  return {
    lines,
    waitFor(re) {
      const seen = lines.find((line) => re.test(line));
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiting.push({ re, resolve });
        child.once('exit', (code) =>
          reject(new Error(`exited (${code}) before ${re}:\n${lines.join('\n')}`)),
        );
      });
    },
  };
}

/** `npm run sandbox -- serve` as a real process on `PORT=0`; resolves with its URL. */
async function serveProcess(env: Record<string, string>, args: readonly string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', cliScript, 'serve', ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = watchLines(child);
  const listening = await output.waitFor(/^Sandbox listening on /);
  const url = listening.replace('Sandbox listening on ', '');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, url, output, exited };
}

function captureLog() {
  return vi.spyOn(console, 'log').mockImplementation(() => undefined);
}

test('malformed pinned keys, webhook secret or endpoint are refused with the variable and the expected form, never echoed', () => {
  expect(() => pinsFromEnv({ SANDBOX_TEST_SECRET_KEY: pinnedLiveKey })).toThrow(
    `SANDBOX_TEST_SECRET_KEY must be osk_test_ followed by 16 to 200 letters or digits (got ${pinnedLiveKey.length} characters, not starting with osk_test_)`,
  );
  expect(() => pinsFromEnv({ SANDBOX_LIVE_SECRET_KEY: 'osk_live_short' })).toThrow(
    'SANDBOX_LIVE_SECRET_KEY must be osk_live_',
  );
  expect(() => pinsFromEnv({ SANDBOX_WEBHOOK_SECRET: 'whsec_has spaces in it 1234567' })).toThrow(
    'SANDBOX_WEBHOOK_SECRET must be whsec_',
  );
  // The refused value itself stays out of the message (CI logs are read by many).
  expect(() => pinsFromEnv({ SANDBOX_TEST_SECRET_KEY: 'osk_test_secretvalue$$$$$$$$$$' })).toThrow(
    /^(?!.*secretvalue).*$/s,
  );
  expect(() => pinsFromEnv({ SANDBOX_WEBHOOK_URL: 'ftp://127.0.0.1/hooks' })).toThrow(
    'SANDBOX_WEBHOOK_URL must be an absolute http(s) URL',
  );
  expect(
    pinsFromEnv({
      SANDBOX_TEST_SECRET_KEY: pinnedTestKey,
      SANDBOX_WEBHOOK_SECRET: pinnedWebhookSecret,
      SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3000/hooks',
      SANDBOX_LIVE_SECRET_KEY: '',
    }),
  ).toEqual({
    pinnedCredentials: { testSecretKey: pinnedTestKey, webhookSecret: pinnedWebhookSecret },
    webhookUrl: 'http://127.0.0.1:3000/hooks',
  });
});

test('a serve with a malformed pinned key starts nothing and says which variable is wrong', async () => {
  const dataDir = tempDir();
  const child = spawn(process.execPath, ['--import', 'tsx', cliScript, 'serve'], {
    env: { ...process.env, PORT: '0', SANDBOX_DATA_DIR: dataDir, SANDBOX_TEST_SECRET_KEY: 'sk_1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = watchLines(child);
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(1);
  expect(output.lines.join('\n')).toContain('SANDBOX_TEST_SECRET_KEY must be osk_test_');
  expect(output.lines.join('\n')).not.toContain('listening');
  expect(existsSync(join(dataDir, 'credentials.json'))).toBe(false);
});

test('pinned keys, webhook secret and endpoint hold from the first start and replace the previous ones on a later start', async () => {
  const dataDir = tempDir();
  const receiver = await startTestReceiver();
  try {
    const first = await startServer({ host: '127.0.0.1', port: 0, dataDir });
    const randomKey = first.sandbox.credentials.testSecretKey;
    await first.close();
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      pinnedCredentials: {
        testSecretKey: pinnedTestKey,
        liveSecretKey: pinnedLiveKey,
        webhookSecret: pinnedWebhookSecret,
      },
      webhookUrl: receiver.url,
    });
    try {
      const call = (key: string, path: string, init: RequestInit = {}) =>
        fetch(`${server.url}${path}`, {
          ...init,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        });
      expect((await call(pinnedTestKey, '/sandbox/v1/clock')).status).toBe(200);
      expect((await call(pinnedLiveKey, '/sandbox/v1/payouts/access')).status).toBe(200);
      // The key it replaced no longer opens anything.
      expect((await call(randomKey, '/sandbox/v1/clock')).status).toBe(401);
      const credentials = JSON.parse(
        readFileSync(join(dataDir, 'credentials.json'), 'utf8'),
      ) as unknown;
      expect(credentials).toMatchObject({
        testSecretKey: pinnedTestKey,
        liveSecretKey: pinnedLiveKey,
        webhookSecret: pinnedWebhookSecret,
      });
      const endpoint = (await (
        await call(pinnedTestKey, '/sandbox/v1/webhooks/endpoint')
      ).json()) as {
        data: { url: string };
      };
      expect(endpoint.data.url).toBe(receiver.url);
    } finally {
      await server.close();
    }
  } finally {
    await receiver.close();
  }
});

test('serve prints one line per request and per delivery attempt, and nothing with --quiet', async () => {
  const dataDir = tempDir();
  const receiver = await startTestReceiver();
  const lines: string[] = [];
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    dataDir,
    webhookUrl: receiver.url,
    webhooks: { intervalMs: 50 },
    log: (line) => lines.push(line),
  });
  try {
    const key = server.sandbox.credentials.testSecretKey;
    const answer = await fetch(`${server.url}/sandbox/v1/webhooks/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const requestId = answer.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^req_/);
    await expect
      .poll(() => lines)
      .toContainEqual(
        expect.stringMatching(`POST /sandbox/v1/webhooks/test 202 ${requestId} \\d+ ms$`),
      );
    await expect
      .poll(() => lines)
      .toContainEqual(
        expect.stringMatching(
          `webhook payment.success test #1 whd_\\w+ → ${receiver.url} 200 succeeded \\d+ ms$`,
        ),
      );
  } finally {
    await server.close();
    await receiver.close();
  }

  const quietDir = tempDir();
  const { child, url, output } = await serveProcess({ SANDBOX_DATA_DIR: quietDir }, ['--quiet']);
  expect((await fetch(`${url}/api/v1/balance`)).status).toBe(401);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(output.lines.join('\n')).not.toContain('/api/v1/balance');
}, 30_000);

test('with PORT=0 a running sandbox is found through its lock: create-key, enable-direct-debit, clock and tail work while it runs, and SIGTERM stops it', async () => {
  const dataDir = tempDir();
  const { child, url, exited } = await serveProcess({ SANDBOX_DATA_DIR: dataDir });
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:(?!0$)\d+$/);
  const lock = JSON.parse(readFileSync(join(dataDir, lockFileName), 'utf8')) as Record<
    string,
    unknown
  >;
  expect(lock).toMatchObject({ pid: child.pid, baseUrl: url });
  expect(JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8'))).toMatchObject({
    baseUrl: url,
  });
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);

  // tail, in this process, until the sandbox stops.
  const tailed: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    tailed.push(String(line));
  });
  const tail = runCli(['tail']);
  await expect.poll(() => tailed).toContain(`Following ${url} (Ctrl-C to stop)`);

  await runCli(['create-key', '--scopes', 'subscriptions:read']);
  const issued = JSON.parse(tailed.find((line) => line.includes('secretKey')) ?? '{}') as {
    secretKey: string;
  };
  const read = await fetch(`${url}/api/v1/subscriptions`, {
    headers: { authorization: `Bearer ${issued.secretKey}` },
  });
  expect(read.status).toBe(200);
  await runCli(['enable-direct-debit', '--mode', 'live']);
  expect(tailed).toContain('{"data":{"enabled":true,"mode":"live"}}');
  await runCli(['clock']);
  // The direct-debit change went through the server: tail showed its line.
  await expect
    .poll(() => tailed)
    .toContainEqual(expect.stringMatching(/PUT \/sandbox\/v1\/direct-debit\/config 200 req_\w+/));
  await expect
    .poll(() => tailed)
    .toContainEqual(expect.stringMatching(/GET \/api\/v1\/subscriptions 200 req_\w+/));

  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  await tail;
  expect(tailed.at(-1)).toBe('The sandbox stopped.');
  log.mockRestore();
  await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  expect(existsSync(join(dataDir, lockFileName))).toBe(false);
  // Stopped, the commands that need the server say so; create-key works on the directory.
  await expect(runCli(['clock'])).rejects.toThrow(`No sandbox is running on ${dataDir}`);
  captureLog();
  await runCli(['create-key', '--scopes', 'none']);
}, 60_000);

test('SIGHUP, and the parent process dying outright, stop the server and free its port', async () => {
  const hup = await serveProcess({ SANDBOX_DATA_DIR: tempDir() });
  hup.child.kill('SIGHUP');
  expect(await hup.exited).toBe(0);
  await expect(fetch(`${hup.url}/healthz`)).rejects.toThrow();

  // A parent (think `npm start`) killed with SIGKILL sends no signal to its child.
  const parent = spawn(
    process.execPath,
    [
      '-e',
      `require('node:child_process').spawn(process.execPath, ['--import', 'tsx', ${JSON.stringify(cliScript)}, 'serve'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
    ],
    {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DATA_DIR: tempDir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(parent);
  const output = watchLines(parent);
  const url = (await output.waitFor(/^Sandbox listening on /)).replace('Sandbox listening on ', '');
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
  parent.kill('SIGKILL');
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          () => 'answering',
          () => 'closed',
        ),
      { timeout: 10_000 },
    )
    .toBe('closed');
}, 60_000);
