/**
 * The merchant's server and the tester's sandbox controls for the checkout specs: create a payment
 * or a subscription through the running sandbox's merchant API, simulate an inbound transfer,
 * end a payment window (service-api.md, "Payments and virtual accounts", "Subscriptions";
 * contract/sandbox-controls.ts). Every response is parsed with the contract's schemas.
 */
import type { Language } from '../contract/hosted-common';
import { callMerchantApi } from './merchant-api';

/** The page address (path + fragment) of an absolute link, for `page.goto`. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.hash;
}

/** Creates a ₦`amount` hosted-checkout payment that returns to `callbackUrl`. */
export async function createCheckoutPayment(options: {
  amount?: number;
  callbackUrl?: string;
  customer?: Record<string, string>;
  /** The merchant's preferred language for the payer's page (contract/hosted-common.ts). */
  preferredLanguage?: Language;
}) {
  const response = await callMerchantApi('createPayment', {
    body: {
      amount: { amount: options.amount ?? 5000, currency: 'NGN' },
      paymentMethod: 'hosted_checkout',
      customer: options.customer ?? { email: 'tunde@example.com', phone: '+2348031234567' },
      ...(options.callbackUrl === undefined ? {} : { callbackUrl: options.callbackUrl }),
      metadata: { description: 'Order #42' },
      ...(options.preferredLanguage === undefined
        ? {}
        : { preferredLanguage: options.preferredLanguage }),
    },
  });
  return response.data;
}

/** The payment `id` as the merchant verifies it. */
export async function getCheckoutPayment(id: string) {
  return (await callMerchantApi('getPayment', { params: { paymentId: id } })).data;
}

/** Simulates an inbound bank transfer of `amount` naira to the virtual account. */
export async function simulateTransfer(virtualAccountId: string, amount: number) {
  return (
    await callMerchantApi('simulateTransfer', {
      params: { virtualAccountId },
      body: { amount },
    })
  ).data;
}

/**
 * Ends a dynamic account's payment window now. The specs use this rather than the test clock:
 * the clock is shared by the whole sandbox, and moving it would expire the payments of specs
 * running beside this one.
 */
export async function expireVirtualAccount(virtualAccountId: string) {
  return (await callMerchantApi('expireVirtualAccount', { params: { virtualAccountId }, body: {} }))
    .data;
}

/** Creates a ₦`amount` monthly plan and a subscription whose invoices return to `callbackUrl`. */
export async function createInvoiceSubscription(options: { amount?: number; callbackUrl: string }) {
  const plan = await callMerchantApi('createPlan', {
    body: {
      name: 'Premium membership',
      amount: options.amount ?? 15000,
      currency: 'NGN',
      interval: 'monthly',
    },
  });
  return (
    await callMerchantApi('createSubscription', {
      body: {
        planId: plan.data.id,
        paymentMethod: 'customer_choice',
        callbackUrl: options.callbackUrl,
        customer: { email: 'chioma@example.com', firstName: 'Chioma', phone: '08031234567' },
      },
    })
  ).data;
}
