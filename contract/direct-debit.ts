/**
 * Bank direct debit: mandates, the merchant-side endpoints and the hosted customer setup
 * (service-api.md, "Direct debit mandate", "States and transitions", "Bank direct debit",
 * "Hosted customer setup"; product.md, "Direct-debit setup: the flow"). Amounts are naira.
 * `zod/mini`, merchant-side schemas included: the setup page reads the mandate and setup state on
 * its first load, and one module is one kind of zod (docs/decisions/0018-first-load-bytes.md).
 */
import { z } from 'zod/mini';
import * as hosted from './hosted-common';
import { returnUrlWireSchema } from './return-url';

export { directDebitTokenHeader } from './hosted-reads';

/**
 * Mandate statuses. `revocation_requested` and `revoked` are our names for the document's
 * "revocation states": a disable call moves an active or pending mandate to
 * `revocation_requested`; the bank's confirmation moves it to `revoked`.
 */
export const mandateStatusSchema = z.enum([
  'pending',
  'verified',
  'approved',
  'unknown',
  'rejected',
  'revocation_requested',
  'revoked',
]);
export type MandateStatus = z.infer<typeof mandateStatusSchema>;

/** Statuses in which the bank has authorized debits (States and transitions: "Bank approval"). */
export const bankApprovedStatuses: readonly MandateStatus[] = ['verified', 'approved'];

export const directDebitConfigResponseSchema = z.object({
  data: z.object({ enabled: z.boolean(), mode: hosted.modeSchema }),
});
export type DirectDebitConfigResponse = z.infer<typeof directDebitConfigResponseSchema>;

/**
 * The bank's activation step for a pending Nigerian e-mandate: a small token transfer from the
 * mandated account to the destination account, with the reference, before the deadline.
 */
export const activationInstructionsSchema = z.object({
  amount: z.number(),
  currency: z.literal('NGN'),
  destinationAccountNumber: z.string(),
  destinationAccountName: z.string(),
  destinationBankName: z.string(),
  reference: z.string(),
  deadline: hosted.isoTimestampSchema,
});
export type ActivationInstructions = z.infer<typeof activationInstructionsSchema>;

/** A mandate as both sides see it; the account number is always masked. */
export const mandateSchema = z.object({
  id: z.string().check(z.startsWith('mdt_')),
  subscriptionId: z.string(),
  mode: hosted.modeSchema,
  status: mandateStatusSchema,
  bank: z.object({ id: z.string(), name: z.string() }),
  /** e.g. "******7890" */
  accountNumberMasked: z.string(),
  accountName: z.string(),
  rejectionReason: z.nullable(z.string()),
  activation: z.nullable(activationInstructionsSchema),
  createdAt: hosted.isoTimestampSchema,
  updatedAt: hosted.isoTimestampSchema,
});
export type Mandate = z.infer<typeof mandateSchema>;

/** `GET /api/v1/subscriptions/{id}/direct-debit`: the mandate, or null. */
export const subscriptionMandateResponseSchema = z.object({ data: z.nullable(mandateSchema) });

/** `GET /api/v1/subscriptions/direct-debit`: the merchant's mandates in the key's mode. */
export const mandateListResponseSchema = z.object({ data: z.array(mandateSchema) });

/** `POST /api/v1/subscriptions/{id}/direct-debit`: the private setup link (created or the same). */
export const setupLinkSchema = z.object({
  subscriptionId: z.string(),
  /** `<origin>/direct-debit/setup#token=<capability token>`; private to the customer. */
  setupUrl: z.string(),
  expiresAt: hosted.isoTimestampSchema,
  automaticDebitEnabled: z.boolean(),
  mandate: z.nullable(mandateSchema),
});
export type SetupLink = z.infer<typeof setupLinkSchema>;
export const setupLinkResponseSchema = z.object({ data: setupLinkSchema });

/** Body of the merchant disable call: `{}`. */
export const emptyBodySchema = z.strictObject({});

/**
 * `POST /sandbox/v1/subscriptions/{id}/direct-debit/revoke-link` (a merchant action, test or live
 * secret key with `subscriptions:write`, confined to the key's mode): whether a current setup link
 * was revoked. The next `POST …/direct-debit` issues a new link.
 */
export const revokeSetupLinkResponseSchema = z.object({
  data: z.object({ subscriptionId: z.string(), revoked: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Hosted customer setup (header x-direct-debit-token)

/** What `GET /direct-debit/setup` tells the page (product.md, flow step 2). */
export const setupStateSchema = z.object({
  mode: hosted.modeSchema,
  merchant: hosted.hostedMerchantSchema,
  /**
   * The merchant's preferred language for this subscription's pages, or null: the page's language
   * when the customer has not chosen one (docs/decisions/0024-languages.md).
   */
  preferredLanguage: z.nullable(hosted.languageSchema),
  subscription: z.object({
    id: z.string(),
    planName: z.string(),
    amount: z.number(),
    currency: z.literal('NGN'),
    interval: hosted.intervalSchema,
    nextBillingDate: z.nullable(hosted.isoDateSchema),
  }),
  automaticDebitEnabled: z.boolean(),
  /** The subscription's invoice callbackUrl when it is a valid HTTPS URL, else null. */
  returnUrl: returnUrlWireSchema,
  /** Whether the customer may still resolve accounts and submit an authorization. */
  setupOpen: z.boolean(),
  expiresAt: hosted.isoTimestampSchema,
  mandate: z.nullable(mandateSchema),
  /**
   * The service's time (for this link's mode) when it answered. The page judges the service's
   * deadlines (the activation transfer's) against it, never against the phone's own clock.
   */
  serverTime: hosted.isoTimestampSchema,
});
export type SetupState = z.infer<typeof setupStateSchema>;
export const setupStateResponseSchema = z.object({ data: setupStateSchema });

const accountNumberSchema = z
  .string()
  .check(z.regex(/^\d{10}$/, { error: 'bankAccountNumber must be exactly 10 digits (NUBAN)' }));

export const resolveAccountRequestSchema = z.strictObject({
  bankId: z.string().check(z.minLength(1), z.maxLength(40)),
  bankAccountNumber: accountNumberSchema,
});
export type ResolveAccountRequest = z.infer<typeof resolveAccountRequestSchema>;

export const resolveAccountResponseSchema = z.object({
  data: z.object({ accountName: z.string() }),
});

/**
 * `POST /direct-debit/setup`: the authorization. No account name: the service resolves it again
 * (Rules for the hosted setup, 2). `consent` must be true.
 */
export const setupSubmitRequestSchema = z.object({
  bankId: z.string().check(z.minLength(1), z.maxLength(40)),
  bankAccountNumber: accountNumberSchema,
  consent: z.literal(true, { error: 'consent must be true' }),
});
export type SetupSubmitRequest = z.infer<typeof setupSubmitRequestSchema>;

/** `POST /direct-debit/setup/disable`: body `{}`. */
export const setupDisableRequestSchema = z.strictObject({});
