/**
 * A page's first downloads, started by the SPA's entry before anything else of the app has
 * arrived (docs/decisions/0028-first-reads-before-the-code.md): the page's first reads
 * (src/lib/first-reads.ts) and its own code (a lazy route module). On a slow mobile network the
 * answers and the code then travel together instead of one after the other. This module and what
 * it imports are the whole of the entry, so it carries no schema, no query library and no renderer.
 *
 * The token is peeked, not read: it stays in the address bar until the page reads and strips it.
 * Without a plausible token no read is sent; the page shows its invalid-link view.
 */
import { peekCapabilityToken, type TokenOwner } from '../lib/capability-token';
import { startHostedRead, type HostedRead } from '../lib/first-reads';
import { matchPage, type PageMatch } from './page-match';

// Each page's route module (and what it imports). Imported by the lazy route itself
// (src/app/router.tsx) and, earlier, by the entry for the page in the address bar; the browser
// fetches a module once however often it is imported.
export const loadDirectDebitSetupRoute = () => import('./routes/direct-debit-setup-route');
export const loadCheckoutRoute = () => import('./routes/checkout-route');
export const loadInvoiceRoute = () => import('./routes/invoice-route');

/** What a hosted page needs first, given the id in its path ('' for the setup page). */
interface PageDownloads {
  page: PageMatch['page'];
  loadRoute: () => Promise<unknown>;
  /** Whose token the page reads (capability-token.ts). */
  owner: (id: string) => TokenOwner;
  reads: (id: string) => HostedRead[];
}

const pages: PageDownloads[] = [
  {
    page: 'directDebitSetup',
    loadRoute: loadDirectDebitSetupRoute,
    owner: () => 'directDebitSetup',
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

/** A hosted page's first downloads: its route module, its first reads and the link's token. */
export interface FirstDownloads {
  loadRoute: () => Promise<unknown>;
  reads: HostedRead[];
  /** The link's capability token, or null when the address has no plausible one. */
  token: string | null;
}

/**
 * The first downloads of the page at `pathname` (as in `window.location.pathname`), or null when
 * it is not a hosted page (the console, "not found"). Never throws.
 */
export function firstDownloadsAt(pathname: string): FirstDownloads | null {
  const match = matchPage(pathname);
  const page = pages.find((candidate) => candidate.page === match.page);
  if (page === undefined) return null;
  const id = idOf(match);
  return {
    loadRoute: page.loadRoute,
    reads: page.reads(id),
    token: peekCapabilityToken(page.owner(id)),
  };
}

/**
 * For the page at `pathname`: starts downloading its route module and sends its first reads, for
 * its queries to take (src/app/first-requests.ts). Never throws.
 */
export function startFirstDownloads(pathname: string): void {
  const first = firstDownloadsAt(pathname);
  if (first === null) return;
  // The route's own lazy import reports a failed download.
  first.loadRoute().catch(() => undefined);
  const { token } = first;
  if (token === null) return;
  for (const read of first.reads) startHostedRead(read, token);
}
