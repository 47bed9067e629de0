/**
 * The hosted links' format, in one place (product.md, "Links and tokens"; service-api.md, "Hosted
 * customer setup"): `<origin>/direct-debit/setup#token=<T>`, `<origin>/checkout/<paymentId>#token=<T>`
 * and `<origin>/invoices/<invoiceId>#token=<T>`. The capability token rides in the fragment, which
 * browsers never send to a server, never in the query. The sandbox builds links with
 * {@link hostedLink}; the SPA routes by {@link hostedPageAt} and reads tokens and links with
 * {@link tokenFromFragment} and {@link parseHostedLink}. Imports nothing, so the SPA's entry can
 * use it without carrying any schema.
 */

/** The page a hosted link opens. Ids are the API's (`osp_…`, `inv_…`). */
export type HostedPage =
  | { kind: 'directDebitSetup' }
  | { kind: 'checkout'; paymentId: string }
  | { kind: 'invoice'; invoiceId: string };

/**
 * A hosted page's one name, used wherever code says which page it means: its link and document
 * (here), the token it reads (src/lib/capability-token.ts), its query keys (src/lib/hosted-reads.ts),
 * its frame (src/components/hosted-page.tsx) and the build (scripts/page-documents.ts). File and
 * folder names (`direct-debit-setup`, `pages/direct-debit-setup.html`) and the message catalog's
 * parts (`setup`) keep their own spelling: they are names on disk and message-id namespaces, mapped
 * from this where code needs them (docs/decisions/0032-setup-split-and-page-identity.md).
 */
export type HostedPageKind = HostedPage['kind'];

/** The setup page's path (it has no id: the token alone names the subscription). */
const setupPagePath = '/direct-debit/setup';

/**
 * The HTML document (its path in the built `dist/`) that serves each hosted page's addresses: the
 * app's `index.html` that also carries that page's own first view's code, so that it downloads
 * with the rest (docs/decisions/0042-first-view-code-in-the-document.md). Written by the build
 * (scripts/page-documents.ts), served by the sandbox (sandbox/http/spa-pages.ts) and by a static
 * host as docs/deploy.md says; any other address gets `index.html`.
 */
export const hostedPageDocuments: Readonly<Record<HostedPageKind, string>> = {
  directDebitSetup: 'pages/direct-debit-setup.html',
  checkout: 'pages/checkout.html',
  invoice: 'pages/invoice.html',
};

// How an address bar's path opens a page: letters in any case, an optional trailing slash, one
// non-empty segment per id (the rules browsers and routers apply to these paths). Literals, not
// `new RegExp`, so that a bundle that only routes can drop what it does not use.
const setupPath = /^\/direct-debit\/setup\/?$/i;
const checkoutPath = /^\/checkout\/([^/]+)\/?$/i;
const invoicePath = /^\/invoices\/([^/]+)\/?$/i;
// Ids in links we build are the API's own, which are URL-safe.
const apiId = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The hosted page that `pathname` (as in `location.pathname`, still percent-encoded) opens, with
 * its decoded id; null for any other path. Never throws.
 */
export function hostedPageAt(pathname: string): HostedPage | null {
  if (setupPath.test(pathname)) return { kind: 'directDebitSetup' };
  const paymentId = checkoutPath.exec(pathname)?.[1];
  if (paymentId !== undefined) return { kind: 'checkout', paymentId: decodeSegment(paymentId) };
  const invoiceId = invoicePath.exec(pathname)?.[1];
  if (invoiceId !== undefined) return { kind: 'invoice', invoiceId: decodeSegment(invoiceId) };
  return null;
}

function pathOf(page: HostedPage): string {
  switch (page.kind) {
    case 'directDebitSetup':
      return setupPagePath;
    case 'checkout':
      return `/checkout/${encodeURIComponent(page.paymentId)}`;
    case 'invoice':
      return `/invoices/${encodeURIComponent(page.invoiceId)}`;
  }
}

/**
 * The absolute link to `page` on `origin` (e.g. `https://pay.example`, no trailing slash) with
 * `token` in the fragment: `<origin><path>#token=<token>`.
 */
export function hostedLink(origin: string, page: HostedPage, token: string): string {
  return `${origin}${pathOf(page)}#token=${token}`;
}

// Mail and chat apps end a pasted link with the sentence's "." or ",", or close a bracket around
// it (product.md, "Every page"). No base64url token can hold any of these (or a space), so they
// are dropped from its end; whatever else is wrong with it is for the caller's check.
const trailingPunctuation = /[\s.,;:!?)\]}>'"]+$/;

/**
 * The `token` parameter of a URL fragment (`#token=…`, with or without the `#`), without the
 * punctuation a mail or chat app may have appended to the link (`.`, `,`, `)`, …), otherwise as
 * written and unchecked; null when there is none. Never throws.
 */
export function tokenFromFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const token = fragment === '' ? null : new URLSearchParams(fragment).get('token');
  return token === null ? null : token.replace(trailingPunctuation, '');
}

/** A hosted link taken apart: the page it opens and the token of its fragment (null if none). */
export interface ParsedHostedLink {
  url: URL;
  page: HostedPage;
  token: string | null;
}

/**
 * Takes `href` (absolute, or relative to `base`) apart into its page and token; null when it is
 * not a URL or its path is not one of the hosted pages. Checks nothing else (origin, query,
 * credentials, the token's shape): callers that act on a link decide what they accept.
 * Never throws.
 */
export function parseHostedLink(href: string, base?: string): ParsedHostedLink | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  const page = hostedPageAt(url.pathname);
  if (page === null) return null;
  // A link carries the API's ids as they are; anything else was not built by hostedLink().
  const id =
    page.kind === 'checkout' ? page.paymentId : page.kind === 'invoice' ? page.invoiceId : '';
  if (page.kind !== 'directDebitSetup' && !apiId.test(id)) return null;
  return { url, page, token: tokenFromFragment(url.hash) };
}
