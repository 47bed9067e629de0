/**
 * Random identifiers, secrets and hashes. Synchronous `node:crypto` on purpose: idempotent
 * creates run inside one synchronous database transaction, where an `await` (WebCrypto) would let
 * concurrent requests interleave. `node:crypto` also works under jsdom (component tests via MSW).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` characters from [A-Za-z0-9], uniformly from a CSPRNG (rejection sampling, so no
 * character is favoured). 22 characters carry about 131 bits.
 */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it would skew the distribution.
      if (byte < 248 && out.length < length) out += alphanumeric.charAt(byte % 62);
    }
  }
  return out;
}

/** A record identifier: `prefix` + 24 random lowercase hex characters (96 bits), e.g. `sub_…`. */
export function randomId(prefix: string): string {
  return prefix + randomBytes(12).toString('hex');
}

/** Lowercase hex SHA-256 of a UTF-8 string. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** base64url (no padding) HMAC-SHA256 of `message` under `key`: 43 characters, 256 bits. */
export function hmacBase64Url(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message, 'utf8').digest('base64url');
}

/** `byteLength` random bytes. */
export function randomSecret(byteLength: number): Buffer {
  return randomBytes(byteLength);
}

/**
 * JSON with object keys sorted at every level, so that two bodies that differ only in key order
 * (or whitespace) serialize, and hash, the same. Input is a `JSON.parse` result.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  // `undefined` only occurs as a missing body; JSON has no such value.
  if (value === undefined) return 'null';
  return JSON.stringify(value);
}
