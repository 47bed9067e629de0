/**
 * The request log (contract/request-log.ts; sandbox/README.md, "Request log"): every request made
 * with a merchant's secret key, kept per merchant and mode with its answer. The core calls
 * {@link recordRequest} from one place, after the answer is made (success or error).
 *
 * Redaction happens before anything is stored: secret keys (`osk_…`), webhook secrets
 * (`whsec_…`) and capability tokens (`#token=…` in links, and any field named like a secret) never
 * reach the table. Retention: {@link requestLogRetentionDays} days by the real clock (an entry's
 * `received_at`; advancing the test clock ages nothing) and at most {@link requestLogMaxEntries}
 * entries per merchant and mode, trimmed on every write. The console's own reads are not recorded
 * ({@link isConsoleRead}): they are not the merchant's history
 * (docs/decisions/0035-contract-document-and-console-reads.md).
 */
import { z } from 'zod';
import type { Mode } from '../../contract/common';
import {
  consoleReadHeader,
  requestLogMaxEntries,
  requestLogRetentionDays,
  type RequestLogEntry,
} from '../../contract/request-log';
import { maxJsonDepth } from '../../contract/json-depth';
import { routes, type RouteDef, type RouteName, type Scope } from '../../contract/routes';
import { execute, queryOne, type Db } from '../db/database';
import { withoutDataChange } from '../db/data-generation';
import { findRoute } from './route-table';

/** Reading the log is not logged: it would bury what the merchant came to find. */
const unloggedRoutes: ReadonlySet<RouteName> = new Set(['listRequestLog', 'getRequestLogEntry']);

/** Whether requests to `route` stay out of the log (null: no route matched). */
export function isUnloggedRoute(route: RouteName | null): boolean {
  return route !== null && unloggedRoutes.has(route);
}

/**
 * Whether `request` is one of the sandbox console's own reads: a `GET` with the
 * {@link consoleReadHeader} header. Such reads stay out of the log (the console polls every few
 * seconds, and would evict the merchant's own requests); a write is logged whoever sends it.
 */
export function isConsoleRead(request: Request): boolean {
  return request.method === 'GET' && request.headers.has(consoleReadHeader);
}

const redacted = '[REDACTED]';
/** Fields whose whole value is a secret, whatever it looks like (compared lower-case). */
const secretFields = new Set(['secretkey', 'webhooksecret', 'secret', 'token', 'authorization']);
const secretPatterns: readonly [RegExp, string][] = [
  [/\b(osk|opk)_(test|live)_[A-Za-z0-9]+/g, `$1_$2_${redacted}`],
  [/\bwhsec_[A-Za-z0-9]+/g, `whsec_${redacted}`],
  [/#token=[A-Za-z0-9_.~-]+/g, `#token=${redacted}`],
];

/** Largest body kept, in characters of JSON; a larger one is stored as null. */
const maxStoredBodyChars = 64 * 1024;

/** What stands for arrays and objects nested deeper than `maxJsonDepth` in a stored body. */
export const tooDeep = '[TOO DEEP]';

/**
 * `value` with every secret replaced by `[REDACTED]` (a deep copy; the input is untouched). Arrays
 * and objects deeper than `maxJsonDepth` (contract/json-depth.ts) are replaced by
 * {@link tooDeep}, so the recursion is bounded whatever the input (issue 26).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return secretPatterns.reduce((text, [pattern, by]) => text.replace(pattern, by), value);
  }
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= maxJsonDepth) return tooDeep;
  if (Array.isArray(value)) return value.map((item: unknown) => redactSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      secretFields.has(key.toLowerCase()) ? redacted : redactSecrets(item, depth + 1),
    ]),
  );
}

/** Whether `text` may hold a secret pattern: a cheap test before the three replacements. */
const mayHoldSecret = /osk_|opk_|whsec_|#token=/;

function redactString(text: string): string {
  return mayHoldSecret.test(text)
    ? secretPatterns.reduce((result, [pattern, by]) => result.replace(pattern, by), text)
    : text;
}

/** Thrown inside {@link redactedJson}'s replacer to stop a text that will be too long. */
const stopWriting = new Error('The redacted text is longer than allowed');

/**
 * `value` as redacted JSON text, in one `JSON.stringify` with a replacer (no copy of the value, no
 * JSON text parsed back): the same text as `JSON.stringify(redactSecrets(JSON.parse(
 * JSON.stringify(value))))`, i.e. what {@link redactSecrets} makes of the JSON the merchant got:
 * `toJSON` (dates) is applied first, a property whose value JSON leaves out (undefined, a
 * function) stays out even under a secret name, and arrays and objects deeper than `maxJsonDepth`
 * become {@link tooDeep}. Undefined for undefined. A cycle throws, as JSON does.
 *
 * Null as soon as the text is sure to be longer than `maxChars` characters: the replacer counts
 * a lower bound (each string written and each member's name, with their quotes; escapes only
 * lengthen them) and stops there, so a 100-payment page the log will not keep is not written out.
 */
export function redactedJson(value: unknown, maxChars = Infinity): string | undefined | null {
  // Depth of each object or array being written (JSON.stringify walks depth first, so a value
  // met twice has its current depth while its own members are written); the root's holder is -1.
  const depths = new Map<object, number>();
  let atLeast = 0;
  let root = true;
  const count = (holder: object, key: string, written: string | null) => {
    // A member of an object is written as "key":value; an array's index and the root's key are not.
    if (!root && !Array.isArray(holder)) atLeast += key.length + 3;
    root = false;
    if (written !== null) atLeast += written.length + 2;
    if (atLeast > maxChars) throw stopWriting;
  };
  try {
    return JSON.stringify(value, function (this: object, key: string, item: unknown): unknown {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') return item;
      // Array indices are never secret names, so arrays need no test of their own.
      if (secretFields.has(key.toLowerCase())) {
        count(this, key, redacted);
        return redacted;
      }
      if (typeof item === 'string') {
        const written = redactString(item);
        count(this, key, written);
        return written;
      }
      if (typeof item !== 'object' || item === null) {
        count(this, key, null);
        return item;
      }
      const depth = (depths.get(this) ?? -1) + 1;
      if (depth >= maxJsonDepth) {
        count(this, key, tooDeep);
        return tooDeep;
      }
      count(this, key, null);
      depths.set(item, depth);
      return item;
    });
  } catch (error) {
    if (error === stopWriting) return null;
    throw error;
  }
}

/** A JSON value → redacted JSON text, or null when absent or too large. */
function storedBody(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'object' && value !== null) {
    const stored = storedBodies.get(value);
    if (stored !== undefined) return stored;
  }
  // Redaction bounds the depth, so the stringify cannot overflow either.
  const text = redactedJson(value, maxStoredBodyChars);
  const stored =
    text === undefined || text === null || text.length > maxStoredBodyChars ? null : text;
  if (typeof value === 'object' && value !== null) storedBodies.set(value, stored);
  return stored;
}

/**
 * What {@link storedBody} made of each answer object: an answer kept and answered again
 * (core/kept-answers.ts) is the same object, never changed, and is serialized for the log once.
 */
const storedBodies = new WeakMap<object, string | null>();

/**
 * The JSON body of `copy` (a clone of the request), read up to {@link maxStoredBodyChars} bytes:
 * a larger or endless body is cancelled and logged as absent.
 */
export async function readLoggedBody(copy: Request): Promise<unknown> {
  if (copy.body === null) return undefined;
  const reader = copy.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxStoredBodyChars) {
        // Not awaited: cancelling one branch of a cloned body settles only once the other
        // branch is done too, and the handler's branch may be left unread (a 413).
        reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    // A body that breaks off is logged as absent; the handler reports the failure itself.
    return undefined;
  }
  return parsedOrUndefined(Buffer.concat(chunks).toString('utf8'));
}

/** JSON text → the parsed value, or undefined when empty or not JSON. */
function parsedOrUndefined(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** One request as the core saw it. */
export interface RequestRecord {
  requestId: string;
  merchantId: string;
  mode: Mode;
  method: string;
  path: string;
  status: number;
  idempotencyKey: string | null;
  /** Milliseconds. */
  durationMs: number;
  /** The parsed request body (undefined without one); redacted here. */
  requestBody: unknown;
  /**
   * The answer's body, redacted here: the value the handler answered (serialized as the merchant
   * got it, never parsed back), or the answer's text when no handler value exists (errors,
   * idempotent replays).
   */
  response: { body: unknown } | { text: string };
  /** When the request arrived, by the mode's clock: the entry's `createdAt`. */
  at: Date;
  /** When the request arrived, by the real (base) clock: what retention counts from. */
  receivedAt: Date;
}

/**
 * Stores one request (redacted) and trims the log of its merchant and mode to the retention:
 * entries received {@link requestLogRetentionDays} days before `record.receivedAt` (real time),
 * then all but the newest {@link requestLogMaxEntries}. The log is no data an answer is computed
 * from: its writes leave the data generation as it was (db/data-generation.ts).
 */
export function recordRequest(db: Db, record: RequestRecord): void {
  withoutDataChange(db, () => storeRequest(db, record));
}

function storeRequest(db: Db, record: RequestRecord): void {
  execute(
    db,
    `INSERT INTO request_log (id, merchant_id, mode, method, path, status, idempotency_key,
       duration_ms, request_body, response_body, created_at, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      record.requestId,
      record.merchantId,
      record.mode,
      record.method,
      record.path,
      record.status,
      record.idempotencyKey,
      Math.max(0, Math.round(record.durationMs)),
      storedBody(record.requestBody),
      storedBody(
        'body' in record.response ? record.response.body : parsedOrUndefined(record.response.text),
      ),
      record.at.toISOString(),
      record.receivedAt.toISOString(),
    ],
  );
  const cutoff = new Date(record.receivedAt.getTime() - requestLogRetentionDays * 86_400_000);
  execute(db, 'DELETE FROM request_log WHERE merchant_id = ? AND mode = ? AND received_at < ?', [
    record.merchantId,
    record.mode,
    cutoff.toISOString(),
  ]);
  // The newest entry past the cap, found on the index (merchant_id, mode, created_at; rowid is its
  // last column), then it and everything older: a range on the index rather than a list of the
  // 1,000 kept rowids built and probed on every write.
  const firstDropped = queryOne(
    db,
    `SELECT created_at, rowid FROM request_log WHERE merchant_id = ? AND mode = ?
     ORDER BY created_at DESC, rowid DESC LIMIT 1 OFFSET ?`,
    [record.merchantId, record.mode, requestLogMaxEntries],
    logPositionSchema,
  );
  if (firstDropped === null) return;
  execute(
    db,
    `DELETE FROM request_log WHERE merchant_id = ? AND mode = ?
       AND (created_at < ? OR (created_at = ? AND rowid <= ?))`,
    [
      record.merchantId,
      record.mode,
      firstDropped.created_at,
      firstDropped.created_at,
      firstDropped.rowid,
    ],
  );
}

const logPositionSchema = z.object({ created_at: z.string(), rowid: z.number().int() });

export const requestLogRowSchema = z.object({
  id: z.string(),
  mode: z.enum(['test', 'live']),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  idempotency_key: z.string().nullable(),
  duration_ms: z.number().int(),
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
  created_at: z.string(),
});

/**
 * Whether a key holding `scopes` may see the bodies of an entry for `method` `path`: when the
 * route that answered it (core/route-table.ts) needs no scope or one the key holds. An entry no
 * route answers (none is logged) is withheld.
 */
export function opensLoggedRoute(scopes: readonly Scope[], method: string, path: string): boolean {
  const name = findRoute(method, path);
  if (name === null) return false;
  const { scope } = routes[name] as RouteDef;
  return scope === undefined || scopes.includes(scope);
}

/**
 * The API shape of a stored entry (bodies parsed back to JSON) as a key holding `scopes` may see
 * it: the bodies are null and `bodiesWithheld` true unless {@link opensLoggedRoute} (issue 26).
 */
export function renderRequestLogEntry(
  row: z.infer<typeof requestLogRowSchema>,
  scopes: readonly Scope[],
): RequestLogEntry {
  const shown = opensLoggedRoute(scopes, row.method, row.path);
  const parse = (text: string | null): unknown =>
    text === null || !shown ? null : JSON.parse(text);
  return {
    id: row.id,
    mode: row.mode,
    method: row.method,
    path: row.path,
    status: row.status,
    idempotencyKey: row.idempotency_key,
    durationMs: row.duration_ms,
    requestBody: parse(row.request_body),
    responseBody: parse(row.response_body),
    bodiesWithheld: !shown,
    createdAt: row.created_at,
  };
}
