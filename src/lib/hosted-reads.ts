/**
 * The hosted pages' first reads as TanStack Query options (service-api.md, "Hosted customer
 * setup" and "Checkout pages"; docs/decisions/0012-query-owned-server-state.md).
 *
 * The data of these queries is the unchecked answer ({@link RawAnswer}): the app prefetches them
 * into its one query client as soon as it starts (src/app/first-requests.ts), taking the answers
 * of the reads its entry sent before any of this code arrived (first-reads.ts), and the route's
 * schemas come later with the page's code. Each page's own query (its
 * feature's `api.ts`) spreads {@link hostedReadOptions} and parses the answer with the route's
 * schema in `select`. Every read is bounded by `hostedReadTimeoutMs` (10 s), the prefetch too.
 * Query keys leave the token out, so it never shows in devtools or error reports that print keys.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HostedPageKind } from '../../contract/hosted-links';
import { hostedReadTimeoutMs, readRaw, type RawAnswer } from './api-client';
import { hostedReadRequest, type HostedRead } from './first-reads';

// Keyed by the page's one name (contract/hosted-links.ts), then what of it is read.
function keyOf(read: HostedRead): readonly [HostedPageKind, string] {
  switch (read.read) {
    case 'getSetup':
      return ['directDebitSetup', 'setup'];
    case 'listSetupBanks':
      return ['directDebitSetup', 'banks'];
    case 'getCheckout':
      return ['checkout', read.paymentId];
    case 'getInvoice':
      return ['invoice', read.invoiceId];
  }
}

/**
 * `GET` of `read` with the link's `token`, its answer unchecked (`readRaw` in api-client.ts).
 *
 * `refetchOnMount: false` and `retryOnMount: false`: the page's query takes what the entry's
 * prefetch got (an answer, a failure, or the request still in flight) instead of asking again
 * when it mounts; "Try again" and the page's own checks ask the server.
 * @throws ApiError (a refused link, 5xx) | NetworkError | TimeoutError after 10 s
 */
export function hostedReadOptions(read: HostedRead, token: string) {
  const { path, params, token: header } = hostedReadRequest(read, token);
  return queryOptions({
    queryKey: keyOf(read),
    queryFn: ({ signal }): Promise<RawAnswer> =>
      readRaw(path, { params, token: header, signal, timeoutMs: hostedReadTimeoutMs }),
    refetchOnMount: false,
    retryOnMount: false,
  });
}
