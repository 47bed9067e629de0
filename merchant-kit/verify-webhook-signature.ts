/**
 * Webhook signature verification for merchants (service-api.md, "Events" and "Authentication",
 * rule 9). A standalone file: it depends only on `node:crypto`, so a merchant may copy it into
 * their own server or import it. The sandbox signs its deliveries with its own copy of the same
 * computation (`signDelivery`, sandbox/features/webhooks/delivery.ts, so that it does not depend on
 * this kit); its tests check that both give the same signature ({@link signWebhookPayload}).
 *
 * Every delivery is an HTTP POST carrying three headers (names are case-insensitive):
 *
 * | Header                | Value                                                               |
 * |-----------------------|---------------------------------------------------------------------|
 * | `X-Service-Signature` | lowercase hex HMAC-SHA256 (64 characters)                           |
 * | `X-Service-Timestamp` | Unix time in seconds, a decimal integer string, e.g. `"1767225600"` |
 * | `X-Service-Event`     | the event kind, e.g. `subscription.payment.success`                 |
 *
 * The signature is HMAC-SHA256, keyed with the merchant's webhook secret, over the UTF-8 bytes of
 * `timestamp + "." + rawBody`, where `rawBody` is the request body exactly as received. The
 * document leaves the timestamp format open ("not shown"); Unix seconds is this project's choice.
 *
 * Verify against the raw bytes, before any JSON parsing: re-serializing a parsed body changes key
 * order, spacing and number formatting, and the signature no longer matches.
 *
 * Express (the route must get the raw body, so use `express.raw()` on it, not `express.json()`):
 *
 * ```ts
 * const secret = process.env.WEBHOOK_SECRET;
 * if (!secret) throw new Error('WEBHOOK_SECRET is not set'); // never verify with an empty key
 *
 * app.post('/webhooks/service', express.raw({ type: 'application/json' }), (req, res) => {
 *   const result = verifyWebhookSignature({
 *     rawBody: req.body, // a Buffer, thanks to express.raw()
 *     headers: req.headers,
 *     secret,
 *   });
 *   if (!result.ok) return res.status(400).send(result.reason);
 *   const event = JSON.parse(req.body.toString('utf8'));
 *   // ... record the event idempotently, then:
 *   res.sendStatus(200);
 * });
 * ```
 *
 * Node `http` (collect the chunks, verify, then parse):
 *
 * ```ts
 * http.createServer((req, res) => {
 *   const chunks: Buffer[] = [];
 *   req.on('data', (chunk: Buffer) => chunks.push(chunk));
 *   req.on('end', () => {
 *     const rawBody = Buffer.concat(chunks);
 *     const result = verifyWebhookSignature({ rawBody, headers: req.headers, secret });
 *     res.statusCode = result.ok ? 200 : 400;
 *     res.end();
 *     if (result.ok) handleEvent(JSON.parse(rawBody.toString('utf8')));
 *   });
 * });
 * ```
 *
 * With a WHATWG `Request` (Fetch-style servers): pass `new Uint8Array(await request.arrayBuffer())`
 * or `await request.text()` as `rawBody` and `request.headers` as `headers`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying the hex HMAC-SHA256 signature. */
export const signatureHeader = 'X-Service-Signature';
/** Header carrying the signing time, Unix seconds as a decimal integer string. */
export const timestampHeader = 'X-Service-Timestamp';
/** Header carrying the event kind. */
export const eventHeader = 'X-Service-Event';

/** Default accepted clock difference between the sender and the receiver, in seconds. */
export const defaultToleranceSeconds = 300;

/** The request body exactly as received: text, or bytes (a Node `Buffer` is a `Uint8Array`). */
export type RawBody = string | Uint8Array;

/**
 * Request headers: a plain object as Node's `IncomingHttpHeaders` (values string, string[] or
 * undefined; any key case), or a WHATWG `Headers`.
 */
export type WebhookHeaders =
  Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Why a delivery was rejected. */
export type WebhookRejection =
  | 'missing_signature'
  | 'missing_timestamp'
  | 'duplicate_header'
  | 'malformed_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'malformed_signature'
  | 'signature_mismatch'
  | 'raw_body_required';

/** Outcome of {@link verifyWebhookSignature}; `timestamp` is the signing time in Unix seconds. */
export type WebhookVerification =
  { ok: true; timestamp: number } | { ok: false; reason: WebhookRejection };

function toBytes(value: string | Uint8Array): Uint8Array {
  return typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
}

/**
 * Lowercase hex HMAC-SHA256 of `data` under `key`. Strings are taken as UTF-8.
 * The primitive under {@link signWebhookPayload}; tested against RFC 4231.
 */
export function hmacSha256Hex(key: Uint8Array | string, data: Uint8Array | string): string {
  return createHmac('sha256', toBytes(key)).update(toBytes(data)).digest('hex');
}

/**
 * The signature the service sends in `X-Service-Signature`: lowercase hex (64 characters)
 * HMAC-SHA256, keyed with `secret` (UTF-8), over `timestamp + "." + rawBody` (service-api.md,
 * "Events", verification step 1). `timestamp` is Unix seconds as a decimal integer string and
 * must be the exact string sent in `X-Service-Timestamp`. Never throws.
 */
export function signWebhookPayload(input: {
  rawBody: RawBody;
  secret: string;
  timestamp: string;
}): string {
  const prefix = Buffer.from(`${input.timestamp}.`, 'utf8');
  const signed = Buffer.concat([prefix, toBytes(input.rawBody)]);
  return hmacSha256Hex(input.secret, signed);
}

function isHeaders(headers: WebhookHeaders): headers is Headers {
  return typeof Headers !== 'undefined' && headers instanceof Headers;
}

/** A header sent more than once with different values: such a request is not trusted. */
const conflicting = Symbol('conflicting header copies');

/**
 * One header's value, by case-insensitive name, or {@link conflicting} when a plain object holds
 * copies that differ (an array value, or two keys differing in case). Node's `req.headers` joins
 * repeated headers with ", ", as a WHATWG `Headers` does; such a joined value then fails the
 * format checks.
 */
function readHeader(
  headers: WebhookHeaders,
  name: string,
): string | typeof conflicting | undefined {
  if (isHeaders(headers)) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else values.push(...value);
  }
  const first = values[0];
  if (first === undefined) return undefined;
  return values.every((value) => value === first) ? first : conflicting;
}

/**
 * Checks that a webhook delivery comes from the service (service-api.md, "Events").
 *
 * - `rawBody`: the unparsed body, a string or bytes (`Buffer`/`Uint8Array`). Anything else, such
 *   as a body a JSON middleware already parsed, is rejected with `raw_body_required`; the body is
 *   never re-serialized.
 * - `headers`: a plain object (Node's `req.headers`) or a WHATWG `Headers`; names in any case.
 * - `secret`: the merchant's webhook secret (never empty: an empty key would let anyone sign).
 * - `toleranceSeconds` (default 300): the largest accepted difference, in seconds, between the
 *   signed timestamp and `now`, in either direction; exactly `toleranceSeconds` is accepted.
 * - `now` (default the current time): the receiver's clock, injectable for tests.
 *
 * Checks, in this order: raw body, signature and timestamp headers each present once (copies that
 * differ give `duplicate_header`), timestamp
 * is Unix seconds (digits only), timestamp within tolerance, signature is hex, then the HMAC,
 * compared in constant time (a hex signature of the wrong length is a `signature_mismatch`).
 * Returns `{ ok: true, timestamp }` (Unix seconds) or `{ ok: false, reason }`; nothing in the
 * request makes it throw. `X-Service-Event` is not covered by the signature: trust it only after
 * this check passes, and prefer the event kind in the verified body when the payload carries one.
 *
 * `rawBody` is typed `unknown` because frameworks type their bodies loosely (`any`); the check
 * happens at run time.
 *
 * @throws RangeError for invalid options only: `secret` empty or not a string (an unset
 *   environment variable would otherwise accept forged events), `toleranceSeconds` not a finite
 *   number ≥ 0, or `now` an invalid Date (either would otherwise silently accept any timestamp).
 */
export function verifyWebhookSignature(input: {
  rawBody: unknown;
  headers: WebhookHeaders;
  secret: string;
  toleranceSeconds?: number;
  now?: Date;
}): WebhookVerification {
  const { rawBody, headers, secret } = input;
  const toleranceSeconds = input.toleranceSeconds ?? defaultToleranceSeconds;
  const now = input.now ?? new Date();
  if (typeof secret !== 'string' || secret === '') {
    throw new RangeError('secret must be the webhook secret, a non-empty string');
  }
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError('toleranceSeconds must be a finite number of seconds, at least 0');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!Number.isFinite(nowSeconds)) throw new RangeError('now must be a valid Date');

  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    return { ok: false, reason: 'raw_body_required' };
  }

  const signatureValue = readHeader(headers, signatureHeader);
  const timestampValue = readHeader(headers, timestampHeader);
  if (signatureValue === conflicting || timestampValue === conflicting) {
    return { ok: false, reason: 'duplicate_header' };
  }
  const signature = signatureValue?.trim();
  if (signature === undefined || signature === '') {
    return { ok: false, reason: 'missing_signature' };
  }
  const timestampText = timestampValue?.trim();
  if (timestampText === undefined || timestampText === '') {
    return { ok: false, reason: 'missing_timestamp' };
  }
  // Digits only: no sign, exponent, decimals or milliseconds; 11 digits reach past the year 5000.
  if (!/^\d{1,11}$/.test(timestampText)) return { ok: false, reason: 'malformed_timestamp' };
  const timestamp = Number(timestampText);

  if (nowSeconds - timestamp > toleranceSeconds) return { ok: false, reason: 'timestamp_too_old' };
  if (timestamp - nowSeconds > toleranceSeconds) {
    return { ok: false, reason: 'timestamp_in_future' };
  }

  if (!/^[0-9a-fA-F]+$/.test(signature) || signature.length % 2 !== 0) {
    return { ok: false, reason: 'malformed_signature' };
  }

  // The header value as sent (not the parsed number) is what was signed.
  const expected = Buffer.from(
    signWebhookPayload({ rawBody, secret, timestamp: timestampText }),
    'hex',
  );
  const received = Buffer.from(signature, 'hex');
  // timingSafeEqual needs equal lengths. For a wrong-length signature, still run a comparison of
  // the same cost (expected against itself) so the length is not revealed by an early return.
  const sameLength = received.length === expected.length;
  const equal = timingSafeEqual(expected, sameLength ? received : expected);
  if (!sameLength || !equal) return { ok: false, reason: 'signature_mismatch' };
  return { ok: true, timestamp };
}
