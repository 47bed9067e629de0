/**
 * Turns an error from `api-client.ts` into what a hosted page does next, for all three pages
 * (setup, checkout, invoice). Codes are those of `contract/errors.ts`; where the server sends no
 * code, or a code the page gives no meaning, the HTTP status decides (service-api.md, "Errors";
 * product.md, "Links and tokens": capability routes answer an unusable token with 401/403/404 and
 * an old one with 410). What differs between pages is data, {@link FailureRules}; the wording of
 * each failure stays with each page.
 */
import { errorCodes } from '../../contract/errors';
import type { HostedMerchant, Language, Mode } from '../../contract/hosted-common';
import { ApiError, NetworkError } from './api-client';

/** Why the server refused a link. */
export type RefusedLinkReason = 'unknown' | 'expired' | 'revoked';

/**
 * A hosted page's invalid-link view: why (`R`: no token, a mangled one, or the server's refusal
 * reasons the page tells apart), the server's request id, and the merchant and mode when the link
 * stopped working after the page had loaded (for the header and the test banner), and the
 * merchant's `preferredLanguage` of that last answer, so the page keeps speaking it.
 */
export interface InvalidLinkState<R extends string> {
  kind: 'invalidLink';
  reason: R;
  requestId: string | null;
  merchant: HostedMerchant | null;
  mode: Mode | null;
  /** The last answer's `preferredLanguage`; null when none (or no answer yet). */
  preferredLanguage: Language | null;
}

/**
 * The invalid-link view for `reason` with the server's `requestId` (null when nothing was asked),
 * showing the merchant and mode of `lastAnswer`, the page's last answer when it had one.
 */
export function invalidLinkState<R extends string>(
  reason: R,
  requestId: string | null,
  lastAnswer:
    { merchant: HostedMerchant; mode: Mode; preferredLanguage: Language | null } | undefined,
): InvalidLinkState<R> {
  return {
    kind: 'invalidLink',
    reason,
    requestId,
    merchant: lastAnswer?.merchant ?? null,
    mode: lastAnswer?.mode ?? null,
    preferredLanguage: lastAnswer?.preferredLanguage ?? null,
  };
}

/**
 * A failed request, by what the page does next. `K`: the page's own kinds (e.g. `accountNotFound`);
 * `R`: the refusal reasons the page tells apart. `requestId` is the server's id to quote to
 * support, when the server answered.
 */
export type RequestFailure<K extends string, R extends RefusedLinkReason> =
  | { kind: 'invalidLink'; reason: R; requestId: string | null }
  /** Too many requests: wait `retryAfterSeconds` (from `Retry-After`; null when not sent). */
  | { kind: 'rateLimited'; retryAfterSeconds: number | null; requestId: string | null }
  | (K extends string ? { kind: K; requestId: string | null } : never)
  /** No answer reached the page. */
  | { kind: 'network' }
  /** Anything else: a 5xx, a contract breach, a 4xx the page does not expect. */
  | { kind: 'unexpected'; status: number; requestId: string | null };

/** What one page reads into the server's codes and statuses, beyond what every page reads. */
export interface FailureRules<K extends string, R extends RefusedLinkReason> {
  /** Codes that refuse the link: the reason, or `byStatus` (410 expired, anything else unknown). */
  linkCodes: Readonly<Partial<Record<string, R | 'byStatus'>>>;
  /** Codes with a meaning of the page's own. */
  codes: Readonly<Partial<Record<string, K>>>;
  /** Statuses with a meaning of the page's own, when the code did not decide. */
  statuses: Readonly<Partial<Record<number, K>>>;
}

/**
 * The page's reading of `error` by `rules`: a network failure; else by code (a refused link, a
 * rate limit, the page's codes); else by status (401/403/404 unknown link, 410 expired link, 429
 * rate limit, the page's statuses); anything else, and anything that is not an API or network
 * error, is unexpected. Never throws.
 */
export function classifyFailure<K extends string, R extends RefusedLinkReason>(
  error: unknown,
  rules: FailureRules<K, R>,
): RequestFailure<K, R | 'unknown' | 'expired'> {
  if (error instanceof NetworkError) return { kind: 'network' };
  if (!(error instanceof ApiError)) return { kind: 'unexpected', status: 0, requestId: null };

  const { code, status, requestId } = error;
  const rateLimited = {
    kind: 'rateLimited' as const,
    retryAfterSeconds: error.retryAfterSeconds,
    requestId,
  };
  // The page's kinds are plain strings to the compiler, which cannot match them to `K`'s members.
  const own = (kind: K) => ({ kind, requestId }) as RequestFailure<K, R>;
  const linkReason = code === null ? undefined : rules.linkCodes[code];
  if (linkReason !== undefined) {
    const reason = linkReason !== 'byStatus' ? linkReason : status === 410 ? 'expired' : 'unknown';
    return { kind: 'invalidLink', reason, requestId };
  }
  if (code === errorCodes.rateLimited) return rateLimited;
  const ownByCode = code === null ? undefined : rules.codes[code];
  if (ownByCode !== undefined) return own(ownByCode);
  if (status === 401 || status === 403 || status === 404) {
    return { kind: 'invalidLink', reason: 'unknown', requestId };
  }
  if (status === 410) return { kind: 'invalidLink', reason: 'expired', requestId };
  if (status === 429) return rateLimited;
  const ownByStatus = rules.statuses[status];
  if (ownByStatus !== undefined) return own(ownByStatus);
  return { kind: 'unexpected', status, requestId };
}
