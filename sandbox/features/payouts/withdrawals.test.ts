import { afterEach, expect, test } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { listResponse } from '../../../contract/paging';
import { withdrawalResponseSchema, withdrawalSchema } from '../../../contract/payouts';
import { z } from 'zod';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

const balanceSchema = z.object({ data: z.object({ available: z.number() }) });
const settlementAccount = { bankId: '000013', accountNumber: '0000001015' };

/** A live business with ₦50,000 settled; KYC approved unless told otherwise; no Payout API. */
async function start(kycApproved = true) {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const live = sandbox.credentials.liveSecretKey;
  await sandbox.api('PUT', '/sandbox/v1/payouts/access', { key: live, body: { kycApproved } });
  const settled = await sandbox.api('POST', '/sandbox/v1/settlements', {
    key: live,
    body: { amount: 50_000 },
  });
  expect(settled.status).toBe(201);
  return { sandbox, live };
}

async function liveBalance(sandbox: TestSandbox, live: string): Promise<number> {
  const response = await sandbox.api('GET', '/api/v1/balance', { key: live });
  return balanceSchema.parse(response.body).data.available;
}

test('an approved business withdraws to its settlement account without Payout API access', async () => {
  const { sandbox, live } = await start();
  const access = await sandbox.api('GET', '/sandbox/v1/payouts/access', { key: live });
  expect(access.body).toMatchObject({ data: { kycApproved: true, enabled: false } });

  const created = await sandbox.api('POST', '/sandbox/v1/withdrawals', {
    key: live,
    body: { amount: 20_000, ...settlementAccount },
  });
  expect(created.status).toBe(201);
  const withdrawal = withdrawalResponseSchema.parse(created.body).data;
  expect(withdrawal).toMatchObject({
    amount: 20_000,
    availableBalance: 30_000,
    status: 'successful',
  });
  expect(await liveBalance(sandbox, live)).toBe(30_000);

  const transactions = await sandbox.api('GET', '/api/v1/transactions', { key: live });
  expect(transactions.body).toMatchObject({
    data: [{ type: 'payout', direction: 'debit', amount: 20_000, reference: withdrawal.id }],
  });
  const listed = await sandbox.api('GET', '/sandbox/v1/withdrawals', { key: live });
  expect(listResponse(withdrawalSchema).parse(listed.body).data).toEqual([withdrawal]);
  const read = await sandbox.api('GET', `/sandbox/v1/withdrawals/${withdrawal.id}`, { key: live });
  expect(withdrawalResponseSchema.parse(read.body).data).toEqual(withdrawal);
});

test('without approved KYC the withdrawal is refused and the balance is untouched', async () => {
  const { sandbox, live } = await start(false);
  const refused = await sandbox.api('POST', '/sandbox/v1/withdrawals', {
    key: live,
    body: { amount: 1_000, ...settlementAccount },
  });
  expect(refused.status).toBe(403);
  expect(errorBodySchema.parse(refused.body)).toMatchObject({ code: 'KYC_NOT_APPROVED' });
  expect(await liveBalance(sandbox, live)).toBe(50_000);
});

test('a test key cannot withdraw', async () => {
  const { sandbox } = await start();
  const refused = await sandbox.api('POST', '/sandbox/v1/withdrawals', {
    key: sandbox.credentials.testSecretKey,
    body: { amount: 1_000, ...settlementAccount },
  });
  expect(refused.status).toBe(403);
  expect(errorBodySchema.parse(refused.body)).toMatchObject({ code: 'LIVE_MODE_REQUIRED' });
});

test('more than the balance, or an invalid NUBAN, is refused and changes nothing', async () => {
  const { sandbox, live } = await start();
  const over = await sandbox.api('POST', '/sandbox/v1/withdrawals', {
    key: live,
    body: { amount: 50_000.01, ...settlementAccount },
  });
  expect(over.status).toBe(422);
  expect(errorBodySchema.parse(over.body)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  const badNuban = await sandbox.api('POST', '/sandbox/v1/withdrawals', {
    key: live,
    body: { amount: 1_000, bankId: '000013', accountNumber: '0000001016' },
  });
  expect(badNuban.status).toBe(400);
  expect(errorBodySchema.parse(badNuban.body)).toMatchObject({ code: 'INVALID_ACCOUNT_NUMBER' });
  expect(await liveBalance(sandbox, live)).toBe(50_000);
  const listed = await sandbox.api('GET', '/sandbox/v1/withdrawals', { key: live });
  expect(listed.body).toMatchObject({ data: [], hasMore: false });
});

test('a replay with the same Idempotency-Key debits the balance once', async () => {
  const { sandbox, live } = await start();
  const call = {
    key: live,
    idempotencyKey: 'withdraw-2026-03-02',
    body: { amount: 15_000, ...settlementAccount },
  };
  const first = await sandbox.api('POST', '/sandbox/v1/withdrawals', call);
  const replay = await sandbox.api('POST', '/sandbox/v1/withdrawals', call);
  expect(first.status).toBe(201);
  expect(replay.body).toEqual(first.body);
  expect(await liveBalance(sandbox, live)).toBe(35_000);
  const listed = await sandbox.api('GET', '/sandbox/v1/withdrawals', { key: live });
  expect(listResponse(withdrawalSchema).parse(listed.body).data).toHaveLength(1);
});
