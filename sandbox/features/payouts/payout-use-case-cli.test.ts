import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { payoutKeyResponseSchema, payoutUseCaseResponseSchema } from '../../../contract/payouts';
import { callRunningSandbox } from '../../cli-support';
import { startServer } from '../../server';
import { runPayoutUseCaseCli } from './payout-use-case-cli';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the command line submits a use case, lists it and the review opens the Payout API', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-use-case-cli-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const running = await startServer({ port: 0, host: '127.0.0.1', dataDir });
  cleanups.push(() => running.close());
  const context = { ...running.sandbox.credentials, baseUrl: running.url };
  const control = { baseUrl: running.url, key: context.liveSecretKey };
  const payoutKey = payoutKeyResponseSchema.parse(
    await callRunningSandbox(control, 'POST', '/sandbox/v1/payouts/keys', {}),
  ).data.secretKey;
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  const run = async (...args: string[]) => {
    printed.length = 0;
    await runPayoutUseCaseCli(args, context);
    return JSON.parse(printed.join('\n')) as unknown;
  };

  const text = 'Monthly payouts of marketplace sales to our sellers';
  const submitted = payoutUseCaseResponseSchema.parse(
    await run('submit', '--key', payoutKey, '--text', text, '--volume', '1500000'),
  ).data;
  expect(submitted).toMatchObject({ status: 'in_review', expectedMonthlyVolume: 1_500_000 });
  expect(await run('list', '--key', payoutKey)).toMatchObject({
    data: [{ id: submitted.id, useCase: text }],
    hasMore: false,
  });
  expect(await run('review', submitted.id, 'approved')).toMatchObject({
    data: { id: submitted.id, status: 'approved' },
  });
  expect(await callRunningSandbox(control, 'GET', '/sandbox/v1/payouts/access')).toMatchObject({
    data: { enabled: true },
  });
  await expect(run('review', submitted.id, 'approved', '--reason', 'x')).rejects.toThrow(
    /declined only/,
  );
  await expect(run('submit', '--text', text)).rejects.toThrow(/--key is required/);
  // Already decided: the sandbox's 409 reaches the user.
  await expect(run('review', submitted.id, 'declined')).rejects.toThrow(/409/);
});
