import { afterEach, expect, test } from 'vitest';
import { errorBodySchema } from '../../contract/errors';
import {
  requestLogEntryResponseSchema,
  requestLogListResponseSchema,
} from '../../contract/request-log';
import { createTestSubscription } from '../testing/checkout-testing';
import { openPayoutApi } from '../testing/payout-testing';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

function start(): TestSandbox {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  return sandbox;
}

async function log(sandbox: TestSandbox, query = '', key?: string) {
  const result = await sandbox.api(
    'GET',
    `/sandbox/v1/requests${query}`,
    key === undefined ? {} : { key },
  );
  expect(result.status).toBe(200);
  return requestLogListResponseSchema.parse(result.body);
}

test('a request is found by its request id and its Idempotency-Key, with status, time and bodies', async () => {
  const sandbox = start();
  const body = {
    amount: { amount: 2500, currency: 'NGN' },
    customer: { email: 'ada@example.com' },
    paymentMethod: 'hosted_checkout',
  };
  const created = await sandbox.api('POST', '/api/v1/payments', {
    body,
    idempotencyKey: 'order-42',
  });
  expect(created.status).toBe(201);
  const requestId = created.headers.get('x-request-id') ?? '';
  const entry = requestLogEntryResponseSchema.parse(
    (await sandbox.api('GET', `/sandbox/v1/requests/${requestId}`)).body,
  ).data;
  expect(entry).toMatchObject({
    id: requestId,
    mode: 'test',
    method: 'POST',
    path: '/api/v1/payments',
    status: 201,
    idempotencyKey: 'order-42',
    requestBody: body,
    createdAt: '2026-03-02T10:00:00.000Z',
  });
  expect(entry.durationMs).toBeGreaterThanOrEqual(0);
  expect(entry.responseBody).toMatchObject({ data: { amount: 2500, status: 'pending' } });

  // The retry with the same key is logged too, and the filter finds both.
  await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'order-42' });
  const byKey = await log(sandbox, '?idempotency_key=order-42');
  expect(byKey.data.map((item) => item.status)).toEqual([201, 201]);

  // A failed request is logged with the error the merchant got; reading the log is not logged.
  const failed = await sandbox.api('GET', '/api/v1/payments/osp_missing');
  const failedId = errorBodySchema.parse(failed.body).requestId;
  const failures = await log(sandbox, '?status=404');
  expect(failures.data.map((item) => item.id)).toEqual([failedId]);
  expect(failures.data[0]?.responseBody).toMatchObject({ statusCode: 404, requestId: failedId });
  expect(
    (await log(sandbox)).data.every((item) => !item.path.startsWith('/sandbox/v1/requests')),
  ).toBe(true);
});

test('no secret key, webhook secret or capability token appears in the log', async () => {
  const sandbox = start();
  const { credentials } = sandbox;
  // A careless merchant puts secrets into metadata; the answers carry tokenized links.
  await sandbox.api('POST', '/api/v1/payments', {
    body: {
      amount: { amount: 2500, currency: 'NGN' },
      paymentMethod: 'hosted_checkout',
      metadata: { note: `keys ${credentials.testSecretKey} ${credentials.webhookSecret}` },
    },
  });
  const payoutKey = await sandbox.api('POST', '/sandbox/v1/payouts/keys', {
    body: {},
    key: credentials.liveSecretKey,
  });
  const issued = JSON.stringify(payoutKey.body).match(/osk_live_[A-Za-z0-9]+/)?.[0] ?? '';
  expect(issued).not.toBe('');
  const link = await sandbox.createSetupLink();
  const secrets = [
    credentials.testSecretKey,
    credentials.liveSecretKey,
    credentials.webhookSecret,
    issued,
    link.token,
  ];
  const entries = (await log(sandbox, '?limit=100')).data;
  expect(entries.length).toBeGreaterThanOrEqual(5);
  const text = JSON.stringify(entries);
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).toContain('#token=[REDACTED]');
  expect(text).toContain('osk_test_[REDACTED]');
});

test('each mode has its own log, kept for seven days by its clock', async () => {
  const sandbox = start();
  await sandbox.api('GET', '/api/v1/subscriptions/plans');
  await sandbox.api('GET', '/api/v1/subscriptions/plans', {
    key: sandbox.credentials.liveSecretKey,
  });
  expect((await log(sandbox)).data.map((item) => item.mode)).toEqual(['test']);
  expect(
    (await log(sandbox, '', sandbox.credentials.liveSecretKey)).data.map((item) => item.mode),
  ).toEqual(['live']);
  // Requests without a valid key belong to no merchant: not logged.
  await sandbox.api('GET', '/api/v1/subscriptions/plans', { key: null });
  expect((await log(sandbox)).data).toHaveLength(1);

  await sandbox.api('POST', '/sandbox/v1/clock/advance', { body: { seconds: 8 * 86400 } });
  // The advance itself is the only test entry left; live mode's clock has not moved.
  expect((await log(sandbox)).data.map((item) => item.path)).toEqual(['/sandbox/v1/clock/advance']);
  expect((await log(sandbox, '', sandbox.credentials.liveSecretKey)).data).toHaveLength(1);
});

test('a key sees the bodies only of entries whose route its scopes open (issue 26)', async () => {
  const sandbox = start();
  const subscription = await createTestSubscription(sandbox, { phone: '08031234567' });
  const payment = await sandbox.api('POST', '/api/v1/payments', {
    body: { amount: { amount: 2500, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
  });
  expect(payment.status).toBe(201);
  const noScope = sandbox.issueKey({ scopes: [] });
  // The key may not read the subscription…
  const refused = await sandbox.api('GET', `/api/v1/subscriptions/${subscription.id}`, {
    key: noScope,
  });
  expect(refused.status).toBe(403);
  // …nor its customer through the log; it still sees that the calls were made.
  const seen = await log(sandbox, '?limit=100', noScope);
  expect(JSON.stringify(seen)).not.toContain('chioma@example.com');
  expect(JSON.stringify(seen)).not.toContain('8031234567');
  const created = seen.data.find((entry) => entry.path === '/api/v1/subscriptions');
  expect(created).toMatchObject({
    method: 'POST',
    status: 201,
    requestBody: null,
    responseBody: null,
    bodiesWithheld: true,
  });
  expect(created?.id).toMatch(/^req_/);
  const single = requestLogEntryResponseSchema.parse(
    (await sandbox.api('GET', `/sandbox/v1/requests/${created?.id}`, { key: noScope })).body,
  ).data;
  expect(single).toMatchObject({ requestBody: null, responseBody: null, bodiesWithheld: true });
  // A route that needs no scope (payments) shows its bodies to any key.
  const paid = seen.data.find((entry) => entry.path === '/api/v1/payments');
  expect(paid).toMatchObject({
    bodiesWithheld: false,
    requestBody: { paymentMethod: 'hosted_checkout' },
  });
  // The scope of the route opens it: subscriptions:write for the create.
  const writer = await log(
    sandbox,
    '?limit=100',
    sandbox.issueKey({ scopes: ['subscriptions:write'] }),
  );
  expect(writer.data.find((entry) => entry.path === '/api/v1/subscriptions')).toMatchObject({
    bodiesWithheld: false,
    requestBody: { customer: { email: 'chioma@example.com' } },
  });
});

test('a live payout-only key does not read the IP whitelist from the log', async () => {
  const sandbox = start();
  const payoutKey = await openPayoutApi(sandbox, ['203.0.113.7']);
  const seen = await log(sandbox, '?limit=100', payoutKey);
  const access = seen.data.find((entry) => entry.path === '/sandbox/v1/payouts/access');
  expect(access).toMatchObject({ method: 'PUT', status: 200, bodiesWithheld: true });
  expect(JSON.stringify(seen)).not.toContain('203.0.113.7');
  // The demo live key holds sandbox:controls, the control's scope: it sees the whitelist.
  const control = await log(sandbox, '?limit=100', sandbox.credentials.liveSecretKey);
  expect(JSON.stringify(control)).toContain('203.0.113.7');
});
