/**
 * The API client's transport (conventions.md, "Layout": lib/): the SPA's only call of `fetch`, the
 * URL and headers of every request, and the reads a page starts before its code has arrived.
 * `api-client.ts` builds on it (bounds, errors, schemas); this part imports no schema, so the
 * SPA's entry carries it (docs/decisions/0028-first-reads-before-the-code.md).
 *
 * A started read ({@link startRead}) is a `GET` sent by the entry while the rest of the code
 * downloads. It is handed, once, to the first request the API client makes with the same URL and
 * headers (the page's query: {@link takeStartedRead}), which then waits for that answer instead of
 * asking again. It is not a cache: an answer is taken at most once, and every later request asks
 * the server.
 */

/** A capability header and its value, e.g. `{ header: 'x-direct-debit-token', value: token }`. */
export interface TokenHeader {
  header: string;
  value: string;
}

/**
 * The URL of `path` on the page's own origin, its `:name` parameters filled in from `params`
 * (each URL-encoded).
 * @throws TypeError when `params` lacks one of the path's parameters (a bug in the caller).
 */
export function requestUrl(path: string, params?: Record<string, string>): URL {
  const filled = path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
  return new URL(filled, window.location.origin);
}

/** The headers every request sends: JSON accepted, and the capability token in its header. */
export function requestHeaders(token: TokenHeader): Headers {
  const headers = new Headers({ accept: 'application/json' });
  headers.set(token.header, token.value);
  return headers;
}

/** A whole answer: its status and headers, and its body read as text. */
export interface Received {
  /** The response; its body has been read into `text`. */
  response: Response;
  /** The body ('' when empty). */
  text: string;
}

/** A read the entry sent early, for the first same request to take ({@link takeStartedRead}). */
export interface StartedRead {
  /** The whole answer (or the failure) to come. */
  answer: Promise<Received>;
  /** `performance.now()` (ms) when it was sent: a caller's bound counts from then. */
  sentAtMs: number;
  /** `Date.now()` (epoch ms) when the whole answer, body included, had arrived; null until then. */
  answeredAtMs: number | null;
  /**
   * The whole answer once it has arrived (whatever its status), for the page's first view to show
   * before the app's query library has arrived ({@link peekStartedRead}); null until then, and
   * for a read that failed.
   */
  received: Received | null;
  /** Abandons the request (the taker's bound passed, or its query was cancelled). */
  abort: () => void;
}

/**
 * How long a started read waits to be taken (ms): one older than this is dropped, and the request
 * that would have taken it asks the server itself. The app takes its reads as soon as its code
 * has run (seconds on a slow network); only a read the app never asked for, or asked for much
 * later (paused while offline), is this old, and its answer would be too.
 */
export const startedReadMaxAgeMs = 30_000;

/**
 * Started reads not taken yet, by {@link readKey}. One registry per page, on its global object:
 * the page document's inline script (src/app/first-reads-inline.ts, a bundle of its own) starts
 * the reads and the app's modules take them, each with its own copy of this module.
 */
const registryKey = Symbol.for('hosted-pages.started-reads');
const started: Map<string, StartedRead> = ((globalThis as Record<symbol, unknown>)[registryKey] ??=
  new Map<string, StartedRead>()) as Map<string, StartedRead>;

function readKey(url: URL, headers: Headers): string {
  return `${url.href}\n${JSON.stringify([...headers])}`;
}

/**
 * One HTTP exchange on the page's own origin, without caching, redirects or referrer, read whole.
 * @returns the response, whatever its status, and its body as text.
 * @throws TypeError, before sending, when `url` is on another origin: the capability header never
 *   leaves the page's origin.
 * @throws what `fetch` and reading the body throw: a TypeError when no answer came or it broke
 *   off, the signal's reason when aborted.
 */
export async function receive(
  url: URL,
  method: string,
  headers: Headers,
  body?: string,
  signal?: AbortSignal,
): Promise<Received> {
  if (url.origin !== window.location.origin) throw new TypeError("Not this page's origin");
  const response = await fetch(url, {
    method,
    headers,
    body,
    signal,
    // Status must be fresh on every poll; the API never redirects, and a redirect must not carry
    // the capability header anywhere else.
    cache: 'no-store',
    redirect: 'error',
    credentials: 'same-origin',
    referrerPolicy: 'no-referrer',
  });
  return { response, text: await response.text() };
}

/**
 * Sends `GET url` with `headers` now, for the first request with the same URL and headers to take
 * ({@link takeStartedRead}). A read already started and not taken is not sent twice. Never throws;
 * a failure is the taker's.
 */
export function startRead(url: URL, headers: Headers): void {
  const key = readKey(url, headers);
  if (started.has(key)) return;
  const controller = new AbortController();
  const read: StartedRead = {
    answer: receive(url, 'GET', headers, undefined, controller.signal).then((received) => {
      read.answeredAtMs = Date.now();
      read.received = received;
      return received;
    }),
    sentAtMs: performance.now(),
    answeredAtMs: null,
    received: null,
    abort: () => controller.abort(),
  };
  // Nobody may ever take it (the page did not need it after all).
  read.answer.catch(() => undefined);
  started.set(key, read);
}

/** Whether `read` is older than {@link startedReadMaxAgeMs}: no request may take it any more. */
function tooOld(read: StartedRead): boolean {
  return performance.now() - read.sentAtMs > startedReadMaxAgeMs;
}

/**
 * The read started for `GET url` with exactly these `headers`, if any, left in place for the
 * request that will take it ({@link takeStartedRead}): what a page's first view looks at while
 * the app's query library is still on its way (docs/decisions/0028, second addendum of issue 25).
 * Null when there is none, or when it is too old to be taken.
 */
export function peekStartedRead(url: URL, headers: Headers): StartedRead | null {
  const read = started.get(readKey(url, headers)) ?? null;
  return read !== null && !tooOld(read) ? read : null;
}

/**
 * The read started for `GET url` with exactly these `headers`, if any, removed so that nothing
 * takes it twice; null when there is none, or when it is older than {@link startedReadMaxAgeMs}
 * (then abandoned: the caller sends its own).
 */
export function takeStartedRead(url: URL, headers: Headers): StartedRead | null {
  const key = readKey(url, headers);
  const read = started.get(key) ?? null;
  started.delete(key);
  if (read !== null && tooOld(read)) {
    read.abort();
    return null;
  }
  return read;
}
