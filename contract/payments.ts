/**
 * Checkout payments (service-api.md, "Payment (create request)", Payments endpoints; product.md,
 * "Checkout pages"). Amounts are naira.
 *
 * Ours where the document is silent: `amount`, `currency` and `paymentMethod` are required;
 * `customer` and its fields are optional (the checkout page asks for a missing e-mail or phone).
 * Payment statuses: `pending` (waiting for the transfer; a short transfer keeps it pending with
 * `amountReceived` > 0), `paid` (received ≥ amount; any excess is `amountOverpaid`), `expired` (the
 * payment window ended before the full amount arrived).
 */
import { z } from 'zod';
import {
  emailSchema,
  httpsUrlSchema,
  isoTimestampSchema,
  languageSchema,
  metadataSchema,
  modeSchema,
  text,
} from './common';
import { currencySchema, nairaAmountSchema } from './money';
import { nigerianPhoneSchema } from './phone';
import { paymentStandingShape, paymentStatusSchema, type PaymentStatus } from './statuses';
import { virtualAccountSchema } from './virtual-accounts';

export const paymentCreateRequestSchema = z.strictObject({
  amount: z.strictObject({ amount: nairaAmountSchema, currency: currencySchema }),
  customer: z
    .strictObject({
      email: z.optional(emailSchema),
      firstName: text(100).optional(),
      lastName: text(100).optional(),
      phone: z.optional(nigerianPhoneSchema),
    })
    .optional(),
  paymentMethod: z.literal('hosted_checkout'),
  callbackUrl: httpsUrlSchema.optional(),
  metadata: z.record(z.string(), z.unknown()).pipe(metadataSchema).optional(),
  /**
   * The language the checkout page opens in when the payer has not chosen one
   * (docs/decisions/0024-languages.md). Optional; part of the idempotent request.
   */
  preferredLanguage: z.optional(languageSchema),
});
export type PaymentCreateRequest = z.infer<typeof paymentCreateRequestSchema>;

export { paymentStatusSchema, type PaymentStatus };

export const paymentSchema = z.object({
  id: z.string().startsWith('osp_'),
  mode: modeSchema,
  ...paymentStandingShape,
  customer: z.object({
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  paymentMethod: z.literal('hosted_checkout'),
  callbackUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /**
   * The merchant's preferred language for the checkout page, or null. A payment of an invoice
   * takes its subscription's.
   */
  preferredLanguage: z.nullable(languageSchema),
  /** Hosted checkout page with its capability token in the fragment. */
  checkoutUrl: z.string(),
  /** The dynamic virtual account bound to this payment. */
  virtualAccount: virtualAccountSchema,
  /** The invoice this payment settles, when it was created for one. */
  invoiceId: z.string().nullable(),
  expiresAt: isoTimestampSchema,
  paidAt: z.nullable(isoTimestampSchema),
  createdAt: isoTimestampSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponseSchema = z.object({ data: paymentSchema });
