/**
 * The hosted links' format, in one place (product.md, "Links and tokens"; service-api.md, "Hosted
 * customer setup"): `<origin>/direct-debit/setup#token=<T>`, `<origin>/checkout/<paymentId>#token=<T>`
 * and `<origin>/invoices/<invoiceId>#token=<T>`. The capability token rides in the fragment, which
 * browsers never send to a server, never in the query. The sandbox builds links with
 * {@link hostedLink}; the SPA routes by {@link hostedPagePaths} and reads tokens and links with
 * {@link tokenFromFragment} and {@link parseHostedLink}. Imports nothing, so the SPA's entry can
 * use it without carrying any schema.
 */

/** The page a hosted link opens. Ids are the API's (`osp_…`, `inv_…`). */
export type HostedPage =
  | { kind: 'directDebitSetup' }
  | { kind: 'checkout'; paymentId: string }
  | { kind: 'invoice'; invoiceId: string };

/** The hosted pages' paths as route patterns (`:name` is a path parameter). */
export const hostedPagePaths = {
  directDebitSetup: '/direct-debit/setup',
  checkout: '/checkout/:paymentId',
  invoice: '/invoices/:invoiceId',
} as const;

// Ids in links are the API's own, which are URL-safe; anything else is not one of our links.
// (Literals, not `new RegExp`, so that a bundle that only routes can drop them.)
const checkoutPath = /^\/checkout\/([A-Za-z0-9_-]+)$/;
const invoicePath = /^\/invoices\/([A-Za-z0-9_-]+)$/;

function pathOf(page: HostedPage): string {
  switch (page.kind) {
    case 'directDebitSetup':
      return hostedPagePaths.directDebitSetup;
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

/**
 * The `token` parameter of a URL fragment (`#token=…`, with or without the `#`), as written,
 * unchecked; null when there is none. Never throws.
 */
export function tokenFromFragment(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  return fragment === '' ? null : new URLSearchParams(fragment).get('token');
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
  const token = tokenFromFragment(url.hash);
  if (url.pathname === hostedPagePaths.directDebitSetup) {
    return { url, page: { kind: 'directDebitSetup' }, token };
  }
  const paymentId = checkoutPath.exec(url.pathname)?.[1];
  if (paymentId !== undefined) return { url, page: { kind: 'checkout', paymentId }, token };
  const invoiceId = invoicePath.exec(url.pathname)?.[1];
  if (invoiceId !== undefined) return { url, page: { kind: 'invoice', invoiceId }, token };
  return null;
}
