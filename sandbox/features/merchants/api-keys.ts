/**
 * Merchant keys (service-api.md, "Authentication"): secret keys `osk_test_…` / `osk_live_…` that
 * authorize server-side calls, public keys `opk_…` that authorize nothing, webhook secrets
 * `whsec_…`. Only the SHA-256 of a secret key is stored, with its mode and scopes.
 */
import { z } from 'zod';
import { modeSchema, type Mode } from '../../../contract/common';
import type { Scope } from '../../../contract/routes';
import { invalidApiKey } from '../../core/api-error';
import { randomAlphanumeric, randomId, sha256Hex } from '../../core/crypto';
import type { KeyCaller } from '../../core/handler';
import { execute, queryOne, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const keyIdRowSchema = z.object({ id: z.string() });

/**
 * Scopes a new key gets unless told otherwise (the demo keys): subscription reads and writes and
 * the sandbox's controls. `payouts:create` is issued separately (`POST /sandbox/v1/payouts/keys`).
 */
export const defaultScopes: readonly Scope[] = [
  'subscriptions:read',
  'subscriptions:write',
  'sandbox:controls',
];

const scopeSchema = z.enum([
  'subscriptions:read',
  'subscriptions:write',
  'payouts:create',
  'sandbox:controls',
]);

/** A new secret key `osk_<mode>_<32 alphanumerics>` (about 190 bits). */
export function newSecretKey(mode: Mode): string {
  return `osk_${mode}_${randomAlphanumeric(32)}`;
}

/** A new public key `opk_<mode>_<24 alphanumerics>`. */
export function newPublicKey(mode: Mode): string {
  return `opk_${mode}_${randomAlphanumeric(24)}`;
}

/** A new webhook secret `whsec_<32 alphanumerics>`. */
export function newWebhookSecret(): string {
  return `whsec_${randomAlphanumeric(32)}`;
}

/**
 * Creates a secret key for `merchantId` in `mode` with `scopes` (default {@link defaultScopes})
 * and returns it. The key itself is returned once and never stored (only its SHA-256). Issue 3
 * builds limited keys on this.
 */
export function issueSecretKey(
  db: Db,
  input: {
    merchantId: string;
    mode: Mode;
    scopes?: readonly Scope[];
    now: Date;
    /** The key to store, already validated (a pinned key); default a new random one. */
    secretKey?: string;
  },
): { keyId: string; secretKey: string } {
  const secretKey = input.secretKey ?? newSecretKey(input.mode);
  const keyId = randomId('key_');
  execute(
    db,
    `INSERT INTO api_keys (id, merchant_id, mode, key_hash, key_hint, scopes, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [
      keyId,
      input.merchantId,
      input.mode,
      sha256Hex(secretKey),
      secretKey.slice(-4),
      JSON.stringify(input.scopes ?? defaultScopes),
      input.now.toISOString(),
    ],
  );
  return { keyId, secretKey };
}

/** Revokes every secret key of `merchantId` (used when the demo credentials are re-issued). */
export function revokeSecretKeys(db: Db, merchantId: string, now: Date): void {
  execute(db, 'UPDATE api_keys SET revoked_at = ? WHERE merchant_id = ? AND revoked_at IS NULL', [
    now.toISOString(),
    merchantId,
  ]);
}

/** True when `secretKey` is a current (unrevoked) key of the merchant. */
export function isCurrentSecretKey(db: Db, merchantId: string, secretKey: string): boolean {
  return (
    queryOne(
      db,
      'SELECT id FROM api_keys WHERE key_hash = ? AND merchant_id = ? AND revoked_at IS NULL',
      [sha256Hex(secretKey), merchantId],
      keyIdRowSchema,
    ) !== null
  );
}

const keyRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: modeSchema,
  scopes: z.string().transform((text) => z.array(scopeSchema).parse(JSON.parse(text))),
});

const bearerPattern = /^Bearer +(osk_(?:test|live)_[A-Za-z0-9]{1,200})$/i;

/**
 * The merchant and mode behind `Authorization: Bearer <secret key>`.
 * @throws ApiError 401 `Invalid API key` (no code) when the header is missing or malformed, or
 *   the key is unknown, revoked, or a public key (Authentication, rule 3).
 */
export function authenticateSecretKey(db: Db, authorization: string | null): KeyCaller {
  const match = bearerPattern.exec(authorization?.trim() ?? '');
  const secretKey = match?.[1];
  if (secretKey === undefined) throw invalidApiKey();
  const row = queryOne(
    db,
    'SELECT id, merchant_id, mode, scopes FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
    [sha256Hex(secretKey)],
    keyRowSchema,
  );
  // The prefix must agree with the stored mode: a key is never reinterpreted in the other mode.
  if (row === null || !secretKey.startsWith(`osk_${row.mode}_`)) throw invalidApiKey();
  return { merchantId: row.merchant_id, mode: row.mode, keyId: row.id, scopes: row.scopes };
}
