/**
 * The error answers each route documents in the OpenAPI document (service-api.md, "Errors", whose
 * complete list of codes is "not shown": the codes are ours, contract/errors.ts, and
 * sandbox/README.md, "Keys, modes and errors"), by route name.
 *
 * Most follow from the route's own definition (contract/route.ts): a secret key can be refused
 * (401 without a code, the document's "Invalid API key"), a scope missing (403
 * INSUFFICIENT_SCOPE), a body malformed (400 INVALID_JSON, VALIDATION_FAILED, 413, 415), an
 * Idempotency-Key missing or reused (400, 409), a capability token invalid or expired. The rest are
 * the rules of one route (a payout gate, a closed setup, a rate limit), listed in
 * {@link ruleErrors} next to the handler that raises them.
 */
import { errorCodes, type ErrorCode } from '../../../contract/errors';
import type { RouteDef } from '../../../contract/route';
import type { RouteName } from '../../../contract/routes';
import { sandboxErrorCodes } from '../../core/api-error';

/** One documented failure: its HTTP status, its `code` (absent where the document gives none). */
export interface ErrorAnswer {
  status: number;
  code: ErrorCode | (typeof sandboxErrorCodes)[keyof typeof sandboxErrorCodes] | null;
  /** When it happens, in a merchant's words. */
  when: string;
}

const payoutGates: readonly ErrorAnswer[] = [
  { status: 403, code: errorCodes.liveModeRequired, when: 'the key is a test key' },
  { status: 403, code: errorCodes.kycNotApproved, when: "the business's KYC is not approved" },
  { status: 403, code: null, when: 'Payout API is not enabled for the business' },
  {
    status: 403,
    code: errorCodes.payoutIpWhitelistRequired,
    when: 'no IP whitelist is configured',
  },
  { status: 403, code: errorCodes.payoutIpNotAllowed, when: 'the request IP is not whitelisted' },
];

const bankAccountChecks: readonly ErrorAnswer[] = [
  {
    status: 400,
    code: errorCodes.invalidAccountNumber,
    when: 'the NUBAN check digit fails for the bank',
  },
  { status: 400, code: errorCodes.unknownBank, when: 'the bank id is not in the bank list' },
];

const setupLookup: readonly ErrorAnswer[] = [
  ...bankAccountChecks,
  { status: 404, code: errorCodes.accountNotFound, when: 'the bank knows no such account' },
  { status: 409, code: errorCodes.setupClosed, when: 'the setup is no longer open' },
  {
    status: 429,
    code: errorCodes.rateLimited,
    when: 'too many account lookups on this link: wait Retry-After seconds',
  },
];

const balanceRules: readonly ErrorAnswer[] = [
  { status: 422, code: errorCodes.insufficientBalance, when: 'the payout balance is too low' },
  {
    status: 422,
    code: errorCodes.payoutLimitExceeded,
    when: 'a single-transfer or daily limit would be exceeded',
  },
];

const conflict = (when: string): ErrorAnswer => ({ status: 409, code: errorCodes.conflict, when });
const debitInProgress: ErrorAnswer = {
  status: 409,
  code: errorCodes.debitInProgress,
  when: 'a mandate debit of this invoice is in flight',
};
const endpointRequired: ErrorAnswer = {
  status: 409,
  code: errorCodes.webhookEndpointRequired,
  when: "no webhook endpoint is set for the key's mode",
};

/**
 * Failures of a route's own rules (beyond what its definition implies), by route name; each list
 * mirrors the `@throws` of the route's handler in sandbox/features/.
 */
export const ruleErrors: { readonly [N in RouteName]?: readonly ErrorAnswer[] } = {
  createReservedAccount: [
    {
      status: 409,
      code: errorCodes.reservedAccountConflict,
      when: "a reserved account exists for the customer's e-mail with other details",
    },
  ],
  simulateTransfer: [
    {
      status: 409,
      code: errorCodes.virtualAccountExpired,
      when: 'the dynamic account has expired',
    },
  ],
  expireVirtualAccount: [conflict('the account is reserved or already expired')],
  reconcileDebit: [conflict('the invoice has no unknown debit to reconcile')],
  createSetupLink: [
    {
      status: 403,
      code: errorCodes.directDebitNotEnabled,
      when: "direct debit is off for the key's merchant and mode",
    },
    conflict('the subscription cannot take a mandate'),
  ],
  answerMandate: [conflict('there is no mandate, or it awaits no bank answer')],
  createInvoicePayment: [
    conflict('the invoice is already bound to another callbackUrl, or is not payable'),
    debitInProgress,
  ],
  submitCheckoutCustomer: [
    conflict('the payment is no longer pending, or other details were already given'),
  ],
  payInvoice: [
    { status: 409, code: errorCodes.invoiceAlreadyPaid, when: 'the invoice is already paid' },
    debitInProgress,
  ],
  resolveAccount: setupLookup,
  submitSetup: setupLookup,
  createBeneficiary: [...payoutGates, ...bankAccountChecks],
  createPayout: [
    ...payoutGates,
    { status: 404, code: errorCodes.notFound, when: "no such beneficiary in the key's mode" },
    {
      status: 422,
      code: errorCodes.beneficiaryNotVerified,
      when: 'the beneficiary is not verified',
    },
    ...balanceRules,
  ],
  createWithdrawal: [
    { status: 403, code: errorCodes.kycNotApproved, when: "the business's KYC is not approved" },
    ...bankAccountChecks,
    ...balanceRules,
  ],
  createSettlement: [
    {
      status: 403,
      code: errorCodes.liveModeRequired,
      when: 'a test key asks to settle live collections',
    },
    {
      status: 403,
      code: errorCodes.testModeOnly,
      when: 'a live key asks to settle test collections',
    },
  ],
  submitPayoutUseCase: [conflict('a use case is already awaiting review or approved')],
  reviewPayoutUseCase: [conflict('the use case was already reviewed')],
  replayWebhookEvent: [endpointRequired],
  sendTestWebhook: [endpointRequired],
};

/**
 * Every documented failure of route `name`: those its definition implies, then its own rules',
 * then 500 INTERNAL_ERROR (a bug: the body says nothing about the cause).
 */
export function errorAnswersOf(name: RouteName, route: RouteDef): ErrorAnswer[] {
  const answers: ErrorAnswer[] = [];
  if (route.auth === 'secretKey') {
    answers.push({
      status: 401,
      code: null,
      when: 'Invalid API key: missing, unknown, revoked or public',
    });
    if (route.scope !== undefined) {
      answers.push({
        status: 403,
        code: errorCodes.insufficientScope,
        when: `the key lacks the ${route.scope} scope`,
      });
    }
    if (route.testOnly === true) {
      answers.push({ status: 403, code: errorCodes.testModeOnly, when: 'the key is a live key' });
    }
    if (route.liveOnly === true) {
      answers.push({
        status: 403,
        code: errorCodes.liveModeRequired,
        when: 'the key is a test key',
      });
    }
    if (/:\w+/.test(route.path)) {
      answers.push({
        status: 404,
        code: errorCodes.notFound,
        when: "no such record in the key's merchant and mode",
      });
    }
  } else if (route.auth === 'directDebitToken') {
    answers.push(
      { status: 401, code: errorCodes.invalidSetupLink, when: 'the setup link token is not valid' },
      { status: 410, code: errorCodes.setupLinkExpired, when: 'the setup link has expired' },
      {
        status: 410,
        code: errorCodes.setupLinkRevoked,
        when: 'the business revoked the setup link',
      },
    );
  } else if (route.auth === 'checkoutToken') {
    answers.push({
      status: 401,
      code: errorCodes.invalidCheckoutLink,
      when: 'the payment or invoice link token is not valid',
    });
  }
  if (route.query !== undefined) {
    answers.push({
      status: 400,
      code: errorCodes.validationFailed,
      when: 'a query parameter breaks its schema',
    });
  }
  if (route.request !== undefined) {
    answers.push(
      { status: 400, code: errorCodes.invalidJson, when: 'the body is not valid JSON' },
      {
        status: 400,
        code: errorCodes.validationFailed,
        when: 'the body breaks the schema; every offending field is named',
      },
      {
        status: 413,
        code: sandboxErrorCodes.payloadTooLarge,
        when: 'the body is larger than 64 KB',
      },
      {
        status: 415,
        code: sandboxErrorCodes.unsupportedMediaType,
        when: 'Content-Type is not application/json',
      },
    );
  }
  if (route.idempotent) {
    if (route.hostedIdempotency === undefined) {
      answers.push({
        status: 400,
        code: errorCodes.idempotencyKeyRequired,
        when: 'no Idempotency-Key header',
      });
    }
    answers.push(
      {
        status: 400,
        code: errorCodes.idempotencyKeyInvalid,
        when: 'the Idempotency-Key is not 1 to 255 printable ASCII characters',
      },
      {
        // The interface document's error table gives this conflict no code.
        status: 409,
        code: null,
        when: 'the Idempotency-Key was used with another body or route',
      },
    );
  }
  answers.push(...(ruleErrors[name] ?? []));
  answers.push({
    status: 500,
    code: errorCodes.internal,
    when: 'a fault of the sandbox; quote requestId',
  });
  // One entry per (status, code): a rule may restate what the definition implies.
  const seen = new Set<string>();
  return answers.filter((answer) => {
    const key = `${answer.status} ${answer.code ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
