import { expect, test } from 'vitest';
import { checkoutTokenHeader, invoiceStateResponseSchema } from '../../../contract/checkout';
import { setupLinkResponseSchema } from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { paymentResponseSchema } from '../../../contract/payments';
import {
  invoiceResponseSchema,
  subscriptionResponseSchema,
  type Subscription,
} from '../../../contract/subscriptions';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { testAccountBankId } from './test-accounts';
import {
  advance,
  createTestSubscription,
  eventsOf,
  ok,
  tokenOf,
  transfer,
} from '../../testing/checkout-testing';

const day = 24 * 3600;
// 2026-05-01 10:00 in Lagos: the first period is 2026-05-01..31, the renewal falls due 2026-06-01.
const start = new Date('2026-05-01T09:00:00Z');
const callbackUrl = 'https://merchant.example.com/billing/return';

async function readSubscription(sandbox: TestSandbox, id: string): Promise<Subscription> {
  return subscriptionResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/${id}`)),
  ).data;
}

async function payByTransfer(sandbox: TestSandbox, authorizationUrl: string | null) {
  const paymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '')?.[1] ?? '';
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentId}`)),
  ).data;
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount));
}

/** An active subscription (initial invoice paid) and, unless `mandate: false`, a verified mandate. */
async function activeSubscription(
  sandbox: TestSandbox,
  options: { amount?: number; mandate?: boolean } = {},
) {
  const subscription = await createTestSubscription(sandbox, {
    amount: options.amount ?? 15000,
    callbackUrl,
  });
  if (options.mandate !== false) {
    await ok(sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: true } }));
    const link = setupLinkResponseSchema.parse(
      await ok(
        sandbox.api('POST', `/api/v1/subscriptions/${subscription.id}/direct-debit`, { body: {} }),
      ),
    ).data;
    await ok(
      sandbox.setupApi('POST', '/direct-debit/setup', tokenOf(link.setupUrl), {
        bankId: testAccountBankId,
        bankAccountNumber: '0000000025', // verified at once
        consent: true,
      }),
    );
  }
  // Mandate approval is not payment (Rule 2): the initial invoice is still pending.
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('pending_activation');
  expect(eventsOf(sandbox, 'subscription.payment.success')).toHaveLength(0);
  await payByTransfer(sandbox, subscription.invoice.authorizationUrl);
  const active = await readSubscription(sandbox, subscription.id);
  expect(active.status).toBe('active');
  return { subscription: active, renewal: active.invoice };
}

async function readInvoice(sandbox: TestSandbox, id: string) {
  return invoiceResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/invoices/${id}`)),
  ).data;
}

test('the first invoice is never debited, even with a verified mandate (Rule 3)', async () => {
  const sandbox = createTestSandbox({ start });
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  await ok(sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: true } }));
  const link = setupLinkResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/${subscription.id}/direct-debit`, { body: {} }),
    ),
  ).data;
  await ok(
    sandbox.setupApi('POST', '/direct-debit/setup', tokenOf(link.setupUrl), {
      bankId: testAccountBankId,
      bankAccountNumber: '0000000025',
      consent: true,
    }),
  );
  await advance(sandbox, 2 * day);
  expect((await readInvoice(sandbox, subscription.invoice.id)).status).toBe('pending');
  expect(eventsOf(sandbox, 'transaction.created')).toHaveLength(0);
  sandbox.close();
});

test('on its due date a renewal is debited once and succeeds: paid, renewed, next invoice prepared', async () => {
  const sandbox = createTestSandbox({ start });
  const { subscription, renewal } = await activeSubscription(sandbox);
  expect(renewal).toMatchObject({ kind: 'renewal', dueDate: '2026-06-01', status: 'pending' });

  await advance(sandbox, 30 * day);
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('pending');
  await advance(sandbox, 1 * day); // 2026-06-01: the debit is submitted
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('pending');
  // Another collection is refused while the debit is in flight.
  const inFlight = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/invoices/${renewal.id}/payment`,
    { body: { callbackUrl } },
  );
  expect(inFlight.status).toBe(409);
  expect(errorBodySchema.parse(inFlight.body).code).toBe('DEBIT_IN_PROGRESS');

  // The invoice page offers no other payment meanwhile.
  const page = invoiceStateResponseSchema.parse(
    await ok(
      sandbox.api('GET', `/invoices/${renewal.id}`, {
        key: null,
        headers: { [checkoutTokenHeader]: tokenOf(renewal.checkoutUrl ?? '') },
      }),
    ),
  ).data;
  expect(page).toMatchObject({ debitInProgress: true, authorizationUrl: null });

  await advance(sandbox, 61); // the bank's answer
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('paid');
  const after = await readSubscription(sandbox, subscription.id);
  expect(after).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-06-01',
    currentPeriodEnd: '2026-06-30',
    nextBillingDate: '2026-07-01',
  });
  expect(after.invoice).toMatchObject({
    kind: 'renewal',
    dueDate: '2026-07-01',
    status: 'pending',
  });
  const debits = eventsOf(sandbox, 'transaction.created').filter(
    (event) => event.data.type === 'debit',
  );
  expect(debits).toHaveLength(1);
  expect(debits[0]?.data).toMatchObject({ amount: 15000, invoiceId: renewal.id });
  expect(eventsOf(sandbox, 'subscription.payment.success').map((event) => event.data.id)).toContain(
    renewal.id,
  );
  expect(eventsOf(sandbox, 'subscription.renewed')).toHaveLength(1);

  // Nothing is debited twice, however long the clock runs within the period.
  await advance(sandbox, 5 * day);
  expect(
    eventsOf(sandbox, 'transaction.created').filter((event) => event.data.type === 'debit'),
  ).toHaveLength(1);
  sandbox.close();
});

test('a failed debit is terminal: not retried, subscription.payment.failed, checkout offered', async () => {
  const sandbox = createTestSandbox({ start });
  const { renewal } = await activeSubscription(sandbox, { amount: 15000.51 });
  await advance(sandbox, 31 * day);
  await advance(sandbox, 61);
  const failed = eventsOf(sandbox, 'subscription.payment.failed');
  expect(failed).toHaveLength(1);
  expect(failed[0]?.data).toMatchObject({ id: renewal.id, debit: { status: 'failed' } });
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('pending');

  await advance(sandbox, 2 * day);
  expect(eventsOf(sandbox, 'subscription.payment.failed')).toHaveLength(1);
  // The customer may now pay by checkout.
  const checkout = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/invoices/${renewal.id}/payment`,
    { body: { callbackUrl } },
  );
  expect(checkout.status).toBe(201);
  const invoice = invoiceResponseSchema.parse(checkout.body).data;
  await payByTransfer(sandbox, invoice.authorizationUrl);
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('paid');
  expect(eventsOf(sandbox, 'subscription.renewed')).toHaveLength(1);
  sandbox.close();
});

test('an unknown debit result blocks other collection until reconciled, and is never retried', async () => {
  const sandbox = createTestSandbox({ start });
  const { renewal } = await activeSubscription(sandbox, { amount: 15000.52 });
  await advance(sandbox, 31 * day);
  await advance(sandbox, 61);
  await advance(sandbox, 10 * day);
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('pending');
  const blocked = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/invoices/${renewal.id}/payment`,
    { body: { callbackUrl } },
  );
  expect(blocked.status).toBe(409);
  expect(errorBodySchema.parse(blocked.body).code).toBe('DEBIT_IN_PROGRESS');
  // Unknown is not a lapse: the subscription is not expired while reconciliation is pending.
  expect(eventsOf(sandbox, 'subscription.expired')).toHaveLength(0);

  const reconciled = await sandbox.api(
    'POST',
    `/sandbox/v1/invoices/${renewal.id}/debit/reconcile`,
    { body: { outcome: 'succeeded' } },
  );
  expect(reconciled.status).toBe(200);
  expect(invoiceResponseSchema.parse(reconciled.body).data.status).toBe('paid');
  const again = await sandbox.api('POST', `/sandbox/v1/invoices/${renewal.id}/debit/reconcile`, {
    body: { outcome: 'failed' },
  });
  expect(again.status).toBe(409);
  expect(
    eventsOf(sandbox, 'transaction.created').filter((event) => event.data.type === 'debit'),
  ).toHaveLength(1);
  sandbox.close();
});

test('a renewal with checkout instructions is not debited (Rule 3)', async () => {
  const sandbox = createTestSandbox({ start });
  const { renewal } = await activeSubscription(sandbox);
  await ok(
    sandbox.api('POST', `/api/v1/subscriptions/invoices/${renewal.id}/payment`, {
      body: { callbackUrl },
    }),
  );
  await advance(sandbox, 31 * day);
  await advance(sandbox, 61);
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('pending');
  expect(
    eventsOf(sandbox, 'transaction.created').filter((event) => event.data.type === 'debit'),
  ).toHaveLength(0);
  sandbox.close();
});

test('a debit submitted before automatic debit is disabled still completes; later ones stop', async () => {
  const sandbox = createTestSandbox({ start });
  const { subscription, renewal } = await activeSubscription(sandbox);
  await advance(sandbox, 31 * day); // submitted
  await ok(
    sandbox.api('POST', `/api/v1/subscriptions/${subscription.id}/direct-debit/disable`, {
      body: {},
    }),
  );
  await advance(sandbox, 61);
  expect((await readInvoice(sandbox, renewal.id)).status).toBe('paid');

  const next = (await readSubscription(sandbox, subscription.id)).invoice;
  expect(next.dueDate).toBe('2026-07-01');
  await advance(sandbox, 30 * day + 61);
  expect((await readInvoice(sandbox, next.id)).status).toBe('pending');
  sandbox.close();
});

test('a renewal still unpaid 7 days after its due date expires the subscription', async () => {
  const sandbox = createTestSandbox({ start });
  const { subscription, renewal } = await activeSubscription(sandbox, { mandate: false });
  await advance(sandbox, 31 * day + 6 * day); // 2026-06-07
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('active');
  await advance(sandbox, 1 * day); // 2026-06-08
  const expired = await readSubscription(sandbox, subscription.id);
  expect(expired.status).toBe('expired');
  const events = eventsOf(sandbox, 'subscription.expired');
  expect(events).toHaveLength(1);
  expect(events[0]?.data).toMatchObject({ id: subscription.id, invoice: { id: renewal.id } });
  sandbox.close();
});

test('a live-mode subscription is not touched by test-mode controls', async () => {
  const sandbox = createTestSandbox({ start });
  const live = await createTestSubscription(sandbox, {
    key: sandbox.credentials.liveSecretKey,
    callbackUrl,
  });
  const reconcile = await sandbox.api(
    'POST',
    `/sandbox/v1/invoices/${live.invoice.id}/debit/reconcile`,
    { body: { outcome: 'succeeded' } },
  );
  expect(reconcile.status).toBe(404);
  const withLiveKey = await sandbox.api(
    'POST',
    `/sandbox/v1/invoices/${live.invoice.id}/debit/reconcile`,
    { key: sandbox.credentials.liveSecretKey, body: { outcome: 'succeeded' } },
  );
  expect(withLiveKey.status).toBe(403);
  sandbox.close();
});

test('an initial invoice paid late starts the current period: nothing expires or is debited at once', async () => {
  const sandbox = createTestSandbox({ start });
  const subscription = await createTestSubscription(sandbox, { callbackUrl });
  await ok(sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: true } }));
  const link = setupLinkResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/${subscription.id}/direct-debit`, { body: {} }),
    ),
  ).data;
  await ok(
    sandbox.setupApi('POST', '/direct-debit/setup', tokenOf(link.setupUrl), {
      bankId: testAccountBankId,
      bankAccountNumber: '0000000025', // verified at once
      consent: true,
    }),
  );

  // The customer pays the first invoice (period 2026-05-01..31) only on 2026-06-10.
  await advance(sandbox, 40 * day);
  const reopened = invoiceResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/invoices/${subscription.invoice.id}/payment`, {
        body: { callbackUrl },
      }),
    ),
  ).data;
  await payByTransfer(sandbox, reopened.authorizationUrl);
  await advance(sandbox, 61); // a debit, had one been submitted, would have settled by now

  const active = await readSubscription(sandbox, subscription.id);
  expect(active).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-06-01',
    currentPeriodEnd: '2026-06-30',
    nextBillingDate: '2026-07-01',
  });
  expect(active.invoice).toMatchObject({
    kind: 'renewal',
    status: 'pending',
    periodStart: '2026-07-01',
    dueDate: '2026-07-01',
  });
  // The paid invoice keeps the period it was issued for.
  expect(await readInvoice(sandbox, subscription.invoice.id)).toMatchObject({
    status: 'paid',
    periodStart: '2026-05-01',
  });
  expect(eventsOf(sandbox, 'subscription.expired')).toHaveLength(0);
  expect(
    eventsOf(sandbox, 'transaction.created').filter((event) => event.data.type === 'debit'),
  ).toHaveLength(0);

  // The next renewal is debited on its own due date.
  await advance(sandbox, 21 * day); // 2026-07-01
  await advance(sandbox, 61);
  expect((await readInvoice(sandbox, active.invoice.id)).status).toBe('paid');
  expect(await readSubscription(sandbox, subscription.id)).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-07-01',
    nextBillingDate: '2026-08-01',
  });
  sandbox.close();
});

test('a renewal paid after the subscription expired renews it into the period under way', async () => {
  const sandbox = createTestSandbox({ start });
  const { subscription, renewal } = await activeSubscription(sandbox, { mandate: false });
  await advance(sandbox, 38 * day); // 2026-06-08: expired
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('expired');

  // 2026-07-15: the customer pays the June invoice after all.
  await advance(sandbox, 37 * day);
  const reopened = invoiceResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/invoices/${renewal.id}/payment`, {
        body: { callbackUrl },
      }),
    ),
  ).data;
  await payByTransfer(sandbox, reopened.authorizationUrl);
  await advance(sandbox, 61);

  const renewed = await readSubscription(sandbox, subscription.id);
  expect(renewed).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-07-01',
    currentPeriodEnd: '2026-07-31',
    nextBillingDate: '2026-08-01',
    invoice: { kind: 'renewal', status: 'pending', dueDate: '2026-08-01' },
  });
  const events = eventsOf(sandbox, 'subscription.renewed');
  expect(events).toHaveLength(1);
  expect(events[0]?.data).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-07-01',
    invoice: { id: renewal.id, status: 'paid' },
  });
  expect(eventsOf(sandbox, 'subscription.expired')).toHaveLength(1);
  sandbox.close();
});

test('a renewal invoice prepared late gets its full grace from the day it was prepared', async () => {
  const sandbox = createTestSandbox({ start });
  // Paid on 2026-05-01 for a start on 2026-05-10: first period 2026-05-10..06-09.
  const subscription = await createTestSubscription(sandbox, {
    callbackUrl,
    startDate: '2026-05-10',
  });
  await payByTransfer(sandbox, subscription.invoice.authorizationUrl);
  // The sandbox is next asked on 2026-06-15: activation and the renewal due 2026-06-10 both
  // happen now.
  await advance(sandbox, 45 * day);
  const active = await readSubscription(sandbox, subscription.id);
  expect(active).toMatchObject({
    status: 'active',
    currentPeriodStart: '2026-05-10',
    nextBillingDate: '2026-06-10',
    invoice: { kind: 'renewal', status: 'pending', dueDate: '2026-06-10' },
  });
  await advance(sandbox, 6 * day); // 2026-06-21
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('active');
  await advance(sandbox, 1 * day); // 2026-06-22: 7 days after it was prepared
  expect((await readSubscription(sandbox, subscription.id)).status).toBe('expired');
  sandbox.close();
});
