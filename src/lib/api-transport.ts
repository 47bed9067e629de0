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

/** A read the entry sent early, for the first same request to take ({@link takeStartedRead}). */
export interface StartedRead {
  /** The answer (or failure) to come. */
  response: Promise<Response>;
  /** `performance.now()` (ms) when it was sent: a caller's bound counts from then. */
  sentAtMs: number;
  /** `Date.now()` (epoch ms) when its answer arrived; null until then. */
  answeredAtMs: number | null;
  /** Abandons the request (the taker's bound passed, or its query was cancelled). */
  abort: () => void;
}

/** Started reads not taken yet, by {@link readKey}. */
const started = new Map<string, StartedRead>();

function readKey(url: URL, headers: Headers): string {
  return `${url.href}\n${JSON.stringify([...headers])}`;
}

/**
 * One HTTP exchange: `fetch` without caching, redirects or referrer, on the page's origin.
 * @returns the response, whatever its status.
 * @throws what `fetch` throws: a TypeError when no answer came, the signal's reason when aborted.
 */
export function send(
  url: URL,
  method: string,
  headers: Headers,
  body?: string,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(url, {
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
    response: send(url, 'GET', headers, undefined, controller.signal).then((response) => {
      read.answeredAtMs = Date.now();
      return response;
    }),
    sentAtMs: performance.now(),
    answeredAtMs: null,
    abort: () => controller.abort(),
  };
  // Nobody may ever take it (the page did not need it after all).
  read.response.catch(() => undefined);
  started.set(key, read);
}

/**
 * The read started for `GET url` with exactly these `headers`, if any, removed so that nothing
 * takes it twice; null when there is none (the caller sends its own).
 */
export function takeStartedRead(url: URL, headers: Headers): StartedRead | null {
  const key = readKey(url, headers);
  const read = started.get(key) ?? null;
  started.delete(key);
  return read;
}
