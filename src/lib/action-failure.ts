/**
 * Why a customer's action got no answer, by what the page tells them (product.md, "Every page":
 * "an action that cannot reach the service fails clearly with the input kept";
 * docs/decisions/0023-offline-actions-and-hosted-idempotency.md).
 */
import { NetworkError, OfflineError } from './api-client';

/**
 * - `offline`: not sent, the device was offline ({@link OfflineError}): nothing has changed.
 * - `noAnswer`: sent, but no answer came (a network failure or the write's time bound): it may
 *   have been applied, so the retry must reuse the attempt's idempotency key (action-key.ts).
 */
export type UnansweredAction = 'offline' | 'noAnswer';

/**
 * The reason `error` (from `api-client.ts`) left the action unanswered, or null when the service
 * answered (an `ApiError`, which the page reads with `classify-failure.ts`) or for anything else.
 */
export function unansweredActionOf(error: unknown): UnansweredAction | null {
  if (error instanceof OfflineError) return 'offline';
  if (error instanceof NetworkError) return 'noAnswer';
  return null;
}
