/**
 * Which hosted page an address opens (product.md, "Links and tokens"): the direct-debit setup
 * page (`/direct-debit/setup`), a payment's checkout (`/checkout/:paymentId`) or an invoice
 * (`/invoices/:invoiceId`); anything else is "not found". (The sandbox console, below `/console`,
 * is a build and a document of its own: src/console-main.tsx.)
 *
 * Three fixed paths and no navigation inside the app (every move to another page is a full
 * document load: the invoice's "Pay now", the return to the merchant) do not need a router
 * library: React Router cost about 13 KB of gzip JavaScript on every first load
 * (docs/decisions/0018-first-load-bytes.md). Matching keeps React Router's rules for these paths:
 * letters in any case, an optional trailing slash, one non-empty segment per id, decoded with
 * `decodeURIComponent` (left as sent when it is not valid percent-encoding); the hosted paths'
 * one home is contract/hosted-links.ts.
 */
import { hostedPageAt } from '../../contract/hosted-links';

/** The page an address opens, with the id in its path. */
export type PageMatch =
  | { page: 'directDebitSetup' }
  | { page: 'checkout'; paymentId: string }
  | { page: 'invoice'; invoiceId: string }
  | { page: 'notFound' };

/** The page at `pathname` (as in `window.location.pathname`, still percent-encoded). */
export function matchPage(pathname: string): PageMatch {
  const page = hostedPageAt(pathname);
  if (page !== null) {
    switch (page.kind) {
      case 'directDebitSetup':
        return { page: 'directDebitSetup' };
      case 'checkout':
        return { page: 'checkout', paymentId: page.paymentId };
      case 'invoice':
        return { page: 'invoice', invoiceId: page.invoiceId };
    }
  }
  return { page: 'notFound' };
}
