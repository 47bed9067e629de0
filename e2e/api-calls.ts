/**
 * The hosted pages' API calls as the browser sends them, for the specs that check where the
 * capability token travels: only in its header (`x-direct-debit-token` or `x-checkout-token`,
 * contract/hosted-reads.ts), never in a URL, where access logs, the browser's history and
 * `Referer` headers would keep it (service-api.md, "Hosted customer setup"; product.md, "Links and
 * tokens").
 */
import { expect, type Page } from '@playwright/test';

/** One `fetch` of the page: its method, its whole URL as sent, and its token header, if any. */
export interface ApiCall {
  method: string;
  url: string;
  token: string | undefined;
}

/** Records every `fetch` the page sends from now on, reads and writes, with `tokenHeader`. */
export function recordApiCalls(page: Page, tokenHeader: string): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') {
      calls.push({
        method: request.method(),
        url: request.url(),
        token: request.headers()[tokenHeader],
      });
    }
  });
  return calls;
}

/**
 * Asserts that `calls` are exactly the requests `expected` (`"METHOD /path"`, each at least once,
 * nothing else), each to the page's `origin` with that whole URL (no query string, no fragment),
 * and each with `token` in its header.
 */
export function expectTokenOnlyInHeader(
  calls: readonly ApiCall[],
  origin: string,
  token: string | null,
  expected: readonly string[],
): void {
  expect(new Set(calls.map((call) => `${call.method} ${call.url}`))).toEqual(
    new Set(
      expected.map((request) => {
        const [method, path] = request.split(' ');
        return `${method ?? ''} ${origin}${path ?? ''}`;
      }),
    ),
  );
  expect(calls.map((call) => call.token)).toEqual(calls.map(() => token));
}
