/**
 * The SPA's API client (conventions.md, "Layout": lib/), over its transport (`api-transport.ts`,
 * the only caller of `fetch`).
 *
 * Every call names a route of the contract's route table (`contract/routes-*.ts`), goes to the page's own origin with a relative
 * path, sends and receives JSON, and parses the answer with the contract: success bodies with the
 * route's response schema, error bodies with `errorBodySchema` (service-api.md, "Errors"). Callers
 * get either the parsed body or one of two errors: {@link ApiError} (the server answered with a
 * failure) or {@link NetworkError} (no answer; {@link TimeoutError} when it took longer than the
 * caller's bound; {@link OfflineError} when a write was not sent because the device is offline).
 * The capability token travels only in its header and is never logged or put in an error.
 */
import type { z } from 'zod';
import { errorBodySchema, requestIdHeader } from '../../contract/errors';
import type { RouteDef } from '../../contract/route';
import {
  peekStartedRead,
  receive,
  requestHeaders,
  requestUrl,
  takeStartedRead,
  type Received,
  type TokenHeader,
} from './api-transport';

/** Code given to a success response whose body does not match the contract (ours, not the API's). */
export const unexpectedResponseCode = 'UNEXPECTED_RESPONSE';

/** The server answered with a failure, or with a body that breaks the contract. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status. */
  readonly status: number;
  /** Machine-readable reason (`contract/errors.ts`, `errorCodes`), or null when the body has none. */
  readonly code: string | null;
  /** The request's id, to quote to support; from the body, else the `x-request-id` header. */
  readonly requestId: string | null;
  /** Seconds to wait before trying again, from the `Retry-After` header (429, 503), else null. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    code: string | null;
    message: string;
    requestId: string | null;
    retryAfterSeconds: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** No answer: offline, DNS, connection reset, or the body could not be read. */
export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('The request did not reach the server or its answer was lost', options);
  }
}

/**
 * No answer within the caller's bound (`timeoutMs` of {@link apiRequest}): the request was
 * abandoned (and aborted when it was ours to abort). A kind of {@link NetworkError}, so pages that
 * read failures with `classify-failure.ts` show their "no connection" error view; unlike other
 * network failures it is not retried automatically ({@link isTransientFailure}): a read that hung
 * this long is offered to the customer as "Try again" instead of being left to hang again.
 */
export class TimeoutError extends NetworkError {
  override readonly name: string = 'TimeoutError';
  /** The bound that passed, ms. */
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super();
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A write not sent because the browser says it is offline (`navigator.onLine` is false): it fails
 * at once instead of hanging until the connection returns, and nothing reached the service, so
 * nothing has changed (product.md, "Every page": "Offline"). A kind of {@link NetworkError}.
 * Reads are sent regardless: TanStack Query already pauses them while offline.
 */
export class OfflineError extends NetworkError {
  override readonly name: string = 'OfflineError';
  constructor() {
    super();
    this.message = 'The request was not sent: the device is offline';
  }
}

/**
 * The bound of a hosted page's writes (ms): an action ("Authorize", "Turn off", "Continue", "Pay
 * now") with no answer after 15 s fails with {@link TimeoutError}, so the button stops saying
 * "Authorizing…" and the customer may retry with the same idempotency key
 * (docs/decisions/0023-offline-actions-and-hosted-idempotency.md). Longer than the reads' bound:
 * an authorization waits on the bank's account lookup as well as the network.
 */
export const hostedWriteTimeoutMs = 15_000;

/**
 * The bound of a hosted page's reads (ms): a read with no answer after 10 s ends in the page's
 * error view rather than a longer "Loading…" (docs/decisions/0020-first-paint-frame-and-failure-bound.md).
 * Long enough for a slow-3G answer (about 2 s for a first read measured by `npm run bench`) with
 * a wide margin, short enough that a customer still waiting is told what happened.
 */
export const hostedReadTimeoutMs = 10_000;

type RequestBodyOf<R extends RouteDef> = R extends { request: infer S extends z.core.$ZodType }
  ? z.input<S>
  : undefined;

/** Options of {@link apiRequest}; `body` is typed by the route's request schema. */
export interface ApiRequestOptions<R extends RouteDef> {
  /** Values for the route's `:name` path parameters; each is URL-encoded. */
  params?: Record<string, string>;
  token: TokenHeader;
  body?: RequestBodyOf<R>;
  signal?: AbortSignal;
  /**
   * Sent as the `Idempotency-Key` header (service-api.md, "Idempotency"): every create sends one;
   * hosted writes may, from `useActionKey` (src/lib/use-action-key.ts).
   */
  idempotencyKey?: string;
  /**
   * Abandon the request when no whole answer (headers and body) arrived after this many ms, and
   * throw {@link TimeoutError}. Unset: no bound of our own. Hosted reads pass
   * {@link hostedReadTimeoutMs}, hosted writes {@link hostedWriteTimeoutMs}.
   */
  timeoutMs?: number;
  /**
   * Called once with the HTTP status and the `x-request-id` header of every answer, success or
   * failure, before the body is checked: a caller that shows the request id of a success (the
   * sandbox console) gets it here, since success bodies do not carry it.
   */
  onAnswer?: (answer: { status: number; requestId: string | null }) => void;
  /** Further request headers (the sandbox console marks its own reads with one). */
  headers?: Record<string, string>;
}

/**
 * Seconds from a `Retry-After` header: delta-seconds, or an HTTP date measured against the
 * response's own `Date` header (the server's clock) when present, else against this device's.
 * Returns null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, serverDate: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const until = Date.parse(trimmed);
  if (Number.isNaN(until)) return null;
  const serverNow = serverDate === null ? Number.NaN : Date.parse(serverDate);
  const now = Number.isNaN(serverNow) ? Date.now() : serverNow;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A request's own abort signal: the caller's, plus a timer when `timeoutMs` is set. */
interface Bound {
  signal: AbortSignal | undefined;
  /** `work`, or a rejection as soon as the signal aborts. */
  race<T>(work: Promise<T>): Promise<T>;
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal. */
  stop(): void;
}

function startBound(timeoutMs: number | undefined, outer: AbortSignal | undefined): Bound {
  if (timeoutMs === undefined) {
    return { signal: outer, race: (work) => work, timedOut: () => false, stop() {} };
  }
  // By hand rather than AbortSignal.any/timeout: older Android WebViews lack them.
  const controller = new AbortController();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted === true) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  let expired = false;
  const timer = window.setTimeout(() => {
    expired = true;
    controller.abort();
  }, timeoutMs);
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(new Error('aborted'));
    if (controller.signal.aborted) fail();
    else controller.signal.addEventListener('abort', fail, { once: true });
  });
  // Nobody may be racing when the abort comes (the answer already arrived).
  aborted.catch(() => undefined);
  return {
    signal: controller.signal,
    race: (work) => Promise.race([work, aborted]),
    timedOut: () => expired,
    stop() {
      window.clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/**
 * A success answer whose body has not been checked against its route's schema yet: what a hosted
 * page's first read keeps in the query cache, so that the app can prefetch it before the page's
 * code and schemas have arrived (src/lib/hosted-reads.ts). {@link parseAnswer} checks it.
 */
export interface RawAnswer {
  /** HTTP status (2xx). */
  status: number;
  /** The JSON body, unchecked (undefined when empty or not JSON). */
  body: unknown;
  /** The `x-request-id` header. */
  requestId: string | null;
  /**
   * `Date.now()` (epoch ms) when the whole answer arrived, for a read the entry sent
   * (api-transport.ts): it may have arrived before the app asked for it, while the app's code was
   * still downloading. Absent for a request the app sent itself: its answer arrived when the
   * caller got it.
   */
  receivedAtMs?: number;
}

interface Exchange {
  path: string;
  method: string;
  params?: Record<string, string>;
  token: TokenHeader;
  body?: string;
  idempotencyKey?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  onAnswer?: (answer: { status: number; requestId: string | null }) => void;
  headers?: Record<string, string>;
}

/** One request and its answer; every failure but a success answer is thrown. */
async function exchange(request: Exchange): Promise<RawAnswer> {
  // A write sent offline would wait for the connection and then apply, long after the customer
  // gave up on it; refusing it here keeps "nothing has changed" true.
  if (request.method !== 'GET' && !navigator.onLine) throw new OfflineError();
  const url = requestUrl(request.path, request.params);
  const headers = requestHeaders(request.token);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  if (request.idempotencyKey !== undefined) headers.set('idempotency-key', request.idempotencyKey);
  if (request.body !== undefined) headers.set('content-type', 'application/json');

  // The same read the entry sent before the app's code arrived (api-transport.ts) is this
  // request's. Its bound counts from when it was sent, not from now; an answer already whole is
  // not bounded at all (reading it cannot hang, and a bound at 0 would race a body already in).
  const started = request.method === 'GET' ? takeStartedRead(url, headers) : null;
  const waitedMs = started === null ? 0 : performance.now() - started.sentAtMs;
  const bound = startBound(
    request.timeoutMs === undefined || (started?.answeredAtMs ?? null) !== null
      ? undefined
      : Math.max(0, request.timeoutMs - waitedMs),
    request.signal,
  );
  // The bound passing or the caller giving up abandons the read it took, too.
  const abandon = started?.abort;
  if (abandon !== undefined && bound.signal !== undefined) {
    if (bound.signal.aborted) abandon();
    else bound.signal.addEventListener('abort', abandon, { once: true });
  }
  let received: Received;
  try {
    received = await bound.race(
      started?.answer ?? receive(url, request.method, headers, request.body, bound.signal),
    );
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    if (bound.timedOut()) throw new TimeoutError(request.timeoutMs ?? 0);
    throw new NetworkError({ cause: error });
  } finally {
    bound.stop();
    if (abandon !== undefined) bound.signal?.removeEventListener('abort', abandon);
  }

  const { response } = received;
  const parsed = parseJson(received.text);
  const requestId = response.headers.get(requestIdHeader);
  request.onAnswer?.({ status: response.status, requestId });
  if (!response.ok) {
    const errorBody = errorBodySchema.safeParse(parsed);
    throw new ApiError({
      status: response.status,
      code: errorBody.success ? (errorBody.data.code ?? null) : null,
      message: errorBody.success
        ? errorBody.data.message
        : response.statusText || `HTTP ${response.status}`,
      requestId: errorBody.success ? errorBody.data.requestId : requestId,
      retryAfterSeconds: parseRetryAfter(
        response.headers.get('retry-after'),
        response.headers.get('date'),
      ),
    });
  }
  // Read after the answer: `answeredAtMs` is set once the started read's whole answer is in.
  return successAnswer(received, parsed, started?.answeredAtMs ?? null);
}

function successAnswer(received: Received, body: unknown, receivedAtMs: number | null): RawAnswer {
  const answer: RawAnswer = {
    status: received.response.status,
    body,
    requestId: received.response.headers.get(requestIdHeader),
  };
  if (receivedAtMs !== null) answer.receivedAtMs = receivedAtMs;
  return answer;
}

/** A look at a hosted page's first read: its success answer if in, and the answer to come. */
export interface FirstReadLook {
  /** The success answer, already whole; null while in flight, for a failure, or no such read. */
  now: RawAnswer | null;
  /** The success answer once whole; null for a failure or when there is no such read. */
  later: Promise<RawAnswer | null>;
}

/**
 * Looks at the read the page document's inline script started for `GET path` with the token
 * header (api-transport.ts), without taking it: the request the app's query makes later still
 * takes it, so the read is sent once. This is how a page's first view shows the answer before the
 * app's query library has arrived (docs/decisions/0028, second addendum of issue 25); the body is
 * unchecked, as {@link readRaw}'s, for the caller to parse with the route's schema. Only a 2xx
 * answer is given: every failure is the query's to report. Never throws.
 */
export function lookAtFirstRead(
  path: string,
  options: { params?: Record<string, string>; token: TokenHeader },
): FirstReadLook {
  const started = peekStartedRead(requestUrl(path, options.params), requestHeaders(options.token));
  const success = (received: Received) =>
    received.response.ok
      ? successAnswer(received, parseJson(received.text), started?.answeredAtMs ?? null)
      : null;
  if (started === null) return { now: null, later: Promise.resolve(null) };
  const now = started.received === null ? null : success(started.received);
  return { now, later: started.answer.then(success, () => null) };
}

/**
 * `GET path` (`:name` parameters filled in from `params`, URL-encoded) with the token header,
 * bounded by `timeoutMs`, without checking the success body: the hosted pages' first reads, which
 * the app prefetches before the page's code and schemas arrive (src/lib/hosted-reads.ts), taking
 * the read the entry already sent when there is one (api-transport.ts). Takes a plain path rather
 * than a route for that reason.
 * @throws ApiError for a non-2xx answer; TimeoutError; NetworkError; the signal's abort reason.
 */
export function readRaw(
  path: string,
  options: {
    params?: Record<string, string>;
    token: TokenHeader;
    signal?: AbortSignal;
    timeoutMs?: number;
  },
): Promise<RawAnswer> {
  return exchange({ ...options, path, method: 'GET' });
}

/**
 * The body of a success answer of `route`, checked with the route's response schema.
 * @throws ApiError (code {@link unexpectedResponseCode}, with the answer's request id) when the
 *   body breaks the contract.
 */
export function parseAnswer<R extends RouteDef>(
  route: R,
  answer: RawAnswer,
): z.output<R['response']> {
  const result = route.response.safeParse(answer.body);
  if (!result.success) {
    throw new ApiError({
      status: answer.status,
      code: unexpectedResponseCode,
      message: 'The response did not match the API contract',
      requestId: answer.requestId,
      retryAfterSeconds: null,
    });
  }
  return result.data as z.output<R['response']>;
}

/**
 * Calls `route` and returns its body parsed with the route's response schema.
 *
 * The URL is the route's path (parameters filled in) resolved against `window.location.origin`,
 * so the request stays on the page's origin. A `body`, when given, is checked with the route's
 * request schema before it is sent.
 *
 * @throws ApiError for a non-2xx answer (code, message and requestId from the error body, or the
 *   status text and `x-request-id` header when the body is not the documented shape) and for a 2xx
 *   body that breaks the contract (code {@link unexpectedResponseCode}).
 * @throws TimeoutError when `timeoutMs` passes before the whole answer arrived.
 * @throws OfflineError, before sending, for a write (not GET) while `navigator.onLine` is false.
 * @throws NetworkError when no answer arrives or it cannot be read.
 * @throws the `signal`'s abort reason (a `DOMException` named `AbortError`) when aborted.
 * @throws ZodError when `body` breaks the route's request schema (a bug in the caller).
 */
export async function apiRequest<R extends RouteDef>(
  route: R,
  options: ApiRequestOptions<R>,
): Promise<z.output<R['response']>> {
  // Widened on purpose: inside this generic function the body's type is still unresolved.
  const given: unknown = options.body;
  const body =
    given === undefined
      ? undefined
      : JSON.stringify(route.request ? route.request.parse(given) : given);
  const answer = await exchange({ ...options, path: route.path, method: route.method, body });
  return parseAnswer(route, answer);
}

/**
 * True for failures worth retrying automatically: no answer, or a 5xx. Never 4xx, never a
 * {@link TimeoutError} (the bound is how long a customer waits in all, not per attempt).
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof TimeoutError) return false;
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500 && error.code !== unexpectedResponseCode;
}
