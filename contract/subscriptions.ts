/**
 * Plans, subscriptions and invoices (service-api.md, "Subscription plan", "Subscription",
 * "Invoice", and the Subscriptions endpoints). Amounts are naira.
 */
import { z } from 'zod';
import {
  emailSchema,
  httpsUrlSchema,
  intervalSchema,
  isoDateSchema,
  isoTimestampSchema,
  languageSchema,
  modeSchema,
  text,
} from './common';
import { currencySchema, nairaAmountSchema } from './money';
import { nigerianPhoneSchema } from './phone';
import { invoiceStatusSchema } from './statuses';

export const planCreateRequestSchema = z.strictObject({
  name: text(120),
  amount: nairaAmountSchema,
  currency: currencySchema,
  interval: intervalSchema,
  description: z.string().trim().max(500).optional(),
});
export type PlanCreateRequest = z.infer<typeof planCreateRequestSchema>;

export const planSchema = z.object({
  id: z.string().startsWith('subplan_'),
  mode: modeSchema,
  name: z.string(),
  amount: z.number(),
  currency: z.literal('NGN'),
  interval: intervalSchema,
  description: z.string().nullable(),
  createdAt: isoTimestampSchema,
});
export type Plan = z.infer<typeof planSchema>;
export const planResponseSchema = z.object({ data: planSchema });

export const customerSchema = z.strictObject({
  email: emailSchema,
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  /** Nigerian number, E.164 or a common local format; the service normalizes it to E.164. */
  phone: z.optional(nigerianPhoneSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const subscriptionCreateRequestSchema = z.strictObject({
  planId: z.string().min(1).max(64),
  paymentMethod: z.literal('customer_choice'),
  /** Top-level absolute HTTPS browser-return URL; part of the idempotent request. */
  callbackUrl: httpsUrlSchema.optional(),
  customer: customerSchema,
  /** First day of the subscription (Africa/Lagos); today when absent. */
  startDate: z.optional(isoDateSchema),
  /**
   * The language the hosted pages of this subscription (setup, invoice, its checkout payments)
   * open in when the customer has not chosen one (docs/decisions/0024-languages.md). Optional;
   * part of the idempotent request.
   */
  preferredLanguage: z.optional(languageSchema),
});
export type SubscriptionCreateRequest = z.infer<typeof subscriptionCreateRequestSchema>;

export { invoiceStatusSchema };

export const invoiceSchema = z.object({
  id: z.string().startsWith('inv_'),
  subscriptionId: z.string(),
  status: invoiceStatusSchema,
  kind: z.enum(['initial', 'renewal']),
  amount: z.number(),
  currency: z.literal('NGN'),
  periodStart: isoDateSchema,
  periodEnd: isoDateSchema,
  dueDate: isoDateSchema,
  callbackUrl: z.string().nullable(),
  /** Hosted invoice page with its capability token in the fragment, or null. */
  checkoutUrl: z.string().nullable(),
  /** Hosted payment checkout page of the invoice's payment (hosted checkout), or null. */
  authorizationUrl: z.string().nullable(),
  paidAt: z.nullable(isoTimestampSchema),
  createdAt: isoTimestampSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const subscriptionStatusSchema = z.enum([
  'pending_activation',
  'active',
  'cancelled',
  'expired',
]);

export const subscriptionSchema = z.object({
  id: z.string().startsWith('sub_'),
  mode: modeSchema,
  planId: z.string(),
  status: subscriptionStatusSchema,
  paymentMethod: z.literal('customer_choice'),
  preferredPaymentMethod: z.enum(['checkout', 'direct_debit']),
  customer: z.object({
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  callbackUrl: z.string().nullable(),
  /** The merchant's preferred language for the hosted pages, or null when none was given. */
  preferredLanguage: z.nullable(languageSchema),
  startDate: isoDateSchema,
  currentPeriodStart: isoDateSchema,
  currentPeriodEnd: isoDateSchema,
  nextBillingDate: isoDateSchema,
  invoice: invoiceSchema,
  createdAt: isoTimestampSchema,
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ data: subscriptionSchema });

/**
 * `POST /api/v1/subscriptions/invoices/{invoice_id}/payment`: `{ callbackUrl }` (absolute HTTPS).
 * Recovers or creates the invoice's checkout details. An Idempotency-Key may be reused only with
 * the same invoice and the same body.
 */
export const invoicePaymentRequestSchema = z.strictObject({ callbackUrl: httpsUrlSchema });
export type InvoicePaymentRequest = z.infer<typeof invoicePaymentRequestSchema>;
export const invoiceResponseSchema = z.object({ data: invoiceSchema });
