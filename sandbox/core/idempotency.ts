/**
 * Idempotency keys (service-api.md, "Endpoints" and "Authentication", rule 2; the document leaves
 * length and retention "not shown": ours are 1–255 printable ASCII characters, kept 24 hours).
 *
 * A create is stored per (merchant, mode, key) with its route, path parameters, a SHA-256 of the
 * canonical JSON of its body, and its response. A hosted write (authorized by a capability token,
 * key optional) is stored the same way per (link, key) instead, so the same key on another link is
 * another operation (docs/decisions/0023-offline-actions-and-hosted-idempotency.md). The same request again replays the stored
 * response; the key with anything else is a conflict. Only successful responses are stored, so a
 * failed request changes nothing and can be retried with the same key. The core does the lookup,
 * the handler's writes and the record in one synchronous transaction.
 */
import { z } from 'zod';
import type { Mode } from '../../contract/common';
import { errorCodes } from '../../contract/errors';
import { execute, queryOne, type Db } from '../db/database';
import { ApiError } from './api-error';
import { canonicalJson, sha256Hex } from './crypto';

/** How long a key is remembered, in milliseconds (24 hours). After that it may be reused. */
export const idempotencyRetentionMs = 24 * 60 * 60 * 1000;

/** Request header that carries the key. */
export const idempotencyKeyHeader = 'idempotency-key';

/** Response header set to `true` on a replayed response. */
export const idempotentReplayedHeader = 'idempotent-replayed';

const keyPattern = /^[\x20-\x7e]{1,255}$/;

// Two `Idempotency-Key` headers reach us joined as "a, b" (the Fetch Headers list combines them,
// RFC 9110 section 5.3), which no longer tells one key from two: a comma is refused outright.
const joinedKeys = /,/;

/**
 * The request's Idempotency-Key.
 * @throws ApiError 400 IDEMPOTENCY_KEY_REQUIRED when absent or empty; 400 IDEMPOTENCY_KEY_INVALID
 *   when longer than 255 characters, not printable ASCII, or holding a comma (two headers sent).
 */
export function readIdempotencyKey(headers: Headers): string {
  const key = headers.get(idempotencyKeyHeader);
  if (key === null || key === '') {
    throw new ApiError(
      400,
      'This request creates a record: send an Idempotency-Key header with a unique operation id',
      { code: errorCodes.idempotencyKeyRequired },
    );
  }
  if (joinedKeys.test(key)) {
    throw new ApiError(
      400,
      'Send exactly one Idempotency-Key header; a key must not contain a comma',
      { code: errorCodes.idempotencyKeyInvalid },
    );
  }
  if (!keyPattern.test(key)) {
    throw new ApiError(400, 'Idempotency-Key must be 1 to 255 printable ASCII characters', {
      code: errorCodes.idempotencyKeyInvalid,
    });
  }
  return key;
}

/**
 * The request's Idempotency-Key when sent, else null: hosted writes, where the key is optional so
 * that pages and callers without one keep working (docs/decisions/0023).
 * @throws ApiError 400 IDEMPOTENCY_KEY_INVALID exactly as {@link readIdempotencyKey} (an empty
 *   header is invalid here, not absent).
 */
export function readOptionalIdempotencyKey(headers: Headers): string | null {
  const key = headers.get(idempotencyKeyHeader);
  if (key === null) return null;
  if (key === '') {
    throw new ApiError(400, 'Idempotency-Key must be 1 to 255 printable ASCII characters', {
      code: errorCodes.idempotencyKeyInvalid,
    });
  }
  return readIdempotencyKey(headers);
}

/**
 * Whose key it is: keys of different merchants, modes or links never meet. A merchant's key (sent
 * with a secret key) or a link's key (sent with a capability token; `linkRef` names the token's
 * record, e.g. `setup_link:<id>`, see {@link linkRefOf}).
 */
export type IdempotencyScope =
  { merchantId: string; mode: Mode; key: string } | { linkRef: string; mode: Mode; key: string };

/**
 * The record a capability token opens, as the owner of its hosted keys: the setup link, or the
 * payment (checkout link) or invoice (invoice link) the checkout token belongs to.
 */
export function linkRefOf(
  caller: { linkId: string } | { paymentId: string | null; invoiceId: string | null },
): string {
  if ('linkId' in caller) return `setup_link:${caller.linkId}`;
  if (caller.paymentId !== null) return `payment:${caller.paymentId}`;
  return `invoice:${caller.invoiceId ?? ''}`;
}

/** The table and owner column of `scope`'s keys, and the owner's value. */
function storeOf(scope: IdempotencyScope): { table: string; owner: string; ownerId: string } {
  return 'linkRef' in scope
    ? { table: 'link_idempotency_keys', owner: 'link_ref', ownerId: scope.linkRef }
    : { table: 'idempotency_keys', owner: 'merchant_id', ownerId: scope.merchantId };
}

/** What makes two requests "the same": route, path parameters and body. */
export interface RequestFingerprint {
  routeName: string;
  paramsJson: string;
  requestHash: string;
}

/**
 * The fingerprint of a request. `body` is the parsed JSON as sent (before validation), so adding,
 * removing or changing any field, `callbackUrl` included, changes it; key order and whitespace do
 * not.
 */
export function fingerprintRequest(
  routeName: string,
  params: Record<string, string>,
  body: unknown,
): RequestFingerprint {
  return {
    routeName,
    paramsJson: canonicalJson(params),
    requestHash: sha256Hex(canonicalJson(body ?? null)),
  };
}

/** A stored response: status and JSON text (capability tokens replaced by placeholders). */
export interface StoredResponse {
  status: number;
  bodyText: string;
}

const storedRowSchema = z.object({
  route_name: z.string(),
  params_json: z.string(),
  request_hash: z.string(),
  response_status: z.number().int(),
  response_body: z.string(),
  expires_at: z.string(),
});

/**
 * 409 for a key reused with another request: the interface document's error table gives this
 * conflict no `code` ("Errors": conflict, code none), so none is sent; the message says what
 * happened. Also used by the lookups' key memo (features/direct-debit/lookup-rate-limit.ts).
 */
export function idempotencyKeyConflict(what: 'request' | 'request body'): ApiError {
  const used = what === 'request' ? 'for a different request' : 'with a different request body';
  return new ApiError(
    409,
    `This Idempotency-Key was already used ${used}. Use a fresh key for each new operation.`,
  );
}

/**
 * The response stored for this key, or null when the key is new (or its 24 hours are over, in
 * which case the old record is dropped).
 * @throws ApiError 409 without a code ({@link idempotencyKeyConflict}) when the key was used for
 *   another route, other path parameters or another body.
 */
export function findStoredResponse(
  db: Db,
  scope: IdempotencyScope,
  fingerprint: RequestFingerprint,
  now: Date,
): StoredResponse | null {
  const { table, owner, ownerId } = storeOf(scope);
  const row = queryOne(
    db,
    `SELECT route_name, params_json, request_hash, response_status, response_body, expires_at
     FROM ${table} WHERE ${owner} = ? AND mode = ? AND idempotency_key = ?`,
    [ownerId, scope.mode, scope.key],
    storedRowSchema,
  );
  if (row === null) return null;
  if (row.expires_at <= now.toISOString()) {
    deleteKey(db, scope);
    return null;
  }
  if (row.route_name !== fingerprint.routeName || row.params_json !== fingerprint.paramsJson) {
    throw idempotencyKeyConflict('request');
  }
  if (row.request_hash !== fingerprint.requestHash) {
    throw idempotencyKeyConflict('request body');
  }
  return { status: row.response_status, bodyText: row.response_body };
}

function deleteKey(db: Db, scope: IdempotencyScope): void {
  const { table, owner, ownerId } = storeOf(scope);
  execute(db, `DELETE FROM ${table} WHERE ${owner} = ? AND mode = ? AND idempotency_key = ?`, [
    ownerId,
    scope.mode,
    scope.key,
  ]);
}

/** Records a successful response for the key, kept {@link idempotencyRetentionMs}. */
export function storeResponse(
  db: Db,
  scope: IdempotencyScope,
  fingerprint: RequestFingerprint,
  response: StoredResponse,
  now: Date,
): void {
  const { table, owner, ownerId } = storeOf(scope);
  execute(
    db,
    `INSERT INTO ${table} (${owner}, mode, idempotency_key, route_name, params_json,
       request_hash, response_status, response_body, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      ownerId,
      scope.mode,
      scope.key,
      fingerprint.routeName,
      fingerprint.paramsJson,
      fingerprint.requestHash,
      response.status,
      response.bodyText,
      now.toISOString(),
      new Date(now.getTime() + idempotencyRetentionMs).toISOString(),
    ],
  );
}

/** Drops `mode`'s keys, merchants' and links', whose retention ended by `now`, that mode's clock (due work). */
export function purgeExpiredIdempotencyKeys(db: Db, mode: Mode, now: Date): void {
  for (const table of ['idempotency_keys', 'link_idempotency_keys']) {
    execute(db, `DELETE FROM ${table} WHERE mode = ? AND expires_at <= ?`, [
      mode,
      now.toISOString(),
    ]);
  }
}
