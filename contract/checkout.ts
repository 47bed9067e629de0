/**
 * The hosted checkout API behind the payment checkout and invoice pages (product.md, "Links and
 * tokens" and "Checkout pages"). Every call carries the link's capability token in
 * `x-checkout-token`. Amounts are naira; `remainingSeconds` is seconds by the server's clock, so the
 * page's countdown never trusts the phone's clock.
 * `zod/mini`: both pages read these on their first load (docs/decisions/0018-first-load-bytes.md).
 */
import { z } from 'zod/mini';
import * as hosted from './hosted-common';
import { returnUrlWireSchema } from './return-url';
import { invoiceStatusSchema, paymentStandingShape } from './statuses';

export { checkoutTokenHeader } from './hosted-reads';

/** `GET /checkout/:paymentId`: what the payment checkout page shows. */
export const checkoutStateSchema = z.object({
  mode: hosted.modeSchema,
  merchant: hosted.hostedMerchantSchema,
  /**
   * The merchant's preferred language for this payment (an invoice's payment: its subscription's),
   * or null: the page's language when the payer has not chosen one
   * (docs/decisions/0024-languages.md).
   */
  preferredLanguage: z.nullable(hosted.languageSchema),
  payment: z.object({
    id: z.string(),
    ...paymentStandingShape,
    description: z.nullable(z.string()),
    paidAt: z.nullable(hosted.isoTimestampSchema),
  }),
  /**
   * The invoice this payment collects (an invoice's checkout payment), or null for a payment of
   * its own: the plan's name and the billing period as Africa/Lagos calendar dates, so the page
   * writes the period in the payer's language (docs/decisions/0040-bank-rejection-reasons.md,
   * "Addendum: the invoice period on the checkout page"). `payment.description` stays the
   * merchant's free text, as the payment record carries it.
   */
  invoice: z.nullable(
    z.object({
      id: z.string(),
      planName: z.string(),
      periodStart: hosted.isoDateSchema,
      periodEnd: hosted.isoDateSchema,
    }),
  ),
  /** Which payer details the page must ask for before showing the account. */
  needsCustomerDetails: z.object({ email: z.boolean(), phone: z.boolean() }),
  /** The account to pay into; null while customer details are still needed. */
  virtualAccount: z.nullable(
    z.object({
      bankName: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
    }),
  ),
  /** Seconds left in the payment window by the server's clock; 0 once expired. */
  remainingSeconds: z.int().check(z.nonnegative()),
  expiresAt: hosted.isoTimestampSchema,
  /** The payment's callbackUrl when it is a valid browser-return URL, else null. */
  returnUrl: returnUrlWireSchema,
  /**
   * The service's time (for this link's mode) when it answered. The page says when it last
   * checked by this clock, never by the phone's own.
   */
  serverTime: hosted.isoTimestampSchema,
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;
export const checkoutStateResponseSchema = z.object({ data: checkoutStateSchema });

// Type only: the request's schema carries the phone parser, which the first load must not
// (contract/checkout-customer.ts).
export type { CheckoutCustomerRequest } from './checkout-customer';

/** `GET /invoices/:invoiceId`: what the invoice page shows. */
export const invoiceStateSchema = z.object({
  mode: hosted.modeSchema,
  merchant: hosted.hostedMerchantSchema,
  /** The subscription's preferred language, or null, as on the checkout state. */
  preferredLanguage: z.nullable(hosted.languageSchema),
  invoice: z.object({
    id: z.string(),
    status: invoiceStatusSchema,
    amount: z.number(),
    currency: z.literal('NGN'),
    planName: z.string(),
    interval: hosted.intervalSchema,
    periodStart: hosted.isoDateSchema,
    periodEnd: hosted.isoDateSchema,
    dueDate: hosted.isoDateSchema,
    paidAt: z.nullable(hosted.isoTimestampSchema),
  }),
  /** Set once checkout details exist: the payment checkout page of the invoice's payment. */
  authorizationUrl: z.nullable(z.string()),
  /**
   * A mandate debit of this invoice is submitted or has an unknown result: no other payment is
   * offered until it is settled (service-api.md, Rule 1). "Pay now" then answers 409.
   */
  debitInProgress: z.boolean(),
  /**
   * The invoice's callbackUrl when it is a valid browser-return URL (contract/return-url.ts),
   * else null: where the paid invoice page offers "Return to <merchant>".
   */
  returnUrl: returnUrlWireSchema,
  /** The service's time (for this link's mode) when it answered, as on the checkout state. */
  serverTime: hosted.isoTimestampSchema,
});
export type InvoiceState = z.infer<typeof invoiceStateSchema>;
export const invoiceStateResponseSchema = z.object({ data: invoiceStateSchema });

/**
 * `POST /invoices/:invoiceId/pay`: "Pay now". Recovers or creates the invoice's checkout details
 * and returns the payment checkout page to open (`authorizationUrl`, token in the fragment).
 * 409 when the invoice is already paid.
 */
export const invoicePayRequestSchema = z.strictObject({});
export const invoicePayResponseSchema = z.object({
  data: z.object({ authorizationUrl: z.string() }),
});
