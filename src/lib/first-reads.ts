/**
 * The hosted pages' first reads as requests (service-api.md, "Hosted customer setup" and
 * "Checkout pages"): which path, which path parameters and which capability header each sends,
 * and starting one before the page's code has arrived (`startRead` in api-transport.ts). No schema
 * and no query library: the SPA's entry carries this module
 * (docs/decisions/0028-first-reads-before-the-code.md); `hosted-reads.ts` makes the same reads
 * TanStack Query options.
 */
import { hostedReadPaths } from '../../contract/hosted-reads';
import type { TokenHeader } from './api-transport';
import { requestHeaders, requestUrl, startRead } from './api-transport';
import { tokenHeader, type TokenOwner } from './capability-token';

/** One of the reads a hosted page starts with, and the id in its path. */
export type HostedRead =
  | { read: 'getSetup' }
  | { read: 'listSetupBanks' }
  | { read: 'getCheckout'; paymentId: string }
  | { read: 'getInvoice'; invoiceId: string };

/** What a hosted read sends: the contract's path, its parameters and the capability header. */
export interface HostedReadRequest {
  path: string;
  params: Record<string, string> | undefined;
  token: TokenHeader;
}

function ownerAndParams(read: HostedRead): [TokenOwner, Record<string, string> | undefined] {
  switch (read.read) {
    case 'getSetup':
    case 'listSetupBanks':
      return ['directDebitSetup', undefined];
    case 'getCheckout':
      return [{ kind: 'checkout', id: read.paymentId }, { paymentId: read.paymentId }];
    case 'getInvoice':
      return [{ kind: 'invoice', id: read.invoiceId }, { invoiceId: read.invoiceId }];
  }
}

/** The request of `read` with the link's capability `token`. */
export function hostedReadRequest(read: HostedRead, token: string): HostedReadRequest {
  const [owner, params] = ownerAndParams(read);
  return { path: hostedReadPaths[read.read], params, token: tokenHeader(owner, token) };
}

/**
 * Sends `read` now, for the page's query to take when the page's code has arrived (api-transport.ts,
 * `startRead`): the answer then travels while the code downloads. Never throws.
 */
export function startHostedRead(read: HostedRead, token: string): void {
  const request = hostedReadRequest(read, token);
  startRead(requestUrl(request.path, request.params), requestHeaders(request.token));
}
