/**
 * `npm run sandbox -- credentials` (README, "Credentials file"): prints the credentials of the
 * sandbox in SANDBOX_DATA_DIR, and never creates a second demo merchant in a data directory that
 * has no sandbox (a mistyped or forgotten SANDBOX_DATA_DIR).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { runCli } from './cli';
import { startServer } from './server';

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-credentials-'));
  made.push(dir);
  return dir;
}

test('prints the credentials of the sandbox in SANDBOX_DATA_DIR, with its baseUrl', async () => {
  const dataDir = tempDir();
  const server = await startServer({ host: '127.0.0.1', port: 0, dataDir });
  await server.close();
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await runCli(['credentials']);
  const printed = JSON.parse(String(log.mock.calls[0]?.[0])) as Record<string, unknown>;
  const onDisk = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as unknown;
  expect(printed).toEqual(onDisk);
  expect(printed.baseUrl).toBe(server.url);
});

test('a data directory without a sandbox is an error, and nothing is created there', async () => {
  const dataDir = join(tempDir(), 'typo');
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await expect(runCli(['credentials'])).rejects.toThrow(/No sandbox in .*typo.*npm start/);
  expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
});
