import { expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { listResponse } from '../../../contract/paging';
import { subscriptionResponseSchema, subscriptionSchema } from '../../../contract/subscriptions';
import {
  allEventsOf,
  createTestSubscription,
  eventsOf,
  listedIds,
} from '../../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

/** What the merchant's lists show: subscriptions, invoices and payments (ids). */
async function everythingListed(sandbox: TestSandbox): Promise<string[][]> {
  return Promise.all(
    ['/api/v1/subscriptions', '/api/v1/subscriptions/invoices', '/api/v1/payments'].map((path) =>
      listedIds(sandbox, path),
    ),
  );
}

async function createPlanId(sandbox: TestSandbox): Promise<string> {
  const response = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { name: 'Gym membership', amount: 15000, currency: 'NGN', interval: 'monthly' },
  });
  return z.object({ data: z.object({ id: z.string() }) }).parse(response.body).data.id;
}

function subscriptionBody(planId: string, extra: Record<string, unknown> = {}) {
  return {
    planId,
    paymentMethod: 'customer_choice',
    customer: { email: 'amaka@example.com', firstName: 'Amaka' },
    ...extra,
  };
}

test.each(['en', 'pcm', 'ha', 'yo', 'ig'] as const)(
  'a subscription created with preferredLanguage %s keeps it on every merchant read and its event',
  async (language) => {
    const sandbox = createTestSandbox();
    const created = await createTestSubscription(sandbox, { preferredLanguage: language });
    expect(created.preferredLanguage).toBe(language);

    const read = await sandbox.api('GET', `/api/v1/subscriptions/${created.id}`);
    expect(subscriptionResponseSchema.parse(read.body).data.preferredLanguage).toBe(language);
    const listed = await sandbox.api('GET', '/api/v1/subscriptions');
    const page = listResponse(subscriptionSchema).parse(listed.body);
    expect(page.data.map((s) => [s.id, s.preferredLanguage])).toEqual([[created.id, language]]);
    // The merchant's server learns it from the webhook too.
    expect(eventsOf(sandbox, 'subscription.created')[0]?.data.preferredLanguage).toBe(language);
    sandbox.close();
  },
);

test('a subscription created without a preferredLanguage reads it as null', async () => {
  const sandbox = createTestSandbox();
  const created = await createTestSubscription(sandbox);
  expect(created.preferredLanguage).toBeNull();
  const read = await sandbox.api('GET', `/api/v1/subscriptions/${created.id}`);
  expect(subscriptionResponseSchema.parse(read.body).data.preferredLanguage).toBeNull();
  sandbox.close();
});

test.each([['fr'], ['EN'], [''], [1], [null], ['en-NG']])(
  'preferredLanguage %j is refused with 400 naming the field, and nothing is created',
  async (value) => {
    const sandbox = createTestSandbox();
    const planId = await createPlanId(sandbox);
    const response = await sandbox.api('POST', '/api/v1/subscriptions', {
      body: subscriptionBody(planId, { preferredLanguage: value }),
    });
    expect(response.status).toBe(400);
    const error = errorBodySchema.parse(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('preferredLanguage');
    expect(error.requestId).toMatch(/\S/);
    expect(await everythingListed(sandbox)).toEqual([[], [], []]);
    expect(allEventsOf(sandbox)).toEqual([]);
    sandbox.close();
  },
);

test('the same Idempotency-Key and language replays the subscription; another language is a conflict', async () => {
  const sandbox = createTestSandbox();
  const planId = await createPlanId(sandbox);
  const body = subscriptionBody(planId, { preferredLanguage: 'ha' });
  const first = await sandbox.api('POST', '/api/v1/subscriptions', {
    body,
    idempotencyKey: 'sub-ha-1',
  });
  const again = await sandbox.api('POST', '/api/v1/subscriptions', {
    body,
    idempotencyKey: 'sub-ha-1',
  });
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  const listed = await everythingListed(sandbox);
  expect(listed[0]).toHaveLength(1);

  // Another language, or none, under the same key.
  for (const changed of [
    subscriptionBody(planId, { preferredLanguage: 'yo' }),
    subscriptionBody(planId),
  ]) {
    const conflict = await sandbox.api('POST', '/api/v1/subscriptions', {
      body: changed,
      idempotencyKey: 'sub-ha-1',
    });
    expect(conflict.status).toBe(409);
    expect(errorBodySchema.parse(conflict.body).code).toBeUndefined();
  }
  expect(await everythingListed(sandbox)).toEqual(listed);
  const id = subscriptionResponseSchema.parse(first.body).data.id;
  const read = await sandbox.api('GET', `/api/v1/subscriptions/${id}`);
  expect(subscriptionResponseSchema.parse(read.body).data.preferredLanguage).toBe('ha');
  sandbox.close();
});
