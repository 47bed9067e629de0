/**
 * The error body every failed request returns (service-api.md, "Errors").
 *
 * `requestId` is also sent as the `x-request-id` response header. `code` is present where a
 * machine-readable reason applies; the codes we use are listed in {@link errorCodes}.
 *
 * `zod/mini`: every page's entry reads error bodies (docs/decisions/0018-first-load-bytes.md).
 */
import { z } from 'zod/mini';

/** Response header that carries the request id on every response, success or error. */
export const requestIdHeader = 'x-request-id';

export const errorBodySchema = z.object({
  statusCode: z.int(),
  message: z.string(),
  requestId: z.string(),
  code: z.optional(z.string()),
  path: z.string(),
  timestamp: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Machine-readable error codes. The interface document names the payout ones; the rest are ours
 * (it leaves the complete list "not shown"). Where its error table gives a condition no code (an
 * invalid API key, an Idempotency-Key conflict), none is sent.
 */
export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  invalidJson: 'INVALID_JSON',
  idempotencyKeyRequired: 'IDEMPOTENCY_KEY_REQUIRED',
  idempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  insufficientScope: 'INSUFFICIENT_SCOPE',
  directDebitNotEnabled: 'DIRECT_DEBIT_NOT_ENABLED',
  invalidSetupLink: 'INVALID_SETUP_LINK',
  setupLinkExpired: 'SETUP_LINK_EXPIRED',
  setupLinkRevoked: 'SETUP_LINK_REVOKED',
  setupClosed: 'SETUP_CLOSED',
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  invalidAccountNumber: 'INVALID_ACCOUNT_NUMBER',
  unknownBank: 'UNKNOWN_BANK',
  rateLimited: 'RATE_LIMITED',
  invalidCheckoutLink: 'INVALID_CHECKOUT_LINK',
  conflict: 'CONFLICT',
  testModeOnly: 'TEST_MODE_ONLY',
  payoutNotEnabled: 'PAYOUT_NOT_ENABLED',
  payoutIpWhitelistRequired: 'PAYOUT_IP_WHITELIST_REQUIRED',
  payoutIpNotAllowed: 'PAYOUT_IP_NOT_ALLOWED',
  // Payout gates the document names without a code (Authentication, rule 5): codes are ours.
  liveModeRequired: 'LIVE_MODE_REQUIRED',
  kycNotApproved: 'KYC_NOT_APPROVED',
  beneficiaryNotVerified: 'BENEFICIARY_NOT_VERIFIED',
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  payoutLimitExceeded: 'PAYOUT_LIMIT_EXCEEDED',
  webhookEndpointRequired: 'WEBHOOK_ENDPOINT_REQUIRED',
  // Checkout, virtual accounts and renewal debits (docs/decisions/0010): codes are ours.
  virtualAccountExpired: 'VIRTUAL_ACCOUNT_EXPIRED',
  invoiceAlreadyPaid: 'INVOICE_ALREADY_PAID',
  debitInProgress: 'DEBIT_IN_PROGRESS',
  paymentNotPending: 'PAYMENT_NOT_PENDING',
  /** A reserved account exists for the customer's e-mail with other details (name, phone). */
  reservedAccountConflict: 'RESERVED_ACCOUNT_CONFLICT',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
