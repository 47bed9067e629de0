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
 */
import { hmacBase64Url, sha256Hex } from './crypto';

/** The token of link `linkId` at `version`. */
export function deriveCapabilityToken(linkSecret: Buffer, linkId: string, version: number): string {
  return hmacBase64Url(linkSecret, `${linkId}:${version}`);
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

const placeholderPattern = /\{\{capability:([a-z0-9_]+):(\d+)\}\}/g;

/** `text` with every issued token replaced by `{{capability:<linkId>:<version>}}`. */
export function redactTokens(text: string, issued: readonly IssuedToken[]): string {
  let out = text;
  for (const { token, linkId, version } of issued) {
    out = out.split(token).join(`{{capability:${linkId}:${version}}}`);
  }
  return out;
}

/** `text` with every placeholder written by {@link redactTokens} replaced by its token again. */
export function restoreTokens(text: string, linkSecret: Buffer): string {
  return text.replace(placeholderPattern, (_match, linkId: string, version: string) =>
    deriveCapabilityToken(linkSecret, linkId, Number(version)),
  );
}
