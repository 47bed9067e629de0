/**
 * Rate limit of account-name lookups in the hosted setup (service-api.md, "Rules for the hosted
 * setup", 1; the rate is ours: the document leaves it "not shown").
 *
 * Per setup link, at most {@link lookupLimit} lookups in any {@link lookupWindowMs} window
 * (sliding). Both ways a link holder can learn an account name count: `resolve-account` and the
 * resolution `POST /direct-debit/setup` makes before submitting (rule 2), since a rejected
 * mandate shows the name and leaves setup open.
 *
 * Only the instants are stored in the database, never the bank or account looked up ("lookup
 * details are not stored"). So that a submit of the account the customer has just resolved is not
 * counted twice, the process keeps, in memory only and for one window, a keyed digest of each
 * counted (link, bank, account) under a random key made at start-up; a restart forgets it (a
 * submit then counts once more, never less).
 *
 * A `resolve-account` sent with an Idempotency-Key (the page's retry after a lost answer) is
 * counted once: the same key with the same (bank, account) within the window is answered afresh
 * without being counted again, and with another (bank, account) is a conflict. The keys are kept
 * the same way, as keyed digests in memory for one window (docs/decisions/0023).
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import { ApiError } from '../../core/api-error';
import { hmacBase64Url, randomSecret } from '../../core/crypto';
import { idempotencyKeyConflict } from '../../core/idempotency';
import { execute, queryAll, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const lookupTimeRowSchema = z.object({ at_ms: z.number() });

/** Lookups allowed per window. */
export const lookupLimit = 5;
/** Length of the sliding window, in milliseconds (60 s). */
export const lookupWindowMs = 60_000;

/** One account-name resolution by a setup link: the link, its mode, and the (bank, account). */
export interface Lookup {
  linkId: string;
  mode: Mode;
  bankId: string;
  accountNumber: string;
}

/**
 * What one link had counted in the last window: digests of (bank, account) pairs → when, and
 * digests of Idempotency-Keys → the pair they looked up and when.
 */
interface LinkMemo {
  mode: Mode;
  pairs: Map<string, number>;
  keys: Map<string, { pair: string; atMs: number }>;
}

// Per database (one per sandbox), per link.
const countedPairs = new WeakMap<Db, Map<string, LinkMemo>>();
const pairKey = randomSecret(32);

function pairDigest(lookup: Lookup): string {
  return hmacBase64Url(pairKey, `${lookup.linkId}\n${lookup.bankId}\n${lookup.accountNumber}`);
}

function linkMemo(db: Db, lookup: Lookup): LinkMemo {
  let links = countedPairs.get(db);
  if (links === undefined) {
    links = new Map();
    countedPairs.set(db, links);
  }
  let memo = links.get(lookup.linkId);
  if (memo === undefined) {
    memo = { mode: lookup.mode, pairs: new Map(), keys: new Map() };
    links.set(lookup.linkId, memo);
  }
  return memo;
}

function countLookup(db: Db, lookup: Lookup, now: Date): void {
  const nowMs = now.getTime();
  const recent = queryAll(
    db,
    'SELECT at_ms FROM setup_lookups WHERE link_id = ? AND at_ms > ? ORDER BY at_ms',
    [lookup.linkId, nowMs - lookupWindowMs],
    lookupTimeRowSchema,
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
  execute(db, 'INSERT INTO setup_lookups (link_id, at_ms) VALUES (?, ?)', [lookup.linkId, nowMs]);
  linkMemo(db, lookup).pairs.set(pairDigest(lookup), nowMs);
}

/**
 * Counts one `resolve-account` lookup by `lookup.linkId` at `now` (the link mode's clock), or
 * refuses it. With `idempotencyKey` (optional), a retry of a lookup this link counted under the
 * same key within the last {@link lookupWindowMs} is not counted again.
 * @throws ApiError 429 RATE_LIMITED with `Retry-After` (whole seconds, at least 1) until the
 *   oldest lookup in the window leaves it. A refused lookup is not counted.
 * @throws ApiError 409 (no code, as every idempotency conflict) when the key looked up another (bank, account)
 *   within the window.
 */
export function recordLookup(
  db: Db,
  lookup: Lookup,
  now: Date,
  idempotencyKey: string | null = null,
): void {
  if (idempotencyKey === null) {
    countLookup(db, lookup, now);
    return;
  }
  const { keys } = linkMemo(db, lookup);
  const keyDigest = hmacBase64Url(pairKey, `${lookup.linkId}\n${idempotencyKey}`);
  const pair = pairDigest(lookup);
  const earlier = keys.get(keyDigest);
  if (earlier !== undefined && earlier.atMs > now.getTime() - lookupWindowMs) {
    if (earlier.pair === pair) return;
    throw idempotencyKeyConflict('request body');
  }
  countLookup(db, lookup, now);
  keys.set(keyDigest, { pair, atMs: now.getTime() });
}

/**
 * Counts the name resolution of `POST /direct-debit/setup` against the same per-link limit as
 * {@link recordLookup}, except when this link already had this (bank, account) counted within the
 * last {@link lookupWindowMs} (the customer resolved it, then confirmed): that name is known to
 * the link holder already, so counting it again would only punish the normal flow.
 * @throws ApiError 429 RATE_LIMITED with `Retry-After`, exactly as {@link recordLookup}.
 */
export function recordSubmitLookup(db: Db, lookup: Lookup, now: Date): void {
  const countedAt = linkMemo(db, lookup).pairs.get(pairDigest(lookup));
  if (countedAt !== undefined && countedAt > now.getTime() - lookupWindowMs) return;
  countLookup(db, lookup, now);
}

/**
 * Forgets the lookups of `mode`'s setup links that no window can count any more, by `now` of that
 * mode's clock (lookup instants are recorded by the link's mode clock), in the database and in
 * the in-memory pair digests.
 */
export function purgeOldLookups(db: Db, mode: Mode, now: Date): void {
  const horizon = now.getTime() - lookupWindowMs;
  execute(
    db,
    `DELETE FROM setup_lookups WHERE at_ms <= ?
       AND link_id IN (SELECT id FROM setup_links WHERE mode = ?)`,
    [horizon, mode],
  );
  const links = countedPairs.get(db);
  if (links === undefined) return;
  for (const [linkId, memo] of links) {
    if (memo.mode !== mode) continue;
    for (const [digest, atMs] of memo.pairs) if (atMs <= horizon) memo.pairs.delete(digest);
    for (const [digest, { atMs }] of memo.keys) if (atMs <= horizon) memo.keys.delete(digest);
    if (memo.pairs.size === 0 && memo.keys.size === 0) links.delete(linkId);
  }
}
