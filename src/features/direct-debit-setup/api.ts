/**
 * Server data of the direct-debit setup page (service-api.md, "Hosted customer setup"): the
 * setup and the bank list as TanStack Query `queryOptions`, and the account lookup and the
 * authorization as `mutationOptions`. Every call sends the link's capability token in
 * `x-direct-debit-token` and nothing else identifies the customer. Amounts are naira.
 */
import { mutationOptions, queryOptions, replaceEqualDeep } from '@tanstack/react-query';
import type {
  ResolveAccountRequest,
  SetupState,
  SetupSubmitRequest,
} from '../../../contract/direct-debit';
import { setupRoutes as routes } from '../../../contract/routes-setup';
import { errorCodes } from '../../../contract/errors';
import type { Bank } from '../../../contract/banks';
import { apiRequest, parseAnswer, type RawAnswer } from '../../lib/api-client';
import { tokenHeader } from '../../lib/capability-token';
import { classifyFailure } from '../../lib/classify-failure';
import { hostedReadOptions } from '../../lib/hosted-reads';
import { isOlderMandate, type RequestFailure } from './machine';

/**
 * The setup state (`SetupState`) in an answer of `GET /direct-debit/setup`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectSetup(answer: RawAnswer): SetupState {
  return parseAnswer(routes.getSetup, answer).data;
}

/**
 * The banks offered for direct debit (`Bank[]`) in an answer of `GET /direct-debit/setup/banks`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectBanks(answer: RawAnswer): Bank[] {
  return parseAnswer(routes.listSetupBanks, answer).data;
}

/**
 * The answer of `GET /direct-debit/setup` that carries `setup`: what the query caches
 * ({@link RawAnswer}) for the setup state that an authorization or a disable call answered with
 * (the same `SetupState` body), so the page shows it at once without asking again.
 */
export function setupAnswer(setup: SetupState): RawAnswer {
  return { status: 200, body: { data: setup }, requestId: null };
}

function setupIn(answer: unknown): SetupState | null {
  if (typeof answer !== 'object' || answer === null || !('body' in answer)) return null;
  const parsed = routes.getSetup.response.safeParse(answer.body);
  return parsed.success ? parsed.data.data : null;
}

/**
 * The cached answer to keep when `next` arrives: `previous` when `next` carries an older mandate
 * than it (`isOlderMandate`: a check sent before the customer's disable call, answered after it),
 * else `next` (sharing unchanged parts, as TanStack Query does by default).
 */
export function keepNewerSetup(previous: unknown, next: unknown): unknown {
  const shown = setupIn(previous)?.mandate ?? null;
  const incoming = setupIn(next)?.mandate ?? null;
  if (shown !== null && incoming !== null && isOlderMandate(incoming, shown)) return previous;
  return replaceEqualDeep(previous, next);
}

/**
 * `GET /direct-debit/setup`: the setup state, prefetched by the entry (src/lib/hosted-reads.ts)
 * and parsed by {@link selectSetup}. Always fresh (`staleTime: 0`): the mandate status changes
 * on the server and the page polls it. An answer older than the one shown is dropped
 * ({@link keepNewerSetup}).
 * @throws ApiError | NetworkError | TimeoutError after `hostedReadTimeoutMs` (src/lib/api-client.ts)
 */
export function setupQueryOptions(token: string) {
  return queryOptions({
    ...hostedReadOptions({ read: 'getSetup' }, token),
    select: selectSetup,
    staleTime: 0,
    structuralSharing: keepNewerSetup,
  });
}

/**
 * `GET /direct-debit/setup/banks`: the banks offered for direct debit, prefetched by the entry and
 * parsed by {@link selectBanks}. The list does not change while the page is open.
 * @throws ApiError | NetworkError | TimeoutError after `hostedReadTimeoutMs` (src/lib/api-client.ts)
 */
export function banksQueryOptions(token: string) {
  return queryOptions({
    ...hostedReadOptions({ read: 'listSetupBanks' }, token),
    select: selectBanks,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `POST /direct-debit/setup/resolve-account`: the account holder's name for `{ bankId,
 * bankAccountNumber }` (rate limited; only while setup is open; Hosted customer setup, rule 1).
 * @throws ApiError (e.g. ACCOUNT_NOT_FOUND, RATE_LIMITED with retryAfterSeconds) | NetworkError
 */
export function resolveAccountMutationOptions(token: string) {
  return mutationOptions({
    mutationKey: ['direct-debit-setup', 'resolve-account'],
    mutationFn: async (request: ResolveAccountRequest) =>
      (await apiRequest(routes.resolveAccount, { token: tokenHeader('dd', token), body: request }))
        .data,
  });
}

/**
 * `POST /direct-debit/setup`: the customer's authorization `{ bankId, bankAccountNumber,
 * consent: true }`; no account name (the service resolves it again, rule 2). Answers with the new
 * setup state, whose mandate the status view shows. Never retried automatically: the request is
 * not idempotent.
 * @throws ApiError | NetworkError | TimeoutError after `hostedReadTimeoutMs` (src/lib/api-client.ts)
 */
export function submitSetupMutationOptions(token: string) {
  return mutationOptions({
    mutationKey: ['direct-debit-setup', 'submit'],
    mutationFn: async (request: SetupSubmitRequest) =>
      (await apiRequest(routes.submitSetup, { token: tokenHeader('dd', token), body: request }))
        .data,
    retry: false,
  });
}

/**
 * `POST /direct-debit/setup/disable` `{}`: the customer turns automatic debit off; the service
 * requests revocation of the mandate. Answers with the new setup state (the mandate now
 * `revocation_requested`). Not retried by itself: the customer confirms each attempt.
 * @throws ApiError | NetworkError | TimeoutError after `hostedReadTimeoutMs` (src/lib/api-client.ts)
 */
export function disableSetupMutationOptions(token: string) {
  return mutationOptions({
    mutationKey: ['direct-debit-setup', 'disable'],
    mutationFn: async () =>
      (await apiRequest(routes.disableSetup, { token: tokenHeader('dd', token), body: {} })).data,
    retry: false,
  });
}

/**
 * What the setup flow does after a failed call (src/lib/classify-failure.ts; service-api.md,
 * "Errors" and "Hosted customer setup"). Never throws.
 */
export function classifySetupFailure(error: unknown): RequestFailure {
  return classifyFailure(error, {
    linkCodes: {
      [errorCodes.invalidSetupLink]: 'unknown',
      [errorCodes.setupLinkExpired]: 'expired',
      [errorCodes.setupLinkRevoked]: 'revoked',
    },
    codes: {
      [errorCodes.accountNotFound]: 'accountNotFound',
      [errorCodes.invalidAccountNumber]: 'accountNotFound',
      [errorCodes.unknownBank]: 'bankNotSupported',
      [errorCodes.setupClosed]: 'setupChanged',
      [errorCodes.directDebitNotEnabled]: 'setupChanged',
      [errorCodes.conflict]: 'setupChanged',
    },
    statuses: { 409: 'setupChanged' },
  });
}
