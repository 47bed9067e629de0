/**
 * A page's first downloads, started by the SPA's entry before anything else of the app has
 * arrived (docs/decisions/0028-first-reads-before-the-code.md): the page's first reads
 * (src/app/page-first-reads.ts; in a build the page document's inline script has sent them
 * already, and they are not sent twice) and its own code (a lazy route module, which a page's
 * document carries: docs/decisions/0042). On a slow mobile network the answers and the code then
 * travel together instead of one after the other.
 */
import type { HostedRead } from '../lib/first-reads';
import { pageFirstReadsAt, startPageFirstReads } from './page-first-reads';
import type { PageMatch } from './page-match';

// Each page's route module (and what it imports). Imported by the lazy route itself
// (src/app/router.tsx) and, earlier, by the entry for the page in the address bar; the browser
// fetches a module once however often it is imported.
export const loadDirectDebitSetupRoute = () => import('./routes/direct-debit-setup-route');
export const loadCheckoutRoute = () => import('./routes/checkout-route');
export const loadInvoiceRoute = () => import('./routes/invoice-route');

const routeLoaders: Record<Exclude<PageMatch['page'], 'notFound'>, () => Promise<unknown>> = {
  directDebitSetup: loadDirectDebitSetupRoute,
  checkout: loadCheckoutRoute,
  invoice: loadInvoiceRoute,
};

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
  const first = pageFirstReadsAt(pathname);
  if (first === null || first.page === 'notFound') return null;
  return { loadRoute: routeLoaders[first.page], reads: first.reads, token: first.token };
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
  startPageFirstReads(pathname);
}
