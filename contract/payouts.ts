/**
 * Beneficiaries, payouts and settlements (service-api.md, "Beneficiary and payout", "Payouts"
 * endpoints, "Authentication" rule 5, "Errors", "Limits"). The document shows neither bodies nor
 * limits; these are ours, recorded in sandbox/README.md ("Payouts and settlements").
 * Amounts are naira on the wire.
 */
import { z } from 'zod';
import { isoTimestampSchema, modeSchema, text } from './common';
import { currencySchema, nairaAmountSchema } from './money';

/** `POST /api/v1/beneficiaries`: a bank account to pay out to (bank id as in the bank list). */
export const beneficiaryCreateRequestSchema = z.strictObject({
  bankId: z.string().min(1).max(40),
  accountNumber: z.string().regex(/^\d{10}$/, { error: 'must be a 10-digit NUBAN' }),
});
export type BeneficiaryCreateRequest = z.infer<typeof beneficiaryCreateRequestSchema>;

/** A beneficiary; payouts need `status: verified` (the account name was resolved). */
export const beneficiarySchema = z.object({
  id: z.string().startsWith('bnf_'),
  mode: modeSchema,
  bankId: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string().nullable(),
  status: z.enum(['verified', 'unverified']),
  createdAt: isoTimestampSchema,
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;
export const beneficiaryResponseSchema = z.object({ data: beneficiarySchema });

/** `POST /api/v1/payouts` */
export const payoutCreateRequestSchema = z.strictObject({
  beneficiaryId: z.string().min(1).max(64),
  amount: nairaAmountSchema,
  currency: currencySchema,
  narration: text(100).optional(),
});
export type PayoutCreateRequest = z.infer<typeof payoutCreateRequestSchema>;

/** A payout with its final status (the sandbox's simulated bank answers at once). */
export const payoutSchema = z.object({
  id: z.string().startsWith('po_'),
  mode: modeSchema,
  beneficiaryId: z.string(),
  amount: z.number(),
  currency: z.literal('NGN'),
  narration: z.string().nullable(),
  status: z.enum(['successful', 'failed']),
  failureReason: z.string().nullable(),
  createdAt: isoTimestampSchema,
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutResponseSchema = z.object({ data: payoutSchema });

/**
 * `PUT /sandbox/v1/payouts/access`: what the service's review would set for the business
 * (KYC approval, Payout API access) and the developer's IP whitelist. Omitted fields keep their
 * value. IPs are exact IPv4 or IPv6 addresses.
 */
export const payoutAccessRequestSchema = z.strictObject({
  kycApproved: z.boolean().optional(),
  enabled: z.boolean().optional(),
  ipWhitelist: z
    .array(z.union([z.ipv4(), z.ipv6()]))
    .max(20)
    .optional(),
});
export type PayoutAccessRequest = z.infer<typeof payoutAccessRequestSchema>;

export const payoutAccessSchema = z.object({
  kycApproved: z.boolean(),
  enabled: z.boolean(),
  ipWhitelist: z.array(z.string()),
  /** Naira. */
  singleTransferLimit: z.number(),
  /** Naira per business per Africa/Lagos calendar day (successful payouts of both modes). */
  dailyLimit: z.number(),
});
export type PayoutAccess = z.infer<typeof payoutAccessSchema>;
export const payoutAccessResponseSchema = z.object({ data: payoutAccessSchema });

/** `POST /sandbox/v1/payouts/keys`: body `{}`. */
export const payoutKeyRequestSchema = z.strictObject({});
/** A new live secret key with scope `payouts:create`, shown once. */
export const payoutKeyResponseSchema = z.object({
  data: z.object({
    secretKey: z.string().startsWith('osk_live_'),
    mode: z.literal('live'),
    scopes: z.array(z.string()),
  }),
});

/**
 * `POST /sandbox/v1/settlements`: settle `amount` naira of collections of `mode` (default and
 * only: the key's mode) into the payout balance, emitting `settlement.completed`.
 */
export const settlementCreateRequestSchema = z.strictObject({
  amount: nairaAmountSchema,
  mode: z.optional(modeSchema),
});

export const settlementSchema = z.object({
  id: z.string().startsWith('stl_'),
  mode: modeSchema,
  amount: z.number(),
  currency: z.literal('NGN'),
  status: z.literal('completed'),
  /** Payout balance of the mode after this settlement, naira. */
  availableBalance: z.number(),
  createdAt: isoTimestampSchema,
});
export type Settlement = z.infer<typeof settlementSchema>;
export const settlementResponseSchema = z.object({ data: settlementSchema });
