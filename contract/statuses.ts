/**
 * Statuses the hosted pages read on their first load (service-api.md, "Payments" and
 * "Subscriptions"; product.md, "Checkout pages"), in a module that imports nothing but `zod/mini`: the
 * payment and subscription modules also carry the phone parser (contract/phone.ts, about 12 KB
 * of gzip JavaScript) for their requests, which a page must not download just to read a status
 * (docs/decisions/0018-first-load-bytes.md). payments.ts and subscriptions.ts re-export these.
 */
import { z } from 'zod/mini';

/**
 * A checkout payment: `pending` (waiting for the transfer; a short transfer keeps it pending),
 * `paid` (received at least the amount), `expired` (the payment window ended first).
 */
export const paymentStatusSchema = z.enum(['pending', 'paid', 'expired']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * Where a payment stands, in naira (service-api.md, "Payments"): its status, its amount and what
 * has arrived, is still owed and came beyond it. The fields both the checkout page's payment
 * (contract/checkout.ts) and the merchant's payment (contract/payments.ts) carry.
 */
export const paymentStandingShape = {
  status: paymentStatusSchema,
  amount: z.number(),
  currency: z.literal('NGN'),
  /** Total credited so far (naira). */
  amountReceived: z.number(),
  /** Still to transfer (naira), 0 once paid. */
  amountOutstanding: z.number(),
  /** Received beyond the amount (naira), owed back to the payer. */
  amountOverpaid: z.number(),
};

/** A subscription invoice. */
export const invoiceStatusSchema = z.enum(['pending', 'paid']);
