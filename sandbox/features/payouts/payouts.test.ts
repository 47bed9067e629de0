import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import {
  beneficiaryResponseSchema,
  payoutAccessResponseSchema,
  payoutKeyResponseSchema,
  payoutResponseSchema,
  settlementResponseSchema,
} from '../../../contract/payouts';
import { transactionSchema } from '../../../contract/transactions';
import { eventLogListResponseSchema } from '../../../contract/webhooks';
import { queryAll } from '../../db/database';
import { approvePayoutUseCase, openPayoutApi } from '../../testing/payout-testing';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

function start(): TestSandbox {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  return sandbox;
}

/** A payout API call as it arrives from `clientIp` through the server. */
async function payoutCall(
  sandbox: TestSandbox,
  path: string,
  options: { key: string; body: unknown; clientIp?: string; idempotencyKey?: string | null },
): Promise<{ status: number; body: unknown }> {
  const headers = new Headers({
    authorization: `Bearer ${options.key}`,
    'content-type': 'application/json',
  });
  const idempotencyKey =
    options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
  if (idempotencyKey !== null) headers.set('idempotency-key', idempotencyKey);
  const response = await sandbox.sandbox.handle(
    new Request(new URL(path, sandbox.sandbox.publicOrigin), {
      method: 'POST',
      headers,
      body: JSON.stringify(options.body),
    }),
    options.clientIp === undefined ? {} : { clientIp: options.clientIp },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

async function issuePayoutKey(sandbox: TestSandbox): Promise<string> {
  const result = await sandbox.api('POST', '/sandbox/v1/payouts/keys', {
    key: sandbox.credentials.liveSecretKey,
    body: {},
  });
  expect(result.status).toBe(201);
  return payoutKeyResponseSchema.parse(result.body).data.secretKey;
}

/** Opens every business gate through the review; returns the live payout key. */
function openAccess(sandbox: TestSandbox): Promise<string> {
  return openPayoutApi(sandbox, ['203.0.113.7', '::1']);
}

async function settle(sandbox: TestSandbox, amount: number): Promise<number> {
  const result = await sandbox.api('POST', '/sandbox/v1/settlements', {
    key: sandbox.credentials.liveSecretKey,
    body: { amount },
  });
  expect(result.status).toBe(201);
  return settlementResponseSchema.parse(result.body).data.availableBalance;
}

async function beneficiary(sandbox: TestSandbox, key: string, accountNumber: string) {
  const result = await payoutCall(sandbox, '/api/v1/beneficiaries', {
    key,
    clientIp: '203.0.113.7',
    body: { bankId: '000013', accountNumber },
  });
  expect(result.status).toBe(201);
  return beneficiaryResponseSchema.parse(result.body).data;
}

async function liveEvents(sandbox: TestSandbox) {
  const result = await sandbox.api('GET', '/sandbox/v1/webhooks/events', {
    key: sandbox.credentials.liveSecretKey,
  });
  return eventLogListResponseSchema.parse(result.body).data.map((entry) => entry.event);
}

test('payout access is off by default and the gates answer in the documented order', async () => {
  const sandbox = start();
  expect(
    payoutAccessResponseSchema.parse(
      (
        await sandbox.api('GET', '/sandbox/v1/payouts/access', {
          key: sandbox.credentials.liveSecretKey,
        })
      ).body,
    ).data,
  ).toEqual({
    kycApproved: false,
    enabled: false,
    ipWhitelist: [],
    singleTransferLimit: 5_000_000,
    dailyLimit: 20_000_000,
  });
  const body = { bankId: '000013', accountNumber: '0000001015' };
  const attempt = (key: string, clientIp = '203.0.113.7') =>
    payoutCall(sandbox, '/api/v1/beneficiaries', { key, body, clientIp });
  const expectError = async (
    result: Promise<{ status: number; body: unknown }>,
    status: number,
    code: string | undefined,
    message?: string,
  ) => {
    const { status: got, body: errorBody } = await result;
    expect(got).toBe(status);
    const parsed = errorBodySchema.parse(errorBody);
    expect(parsed.code).toBe(code);
    expect(parsed.requestId).toMatch(/^req_/);
    if (message !== undefined) expect(parsed.message).toBe(message);
  };

  // The demo keys lack the payouts:create scope.
  await expectError(attempt(sandbox.credentials.liveSecretKey), 403, 'INSUFFICIENT_SCOPE');
  const key = await issuePayoutKey(sandbox);
  expect(key).toMatch(/^osk_live_/);
  await expectError(attempt(key), 403, 'KYC_NOT_APPROVED');
  await sandbox.api('PUT', '/sandbox/v1/payouts/access', {
    key: sandbox.credentials.liveSecretKey,
    body: { kycApproved: true },
  });
  await expectError(attempt(key), 403, undefined, 'Payout API is not enabled for the business');
  await approvePayoutUseCase(sandbox, key);
  await expectError(attempt(key), 403, 'PAYOUT_IP_WHITELIST_REQUIRED');
  await sandbox.api('PUT', '/sandbox/v1/payouts/access', {
    key: sandbox.credentials.liveSecretKey,
    body: { ipWhitelist: ['203.0.113.7'] },
  });
  await expectError(attempt(key, '198.51.100.1'), 403, 'PAYOUT_IP_NOT_ALLOWED');
  // In-process calls carry no IP: refused as not allowed.
  await expectError(
    payoutCall(sandbox, '/api/v1/beneficiaries', { key, body }),
    403,
    'PAYOUT_IP_NOT_ALLOWED',
  );
  // An IPv4 peer seen on a dual-stack socket matches its IPv4 entry.
  expect((await attempt(key, '::ffff:203.0.113.7')).status).toBe(201);
  // Without an Idempotency-Key nothing is created.
  await expectError(
    payoutCall(sandbox, '/api/v1/beneficiaries', {
      key,
      body,
      clientIp: '203.0.113.7',
      idempotencyKey: null,
    }),
    400,
    'IDEMPOTENCY_KEY_REQUIRED',
  );
});

test('a payout control changes live-mode settings only with a live key holding sandbox:controls; the payout API refuses a test key', async () => {
  const sandbox = start();
  const control = await sandbox.api('PUT', '/sandbox/v1/payouts/access', {
    key: sandbox.credentials.testSecretKey,
    body: { kycApproved: true },
  });
  expect(control.status).toBe(403);
  expect(errorBodySchema.parse(control.body).code).toBe('LIVE_MODE_REQUIRED');
  const unscopedLive = sandbox.issueKey({ mode: 'live', scopes: ['subscriptions:write'] });
  for (const [method, path, body] of [
    ['PUT', '/sandbox/v1/payouts/access', { kycApproved: true }],
    ['POST', '/sandbox/v1/payouts/keys', {}],
    ['POST', '/sandbox/v1/settlements', { amount: 1000 }],
  ] as const) {
    const refused = await sandbox.api(method, path, { key: unscopedLive, body });
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(refused.body).code).toBe('INSUFFICIENT_SCOPE');
  }
  const liveSettlementByTestKey = await sandbox.api('POST', '/sandbox/v1/settlements', {
    key: sandbox.credentials.testSecretKey,
    body: { amount: 1000, mode: 'live' },
  });
  expect(liveSettlementByTestKey.status).toBe(403);
  expect(errorBodySchema.parse(liveSettlementByTestKey.body).code).toBe('LIVE_MODE_REQUIRED');
  // Nothing of that changed the live settings.
  const access = await sandbox.api('GET', '/sandbox/v1/payouts/access', {
    key: sandbox.credentials.liveSecretKey,
  });
  expect(payoutAccessResponseSchema.parse(access.body).data.enabled).toBe(false);
  // A test key never gets past the scope check (payouts:create is issued on live keys only).
  const result = await payoutCall(sandbox, '/api/v1/payouts', {
    key: sandbox.credentials.testSecretKey,
    clientIp: '203.0.113.7',
    body: { beneficiaryId: 'bnf_x', amount: 1, currency: 'NGN' },
  });
  expect(result.status).toBe(403);
});

test('beneficiaries: bank and NUBAN are checked; the unverifiable test number stays unverified', async () => {
  const sandbox = start();
  const key = await openAccess(sandbox);
  for (const [body, code] of [
    [{ bankId: '999999', accountNumber: '0000001015' }, 'UNKNOWN_BANK'],
    [{ bankId: '000013', accountNumber: '0000001016' }, 'INVALID_ACCOUNT_NUMBER'],
  ] as const) {
    const result = await payoutCall(sandbox, '/api/v1/beneficiaries', {
      key,
      body,
      clientIp: '::1',
    });
    expect(result.status).toBe(400);
    expect(errorBodySchema.parse(result.body).code).toBe(code);
  }
  expect(await beneficiary(sandbox, key, '0000001015')).toMatchObject({
    status: 'verified',
    bankName: 'Guaranty Trust Bank',
    accountName: 'SANDBOX BENEFICIARY 1015',
    mode: 'live',
  });
  const unverified = await beneficiary(sandbox, key, '0000001039');
  expect(unverified).toMatchObject({ status: 'unverified', accountName: null });
  await settle(sandbox, 1000);
  const refused = await payoutCall(sandbox, '/api/v1/payouts', {
    key,
    clientIp: '::1',
    body: { beneficiaryId: unverified.id, amount: 10, currency: 'NGN' },
  });
  expect(refused.status).toBe(422);
  expect(errorBodySchema.parse(refused.body).code).toBe('BENEFICIARY_NOT_VERIFIED');
});

test('settlement funds payouts; success debits and emits events, failure moves nothing', async () => {
  const sandbox = start();
  const key = await openAccess(sandbox);
  const good = await beneficiary(sandbox, key, '0000001015');
  const bad = await beneficiary(sandbox, key, '0000001022');

  const pay = (beneficiaryId: string, amount: number, idempotencyKey?: string) =>
    payoutCall(sandbox, '/api/v1/payouts', {
      key,
      clientIp: '203.0.113.7',
      idempotencyKey,
      body: { beneficiaryId, amount, currency: 'NGN', narration: 'Trainer fees' },
    });

  const broke = await pay(good.id, 100);
  expect(broke.status).toBe(422);
  expect(errorBodySchema.parse(broke.body).code).toBe('INSUFFICIENT_BALANCE');
  expect(await liveEvents(sandbox)).toEqual([]);

  expect(await settle(sandbox, 1000.5)).toBe(1000.5);
  const idempotencyKey = randomUUID();
  const paid = await pay(good.id, 400.25, idempotencyKey);
  expect(paid.status).toBe(201);
  const payout = payoutResponseSchema.parse(paid.body).data;
  expect(payout).toMatchObject({ status: 'successful', amount: 400.25, failureReason: null });
  // The same Idempotency-Key replays the payout: no second debit, no second event.
  const again = await pay(good.id, 400.25, idempotencyKey);
  expect(payoutResponseSchema.parse(again.body).data.id).toBe(payout.id);

  const failed = payoutResponseSchema.parse((await pay(bad.id, 100)).body).data;
  expect(failed).toMatchObject({ status: 'failed', failureReason: expect.any(String) as string });

  // Balance: 1000.50 − 400.25 = 600.25; the failed payout took nothing.
  const over = await pay(good.id, 600.26);
  expect(errorBodySchema.parse(over.body).code).toBe('INSUFFICIENT_BALANCE');
  expect((await pay(good.id, 600.25)).status).toBe(201);

  const events = await liveEvents(sandbox);
  expect(events.map((event) => event.type).reverse()).toEqual([
    'settlement.completed',
    'transaction.created',
    'payout.successful',
    'payout.failed',
    'transaction.created',
    'payout.successful',
  ]);
  expect(events.find((event) => event.type === 'payout.failed')?.data).toMatchObject({
    id: failed.id,
  });
  const payoutTransaction = transactionSchema.parse(events.at(-2)?.data);
  expect(payoutTransaction).toMatchObject({
    type: 'payout',
    direction: 'debit',
    amount: 400.25,
    reference: payout.id,
    payoutId: payout.id,
  });
  // The event names a transaction the service really recorded, as for transfers and debits.
  const stored = queryAll(
    sandbox.sandbox.db,
    'SELECT kind, amount_kobo, payout_id FROM transactions WHERE id = ?',
    [payoutTransaction.id],
    z.object({ kind: z.string(), amount_kobo: z.number(), payout_id: z.string().nullable() }),
  );
  expect(stored).toEqual([{ kind: 'payout', amount_kobo: 40_025, payout_id: payout.id }]);
});

test('single-transfer and daily limits', async () => {
  const sandbox = start();
  const key = await openAccess(sandbox);
  const good = await beneficiary(sandbox, key, '0000001015');
  await settle(sandbox, 30_000_000);
  const pay = (amount: number) =>
    payoutCall(sandbox, '/api/v1/payouts', {
      key,
      clientIp: '203.0.113.7',
      body: { beneficiaryId: good.id, amount, currency: 'NGN' },
    });
  const tooBig = await pay(5_000_000.01);
  expect(tooBig.status).toBe(422);
  expect(errorBodySchema.parse(tooBig.body).code).toBe('PAYOUT_LIMIT_EXCEEDED');
  for (let i = 0; i < 4; i += 1) expect((await pay(5_000_000)).status).toBe(201);
  const daily = await pay(1);
  expect(errorBodySchema.parse(daily.body).code).toBe('PAYOUT_LIMIT_EXCEEDED');
  // Next Lagos day (midnight is 23:00 UTC): the limit starts again.
  sandbox.clock.advanceBy(13 * 3_600_000);
  expect((await pay(1)).status).toBe(201);
});
