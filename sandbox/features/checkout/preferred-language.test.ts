import { expect, test } from 'vitest';
import {
  checkoutStateResponseSchema,
  invoicePayResponseSchema,
  invoiceStateResponseSchema,
} from '../../../contract/checkout';
import type { Language } from '../../../contract/common';
import { paymentResponseSchema } from '../../../contract/payments';
import { invoiceResponseSchema, type Subscription } from '../../../contract/subscriptions';
import {
  checkoutApi,
  createTestSubscription,
  listedIds,
  ok,
  tokenOf,
  transfer,
} from '../../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const callbackUrl = 'https://merchant.example.com/billing/return';

/** The invoice page's state, through the invoice's own link. */
async function invoicePage(
  sandbox: TestSandbox,
  invoice: { id: string; checkoutUrl: string | null },
) {
  const token = tokenOf(invoice.checkoutUrl ?? '');
  const body = await ok(checkoutApi(sandbox, 'GET', `/invoices/${invoice.id}`, token));
  return invoiceStateResponseSchema.parse(body).data;
}

/** The payment behind a checkout page address, as the merchant reads it and as its page is told. */
async function paymentBehind(sandbox: TestSandbox, authorizationUrl: string | null) {
  const paymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '')?.[1] ?? '';
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentId}`)),
  ).data;
  const page = checkoutStateResponseSchema.parse(
    await ok(checkoutApi(sandbox, 'GET', `/checkout/${paymentId}`, tokenOf(payment.checkoutUrl))),
  ).data;
  return { payment, page };
}

/** "Pay now" on the invoice page after the open payment's window ended: a new payment. */
async function payNowAfterWindowEnded(sandbox: TestSandbox, subscription: Subscription) {
  const open = await paymentBehind(sandbox, subscription.invoice.authorizationUrl);
  await ok(
    sandbox.api('POST', `/sandbox/v1/virtual-accounts/${open.payment.virtualAccount.id}/expire`, {
      body: {},
    }),
  );
  const token = tokenOf(subscription.invoice.checkoutUrl ?? '');
  const paid = invoicePayResponseSchema.parse(
    await ok(checkoutApi(sandbox, 'POST', `/invoices/${subscription.invoice.id}/pay`, token, {})),
  ).data;
  const fresh = await paymentBehind(sandbox, paid.authorizationUrl);
  expect(fresh.payment.id).not.toBe(open.payment.id);
  return { open, fresh };
}

test.each<[Language | undefined, Language | null]>([
  ['yo', 'yo'],
  [undefined, null],
])(
  'with preferredLanguage %s the invoice page, its payment and a Pay-now payment all carry %s',
  async (given, carried) => {
    const sandbox = createTestSandbox();
    const subscription = await createTestSubscription(sandbox, {
      callbackUrl,
      ...(given === undefined ? {} : { preferredLanguage: given }),
    });
    expect((await invoicePage(sandbox, subscription.invoice)).preferredLanguage).toBe(carried);
    const { open, fresh } = await payNowAfterWindowEnded(sandbox, subscription);
    for (const { payment, page } of [open, fresh]) {
      expect(payment.invoiceId).toBe(subscription.invoice.id);
      expect(payment.preferredLanguage).toBe(carried);
      expect(page.preferredLanguage).toBe(carried);
    }
    sandbox.close();
  },
);

test("a renewal invoice's page and the payment the merchant creates for it take the subscription's preferredLanguage", async () => {
  const sandbox = createTestSandbox();
  const subscription = await createTestSubscription(sandbox, {
    callbackUrl,
    preferredLanguage: 'ha',
  });
  const initial = await paymentBehind(sandbox, subscription.invoice.authorizationUrl);
  await ok(transfer(sandbox, initial.payment.virtualAccount.id, initial.payment.amount));
  const renewalId = (await listedIds(sandbox, '/api/v1/subscriptions/invoices')).find(
    (id) => id !== subscription.invoice.id,
  );
  const renewal = invoiceResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/subscriptions/invoices/${renewalId ?? ''}`)),
  ).data;
  expect(renewal.kind).toBe('renewal');
  expect((await invoicePage(sandbox, renewal)).preferredLanguage).toBe('ha');

  const collected = invoiceResponseSchema.parse(
    await ok(
      sandbox.api('POST', `/api/v1/subscriptions/invoices/${renewal.id}/payment`, {
        body: { callbackUrl },
      }),
    ),
  ).data;
  const { payment, page } = await paymentBehind(sandbox, collected.authorizationUrl);
  expect(payment.invoiceId).toBe(renewal.id);
  expect(payment.preferredLanguage).toBe('ha');
  expect(page.preferredLanguage).toBe('ha');
  sandbox.close();
});
