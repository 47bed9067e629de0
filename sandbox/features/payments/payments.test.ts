import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { checkoutStateResponseSchema } from '../../../contract/checkout';
import { errorBodySchema } from '../../../contract/errors';
import { paymentResponseSchema } from '../../../contract/payments';
import { clockResponseSchema } from '../../../contract/sandbox-controls';
import { virtualAccountResponseSchema } from '../../../contract/virtual-accounts';
import { atomically, queryAll } from '../../db/database';
import { createTestSandbox, testOrigin } from '../../testing/test-sandbox';
import {
  advance,
  checkoutApi,
  ok,
  createTestPayment,
  allEventsOf,
  eventsOf,
  tokenOf,
  transfer,
} from '../../testing/checkout-testing';
import { closePayment, getPaymentRow } from './payments';

async function getPayment(sandbox: ReturnType<typeof createTestSandbox>, id: string, key?: string) {
  const response = await sandbox.api('GET', `/api/v1/payments/${id}`, { key });
  return { status: response.status, body: response.body };
}

test('a payment gets an osp_ id, a dynamic account bound to its amount and a checkout link', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  const payment = await createTestPayment(sandbox, { amount: { amount: 5000.5, currency: 'NGN' } });
  expect(payment.id).toMatch(/^osp_/);
  expect(payment).toMatchObject({
    status: 'pending',
    amount: 5000.5,
    amountReceived: 0,
    amountOutstanding: 5000.5,
    paymentMethod: 'hosted_checkout',
    expiresAt: '2026-05-01T10:30:00.000Z',
  });
  expect(payment.checkoutUrl).toMatch(
    new RegExp(`^${testOrigin}/checkout/${payment.id}#token=[A-Za-z0-9_-]{43}$`),
  );
  expect(payment.virtualAccount).toMatchObject({
    type: 'DYNAMIC',
    status: 'ACTIVE',
    amount: 5000.5,
    reference: payment.virtualAccount.id,
    expiresAt: '2026-05-01T10:30:00.000Z',
  });
  expect(payment.virtualAccount.id).toMatch(/^va_/);
  expect(payment.virtualAccount.accountNumber).toMatch(/^\d{10}$/);

  const read = await getPayment(sandbox, payment.id);
  expect(read.status).toBe(200);
  expect(paymentResponseSchema.parse(read.body).data).toEqual(payment);
  sandbox.close();
});

test('amounts that are not positive naira with at most 2 decimals are refused and nothing is created', async () => {
  const sandbox = createTestSandbox();
  for (const amount of [0, -5, 10.005]) {
    const response = await sandbox.api('POST', '/api/v1/payments', {
      body: { amount: { amount, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(response.body).code).toBe('VALIDATION_FAILED');
  }
  expect(allEventsOf(sandbox)).toEqual([]);
  sandbox.close();
});

test('the same Idempotency-Key and body replays the payment; another body is a conflict', async () => {
  const sandbox = createTestSandbox();
  const body = { amount: { amount: 2500, currency: 'NGN' }, paymentMethod: 'hosted_checkout' };
  const first = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'order-7' });
  const again = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'order-7' });
  expect(first.status).toBe(201);
  expect(again.status).toBe(201);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  expect(again.body).toEqual(first.body);
  const changed = await sandbox.api('POST', '/api/v1/payments', {
    body: { ...body, amount: { amount: 2600, currency: 'NGN' } },
    idempotencyKey: 'order-7',
  });
  expect(changed.status).toBe(409);
  expect(errorBodySchema.parse(changed.body).code).toBeUndefined();
  sandbox.close();
});

test('an exact transfer pays the payment and records transaction, credit and payment.success', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox);
  const response = await transfer(sandbox, payment.virtualAccount.id, 5000);
  expect(response.status).toBe(201);
  expect(virtualAccountResponseSchema.parse(response.body).data.id).toBe(payment.virtualAccount.id);

  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({ status: 'paid', amountReceived: 5000, amountOutstanding: 0 });
  expect(read.paidAt).not.toBeNull();
  expect(allEventsOf(sandbox).map((event) => event.type)).toEqual([
    'transaction.created',
    'virtual_account.credit',
    'payment.success',
  ]);
  const credit = eventsOf(sandbox, 'virtual_account.credit')[0];
  expect(credit?.data).toMatchObject({
    id: payment.virtualAccount.id,
    transfer: { amount: 5000, currency: 'NGN' },
  });
  expect(eventsOf(sandbox, 'payment.success')[0]?.data).toMatchObject({
    id: payment.id,
    status: 'paid',
    amount: 5000,
  });
  sandbox.close();
});

test('a short transfer keeps the payment pending with the rest outstanding; the rest pays it', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox);
  await transfer(sandbox, payment.virtualAccount.id, 3000);
  let read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({ status: 'pending', amountReceived: 3000, amountOutstanding: 2000 });
  expect(eventsOf(sandbox, 'virtual_account.credit')).toHaveLength(1);
  expect(eventsOf(sandbox, 'payment.success')).toHaveLength(0);

  await transfer(sandbox, payment.virtualAccount.id, 2000);
  read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({ status: 'paid', amountReceived: 5000, amountOutstanding: 0 });
  expect(eventsOf(sandbox, 'payment.success')).toHaveLength(1);
  expect(eventsOf(sandbox, 'transaction.created')).toHaveLength(2);
  sandbox.close();
});

test('an excess transfer pays the payment and shows the excess as overpaid', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox);
  await transfer(sandbox, payment.virtualAccount.id, 5200.25);
  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({
    status: 'paid',
    amountReceived: 5200.25,
    amountOutstanding: 0,
    amountOverpaid: 200.25,
  });
  sandbox.close();
});

test('when the payment window ends unpaid the account expires, refuses transfers and payment.failed is recorded', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox);
  await transfer(sandbox, payment.virtualAccount.id, 1000);
  await advance(sandbox, 30 * 60);
  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({ status: 'expired', amountReceived: 1000 });
  expect(read.virtualAccount.status).toBe('EXPIRED');
  expect(eventsOf(sandbox, 'payment.failed')).toHaveLength(1);

  const late = await transfer(sandbox, payment.virtualAccount.id, 4000);
  expect(late.status).toBe(409);
  expect(errorBodySchema.parse(late.body).code).toBe('VIRTUAL_ACCOUNT_EXPIRED');
  expect(eventsOf(sandbox, 'virtual_account.credit')).toHaveLength(1);
  sandbox.close();
});

test('the payment window is configurable', async () => {
  const sandbox = createTestSandbox({
    start: new Date('2026-05-01T10:00:00Z'),
    paymentWindowSeconds: 600,
  });
  const payment = await createTestPayment(sandbox);
  expect(payment.expiresAt).toBe('2026-05-01T10:10:00.000Z');
  sandbox.close();
});

test('test and live payments are isolated, and transfers and the clock are test-mode only', async () => {
  const sandbox = createTestSandbox();
  const live = await createTestPayment(sandbox, {}, sandbox.credentials.liveSecretKey);
  expect(live.mode).toBe('live');
  expect((await getPayment(sandbox, live.id)).status).toBe(404);
  expect((await getPayment(sandbox, live.id, sandbox.credentials.liveSecretKey)).status).toBe(200);

  const liveTransfer = await transfer(
    sandbox,
    live.virtualAccount.id,
    5000,
    sandbox.credentials.liveSecretKey,
  );
  expect(liveTransfer.status).toBe(403);
  expect(errorBodySchema.parse(liveTransfer.body).code).toBe('TEST_MODE_ONLY');
  // A test key cannot reach the live account either.
  expect((await transfer(sandbox, live.virtualAccount.id, 5000)).status).toBe(404);
  const liveClock = await sandbox.api('POST', '/sandbox/v1/clock/advance', {
    key: sandbox.credentials.liveSecretKey,
    body: { seconds: 60 },
  });
  expect(liveClock.status).toBe(403);
  sandbox.close();
});

test('the test clock moves forward and says how far it is ahead', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  const moved = await sandbox.api('POST', '/sandbox/v1/clock/advance', {
    body: { seconds: 3600 },
  });
  expect(moved.status).toBe(200);
  expect(clockResponseSchema.parse(moved.body).data).toEqual({
    now: '2026-05-01T11:00:00.000Z',
    offsetSeconds: 3600,
  });
  const backwards = await sandbox.api('POST', '/sandbox/v1/clock/advance', {
    body: { seconds: -5 },
  });
  expect(backwards.status).toBe(400);
  sandbox.close();
});

test('a reserved account is created once per customer, normalizes the phone and takes the preferred name', async () => {
  const sandbox = createTestSandbox();
  const body = {
    customer: { email: 'bola@example.com', firstName: 'Bola', phone: '0803 123 4567' },
    preferredAccountName: 'Bola Wallet',
  };
  const first = await sandbox.api('POST', '/api/v1/virtual-accounts/reserved', { body });
  expect(first.status).toBe(201);
  const account = virtualAccountResponseSchema.parse(first.body).data;
  expect(account).toMatchObject({
    type: 'RESERVED',
    status: 'ACTIVE',
    accountName: 'Bola Wallet',
    reference: account.id,
    expiresAt: null,
    customer: { email: 'bola@example.com', firstName: 'Bola', phone: '+2348031234567' },
  });
  expect(account.id).toMatch(/^va_/);
  expect(account.providerReference).not.toBe('');
  const again = await sandbox.api('POST', '/api/v1/virtual-accounts/reserved', { body });
  expect(again.status).toBe(200);
  expect(virtualAccountResponseSchema.parse(again.body).data.id).toBe(account.id);

  const badPhone = await sandbox.api('POST', '/api/v1/virtual-accounts/reserved', {
    body: { customer: { email: 'x@example.com', phone: '+14155552671' } },
  });
  expect(badPhone.status).toBe(400);

  // Reusable: every transfer is credited, whatever its amount.
  await transfer(sandbox, account.id, 100);
  await transfer(sandbox, account.id, 250.5);
  expect(eventsOf(sandbox, 'virtual_account.credit')).toHaveLength(2);
  expect(eventsOf(sandbox, 'payment.success')).toHaveLength(0);
  sandbox.close();
});

test('a dynamic account is bound to its amount and expires after the window', async () => {
  const sandbox = createTestSandbox();
  const created = await sandbox.api('POST', '/api/v1/virtual-accounts/dynamic', {
    body: { amount: 7500, currency: 'NGN', customer: { email: 'ike@example.com' } },
  });
  expect(created.status).toBe(201);
  const account = virtualAccountResponseSchema.parse(created.body).data;
  expect(account).toMatchObject({ type: 'DYNAMIC', status: 'ACTIVE', amount: 7500 });
  expect((await transfer(sandbox, account.id, 7500)).status).toBe(201);
  await advance(sandbox, 30 * 60 + 1);
  const late = await transfer(sandbox, account.id, 7500);
  expect(late.status).toBe(409);
  sandbox.close();
});

test('the checkout API answers only its own link, with remaining seconds by the sandbox clock', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox);
  const other = await createTestPayment(sandbox);
  const token = tokenOf(payment.checkoutUrl);

  const state = await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, token);
  expect(state.status).toBe(200);
  const data = checkoutStateResponseSchema.parse(state.body).data;
  expect(data).toMatchObject({
    mode: 'test',
    merchant: { name: 'Adaeze Fitness' },
    payment: { id: payment.id, status: 'pending', amount: 5000 },
    needsCustomerDetails: { email: false, phone: false },
    virtualAccount: { accountNumber: payment.virtualAccount.accountNumber },
    remainingSeconds: 1800,
    returnUrl: 'https://shop.example.com/orders/42',
  });

  await advance(sandbox, 600);
  const later = checkoutStateResponseSchema.parse(
    (await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, token)).body,
  ).data;
  expect(later.remainingSeconds).toBe(1200);

  const wrongPayment = await checkoutApi(sandbox, 'GET', `/checkout/${other.id}`, token);
  expect(wrongPayment.status).toBe(401);
  expect(errorBodySchema.parse(wrongPayment.body).code).toBe('INVALID_CHECKOUT_LINK');
  const noToken = await sandbox.api('GET', `/checkout/${payment.id}`, { key: null });
  expect(noToken.status).toBe(401);
  const unknown = await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, 'A'.repeat(43));
  expect(unknown.status).toBe(401);
  sandbox.close();
});

test('a payment without the payer e-mail or phone withholds the account until they are given', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox, { customer: { firstName: 'Tunde' } });
  const token = tokenOf(payment.checkoutUrl);
  const before = checkoutStateResponseSchema.parse(
    (await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, token)).body,
  ).data;
  expect(before.needsCustomerDetails).toEqual({ email: true, phone: true });
  expect(before.virtualAccount).toBeNull();

  const partial = await checkoutApi(sandbox, 'POST', `/checkout/${payment.id}/customer`, token, {
    email: 'tunde@example.com',
  });
  expect(partial.status).toBe(400);
  const badPhone = await checkoutApi(sandbox, 'POST', `/checkout/${payment.id}/customer`, token, {
    email: 'tunde@example.com',
    phone: '+2341234',
  });
  expect(badPhone.status).toBe(400);
  // Refused requests saved nothing, not even the valid e-mail.
  const untouched = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(untouched.customer).toMatchObject({ email: null, phone: null });

  const saved = await checkoutApi(sandbox, 'POST', `/checkout/${payment.id}/customer`, token, {
    email: 'tunde@example.com',
    phone: '0803 123 4567',
  });
  expect(saved.status).toBe(200);
  const after = checkoutStateResponseSchema.parse(saved.body).data;
  expect(after.needsCustomerDetails).toEqual({ email: false, phone: false });
  expect(after.virtualAccount?.accountNumber).toBe(payment.virtualAccount.accountNumber);
  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read.customer).toMatchObject({ email: 'tunde@example.com', phone: '+2348031234567' });

  const changed = await checkoutApi(sandbox, 'POST', `/checkout/${payment.id}/customer`, token, {
    email: 'someone-else@example.com',
  });
  expect(changed.status).toBe(409);
  sandbox.close();
});

test('a callbackUrl that is not a safe browser return is not offered to the page', async () => {
  const sandbox = createTestSandbox();
  const payment = await createTestPayment(sandbox, { callbackUrl: 'https://127.0.0.1/back' });
  const state = checkoutStateResponseSchema.parse(
    (await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, tokenOf(payment.checkoutUrl)))
      .body,
  ).data;
  expect(state.returnUrl).toBeNull();
  sandbox.close();
});

test('a payment window that ended while the sandbox was stopped is applied when it comes back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-checkout-'));
  try {
    const start = new Date('2026-05-01T10:00:00Z');
    const first = createTestSandbox({ dataDir: dir, start });
    const payment = await createTestPayment(first);
    first.close();

    // Restarted 40 minutes later: the window (30 min) ended while nothing was running.
    const second = createTestSandbox({
      dataDir: dir,
      start: new Date(start.getTime() + 40 * 60 * 1000),
    });
    const read = paymentResponseSchema.parse((await getPayment(second, payment.id)).body).data;
    expect(read.status).toBe('expired');
    expect(read.virtualAccount.status).toBe('EXPIRED');
    expect(eventsOf(second, 'payment.failed')).toHaveLength(1);
    second.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a checkout window ended early reports the instant it ended, on the payment and its account', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  const payment = await createTestPayment(sandbox);
  expect(payment.expiresAt).toBe('2026-05-01T10:30:00.000Z');
  await advance(sandbox, 5 * 60);
  // The sandbox control ends the window at 10:05 instead of 10:30.
  const ended = await sandbox.api(
    'POST',
    `/sandbox/v1/virtual-accounts/${payment.virtualAccount.id}/expire`,
    { body: {} },
  );
  expect(ended.status).toBe(200);
  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({
    status: 'expired',
    expiresAt: '2026-05-01T10:05:00.000Z',
    virtualAccount: { status: 'EXPIRED', expiresAt: '2026-05-01T10:05:00.000Z' },
  });
  expect(eventsOf(sandbox, 'payment.failed')[0]?.data).toMatchObject({
    expiresAt: '2026-05-01T10:05:00.000Z',
  });
  const page = checkoutStateResponseSchema.parse(
    (await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, tokenOf(payment.checkoutUrl)))
      .body,
  ).data;
  expect(page).toMatchObject({ remainingSeconds: 0, expiresAt: '2026-05-01T10:05:00.000Z' });
  sandbox.close();
});

test('a payment closed because its invoice was settled another way reports when it closed', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  const payment = await createTestPayment(sandbox);
  await advance(sandbox, 12 * 60);
  // closePayment is what billing calls when an invoice is paid by other means (e.g. a debit).
  const { db, clocks, publicOrigin } = sandbox.sandbox;
  atomically(db, () =>
    closePayment(db, getPaymentRow(db, payment.id), {
      now: clocks.test.now(),
      publicOrigin,
      tokens: () => 'unused-token',
    }),
  );
  const read = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
  expect(read).toMatchObject({
    status: 'expired',
    expiresAt: '2026-05-01T10:12:00.000Z',
    virtualAccount: { status: 'EXPIRED', expiresAt: '2026-05-01T10:12:00.000Z' },
  });
  sandbox.close();
});

test('a reserved account comes back only for the same customer details; other details are a conflict', async () => {
  const sandbox = createTestSandbox();
  const reserve = (body: unknown) =>
    sandbox.api('POST', '/api/v1/virtual-accounts/reserved', { body });
  const first = await reserve({
    customer: { email: 'bola@example.com', firstName: 'Bola', phone: '08031234567' },
    preferredAccountName: 'Bola Wallet',
  });
  expect(first.status).toBe(201);
  const account = virtualAccountResponseSchema.parse(first.body).data;

  // The same details (phone in another local format) or only the e-mail: the same account.
  for (const body of [
    {
      customer: { email: 'bola@example.com', firstName: 'Bola', phone: '+234 803 123 4567' },
      preferredAccountName: 'Bola Wallet',
    },
    { customer: { email: 'bola@example.com' } },
  ]) {
    const again = await reserve(body);
    expect(again.status).toBe(200);
    expect(virtualAccountResponseSchema.parse(again.body).data).toEqual(account);
  }

  // Another name or phone would silently be ignored: refused instead, naming what differs.
  const renamed = await reserve({
    customer: { email: 'bola@example.com' },
    preferredAccountName: 'Bola Savings',
  });
  expect(renamed.status).toBe(409);
  const renamedError = errorBodySchema.parse(renamed.body);
  expect(renamedError.code).toBe('RESERVED_ACCOUNT_CONFLICT');
  expect(renamedError.message).toContain(account.id);
  expect(renamedError.message).toContain('preferredAccountName');
  const rephoned = await reserve({ customer: { email: 'bola@example.com', phone: '08099999999' } });
  expect(rephoned.status).toBe(409);
  expect(errorBodySchema.parse(rephoned.body).message).toContain('customer.phone');
  const accounts = queryAll(
    sandbox.sandbox.db,
    "SELECT id FROM virtual_accounts WHERE type = 'RESERVED'",
    [],
    z.object({ id: z.string() }),
  );
  expect(accounts).toEqual([{ id: account.id }]);
  sandbox.close();
});

test('a page of payments shows each payment exactly as reading it by id does, its own account included', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  try {
    const created = [];
    for (const amount of [1000, 2000, 3000])
      created.push(await createTestPayment(sandbox, { amount: { amount, currency: 'NGN' } }));
    const listed = z
      .object({ data: z.array(z.object({ id: z.string() }).loose()) })
      .parse((await sandbox.api('GET', '/api/v1/payments?limit=100')).body).data;
    expect(listed.map((payment) => payment.id)).toEqual(
      created.map((payment) => payment.id).reverse(),
    );
    for (const payment of listed) {
      const one = paymentResponseSchema.parse((await getPayment(sandbox, payment.id)).body).data;
      expect(payment).toEqual(one);
    }
  } finally {
    sandbox.close();
  }
});

test('a page of payments read again shows what changed since: a transfer, a window that ended, a new payment; each mode and filter reads its own', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T10:00:00Z') });
  try {
    const pageSchema = z.object({
      data: z.array(z.object({ id: z.string(), status: z.string(), amountReceived: z.number() })),
    });
    const list = async (query = '', key?: string) =>
      pageSchema
        .parse(await ok(sandbox.api('GET', `/api/v1/payments?limit=100${query}`, { key })))
        .data.map(({ id, status, amountReceived }) => ({ id, status, amountReceived }));
    const first = await createTestPayment(sandbox);
    expect(await list()).toEqual([{ id: first.id, status: 'pending', amountReceived: 0 }]);
    expect(await list()).toEqual([{ id: first.id, status: 'pending', amountReceived: 0 }]);

    await ok(transfer(sandbox, first.virtualAccount.id, first.amount));
    expect(await list()).toEqual([{ id: first.id, status: 'paid', amountReceived: first.amount }]);

    const second = await createTestPayment(sandbox);
    expect((await list()).map((payment) => payment.id)).toEqual([second.id, first.id]);
    expect(await list('&status=paid')).toEqual([
      { id: first.id, status: 'paid', amountReceived: first.amount },
    ]);
    // Time passes and nothing else is written: the list's own request applies the window's end.
    sandbox.clock.advanceBy(31 * 60 * 1000);
    expect((await list()).map((payment) => payment.status)).toEqual(['expired', 'paid']);
    // The same address with a live key: live mode's own payments, none.
    expect(await list('', sandbox.credentials.liveSecretKey)).toEqual([]);
  } finally {
    sandbox.close();
  }
});
