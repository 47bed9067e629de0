import { expect, test } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { planResponseSchema, subscriptionResponseSchema } from '../../../contract/subscriptions';
import { createTestSandbox } from '../../testing/test-sandbox';
import { issueSecretKey } from './api-keys';

const plan = { name: 'Gym membership', amount: 15000, currency: 'NGN', interval: 'monthly' };

test.each([
  ['no Authorization header', null],
  ['an unknown secret key', 'osk_test_ThisKeyWasNeverIssuedByTheSandbox01'],
  ['a malformed header', 'not-a-key'],
])('a request with %s gets 401 "Invalid API key" without a code', async (_label, key) => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', { key, body: plan });
  expect(response.status).toBe(401);
  const body = errorBodySchema.parse(response.body);
  expect(body.message).toBe('Invalid API key');
  expect(body.code).toBeUndefined();
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  sandbox.close();
});

test('public keys authorize nothing: 401 "Invalid API key"', async () => {
  const sandbox = createTestSandbox();
  for (const key of [sandbox.credentials.testPublicKey, sandbox.credentials.livePublicKey]) {
    const response = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', { key });
    expect(response.status).toBe(401);
    expect(errorBodySchema.parse(response.body).message).toBe('Invalid API key');
  }
  sandbox.close();
});

test('the key is sent as "Authorization: Bearer <key>" and the scheme is case-insensitive', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', {
    key: null,
    headers: { authorization: `bearer ${sandbox.credentials.testSecretKey}` },
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ data: { enabled: false, mode: 'test' } });
  sandbox.close();
});

test('test and live records never see each other', async () => {
  const sandbox = createTestSandbox();
  const { liveSecretKey } = sandbox.credentials;
  const testPlan = planResponseSchema.parse(
    (await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan })).body,
  ).data;
  expect(testPlan.mode).toBe('test');

  // A live key cannot subscribe anyone to a test plan.
  const liveSubscribe = await sandbox.api('POST', '/api/v1/subscriptions', {
    key: liveSecretKey,
    body: {
      planId: testPlan.id,
      paymentMethod: 'customer_choice',
      customer: { email: 'ada@example.com' },
    },
  });
  expect(liveSubscribe.status).toBe(404);

  const testSubscription = subscriptionResponseSchema.parse(
    (
      await sandbox.api('POST', '/api/v1/subscriptions', {
        body: {
          planId: testPlan.id,
          paymentMethod: 'customer_choice',
          customer: { email: 'ada@example.com' },
        },
      })
    ).body,
  ).data;

  // A live key asking for the test subscription's mandate: not found, as if it did not exist.
  const liveRead = await sandbox.api(
    'GET',
    `/api/v1/subscriptions/${testSubscription.id}/direct-debit`,
    { key: liveSecretKey },
  );
  expect(liveRead.status).toBe(404);
  expect(errorBodySchema.parse(liveRead.body).code).toBe('NOT_FOUND');
  const testRead = await sandbox.api(
    'GET',
    `/api/v1/subscriptions/${testSubscription.id}/direct-debit`,
  );
  expect(testRead.body).toEqual({ data: null });

  // Configuration is per mode too.
  await sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: true } });
  const liveConfig = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', {
    key: liveSecretKey,
  });
  expect(liveConfig.body).toEqual({ data: { enabled: false, mode: 'live' } });
  sandbox.close();
});

test('a key without the route scope gets 403 INSUFFICIENT_SCOPE naming the scope', async () => {
  const sandbox = createTestSandbox();
  const { secretKey: readOnlyKey } = issueSecretKey(sandbox.sandbox.db, {
    merchantId: sandbox.credentials.merchantId,
    mode: 'test',
    scopes: ['subscriptions:read'],
    now: new Date(),
  });
  const write = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    key: readOnlyKey,
    body: plan,
  });
  expect(write.status).toBe(403);
  const body = errorBodySchema.parse(write.body);
  expect(body.code).toBe('INSUFFICIENT_SCOPE');
  expect(body.message).toContain('subscriptions:write');

  const read = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', {
    key: readOnlyKey,
  });
  expect(read.status).toBe(200);

  const { secretKey: writeOnlyKey } = issueSecretKey(sandbox.sandbox.db, {
    merchantId: sandbox.credentials.merchantId,
    mode: 'test',
    scopes: ['subscriptions:write'],
    now: new Date(),
  });
  const denied = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit', {
    key: writeOnlyKey,
  });
  expect(denied.status).toBe(403);
  expect(errorBodySchema.parse(denied.body).message).toContain('subscriptions:read');
  sandbox.close();
});
