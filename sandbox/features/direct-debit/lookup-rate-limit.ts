/**
 * Rate limit of account-name lookups in the hosted setup (service-api.md, "Rules for the hosted
 * setup", 1; the rate is ours: the document leaves it "not shown").
 *
 * Per setup link, at most {@link lookupLimit} lookups in any {@link lookupWindowMs} window
 * (sliding). Only the instants are stored, never the bank or account looked up.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import { execute, queryAll, type Db } from '../../db/database';

/** Lookups allowed per window. */
export const lookupLimit = 5;
/** Length of the sliding window, in milliseconds (60 s). */
export const lookupWindowMs = 60_000;

/**
 * Counts one lookup for `linkId` at `now`, or refuses it.
 * @throws ApiError 429 RATE_LIMITED with `Retry-After` (whole seconds, at least 1) until the
 *   oldest lookup in the window leaves it. A refused lookup is not counted.
 */
export function recordLookup(db: Db, linkId: string, now: Date): void {
  const nowMs = now.getTime();
  const recent = queryAll(
    db,
    'SELECT at_ms FROM setup_lookups WHERE link_id = ? AND at_ms > ? ORDER BY at_ms',
    [linkId, nowMs - lookupWindowMs],
    z.object({ at_ms: z.number() }),
  );
  if (recent.length >= lookupLimit) {
    const oldest = recent[recent.length - lookupLimit]?.at_ms ?? nowMs;
    const retryAfter = Math.max(1, Math.ceil((oldest + lookupWindowMs - nowMs) / 1000));
    throw new ApiError(
      429,
      `Too many account lookups. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      { code: errorCodes.rateLimited, headers: { 'retry-after': String(retryAfter) } },
    );
  }
  execute(db, 'INSERT INTO setup_lookups (link_id, at_ms) VALUES (?, ?)', [linkId, nowMs]);
}

/**
 * Forgets the lookups of `mode`'s setup links that no window can count any more, by `now` of that
 * mode's clock (lookup instants are recorded by the link's mode clock).
 */
export function purgeOldLookups(db: Db, mode: Mode, now: Date): void {
  execute(
    db,
    `DELETE FROM setup_lookups WHERE at_ms <= ?
       AND link_id IN (SELECT id FROM setup_links WHERE mode = ?)`,
    [now.getTime() - lookupWindowMs, mode],
  );
}
