import { expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors';
import { planResponseSchema, subscriptionResponseSchema } from '../../contract/subscriptions';
import { queryOne } from '../db/database';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { idempotencyRetentionMs } from './idempotency';

const plan = { name: 'Gym membership', amount: 15000, currency: 'NGN', interval: 'monthly' };

function count(sandbox: TestSandbox, table: 'plans' | 'subscriptions' | 'invoices'): number {
  const row = queryOne(
    sandbox.sandbox.db,
    `SELECT COUNT(*) AS n FROM ${table}`,
    [],
    z.object({ n: z.number() }),
  );
  return row?.n ?? 0;
}

test('a retry with the same key and body replays the response and creates nothing', async () => {
  const sandbox = createTestSandbox();
  const first = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'plan-001',
  });
  // Same JSON, other key order: still the same request.
  const retry = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { interval: 'monthly', currency: 'NGN', amount: 15000, name: 'Gym membership' },
    idempotencyKey: 'plan-001',
  });
  expect(first.status).toBe(201);
  expect(retry.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(planResponseSchema.parse(retry.body).data.id).toBe(
    planResponseSchema.parse(first.body).data.id,
  );
  expect(retry.body).toEqual(first.body);
  expect(count(sandbox, 'plans')).toBe(1);
  sandbox.close();
});

test('a replayed subscription carries the same invoice link, token included', async () => {
  const sandbox = createTestSandbox();
  const planId = planResponseSchema.parse(
    (await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan })).body,
  ).data.id;
  const body = { planId, paymentMethod: 'customer_choice', customer: { email: 'a@example.com' } };
  const first = await sandbox.api('POST', '/api/v1/subscriptions', { body, idempotencyKey: 's-1' });
  const retry = await sandbox.api('POST', '/api/v1/subscriptions', { body, idempotencyKey: 's-1' });
  const original = subscriptionResponseSchema.parse(first.body).data;
  expect(subscriptionResponseSchema.parse(retry.body).data.invoice.checkoutUrl).toBe(
    original.invoice.checkoutUrl,
  );
  expect(count(sandbox, 'subscriptions')).toBe(1);
  expect(count(sandbox, 'invoices')).toBe(1);
  sandbox.close();
});

test('the same key with a different body is a 409 conflict, and nothing is created', async () => {
  const sandbox = createTestSandbox();
  await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan, idempotencyKey: 'k' });
  const changed = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { ...plan, amount: 20000 },
    idempotencyKey: 'k',
  });
  expect(changed.status).toBe(409);
  expect(errorBodySchema.parse(changed.body).code).toBeUndefined();
  expect(count(sandbox, 'plans')).toBe(1);
  sandbox.close();
});

test('adding a callbackUrl under the same key is a conflict (it is part of the request)', async () => {
  const sandbox = createTestSandbox();
  const planId = planResponseSchema.parse(
    (await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan })).body,
  ).data.id;
  const body = { planId, paymentMethod: 'customer_choice', customer: { email: 'a@example.com' } };
  await sandbox.api('POST', '/api/v1/subscriptions', { body, idempotencyKey: 'sub-key' });
  const withCallback = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: { ...body, callbackUrl: 'https://merchant.example.com/return' },
    idempotencyKey: 'sub-key',
  });
  expect(withCallback.status).toBe(409);
  expect(errorBodySchema.parse(withCallback.body).code).toBeUndefined();
  sandbox.close();
});

test('the same key on another route or for another subscription is a conflict', async () => {
  const sandbox = createTestSandbox();
  const first = await sandbox.createSetupLink();
  const second = await sandbox.createSetupLink();
  const link = (subscriptionId: string) =>
    sandbox.api('POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
      body: {},
      idempotencyKey: 'link-key',
    });
  expect((await link(first.subscriptionId)).status).toBe(200);
  const otherParams = await link(second.subscriptionId);
  expect(otherParams.status).toBe(409);
  const otherRoute = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'link-key',
  });
  expect(otherRoute.status).toBe(409);
  expect(errorBodySchema.parse(otherRoute.body).code).toBeUndefined();
  sandbox.close();
});

test('a create without Idempotency-Key gets 400 IDEMPOTENCY_KEY_REQUIRED and creates nothing', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: null,
  });
  expect(response.status).toBe(400);
  expect(errorBodySchema.parse(response.body).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  expect(count(sandbox, 'plans')).toBe(0);
  sandbox.close();
});

test('an Idempotency-Key over 255 characters or with non-printable characters is refused', async () => {
  const sandbox = createTestSandbox();
  for (const idempotencyKey of ['k'.repeat(256), 'tab\there']) {
    const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
      body: plan,
      idempotencyKey,
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body).code).toBe('IDEMPOTENCY_KEY_INVALID');
  }
  const longest = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'k'.repeat(255),
  });
  expect(longest.status).toBe(201);
  sandbox.close();
});

test('20 concurrent duplicates create exactly one record and all answer with it', async () => {
  const sandbox = createTestSandbox();
  const responses = await Promise.all(
    Array.from({ length: 20 }, () =>
      sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan, idempotencyKey: 'burst' }),
    ),
  );
  const ids = new Set(responses.map((response) => planResponseSchema.parse(response.body).data.id));
  expect(ids.size).toBe(1);
  expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
  expect(count(sandbox, 'plans')).toBe(1);
  sandbox.close();
});

test('a failed request stores nothing: the same key works once the request is fixed', async () => {
  const sandbox = createTestSandbox();
  const body = {
    planId: 'subplan_doesnotexist',
    paymentMethod: 'customer_choice',
    customer: { email: 'a@example.com' },
  };
  const failed = await sandbox.api('POST', '/api/v1/subscriptions', {
    body,
    idempotencyKey: 'retry-me',
  });
  expect(failed.status).toBe(404);
  expect(count(sandbox, 'subscriptions')).toBe(0);

  const invalid = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { ...plan, amount: -5 },
    idempotencyKey: 'retry-me',
  });
  expect(invalid.status).toBe(400);

  const planId = planResponseSchema.parse(
    (await sandbox.api('POST', '/api/v1/subscriptions/plans', { body: plan })).body,
  ).data.id;
  const fixed = await sandbox.api('POST', '/api/v1/subscriptions', {
    body: { ...body, planId },
    idempotencyKey: 'retry-me',
  });
  expect(fixed.status).toBe(201);
  expect(count(sandbox, 'subscriptions')).toBe(1);
  sandbox.close();
});

test('keys are remembered for 24 hours, then the same key makes a new record', async () => {
  const sandbox = createTestSandbox();
  const first = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'daily',
  });
  sandbox.clock.advanceBy(idempotencyRetentionMs - 1000);
  const withinDay = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'daily',
  });
  expect(withinDay.headers.get('idempotent-replayed')).toBe('true');
  sandbox.clock.advanceBy(2000);
  const nextDay = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'daily',
  });
  expect(nextDay.headers.get('idempotent-replayed')).toBeNull();
  expect(planResponseSchema.parse(nextDay.body).data.id).not.toBe(
    planResponseSchema.parse(first.body).data.id,
  );
  expect(count(sandbox, 'plans')).toBe(2);
  sandbox.close();
});

test('keys of the test and live modes never meet', async () => {
  const sandbox = createTestSandbox();
  const testPlan = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: plan,
    idempotencyKey: 'shared',
  });
  const livePlan = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    key: sandbox.credentials.liveSecretKey,
    body: plan,
    idempotencyKey: 'shared',
  });
  expect(livePlan.status).toBe(201);
  expect(livePlan.headers.get('idempotent-replayed')).toBeNull();
  expect(planResponseSchema.parse(livePlan.body).data.mode).toBe('live');
  expect(planResponseSchema.parse(testPlan.body).data.mode).toBe('test');
  sandbox.close();
});
