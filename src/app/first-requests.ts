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
import {
  checkoutTokenHeader,
  directDebitTokenHeader,
  hostedReadPaths,
} from '../../contract/hosted-reads';
import { startEarlyRead } from '../lib/api-client';
import { peekCapabilityToken } from '../lib/capability-token';
import {
  loadCheckoutRoute,
  loadDirectDebitSetupRoute,
  loadInvoiceRoute,
  pagePaths,
} from './router';

/** A path segment as the router hands it to the page (decoded), or null when undecodable. */
function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function ignoreFailure(load: () => Promise<unknown>): void {
  // The route's own lazy import reports a failed download.
  load().catch(() => undefined);
}

/**
 * For the page at `pathname` (the router's paths): starts downloading its route module and starts
 * its first reads. Never throws.
 */
export function startFirstRequests(pathname: string): void {
  if (matchPath(pagePaths.directDebitSetup, pathname) !== null) {
    ignoreFailure(loadDirectDebitSetupRoute);
    const token = peekCapabilityToken('dd');
    if (token === null) return;
    const header = { header: directDebitTokenHeader, value: token };
    startEarlyRead(hostedReadPaths.getSetup, undefined, header);
    startEarlyRead(hostedReadPaths.listSetupBanks, undefined, header);
    return;
  }
  // The page gets its id decoded from the router; the early read must name the same one.
  const checkout = decoded(matchPath(pagePaths.checkout, pathname)?.params.paymentId);
  if (checkout !== null) {
    ignoreFailure(loadCheckoutRoute);
    const token = peekCapabilityToken({ kind: 'checkout', id: checkout });
    if (token === null) return;
    startEarlyRead(
      hostedReadPaths.getCheckout,
      { paymentId: checkout },
      { header: checkoutTokenHeader, value: token },
    );
    return;
  }
  const invoice = decoded(matchPath(pagePaths.invoice, pathname)?.params.invoiceId);
  if (invoice !== null) {
    ignoreFailure(loadInvoiceRoute);
    const token = peekCapabilityToken({ kind: 'invoice', id: invoice });
    if (token === null) return;
    startEarlyRead(
      hostedReadPaths.getInvoice,
      { invoiceId: invoice },
      { header: checkoutTokenHeader, value: token },
    );
  }
}
