/**
 * Capability tokens of hosted links (product.md, "Links and tokens";
 * docs/decisions/0003-capability-tokens.md).
 *
 * token = base64url(HMAC-SHA256(link secret, `<linkId>:<version>`)): 256 bits, recomputable, so
 * the API can return the same link again while the database holds only `sha256(token)`. Bumping a
 * link's version revokes its old token.
 *
 * Responses that carry a token are stored for idempotent replay with the token replaced by a
 * placeholder ({@link redactTokens}); a replay recomputes it ({@link restoreTokens}). So no token
 * ever reaches the database file.
 *
 * A replay must never mint a token the stored answer did not hold (issue 26): placeholders are
 * written between two U+0001 marks, which no JSON text holds raw (`JSON.stringify` escapes every
 * control character, and request bodies refuse them), so text a merchant sent, such as a
 * `{{capability:lnk_…:1}}` in `metadata`, can never pass for one; and a placeholder becomes a
 * token only for a link of the replaying caller's merchant and mode.
 */
import { z } from 'zod';
import type { Mode } from '../../contract/common';
import { queryOne, type Db } from '../db/database';
import { hmacBase64Url, sha256Hex } from './crypto';

// Row schemas built once: building a zod object costs far more than parsing with it.
const foundRowSchema = z.object({ found: z.number() });

/** Tokens already derived, by link secret and `linkId:version` (see {@link deriveCapabilityToken}). */
const derivedTokens = new WeakMap<Buffer, Map<string, string>>();

/** Most tokens kept per link secret; the whole cache is dropped when it is full. */
const maxDerivedTokens = 10_000;

/**
 * The token of link `linkId` at `version`: HMAC-SHA256 of `linkId:version` under `linkSecret`,
 * base64url. Kept once derived (in this process, beside the secret it comes from): a page of 100
 * payments renders 100 checkout links on every read, and the HMAC was the costliest part of each.
 */
export function deriveCapabilityToken(linkSecret: Buffer, linkId: string, version: number): string {
  let cache = derivedTokens.get(linkSecret);
  if (cache === undefined) {
    cache = new Map();
    derivedTokens.set(linkSecret, cache);
  }
  const message = `${linkId}:${version}`;
  let token = cache.get(message);
  if (token === undefined) {
    if (cache.size >= maxDerivedTokens) cache.clear();
    token = hmacBase64Url(linkSecret, message);
    cache.set(message, token);
  }
  return token;
}

/** What the database stores to find a link by its token: lowercase hex SHA-256. */
export function hashCapabilityToken(token: string): string {
  return sha256Hex(token);
}

/** A token handed out in the current response, and the link it belongs to. */
export interface IssuedToken {
  token: string;
  linkId: string;
  version: number;
}

/** Around every placeholder: U+0001, never raw in JSON text, so only the sandbox writes one. */
const mark = '\u0001';
// eslint-disable-next-line no-control-regex -- the mark is a control character on purpose
const placeholderPattern = /\u0001capability:([a-z0-9_]+):(\d+)\u0001/g;

/** What a placeholder of a link the caller may not open becomes on replay (never a token). */
export const withheldToken = '[REDACTED]';

/**
 * `text` (JSON text, as `JSON.stringify` writes it) with every issued token replaced by the
 * placeholder `\u0001capability:<linkId>:<version>\u0001`.
 */
export function redactTokens(text: string, issued: readonly IssuedToken[]): string {
  let out = text;
  for (const { token, linkId, version } of issued) {
    out = out.split(token).join(`${mark}capability:${linkId}:${version}${mark}`);
  }
  return out;
}

/** Whose replay it is: the merchant and mode of the idempotency key's owner. */
export interface TokenOwner {
  merchantId: string;
  mode: Mode;
}

/**
 * True when `linkId` is a link of `owner`'s merchant in `owner`'s mode: a setup link, an invoice's
 * checkout link, or a payment's checkout link.
 */
export function isLinkOf(db: Db, linkId: string, owner: TokenOwner): boolean {
  const params = [linkId, owner.merchantId, owner.mode];
  const found = queryOne(
    db,
    `SELECT 1 AS found FROM setup_links WHERE id = ? AND merchant_id = ? AND mode = ?
     UNION ALL SELECT 1 FROM checkout_links WHERE id = ? AND merchant_id = ? AND mode = ?
     UNION ALL SELECT 1 FROM payments WHERE link_id = ? AND merchant_id = ? AND mode = ?
     LIMIT 1`,
    [...params, ...params, ...params],
    foundRowSchema,
  );
  return found !== null;
}

/**
 * `text` with every placeholder written by {@link redactTokens} replaced by its token again, when
 * `mayOpen(linkId)` (the replaying caller's link: {@link isLinkOf}); otherwise by
 * {@link withheldToken}. Nothing else in `text` is touched: the legacy `{{capability:…}}` form
 * stays text.
 */
export function restoreTokens(
  text: string,
  linkSecret: Buffer,
  mayOpen: (linkId: string) => boolean,
): string {
  return text.replace(placeholderPattern, (_match, linkId: string, version: string) =>
    mayOpen(linkId) ? deriveCapabilityToken(linkSecret, linkId, Number(version)) : withheldToken,
  );
}
