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
 * `PUT /sandbox/v1/payouts/access`: the business's KYC approval (the service's) and the
 * developer's IP whitelist (developer security settings). Omitted fields keep their value. IPs
 * are exact IPv4 or IPv6 addresses. Payout API access (`enabled`) is not set here: it opens only
 * when the service approves a payout use case (Authentication, rule 7; {@link
 * payoutUseCaseReviewRequestSchema}).
 */
export const payoutAccessRequestSchema = z.strictObject({
  kycApproved: z.boolean().optional(),
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

/**
 * `POST /api/v1/payout-use-cases` (service-api.md, "Authentication" rule 7: payout access is
 * requested by submitting a payout use case): what the business pays out and to whom, and
 * optionally the naira it expects to pay out per month. Live keys with `payouts:create` only.
 */
export const payoutUseCaseCreateRequestSchema = z.strictObject({
  useCase: z.string().trim().min(20).max(2000),
  expectedMonthlyVolume: nairaAmountSchema.optional(),
});
export type PayoutUseCaseCreateRequest = z.infer<typeof payoutUseCaseCreateRequestSchema>;

/** Where the service's review of a use case stands: `in_review` until a decision. */
export const payoutUseCaseStatusSchema = z.enum(['in_review', 'approved', 'declined']);

/** A submitted payout use case and the service's decision on it. */
export const payoutUseCaseSchema = z.object({
  id: z.string().startsWith('puc_'),
  mode: z.literal('live'),
  useCase: z.string(),
  /** Naira per month, as the business estimated it; null when not given. */
  expectedMonthlyVolume: z.number().nullable(),
  status: payoutUseCaseStatusSchema,
  /** Why the service declined it; null unless `declined`. */
  declineReason: z.string().nullable(),
  reviewedAt: z.nullable(isoTimestampSchema),
  createdAt: isoTimestampSchema,
});
export type PayoutUseCase = z.infer<typeof payoutUseCaseSchema>;
export const payoutUseCaseResponseSchema = z.object({ data: payoutUseCaseSchema });

/**
 * `POST /sandbox/v1/payout-use-cases/:useCaseId/review`: the service's decision on a use case in
 * review (sandbox control, live keys with `sandbox:controls`). `approved` enables the Payout API
 * for the business; `declined`, with an optional reason, leaves it off (the business may submit
 * again).
 */
export const payoutUseCaseReviewRequestSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('approved') }),
  z.strictObject({
    decision: z.literal('declined'),
    reason: z.string().trim().min(1).max(200).optional(),
  }),
]);
export type PayoutUseCaseReview = z.infer<typeof payoutUseCaseReviewRequestSchema>;

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

/**
 * `POST /sandbox/v1/withdrawals` (service-api.md, "Authentication" rule 6): the merchant
 * dashboard's "withdraw to my settlement bank account", a sandbox control standing for the
 * dashboard (live keys with `sandbox:controls`, Idempotency-Key required). `amount` is naira; the
 * settlement bank account is given as a bank id and a 10-digit NUBAN (checked like a beneficiary).
 */
export const withdrawalCreateRequestSchema = z.strictObject({
  amount: nairaAmountSchema,
  bankId: beneficiaryCreateRequestSchema.shape.bankId,
  accountNumber: beneficiaryCreateRequestSchema.shape.accountNumber,
});
export type WithdrawalCreateRequest = z.infer<typeof withdrawalCreateRequestSchema>;

/** A dashboard withdrawal (id `wdr_…`): the simulated bank credits it at once. */
export const withdrawalSchema = z.object({
  id: z.string().startsWith('wdr_'),
  mode: z.literal('live'),
  /** Naira. */
  amount: z.number(),
  currency: z.literal('NGN'),
  bankId: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  status: z.literal('successful'),
  /** Payout balance of live mode after this withdrawal, naira. */
  availableBalance: z.number(),
  createdAt: isoTimestampSchema,
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalResponseSchema = z.object({ data: withdrawalSchema });
