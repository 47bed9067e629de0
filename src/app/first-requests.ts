/**
 * A page's first downloads, started by the entry before React renders: the page's own code (a lazy
 * route chunk) and its first reads (contract/hosted-reads.ts). On a slow mobile network the
 * chunk's download and the API's answers then overlap instead of following each other
 * (docs/decisions/0006-setup-page-first-load.md). The pages still make the same reads themselves;
 * the API client hands them these answers (`startEarlyRead` in src/lib/api-client.ts).
 *
 * The token is peeked, not read: it stays in the address bar until the page reads and strips it.
 * Without a plausible token nothing is requested; the page shows its invalid-link view.
 */
import { matchPath } from 'react-router';
import { hostedPagePaths } from '../../contract/hosted-links';
import { hostedReadPaths } from '../../contract/hosted-reads';
import { startEarlyRead } from '../lib/api-client';
import { peekCapabilityToken, tokenHeader, type TokenOwner } from '../lib/capability-token';
import { loadCheckoutRoute, loadDirectDebitSetupRoute, loadInvoiceRoute } from './router';

/** What a page needs first, given the id in its path ('' for the setup page, which has none). */
interface FirstDownloads {
  path: string;
  loadRoute: () => Promise<unknown>;
  /** Whose token the page reads (capability-token.ts). */
  owner: (id: string) => TokenOwner;
  reads: (id: string) => { path: string; params?: Record<string, string> }[];
}

const pages: FirstDownloads[] = [
  {
    path: hostedPagePaths.directDebitSetup,
    loadRoute: loadDirectDebitSetupRoute,
    owner: () => 'dd',
    reads: () => [{ path: hostedReadPaths.getSetup }, { path: hostedReadPaths.listSetupBanks }],
  },
  {
    path: hostedPagePaths.checkout,
    loadRoute: loadCheckoutRoute,
    owner: (id) => ({ kind: 'checkout', id }),
    reads: (paymentId) => [{ path: hostedReadPaths.getCheckout, params: { paymentId } }],
  },
  {
    path: hostedPagePaths.invoice,
    loadRoute: loadInvoiceRoute,
    owner: (id) => ({ kind: 'invoice', id }),
    reads: (invoiceId) => [{ path: hostedReadPaths.getInvoice, params: { invoiceId } }],
  },
];

/** The id in a matched path, decoded as the router hands it to the page; null when undecodable. */
function idOf(params: Record<string, string | undefined>): string | null {
  const [raw = ''] = Object.values(params);
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * For the page at `pathname` (the router's paths): starts downloading its route module and starts
 * its first reads. Never throws.
 */
export function startFirstRequests(pathname: string): void {
  for (const page of pages) {
    const match = matchPath(page.path, pathname);
    if (match === null) continue;
    // The route's own lazy import reports a failed download.
    page.loadRoute().catch(() => undefined);
    const id = idOf(match.params);
    const owner = id === null ? null : page.owner(id);
    const token = owner === null ? null : peekCapabilityToken(owner);
    if (id === null || owner === null || token === null) return;
    for (const read of page.reads(id)) {
      startEarlyRead(read.path, read.params, tokenHeader(owner, token));
    }
    return;
  }
}
