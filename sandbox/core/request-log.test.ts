import { afterEach, expect, test } from 'vitest';
import { errorBodySchema } from '../../contract/errors';
import {
  consoleReadHeader,
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

test('each mode has its own log, kept for seven days of real time: a test clock advance ages nothing', async () => {
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

  // Thirty days on the test clock: the merchant's history stays; entries show the test clock.
  await sandbox.api('POST', '/sandbox/v1/clock/advance', { body: { seconds: 30 * 86400 } });
  const kept = (await log(sandbox)).data;
  expect(kept.map((item) => item.path)).toEqual([
    '/sandbox/v1/clock/advance',
    '/api/v1/subscriptions/plans',
  ]);
  expect(kept[1]?.createdAt).toBe('2026-03-02T10:00:00.000Z');

  // Eight real days later, the next request trims what was received more than seven days ago.
  sandbox.clock.advanceBy(8 * 86_400_000);
  await sandbox.api('GET', '/api/v1/subscriptions/plans');
  expect((await log(sandbox)).data.map((item) => item.createdAt)).toEqual([
    '2026-04-09T10:00:00.000Z',
  ]);
  // Live mode is trimmed by its own next request only.
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

test("the console's own reads stay out of the log; its writes and the merchant's reads do not", async () => {
  const sandbox = start();
  const consoleRead = { headers: { [consoleReadHeader]: 'read' } };
  await sandbox.api('GET', '/api/v1/payments', consoleRead);
  await sandbox.api('GET', '/sandbox/v1/webhooks/events', consoleRead);
  await sandbox.api('GET', '/api/v1/payments?limit=5');
  await sandbox.api('POST', '/api/v1/payments', {
    ...consoleRead,
    body: { amount: { amount: 900, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
  });
  expect((await log(sandbox)).data.map((item) => `${item.method} ${item.path}`)).toEqual([
    'POST /api/v1/payments',
    'GET /api/v1/payments',
  ]);
});

test('the log is filtered by status, method and path', async () => {
  const sandbox = start();
  await sandbox.api('GET', '/api/v1/payments');
  await sandbox.api('GET', '/api/v1/payments/osp_missing');
  await sandbox.api('GET', '/api/v1/subscriptions/plans');
  await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: { name: '' } });
  const paths = async (query: string) =>
    (await log(sandbox, query)).data.map((item) => `${item.method} ${item.path} ${item.status}`);
  expect(await paths('?path=/api/v1/subscriptions/plans')).toEqual([
    'POST /api/v1/subscriptions/plans 400',
    'GET /api/v1/subscriptions/plans 200',
  ]);
  expect(await paths('?path=/api/v1/subscriptions/plans&method=GET')).toEqual([
    'GET /api/v1/subscriptions/plans 200',
  ]);
  expect(await paths('?status=404')).toEqual(['GET /api/v1/payments/osp_missing 404']);
});
