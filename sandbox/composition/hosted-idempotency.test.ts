/**
 * The hosted writes' optional Idempotency-Key, per link (docs/decisions/0023): a page that lost
 * an answer retries with the same key and changes nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { checkoutTokenHeader, checkoutStateResponseSchema } from '../../contract/checkout';
import { directDebitTokenHeader, setupStateResponseSchema } from '../../contract/direct-debit';
import { errorBodySchema } from '../../contract/errors';
import { queryAll } from '../db/database';
import { lookupLimit } from '../features/direct-debit/lookup-rate-limit';
import { testAccountBankId, testAccountFor } from '../features/direct-debit/test-accounts';
import {
  createTestPayment,
  createTestSubscription,
  ok,
  tokenOf,
} from '../testing/checkout-testing';
import { createTestSandbox, type ApiCallResult, type TestSandbox } from '../testing/test-sandbox';

/** A hosted call with the setup link's token and `idempotencyKey` (null: none). */
function setupCall(
  sandbox: TestSandbox,
  path: string,
  token: string,
  body: unknown,
  idempotencyKey: string | null,
): Promise<ApiCallResult> {
  return sandbox.api('POST', path, {
    key: null,
    body,
    idempotencyKey,
    headers: { [directDebitTokenHeader]: token },
  });
}

function authorize(sandbox: TestSandbox, token: string, account: string, key: string | null) {
  const body = { bankId: testAccountBankId, bankAccountNumber: account, consent: true };
  return setupCall(sandbox, '/direct-debit/setup', token, body, key);
}

function resolve(sandbox: TestSandbox, token: string, account: string, key: string | null) {
  const body = { bankId: testAccountBankId, bankAccountNumber: account };
  return setupCall(sandbox, '/direct-debit/setup/resolve-account', token, body, key);
}

function checkoutCall(
  sandbox: TestSandbox,
  path: string,
  token: string,
  body: unknown,
  idempotencyKey: string,
) {
  return sandbox.api('POST', path, {
    key: null,
    body,
    idempotencyKey,
    headers: { [checkoutTokenHeader]: token },
  });
}

/** Mandates the sandbox holds for `subscriptionId`, superseded ones included. */
function mandatesOf(sandbox: TestSandbox, subscriptionId: string): { status: string }[] {
  return queryAll(
    sandbox.sandbox.db,
    'SELECT status FROM mandates WHERE subscription_id = ?',
    [subscriptionId],
    z.object({ status: z.string() }),
  );
}

function replayed(response: ApiCallResult): boolean {
  return response.headers.get('idempotent-replayed') === 'true';
}

function errorCodeOf(response: ApiCallResult): string | undefined {
  const body = errorBodySchema.parse(response.body);
  expect(body.requestId).toMatch(/^req_/);
  return body.code;
}

test('an authorization retried with its key after a lost answer creates one mandate', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  // A rejected account leaves setup open: without the key, a retry would be a second mandate.
  const account = testAccountFor('rejected');
  const key = randomUUID();
  const first = await authorize(sandbox, token, account, key);
  const retry = await authorize(sandbox, token, account, key);
  expect(first.status).toBe(201);
  expect(replayed(first)).toBe(false);
  expect(retry.status).toBe(201);
  expect(replayed(retry)).toBe(true);
  expect(retry.body).toEqual(first.body);
  expect(mandatesOf(sandbox, subscriptionId)).toHaveLength(1);

  // A new attempt (a fresh key) is a new authorization, as before.
  expect((await authorize(sandbox, token, account, randomUUID())).status).toBe(201);
  expect(mandatesOf(sandbox, subscriptionId)).toHaveLength(2);
  sandbox.close();
});

test('a retry sent while the first authorization still runs waits for it and replays it', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const key = randomUUID();
  const account = testAccountFor('rejected');
  const [one, two] = await Promise.all([
    authorize(sandbox, token, account, key),
    authorize(sandbox, token, account, key),
  ]);
  expect([one.status, two.status]).toEqual([201, 201]);
  expect([replayed(one), replayed(two)]).toEqual([false, true]);
  expect(two.body).toEqual(one.body);
  expect(mandatesOf(sandbox, subscriptionId)).toHaveLength(1);
  sandbox.close();
});

test('a disable replayed with its key requests the revocation once', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  await ok(authorize(sandbox, token, testAccountFor('verified'), randomUUID()));
  const key = randomUUID();
  const first = await setupCall(sandbox, '/direct-debit/setup/disable', token, {}, key);
  const requested = setupStateResponseSchema.parse(first.body).data.mandate;
  expect(requested?.status).toBe('revocation_requested');

  sandbox.clock.advanceBy(1_000);
  const retry = await setupCall(sandbox, '/direct-debit/setup/disable', token, {}, key);
  expect(retry.status).toBe(200);
  expect(replayed(retry)).toBe(true);
  expect(retry.body).toEqual(first.body);
  // The merchant sees one revocation request, made by the first call.
  const merchantView = await sandbox.api(
    'GET',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit`,
  );
  expect(merchantView.body).toMatchObject({
    data: { status: 'revocation_requested', updatedAt: requested?.updatedAt },
  });
  sandbox.close();
});

test('the same key with another body is the documented conflict, and changes nothing', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const key = randomUUID();
  await ok(authorize(sandbox, token, testAccountFor('rejected'), key));
  const changed = await authorize(sandbox, token, testAccountFor('verified'), key);
  expect(changed.status).toBe(409);
  expect(errorCodeOf(changed)).toBeUndefined();
  expect(mandatesOf(sandbox, subscriptionId)).toEqual([{ status: 'rejected' }]);

  // The key of an authorization on the disable route is another request: a conflict too.
  const otherRoute = await setupCall(sandbox, '/direct-debit/setup/disable', token, {}, key);
  expect(otherRoute.status).toBe(409);
  expect(errorCodeOf(otherRoute)).toBeUndefined();
  sandbox.close();
});

test('the same key on another link is another operation', async () => {
  const sandbox = createTestSandbox();
  const one = await sandbox.createSetupLink();
  const two = await sandbox.createSetupLink();
  const key = randomUUID();
  const first = await authorize(sandbox, one.token, testAccountFor('rejected'), key);
  const second = await authorize(sandbox, two.token, testAccountFor('verified'), key);
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(replayed(second)).toBe(false);
  expect(mandatesOf(sandbox, one.subscriptionId)).toEqual([{ status: 'rejected' }]);
  expect(mandatesOf(sandbox, two.subscriptionId)).toEqual([{ status: 'verified' }]);
  sandbox.close();
});

test('a failed write stores nothing: its key may be retried, even with another body', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const key = randomUUID();
  const notFound = await authorize(sandbox, token, testAccountFor('account_not_found'), key);
  expect(notFound.status).toBe(404);
  const again = await authorize(sandbox, token, testAccountFor('account_not_found'), key);
  expect(again.status).toBe(404);
  expect(replayed(again)).toBe(false);
  const fixed = await authorize(sandbox, token, testAccountFor('verified'), key);
  expect(fixed.status).toBe(201);
  expect(mandatesOf(sandbox, subscriptionId)).toEqual([{ status: 'verified' }]);
  sandbox.close();
});

test('hosted writes work without a key, and refuse a malformed one', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  expect((await resolve(sandbox, token, testAccountFor('verified'), null)).status).toBe(200);
  const empty = await resolve(sandbox, token, testAccountFor('verified'), '');
  expect(empty.status).toBe(400);
  expect(errorCodeOf(empty)).toBe('IDEMPOTENCY_KEY_INVALID');
  const tooLong = await authorize(sandbox, token, testAccountFor('verified'), 'k'.repeat(256));
  expect(tooLong.status).toBe(400);
  expect(errorCodeOf(tooLong)).toBe('IDEMPOTENCY_KEY_INVALID');
  expect((await authorize(sandbox, token, testAccountFor('verified'), null)).status).toBe(201);
  sandbox.close();
});

test('a lookup retried with its key is answered again but counted once against the limit', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const account = testAccountFor('verified');
  const key = randomUUID();
  for (let attempt = 0; attempt <= lookupLimit; attempt += 1) {
    const retry = await resolve(sandbox, token, account, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ data: { accountName: 'TEST ACCOUNT 0025 (sandbox data)' } });
  }
  const changed = await resolve(sandbox, token, testAccountFor('rejected'), key);
  expect(changed.status).toBe(409);
  expect(errorCodeOf(changed)).toBeUndefined();
  // The retries used one lookup of five: four fresh lookups pass, the fifth is refused.
  for (let fresh = 1; fresh < lookupLimit; fresh += 1) {
    expect((await resolve(sandbox, token, account, randomUUID())).status).toBe(200);
  }
  expect((await resolve(sandbox, token, account, randomUUID())).status).toBe(429);
  sandbox.close();
});

test('the payer details and "Pay now" replay with their key; the replayed link opens the page', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox, { customer: { firstName: 'Tunde' } });
  const paymentToken = tokenOf(payment.checkoutUrl);
  const details = { email: 'tunde@example.com', phone: '0803 123 4567' };
  const key = randomUUID();
  const path = `/checkout/${payment.id}/customer`;
  const saved = await checkoutCall(sandbox, path, paymentToken, details, key);
  const retry = await checkoutCall(sandbox, path, paymentToken, details, key);
  expect(saved.status).toBe(200);
  expect(replayed(retry)).toBe(true);
  expect(checkoutStateResponseSchema.parse(retry.body)).toEqual(
    checkoutStateResponseSchema.parse(saved.body),
  );
  const changed = await checkoutCall(sandbox, path, paymentToken, { email: 'x@example.com' }, key);
  expect(errorCodeOf(changed)).toBeUndefined();

  const subscription = await createTestSubscription(sandbox);
  const invoiceToken = tokenOf(subscription.invoice.checkoutUrl ?? '');
  const payPath = `/invoices/${subscription.invoice.id}/pay`;
  // The same key on the invoice's link is another operation than on the payment's link.
  const pay = await checkoutCall(sandbox, payPath, invoiceToken, {}, key);
  const payAgain = await checkoutCall(sandbox, payPath, invoiceToken, {}, key);
  expect(pay.status).toBe(200);
  expect(replayed(pay)).toBe(false);
  expect(replayed(payAgain)).toBe(true);
  // The stored answer kept a placeholder; the replay carries the real checkout link again.
  expect(payAgain.body).toEqual(pay.body);
  const opened = z.object({ data: z.object({ authorizationUrl: z.string() }) }).parse(payAgain.body)
    .data.authorizationUrl;
  const paymentId = new URL(opened).pathname.split('/').pop() ?? '';
  const page = await sandbox.api('GET', `/checkout/${paymentId}`, {
    key: null,
    headers: { [checkoutTokenHeader]: tokenOf(opened) },
  });
  expect(page.status).toBe(200);
  sandbox.close();
});
