/**
 * Virtual accounts (service-api.md, "Virtual account", "States and transitions", and the
 * Payments and virtual accounts endpoints). Amounts are naira.
 *
 * Ours where the document is silent: a dynamic account's `type` is `DYNAMIC`; after its payment
 * window it is `EXPIRED` and no longer payable. The window defaults to 30 minutes
 * ({@link defaultPaymentWindowSeconds}).
 */
import { z } from 'zod';
import { emailSchema, isoTimestampSchema, modeSchema, text } from './common';
import { currencySchema, nairaAmountSchema } from './money';
import { nigerianPhoneSchema } from './phone';

/** Default payment window of a dynamic virtual account, in seconds (30 minutes). */
export const defaultPaymentWindowSeconds = 30 * 60;

export const virtualAccountTypeSchema = z.enum(['RESERVED', 'DYNAMIC']);
export const virtualAccountStatusSchema = z.enum(['ACTIVE', 'EXPIRED']);

export const reservedAccountRequestSchema = z.strictObject({
  customer: z.strictObject({
    email: emailSchema,
    firstName: text(100).optional(),
    lastName: text(100).optional(),
    /** A valid Nigerian number; normalized to E.164. */
    phone: z.optional(nigerianPhoneSchema),
  }),
  preferredAccountName: text(100).optional(),
});
export type ReservedAccountRequest = z.infer<typeof reservedAccountRequestSchema>;

export const dynamicAccountRequestSchema = z.strictObject({
  amount: nairaAmountSchema,
  currency: currencySchema,
  customer: z.strictObject({ email: emailSchema }).optional(),
});
export type DynamicAccountRequest = z.infer<typeof dynamicAccountRequestSchema>;

/** The documented virtual account shape, plus the amount and expiry of dynamic accounts. */
export const virtualAccountSchema = z.object({
  id: z.string().startsWith('va_'),
  /** Used to reconcile credits; equals `id`. */
  reference: z.string(),
  mode: modeSchema,
  type: virtualAccountTypeSchema,
  status: virtualAccountStatusSchema,
  accountName: z.string(),
  /** 10-digit NUBAN. */
  accountNumber: z.string().regex(/^\d{10}$/),
  bankName: z.string(),
  providerReference: z.string(),
  /** Dynamic accounts: the amount the account is bound to (naira). Reserved: null. */
  amount: z.number().nullable(),
  currency: z.literal('NGN'),
  /** The customer the account was issued for (phone in E.164), or null when none was given. */
  customer: z
    .object({
      email: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
  /** Dynamic accounts: end of the payment window. Reserved: null. */
  expiresAt: z.nullable(isoTimestampSchema),
  createdAt: isoTimestampSchema,
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;
export const virtualAccountResponseSchema = z.object({ data: virtualAccountSchema });
