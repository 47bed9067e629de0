/**
 * The one table of response headers (docs/deploy.md is generated from it by
 * `npm run docs:deploy`): what every page and API answer the server sends carries (product.md,
 * "Every page" and "Links and tokens"; docs/decisions/0003-capability-tokens.md): a CSP whose only
 * inline script and style are the page documents' own, pinned by their sha256
 * (contract/page-inline-hashes.ts, written by the build; docs/decisions/0028), no framing, no
 * referrer (the capability token must not leak), no sniffing, and no indexing of capability pages.
 */

import { pageInlineHashes } from '../../contract/page-inline-hashes';

/** CSP sources of the page documents' inline code of one kind, e.g. `'sha256-…'`. */
const inline = (hashes: readonly string[]) => hashes.map((hash) => ` '${hash}'`).join('');

/** The Content-Security-Policy of the SPA and the API. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self'${inline(pageInlineHashes.script)}`,
  `style-src 'self'${inline(pageInlineHashes.style)}`,
  "img-src 'self' data: https:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers set on every response. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Every HTML page of this origin is a capability page (setup, checkout, invoice), and the API
  // answers are not for search engines either.
  'x-robots-tag': 'noindex, nofollow',
};

/**
 * `Cache-Control` of each kind of file the pages are served as (sandbox/http/spa-pages.ts; a
 * static host or CDN must send the same, docs/deploy.md):
 * - `document`: the HTML documents, `index.html` and each hosted page's own (`pages/…`), for every
 *   page address. Never stored: a capability page must not be kept by a shared cache, and a new
 *   build must reach the next load.
 * - `hashedAsset`: `/assets/…`, whose names change with their content: cached for a year, never
 *   revalidated.
 * - `otherFile`: every other file of the build (`robots.txt`): revalidated on every use.
 */
export const cacheControl = {
  document: 'no-store',
  hashedAsset: 'public, max-age=31536000, immutable',
  otherFile: 'no-cache',
} as const;
