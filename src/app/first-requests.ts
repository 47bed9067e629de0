/**
 * A page's first downloads, started by the entry before React renders: the page's own code (a lazy
 * route chunk) and its first reads (contract/hosted-reads.ts). On a slow mobile network the
 * chunk's download and the API's answers then overlap instead of following each other
 * (docs/decisions/0006-setup-page-first-load.md). The reads are prefetches into the app's one
 * query client (src/lib/hosted-reads.ts); each page's query then takes their answer (or their
 * failure, or the request still in flight) instead of asking again.
 *
 * The token is peeked, not read: it stays in the address bar until the page reads and strips it.
 * Without a plausible token nothing is requested; the page shows its invalid-link view.
 */
import type { QueryClient } from '@tanstack/react-query';
import { peekCapabilityToken, type TokenOwner } from '../lib/capability-token';
import { hostedReadOptions, type HostedRead } from '../lib/hosted-reads';
import { matchPage, type PageMatch } from './page-match';
import { loadCheckoutRoute, loadDirectDebitSetupRoute, loadInvoiceRoute } from './router';

/** What a page needs first, given the id in its path ('' for the setup page, which has none). */
interface FirstDownloads {
  page: PageMatch['page'];
  loadRoute: () => Promise<unknown>;
  /** Whose token the page reads (capability-token.ts). */
  owner: (id: string) => TokenOwner;
  reads: (id: string) => HostedRead[];
}

const pages: FirstDownloads[] = [
  {
    page: 'directDebitSetup',
    loadRoute: loadDirectDebitSetupRoute,
    owner: () => 'dd',
    reads: () => [{ read: 'getSetup' }, { read: 'listSetupBanks' }],
  },
  {
    page: 'checkout',
    loadRoute: loadCheckoutRoute,
    owner: (id) => ({ kind: 'checkout', id }),
    reads: (paymentId) => [{ read: 'getCheckout', paymentId }],
  },
  {
    page: 'invoice',
    loadRoute: loadInvoiceRoute,
    owner: (id) => ({ kind: 'invoice', id }),
    reads: (invoiceId) => [{ read: 'getInvoice', invoiceId }],
  },
];

/** The id in the page's path, decoded as the page gets it ('' for the setup page). */
function idOf(match: PageMatch): string {
  if (match.page === 'checkout') return match.paymentId;
  if (match.page === 'invoice') return match.invoiceId;
  return '';
}

/**
 * For the page at `pathname` (src/app/page-match.ts): starts downloading its route module and
 * prefetches its first reads into `queryClient` (the one the app renders with). Never throws.
 */
export function startFirstRequests(pathname: string, queryClient: QueryClient): void {
  const match = matchPage(pathname);
  const page = pages.find((candidate) => candidate.page === match.page);
  if (page === undefined) return;
  // The route's own lazy import reports a failed download.
  page.loadRoute().catch(() => undefined);
  const id = idOf(match);
  const owner = page.owner(id);
  const token = peekCapabilityToken(owner);
  if (token === null) return;
  for (const read of page.reads(id)) {
    // A failure stays in the cache for the page to report.
    queryClient.query(hostedReadOptions(read, token)).catch(() => undefined);
  }
}
