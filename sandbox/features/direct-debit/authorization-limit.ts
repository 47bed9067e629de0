/**
 * Limit of mandate authorizations per setup link (issue 26, point 7; ours: the interface document
 * rate-limits account resolution, "Rules for the hosted setup" 1, and names no limit here).
 *
 * Setup stays open after a rejected mandate so the customer can try another account, and each
 * `POST /direct-debit/setup` that passes its checks is a new request to the bank (in a live
 * system). Without a bound, 100 submissions of a rejected account made 100 mandates in a second.
 * So at most {@link authorizationLimit} authorizations in any {@link authorizationWindowMs}
 * (sliding) per setup link, then `429 RATE_LIMITED` with `Retry-After`, the answer and code of
 * the lookup limit (lookup-rate-limit.ts).
 *
 * What is counted is the mandates themselves (kept as history, rejected ones included), by their
 * `created_at` on the link mode's clock, for the link's subscription: a new link for the same
 * subscription (after a revocation or expiry) does not reset the count, and nothing else is
 * stored. A refused submission creates nothing, so it does not count.
 */
import { z } from 'zod';
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import { queryAll, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const createdAtRowSchema = z.object({ created_at: z.string() });

/** Authorizations allowed per setup link in one window. */
export const authorizationLimit = 3;
/** Length of the sliding window, in milliseconds (10 minutes). */
export const authorizationWindowMs = 10 * 60_000;

/**
 * Refuses an authorization on a link of `subscriptionId` when the last
 * {@link authorizationWindowMs} (by `now`, the link mode's clock) already hold
 * {@link authorizationLimit} mandates of that subscription.
 * @throws ApiError 429 RATE_LIMITED with `Retry-After` in whole seconds (at least 1): until the
 *   oldest authorization of the window leaves it.
 */
export function assertAuthorizationAllowed(db: Db, subscriptionId: string, now: Date): void {
  const since = new Date(now.getTime() - authorizationWindowMs).toISOString();
  const recent = queryAll(
    db,
    'SELECT created_at FROM mandates WHERE subscription_id = ? AND created_at > ? ORDER BY created_at',
    [subscriptionId, since],
    createdAtRowSchema,
  );
  if (recent.length < authorizationLimit) return;
  const oldest = Date.parse(recent[recent.length - authorizationLimit]?.created_at ?? since);
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest + authorizationWindowMs - now.getTime()) / 1000),
  );
  throw new ApiError(
    429,
    `Too many authorizations on this setup link. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    { code: errorCodes.rateLimited, headers: { 'retry-after': String(retryAfter) } },
  );
}
