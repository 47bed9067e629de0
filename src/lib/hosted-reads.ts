/**
 * The hosted pages' first reads as TanStack Query options (service-api.md, "Hosted customer
 * setup" and "Checkout pages"; docs/decisions/0012-query-owned-server-state.md).
 *
 * The data of these queries is the unchecked answer ({@link RawAnswer}): the app's entry
 * prefetches them into the app's one query client before a page's code has downloaded
 * (src/app/first-requests.ts), so the entry carries no schemas. Each page's own query (its
 * feature's `api.ts`) spreads {@link hostedReadOptions} and parses the answer with the route's
 * schema in `select`. Every read is bounded by `hostedReadTimeoutMs` (10 s), the prefetch too.
 * Query keys leave the token out, so it never shows in devtools or error reports that print keys.
 */
import { queryOptions } from '@tanstack/react-query';
import { hostedReadPaths } from '../../contract/hosted-reads';
import { hostedReadTimeoutMs, readRaw, type RawAnswer } from './api-client';
import { tokenHeader, type TokenOwner } from './capability-token';

/** One of the reads a hosted page starts with, and the id in its path. */
export type HostedRead =
  | { read: 'getSetup' }
  | { read: 'listSetupBanks' }
  | { read: 'getCheckout'; paymentId: string }
  | { read: 'getInvoice'; invoiceId: string };

function keyOf(read: HostedRead) {
  switch (read.read) {
    case 'getSetup':
      return ['direct-debit-setup', 'setup'] as const;
    case 'listSetupBanks':
      return ['direct-debit-setup', 'banks'] as const;
    case 'getCheckout':
      return ['payment-checkout', read.paymentId] as const;
    case 'getInvoice':
      return ['invoice', read.invoiceId] as const;
  }
}

function ownerAndParams(read: HostedRead): [TokenOwner, Record<string, string> | undefined] {
  switch (read.read) {
    case 'getSetup':
    case 'listSetupBanks':
      return ['dd', undefined];
    case 'getCheckout':
      return [{ kind: 'checkout', id: read.paymentId }, { paymentId: read.paymentId }];
    case 'getInvoice':
      return [{ kind: 'invoice', id: read.invoiceId }, { invoiceId: read.invoiceId }];
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
  const [owner, params] = ownerAndParams(read);
  return queryOptions({
    queryKey: keyOf(read),
    queryFn: ({ signal }): Promise<RawAnswer> =>
      readRaw(hostedReadPaths[read.read], {
        params,
        token: tokenHeader(owner, token),
        signal,
        timeoutMs: hostedReadTimeoutMs,
      }),
    refetchOnMount: false,
    retryOnMount: false,
  });
}
