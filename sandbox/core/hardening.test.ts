/**
 * Issue 11, "No truncated or unbounded data": control characters, money bounds and the
 * duplicate Idempotency-Key header, as a merchant calling the API meets them.
 */
import { expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors';
import { maxNaira } from '../../contract/money';
import { virtualAccountResponseSchema } from '../../contract/virtual-accounts';
import { queryAll } from '../db/database';
import { allEventsOf, createTestPayment, transfer } from '../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';

function paymentCount(sandbox: TestSandbox): number {
  return queryAll(sandbox.sandbox.db, 'SELECT id FROM payments', [], z.object({ id: z.string() }))
    .length;
}

const payment = (extra: Record<string, unknown>) => ({
  amount: { amount: 5000, currency: 'NGN' },
  paymentMethod: 'hosted_checkout',
  ...extra,
});

test('the NUL callbackUrl of issue 11 is refused with the documented error and nothing is stored', async () => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/payments', {
    body: payment({ callbackUrl: 'https://evil.com\u0000@good-merchant.com/orders/42' }),
  });
  expect(response.status).toBe(400);
  const error = errorBodySchema.parse(response.body);
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(error.message).toContain('callbackUrl: must not contain control characters');
  expect(error.requestId).toMatch(/^req_/);
  expect(paymentCount(sandbox)).toBe(0);
  expect(allEventsOf(sandbox)).toEqual([]);
  sandbox.close();
});

test.each([
  [
    'a NUL inside a name',
    { customer: { email: 'ada@example.com', firstName: 'Ada\u0000Lovelace' } },
    'customer.firstName',
  ],
  ['a line break in a metadata value', { metadata: { note: 'a\nb' } }, 'metadata.note'],
  ['a control character in a metadata key', { metadata: { 'k\u0001': 'v' } }, 'metadata.k\u0001'],
  ['DEL in an e-mail', { customer: { email: 'ada\u007f@example.com' } }, 'customer.email'],
])('%s is refused where it stands, never stored cut', async (_name, extra, field) => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('POST', '/api/v1/payments', { body: payment(extra) });
  expect(response.status).toBe(400);
  expect(errorBodySchema.parse(response.body).message).toContain(`${field}: must not contain`);
  expect(paymentCount(sandbox)).toBe(0);
  sandbox.close();
});

test('a test transfer above the money bound is refused on a payment’s and on a reserved account', async () => {
  const sandbox = createTestSandbox();
  const paid = await createTestPayment(sandbox);
  const reserved = virtualAccountResponseSchema.parse(
    (
      await sandbox.api('POST', '/api/v1/virtual-accounts/reserved', {
        body: { customer: { email: 'bola@example.com', firstName: 'Bola' } },
      })
    ).body,
  ).data;
  for (const accountId of [paid.virtualAccount.id, reserved.id]) {
    for (const amount of [1e21, maxNaira + 0.01]) {
      const response = await transfer(sandbox, accountId, amount);
      expect(response.status).toBe(400);
      expect(errorBodySchema.parse(response.body).message).toContain(
        `amount must be at most ${maxNaira} naira`,
      );
    }
  }
  const received = queryAll(
    sandbox.sandbox.db,
    'SELECT received_kobo FROM payments',
    [],
    z.object({ received_kobo: z.number() }),
  );
  expect(received).toEqual([{ received_kobo: 0 }]);
  expect(allEventsOf(sandbox).map((event) => event.type)).not.toContain('virtual_account.credit');
  // The bound itself is accepted.
  expect((await transfer(sandbox, reserved.id, maxNaira)).status).toBe(201);
  sandbox.close();
});

test('two Idempotency-Key headers are a 400, not the joined key "a, b"', async () => {
  const sandbox = createTestSandbox();
  const headers = new Headers({
    authorization: `Bearer ${sandbox.credentials.testSecretKey}`,
    'content-type': 'application/json',
  });
  headers.append('idempotency-key', 'a');
  headers.append('idempotency-key', 'b');
  const response = await sandbox.handle(
    new Request(new URL('/api/v1/payments', sandbox.sandbox.publicOrigin), {
      method: 'POST',
      headers,
      body: JSON.stringify(payment({})),
    }),
  );
  expect(response.status).toBe(400);
  const error = errorBodySchema.parse(await response.json());
  expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID' });
  expect(error.message).toContain('exactly one Idempotency-Key');
  expect(paymentCount(sandbox)).toBe(0);
  sandbox.close();
});
