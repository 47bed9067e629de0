/**
 * `npm run sandbox -- bank-answer`: a developer settles a mandate whose bank result is unknown,
 * through the running sandbox, and the customer's setup link shows the answer.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { setupStateResponseSchema } from '../contract/direct-debit';
import { runCli } from './cli';
import { createDemoSetupLink } from './demo';
import { testAccountBankId, testAccountFor } from './features/direct-debit/test-accounts';
import { startServer, type RunningServer } from './server';

let dataDir: string | null = null;
let server: RunningServer | null = null;
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await server?.close();
  server = null;
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

test('`bank-answer <sub_id> rejected --reason …` settles an unknown mandate; a wrong call says why', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sandbox-bank-answer-'));
  vi.stubEnv('SANDBOX_DATA_DIR', dataDir);
  server = await startServer({ host: '127.0.0.1', port: 0, dataDir });
  const baseUrl = server.url;
  const { testSecretKey } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    testSecretKey: string;
  };
  const link = await createDemoSetupLink(server.url, testSecretKey);
  const setupCall = (method: string, path: string, body?: unknown) =>
    fetch(baseUrl + path, {
      method,
      headers: { 'x-direct-debit-token': link.token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const submitted = await setupCall('POST', '/direct-debit/setup', {
    bankId: testAccountBankId,
    bankAccountNumber: testAccountFor('unknown'),
    consent: true,
  });
  expect(submitted.status).toBe(201);

  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  const reason = 'Reconciled with the bank: the account holder refused.';
  await runCli([
    'bank-answer',
    link.subscriptionId,
    'rejected',
    '--reason',
    reason,
    '--base-url',
    server.url,
  ]);
  expect(JSON.parse(printed.join('\n'))).toMatchObject({
    data: { status: 'rejected', rejectionReason: reason },
  });

  const state = setupStateResponseSchema.parse(
    await (await setupCall('GET', '/direct-debit/setup')).json(),
  ).data;
  expect(state.mandate).toMatchObject({ status: 'rejected', rejectionReason: reason });
  expect(state.setupOpen).toBe(true);

  await expect(
    runCli(['bank-answer', link.subscriptionId, 'rejected', '--reason', '--base-url', baseUrl]),
  ).rejects.toThrow('Option --reason needs a value');
  await expect(runCli(['bank-answer', link.subscriptionId, 'maybe'])).rejects.toThrow(
    /Usage: bank-answer <sub_id> approved\|rejected/,
  );
  await expect(
    runCli(['bank-answer', link.subscriptionId, 'approved', '--base-url', baseUrl]),
  ).rejects.toThrow(/failed \(409\).*only a pending or unknown mandate/);
});
