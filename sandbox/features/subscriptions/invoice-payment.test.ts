import { expect, test } from 'vitest';
import {
  checkoutStateResponseSchema,
  invoicePayResponseSchema,
  invoiceStateResponseSchema,
} from '../../../contract/checkout';
import { errorBodySchema } from '../../../contract/errors';
import { paymentResponseSchema } from '../../../contract/payments';
import {
  invoiceResponseSchema,
  subscriptionResponseSchema,
  type Subscription,
} from '../../../contract/subscriptions';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import {
  advance,
  checkoutApi,
  createTestSubscription,
  eventsOf,
  ok,
  tokenOf,
  transfer,
} from '../../testing/checkout-testing';

const callbackUrl = 'https://merchant.example.com/billing/return';

function paymentIdOf(authorizationUrl: string | null): string {
  const match = /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '');
  if (match?.[1] === undefined) throw new Error(`Not a checkout page: ${authorizationUrl}`);
  return match[1];
}

async function payInvoiceByTransfer(sandbox: TestSandbox, authorizationUrl: string | null) {
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentIdOf(authorizationUrl)}`)),
  ).data;
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount));
}

async function readSubscription(sandbox: TestSandbox, id: string): Promise<Subscription> {
  return subscriptionResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/${id}`)),
  ).data;
}

function invoicePayment(
  sandbox: TestSandbox,
  invoiceId: string,
  body: unknown,
  idempotencyKey?: string,
) {
  return sandbox.api('POST', `/api/v1/subscriptions/invoices/${invoiceId}/payment`, {
    body,
    idempotencyKey,
  });
}

test('subscription.created is recorded once with the initial invoice, its page and its checkout page', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  const created = eventsOf(sandbox, 'subscription.created');
  expect(created).toHaveLength(1);
  expect(created[0]?.data).toEqual(subscription);
  expect(subscription.invoice.checkoutUrl).toContain(`/invoices/${subscription.invoice.id}#token=`);
  expect(subscription.invoice.authorizationUrl).toContain('/checkout/osp_');
  sandbox.close();
});

test('paying the initial invoice by transfer marks it paid and activates the subscription', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T09:00:00Z') });
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  expect(subscription.status).toBe('pending_activation');
  await payInvoiceByTransfer(sandbox, subscription.invoice.authorizationUrl);

  const invoice = invoiceResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/invoices/${subscription.invoice.id}`)),
  ).data;
  expect(invoice.status).toBe('paid');
  const success = eventsOf(sandbox, 'subscription.payment.success');
  expect(success).toHaveLength(1);
  expect(success[0]?.data).toMatchObject({ id: subscription.invoice.id, status: 'paid' });
  const after = await readSubscription(sandbox, subscription.id);
  expect(after.status).toBe('active');
  // The renewal invoice of the next period is prepared automatically.
  expect(after.invoice).toMatchObject({
    kind: 'renewal',
    status: 'pending',
    periodStart: '2026-06-01',
    dueDate: '2026-06-01',
    authorizationUrl: null,
  });
  expect(after.invoice.checkoutUrl).toContain(`/invoices/${after.invoice.id}#token=`);
  // The created event is never changed by what happened later.
  expect(eventsOf(sandbox, 'subscription.created')[0]?.data).toEqual(subscription);
  sandbox.close();
});

test('a short transfer leaves the invoice pending and the subscription waiting', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox);
  const payment = paymentResponseSchema.parse(
    await ok(
      sandbox.api('GET', `/api/v1/payments/${paymentIdOf(subscription.invoice.authorizationUrl)}`),
    ),
  ).data;
  await ok(transfer(sandbox, payment.virtualAccount.id, 100));
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('pending_activation');
  expect(eventsOf(sandbox, 'subscription.payment.success')).toHaveLength(0);
  sandbox.close();
});

test('a paid initial invoice waits for a future start date before the subscription is active', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T09:00:00Z') });
  const subscription = await createTestSubscription(sandbox, { startDate: '2026-05-10' });
  await payInvoiceByTransfer(sandbox, subscription.invoice.authorizationUrl);
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('pending_activation');
  await advance(sandbox, 9 * 24 * 3600);
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('active');
  sandbox.close();
});

test('the start date alone does not activate an unpaid subscription', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-05-01T09:00:00Z') });
  const subscription = await createTestSubscription(sandbox, { startDate: '2026-05-03' });
  await advance(sandbox, 5 * 24 * 3600);
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('pending_activation');
  sandbox.close();
});

test('invoice payment recovers the open checkout; after expiry it creates a new one', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  const recovered = await invoicePayment(sandbox, subscription.invoice.id, { callbackUrl });
  expect(recovered.status).toBe(200);
  const invoice = invoiceResponseSchema.parse(recovered.body).data;
  expect(invoice.authorizationUrl).toBe(subscription.invoice.authorizationUrl);
  expect(invoice.checkoutUrl).toBe(subscription.invoice.checkoutUrl);

  await advance(sandbox, 31 * 60);
  const renewedLink = await invoicePayment(sandbox, subscription.invoice.id, { callbackUrl });
  expect(renewedLink.status).toBe(201);
  const fresh = invoiceResponseSchema.parse(renewedLink.body).data;
  expect(fresh.authorizationUrl).not.toBe(subscription.invoice.authorizationUrl);
  // The delivered subscription.created event keeps what it said.
  const created = eventsOf(sandbox, 'subscription.created');
  expect(created).toHaveLength(1);
  expect(created[0]?.data).toEqual(subscription);
  sandbox.close();
});

test('an Idempotency-Key is reused only with the same invoice and the same body', async () => {
  const sandbox = createTestSandbox();
  const first = await createTestSubscription(sandbox, { callbackUrl });
  const second = await createTestSubscription(sandbox, { callbackUrl });
  const once = await invoicePayment(sandbox, first.invoice.id, { callbackUrl }, 'pay-1');
  const replay = await invoicePayment(sandbox, first.invoice.id, { callbackUrl }, 'pay-1');
  expect(replay.status).toBe(once.status);
  expect(replay.body).toEqual(once.body);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');

  const otherInvoice = await invoicePayment(sandbox, second.invoice.id, { callbackUrl }, 'pay-1');
  expect(otherInvoice.status).toBe(409);
  expect(errorBodySchema.parse(otherInvoice.body).code).toBeUndefined();
  const otherBody = await invoicePayment(
    sandbox,
    first.invoice.id,
    { callbackUrl: 'https://merchant.example.com/other' },
    'pay-1',
  );
  expect(otherBody.status).toBe(409);
  expect(errorBodySchema.parse(otherBody.body).code).toBeUndefined();
  sandbox.close();
});

test('a callback-less invoice binds one callbackUrl once to the delivered checkout; another URL is a conflict', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox);
  expect(subscription.invoice.callbackUrl).toBeNull();
  // The customer has the delivered checkout open and has started the transfer.
  const delivered = paymentResponseSchema.parse(
    await ok(
      sandbox.api('GET', `/api/v1/payments/${paymentIdOf(subscription.invoice.authorizationUrl)}`),
    ),
  ).data;
  expect(delivered.callbackUrl).toBeNull();

  const bound = await invoicePayment(sandbox, subscription.invoice.id, { callbackUrl });
  expect(bound.status).toBe(200);
  const invoice = invoiceResponseSchema.parse(bound.body).data;
  expect(invoice.callbackUrl).toBe(callbackUrl);
  // The same checkout as the delivered subscription.created event, now returning to the URL.
  expect(invoice.authorizationUrl).toBe(subscription.invoice.authorizationUrl);
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${delivered.id}`)),
  ).data;
  expect(payment).toMatchObject({
    status: 'pending',
    callbackUrl,
    expiresAt: delivered.expiresAt,
    virtualAccount: { id: delivered.virtualAccount.id, status: 'ACTIVE' },
  });
  const page = checkoutStateResponseSchema.parse(
    await ok(
      checkoutApi(
        sandbox,
        'GET',
        `/checkout/${delivered.id}`,
        tokenOf(subscription.invoice.authorizationUrl ?? ''),
      ),
    ),
  ).data;
  expect(page.returnUrl).toBe(callbackUrl);
  expect(eventsOf(sandbox, 'payment.failed')).toHaveLength(0);
  expect(eventsOf(sandbox, 'subscription.created')[0]?.data).toEqual(subscription);

  const again = await invoicePayment(sandbox, subscription.invoice.id, { callbackUrl });
  expect(again.status).toBe(200);
  expect(invoiceResponseSchema.parse(again.body).data.authorizationUrl).toBe(
    subscription.invoice.authorizationUrl,
  );
  const other = await invoicePayment(sandbox, subscription.invoice.id, {
    callbackUrl: 'https://merchant.example.com/elsewhere',
  });
  expect(other.status).toBe(409);
  expect(errorBodySchema.parse(other.body).code).toBe('CONFLICT');

  // The payer's transfer to the account they were shown pays the invoice.
  await ok(transfer(sandbox, delivered.virtualAccount.id, delivered.amount));
  const paid = invoiceResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/invoices/${subscription.invoice.id}`)),
  ).data;
  expect(paid.status).toBe('paid');
  sandbox.close();
});

test('a callbackUrl given after the checkout window ended goes to the new checkout', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox);
  await advance(sandbox, 31 * 60);
  const created = await invoicePayment(sandbox, subscription.invoice.id, { callbackUrl });
  expect(created.status).toBe(201);
  const invoice = invoiceResponseSchema.parse(created.body).data;
  expect(invoice.authorizationUrl).not.toBe(subscription.invoice.authorizationUrl);
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentIdOf(invoice.authorizationUrl)}`)),
  ).data;
  expect(payment).toMatchObject({ status: 'pending', callbackUrl });
  sandbox.close();
});

test('invoices of the other mode are not found', async () => {
  const sandbox = createTestSandbox();
  const live = await createTestSubscription(sandbox, {
    key: sandbox.credentials.liveSecretKey,
    callbackUrl,
  });
  expect(live.mode).toBe('live');
  expect((await invoicePayment(sandbox, live.invoice.id, { callbackUrl })).status).toBe(404);
  expect((await sandbox.api('GET', `/api/v1/subscriptions/${live.id}`)).status).toBe(404);
  sandbox.close();
});

test('the invoice page shows the invoice; Pay now opens its checkout; a paid invoice offers none', async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  const token = tokenOf(subscription.invoice.checkoutUrl ?? '');
  const page = invoiceStateResponseSchema.parse(
    await ok(checkoutApi(sandbox, 'GET', `/invoices/${subscription.invoice.id}`, token)),
  ).data;
  expect(page).toMatchObject({
    mode: 'test',
    merchant: { name: 'Adaeze Fitness' },
    invoice: { status: 'pending', amount: 15000, planName: 'Gym membership', interval: 'monthly' },
  });

  const pay = invoicePayResponseSchema.parse(
    await ok(checkoutApi(sandbox, 'POST', `/invoices/${subscription.invoice.id}/pay`, token, {})),
  ).data;
  expect(pay.authorizationUrl).toBe(subscription.invoice.authorizationUrl);
  // The invoice link does not open the payment's checkout API, nor the other way round.
  const crossed = await checkoutApi(
    sandbox,
    'GET',
    `/checkout/${paymentIdOf(pay.authorizationUrl)}`,
    token,
  );
  expect(crossed.status).toBe(401);

  await payInvoiceByTransfer(sandbox, pay.authorizationUrl);
  const paid = invoiceStateResponseSchema.parse(
    await ok(checkoutApi(sandbox, 'GET', `/invoices/${subscription.invoice.id}`, token)),
  ).data;
  expect(paid.invoice.status).toBe('paid');
  expect(paid.authorizationUrl).toBeNull();
  const payAgain = await checkoutApi(
    sandbox,
    'POST',
    `/invoices/${subscription.invoice.id}/pay`,
    token,
    {},
  );
  expect(payAgain.status).toBe(409);
  expect(errorBodySchema.parse(payAgain.body).code).toBe('INVOICE_ALREADY_PAID');
  sandbox.close();
});
