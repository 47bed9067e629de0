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

/** A subscription invoice. */
export const invoiceStatusSchema = z.enum(['pending', 'paid']);
