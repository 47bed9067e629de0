import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { runCli } from '../../cli';
import { createSandbox } from '../../composition/app';

const printedKeySchema = z.object({
  keyId: z.string(),
  secretKey: z.string(),
  mode: z.enum(['test', 'live']),
  scopes: z.array(z.string()),
});

let dataDir: string | null = null;
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

test('`create-key --scopes subscriptions:read` prints a key that reads but gets 403 on writes', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  await runCli(['create-key', '--mode', 'test', '--scopes', 'subscriptions:read']);
  const issued = printedKeySchema.parse(JSON.parse(printed.join('\n')));
  expect(issued).toMatchObject({ mode: 'test', scopes: ['subscriptions:read'] });
  expect(issued.secretKey).toMatch(/^osk_test_/);

  const sandbox = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4999' });
  try {
    const call = (method: string, path: string) =>
      sandbox.handle(
        new Request(`http://127.0.0.1:4999${path}`, {
          method,
          headers: {
            authorization: `Bearer ${issued.secretKey}`,
            'content-type': 'application/json',
          },
          body: method === 'GET' ? undefined : '{}',
        }),
      );
    expect((await call('GET', '/api/v1/subscriptions/direct-debit')).status).toBe(200);
    const refused = await call('PUT', '/sandbox/v1/direct-debit/config');
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).code).toBe('INSUFFICIENT_SCOPE');
  } finally {
    sandbox.close();
  }
});

test('`create-key` refuses an unknown scope and a missing --scopes, issuing nothing', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sandbox-keys-'));
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);
  await expect(runCli(['create-key', '--scopes', 'subscriptions:admin'])).rejects.toThrow(
    /Unknown scope "subscriptions:admin"/,
  );
  await expect(runCli(['create-key'])).rejects.toThrow(/--scopes is required/);
});
