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
import { apiRequest, hostedWriteTimeoutMs } from '../../lib/api-client';
import { tokenHeader } from '../../lib/capability-token';
import { classifyFailure } from '../../lib/classify-failure';
import { hostedReadOptions } from '../../lib/hosted-reads';
import type { ActionKey } from '../../lib/use-action-key';
import type { RequestFailure } from './flow-state';
import { selectBanks, selectSetup } from './setup-answer';
import { isOlderMandate } from './setup-rules';

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
 * `GET /direct-debit/setup`: the setup state, prefetched as the app starts (src/lib/hosted-reads.ts)
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
 * `GET /direct-debit/setup/banks`: the banks offered for direct debit, prefetched as the app starts
 * and parsed by {@link selectBanks}. The list does not change while the page is open.
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
 * The setup's hosted writes (decision 0023): the link's token, bounded by `hostedWriteTimeoutMs`
 * (15 s), with the attempt's Idempotency-Key from `actionKey` (the same key for the same input
 * after no answer), the attempt settled when it ends. Never retried automatically: the customer
 * retries, with the same key.
 */
function hostedWrite<I>(token: string, actionKey: ActionKey<I>, input: I) {
  return {
    token: tokenHeader('directDebitSetup', token),
    timeoutMs: hostedWriteTimeoutMs,
    idempotencyKey: actionKey.keyFor(input),
  };
}
const settledWith =
  <I>(actionKey: ActionKey<I>) =>
  (_answer: unknown, error: unknown) =>
    actionKey.settle(error);

/**
 * `POST /direct-debit/setup/resolve-account`: the account holder's name for `{ bankId,
 * bankAccountNumber }` (rate limited; only while setup is open; Hosted customer setup, rule 1).
 * With `actionKey`'s Idempotency-Key: a retry of the same pair after no answer is not counted
 * again against the link's limit (`count-once`, decision 0023).
 * @throws ApiError (e.g. ACCOUNT_NOT_FOUND, RATE_LIMITED with retryAfterSeconds) | NetworkError
 *   (OfflineError: not sent; TimeoutError after 15 s)
 */
export function resolveAccountMutationOptions(
  token: string,
  actionKey: ActionKey<ResolveAccountRequest>,
) {
  return mutationOptions({
    mutationKey: ['directDebitSetup', 'resolve-account'],
    mutationFn: async (request: ResolveAccountRequest) =>
      (
        await apiRequest(routes.resolveAccount, {
          ...hostedWrite(token, actionKey, request),
          body: request,
        })
      ).data,
    retry: false,
    onSettled: settledWith(actionKey),
  });
}

/**
 * `POST /direct-debit/setup`: the customer's authorization `{ bankId, bankAccountNumber,
 * consent: true }`; no account name (the service resolves it again, rule 2). Answers with the new
 * setup state, whose mandate the status view shows. A retry of the same authorization after no
 * answer sends the same Idempotency-Key (`actionKey`): the service replays its first answer and
 * never creates a second mandate (decision 0023).
 * @throws ApiError | NetworkError (OfflineError: not sent; TimeoutError after 15 s)
 */
export function submitSetupMutationOptions(
  token: string,
  actionKey: ActionKey<SetupSubmitRequest>,
) {
  return mutationOptions({
    mutationKey: ['directDebitSetup', 'submit'],
    mutationFn: async (request: SetupSubmitRequest) =>
      (
        await apiRequest(routes.submitSetup, {
          ...hostedWrite(token, actionKey, request),
          body: request,
        })
      ).data,
    retry: false,
    onSettled: settledWith(actionKey),
  });
}

/**
 * `POST /direct-debit/setup/disable` `{}`: the customer turns automatic debit off; the service
 * requests revocation of the mandate. Answers with the new setup state (the mandate now
 * `revocation_requested`). Not retried by itself: the customer confirms each attempt; a retry
 * after no answer sends the same Idempotency-Key (`actionKey`), so one revocation is requested.
 * @throws ApiError | NetworkError (OfflineError: not sent; TimeoutError after 15 s)
 */
export function disableSetupMutationOptions(
  token: string,
  actionKey: ActionKey<Record<string, never>>,
) {
  return mutationOptions({
    mutationKey: ['directDebitSetup', 'disable'],
    mutationFn: async () =>
      (await apiRequest(routes.disableSetup, { ...hostedWrite(token, actionKey, {}), body: {} }))
        .data,
    retry: false,
    onSettled: settledWith(actionKey),
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
