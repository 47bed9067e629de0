/**
 * Response headers of every page and API answer the server sends (product.md, "Every page" and
 * "Links and tokens"; docs/decisions/0003-capability-tokens.md): a CSP without inline script, no
 * framing, no referrer (the capability token must not leak), no sniffing, and no indexing of
 * capability pages.
 */

/** The Content-Security-Policy of the SPA and the API. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
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
