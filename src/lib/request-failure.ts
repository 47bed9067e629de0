/**
 * What every hosted page says of a failed request (product.md, "Every page"; service-api.md,
 * "Errors"), in the active language: no answer, too many attempts (429 with `Retry-After`), or
 * any other answer the page cannot act on.
 */
import { translate } from '../messages/i18n';

/**
 * A failed request as a page shows it: a page's `RequestFailure` (src/lib/classify-failure.ts)
 * other than a refused link. `network` (no answer) has no request id; `rateLimited` carries the
 * wait from `Retry-After` in seconds; any other kind reads as unexpected.
 */
export interface ShownFailure {
  kind: string;
  requestId?: string | null;
  retryAfterSeconds?: number | null;
}

/** "Too many attempts. Wait 30 s, then try again." (`seconds` from Retry-After, null if absent). */
export function rateLimitedMessage(seconds: number | null): string {
  return seconds === null
    ? translate('common.failure.rateLimited')
    : translate('common.failure.rateLimitedFor', { seconds });
}

/** The sentence for `failure`: no answer, the rate limit's wait, else "something went wrong". */
export function failureMessage(failure: ShownFailure): string {
  if (failure.kind === 'network') return translate('common.failure.network');
  if (failure.kind === 'rateLimited') return rateLimitedMessage(failure.retryAfterSeconds ?? null);
  return translate('common.failure.unexpected');
}
