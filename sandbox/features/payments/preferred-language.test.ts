import { expect, test } from 'vitest';
import { checkoutStateResponseSchema } from '../../../contract/checkout';
import { errorBodySchema } from '../../../contract/errors';
import { listResponse } from '../../../contract/paging';
import { paymentResponseSchema, paymentSchema } from '../../../contract/payments';
import {
  allEventsOf,
  checkoutApi,
  createTestPayment,
  listedIds,
  tokenOf,
} from '../../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const paymentBody = {
  amount: { amount: 5000, currency: 'NGN' },
  paymentMethod: 'hosted_checkout',
  customer: { email: 'tunde@example.com', phone: '+2348031234567' },
};

/** What the checkout page of `checkoutUrl` is told. */
async function checkoutState(sandbox: TestSandbox, checkoutUrl: string, paymentId: string) {
  const response = await checkoutApi(
    sandbox,
    'GET',
    `/checkout/${paymentId}`,
    tokenOf(checkoutUrl),
  );
  expect(response.status).toBe(200);
  return checkoutStateResponseSchema.parse(response.body).data;
}

test.each(['en', 'pcm', 'ha', 'yo', 'ig'] as const)(
  'a payment created with preferredLanguage %s keeps it on its reads, its list and its checkout page',
  async (language) => {
    const sandbox = createTestSandbox();
    const created = await createTestPayment(sandbox, { preferredLanguage: language });
    expect(created.preferredLanguage).toBe(language);

    const read = await sandbox.api('GET', `/api/v1/payments/${created.id}`);
    expect(paymentResponseSchema.parse(read.body).data.preferredLanguage).toBe(language);
    const listed = listResponse(paymentSchema).parse(
      (await sandbox.api('GET', '/api/v1/payments')).body,
    );
    expect(listed.data.map((p) => [p.id, p.preferredLanguage])).toEqual([[created.id, language]]);
    const state = await checkoutState(sandbox, created.checkoutUrl, created.id);
    expect(state.preferredLanguage).toBe(language);
    sandbox.close();
  },
);

test('a payment created without a preferredLanguage reads it as null, and so does its page', async () => {
  const sandbox = createTestSandbox();
  const created = await createTestPayment(sandbox);
  expect(created.preferredLanguage).toBeNull();
  const state = await checkoutState(sandbox, created.checkoutUrl, created.id);
  expect(state.preferredLanguage).toBeNull();
  sandbox.close();
});

test.each([['fr'], ['EN'], [''], [1], [null], ['yo-NG']])(
  'preferredLanguage %j is refused with 400 naming the field, and nothing is created',
  async (value) => {
    const sandbox = createTestSandbox();
    const response = await sandbox.api('POST', '/api/v1/payments', {
      body: { ...paymentBody, preferredLanguage: value },
    });
    expect(response.status).toBe(400);
    const error = errorBodySchema.parse(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('preferredLanguage');
    expect(error.requestId).toMatch(/\S/);
    expect(await listedIds(sandbox, '/api/v1/payments')).toEqual([]);
    expect(await listedIds(sandbox, '/api/v1/virtual-accounts')).toEqual([]);
    expect(allEventsOf(sandbox)).toEqual([]);
    sandbox.close();
  },
);

test('the same Idempotency-Key and language replays the payment; another language is a conflict', async () => {
  const sandbox = createTestSandbox();
  const body = { ...paymentBody, preferredLanguage: 'ig' };
  const first = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'order-ig' });
  const again = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'order-ig' });
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);

  for (const changed of [{ ...paymentBody, preferredLanguage: 'pcm' }, paymentBody]) {
    const conflict = await sandbox.api('POST', '/api/v1/payments', {
      body: changed,
      idempotencyKey: 'order-ig',
    });
    expect(conflict.status).toBe(409);
    expect(errorBodySchema.parse(conflict.body).code).toBeUndefined();
  }
  const payment = paymentResponseSchema.parse(first.body).data;
  expect(await listedIds(sandbox, '/api/v1/payments')).toEqual([payment.id]);
  const read = await sandbox.api('GET', `/api/v1/payments/${payment.id}`);
  expect(paymentResponseSchema.parse(read.body).data.preferredLanguage).toBe('ig');
  sandbox.close();
});
