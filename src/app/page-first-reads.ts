/**
 * Which reads a hosted page starts with, and sending them before any of the app's code has
 * arrived (docs/decisions/0028-first-reads-before-the-code.md): the page in the address bar
 * (`page-match`), the link's token (peeked, `capability-token`) and the reads as requests
 * (src/lib/first-reads.ts). This module and what it imports are the whole of the inline script
 * every page document carries (src/app/first-reads-inline.ts, built by scripts/page-documents.ts),
 * so it carries no schema, no query library, no renderer and no dynamic import.
 *
 * The token is peeked, not read: it stays in the address bar until the page reads and strips it.
 * Without a plausible token no read is sent; the page shows its invalid-link view.
 */
import { peekCapabilityToken, type TokenOwner } from '../lib/capability-token';
import { startHostedRead, type HostedRead } from '../lib/first-reads';
import { matchPage, type PageMatch } from './page-match';

/** Whose token a hosted page reads and which reads it starts with, given the id in its path. */
interface PageReads {
  page: PageMatch['page'];
  /** Whose token the page reads (capability-token.ts). */
  owner: (id: string) => TokenOwner;
  reads: (id: string) => HostedRead[];
}

const pages: PageReads[] = [
  {
    page: 'directDebitSetup',
    owner: () => 'directDebitSetup',
    reads: () => [{ read: 'getSetup' }, { read: 'listSetupBanks' }],
  },
  {
    page: 'checkout',
    owner: (id) => ({ kind: 'checkout', id }),
    reads: (paymentId) => [{ read: 'getCheckout', paymentId }],
  },
  {
    page: 'invoice',
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

/** A hosted page's first reads and the link's token. */
export interface PageFirstReads {
  page: PageMatch['page'];
  reads: HostedRead[];
  /** The link's capability token, or null when the address has no plausible one. */
  token: string | null;
}

/**
 * The first reads of the page at `pathname` (as in `window.location.pathname`), or null when it
 * is not a hosted page (the console, "not found"). Never throws.
 */
export function pageFirstReadsAt(pathname: string): PageFirstReads | null {
  const match = matchPage(pathname);
  const page = pages.find((candidate) => candidate.page === match.page);
  if (page === undefined) return null;
  const id = idOf(match);
  return {
    page: page.page,
    reads: page.reads(id),
    token: peekCapabilityToken(page.owner(id)),
  };
}

/**
 * Sends the first reads of the page at `pathname`, for its queries to take
 * (src/app/first-requests.ts); a read already sent and not taken yet is not sent twice
 * (api-transport.ts, `startRead`). Nothing without a plausible token. Never throws.
 */
export function startPageFirstReads(pathname: string): void {
  const first = pageFirstReadsAt(pathname);
  if (first === null || first.token === null) return;
  for (const read of first.reads) startHostedRead(read, first.token);
}
