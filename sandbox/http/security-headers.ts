/**
 * The one table of response headers (docs/deploy.md is generated from it by
 * `npm run docs:deploy`): what every page and API answer the server sends carries (product.md,
 * "Every page" and "Links and tokens"; docs/decisions/0003-capability-tokens.md): a CSP whose only
 * inline script and style are the page documents' own, pinned by their sha256
 * (contract/page-inline-hashes.ts, written by the build; docs/decisions/0028), workers only from
 * `blob:` URLs (the documents' ICU start, src/app/first-intl.ts; docs/decisions/0044), no
 * framing, no referrer (the capability token must not leak), no sniffing, no indexing of
 * capability pages, no opener shared with other sites' windows, and no powerful browser features
 * (docs/decisions/0030-sandbox-serving-and-headers.md). The server sends it through Hono's
 * `secureHeaders` ({@link secureHeadersOptions}); `Strict-Transport-Security` is for HTTPS hosts
 * only ({@link strictTransportSecurity}).
 */
import type { secureHeaders } from 'hono/secure-headers';
import { pageInlineHashes } from '../../contract/page-inline-hashes';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type CspDirectives = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;
type PermissionsPolicy = NonNullable<SecureHeadersOptions['permissionsPolicy']>;

/**
 * The directives of the Content-Security-Policy of the SPA and the API, in order (Hono's names:
 * `defaultSrc` is `default-src`). The one place to add a source or a `sha256-…` hash.
 */
export const cspDirectives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...pageInlineHashes.script.map((hash) => `'${hash}'`)],
  styleSrc: ["'self'", ...pageInlineHashes.style.map((hash) => `'${hash}'`)],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  workerSrc: ['blob:'],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies CspDirectives;

/** `fontSrc` → `font-src`, as Hono writes a directive. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The Content-Security-Policy of the SPA and the API, as sent. */
export const contentSecurityPolicy = Object.entries(cspDirectives)
  .map(([name, values]) => [kebab(name), ...values].join(' '))
  .join('; ');

/**
 * Browser features no page of this origin uses, refused to the pages and anything they embed: a
 * payment page has no business with the camera or the Payment Request API. The clipboard stays
 * allowed (the copy buttons write the account number), as does fullscreen (harmless).
 */
export const deniedFeatures = [
  'accelerometer',
  'camera',
  'displayCapture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickeyCredentialsGet',
  'serial',
  'usb',
] as const satisfies readonly (keyof PermissionsPolicy)[];

const permissionsPolicyOption: PermissionsPolicy = Object.fromEntries(
  deniedFeatures.map((feature) => [feature, false]),
);

/** The Permissions-Policy, as sent (`camera=(), …`). */
export const permissionsPolicy = deniedFeatures.map((feature) => `${kebab(feature)}=()`).join(', ');

/** Headers set on every response the sandbox server sends (names lower-case). */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // A window this page opens, or that opens it, on another origin gets no handle on it.
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': permissionsPolicy,
  // Every HTML page of this origin is a capability page (setup, checkout, invoice), and the API
  // answers are not for search engines either.
  'x-robots-tag': 'noindex, nofollow',
};

/**
 * `Strict-Transport-Security` for a host that serves these pages over HTTPS (docs/deploy.md): a
 * year, subdomains included. The sandbox serves plain http on 127.0.0.1 and never sends it (over
 * http a browser ignores it, and a developer's localhost must stay reachable over http).
 */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/**
 * Hono's `secureHeaders` options that send exactly {@link securityHeaders} but `X-Robots-Tag`
 * (Hono has no such option; sandbox/server.ts adds it) and nothing else: Hono's other defaults
 * (HSTS, CORP, Origin-Agent-Cluster, X-XSS-Protection, …) are off. A response that already has one
 * of these headers keeps its own (an uploaded logo's closed CSP: docs/decisions/0022).
 */
export const secureHeadersOptions = {
  contentSecurityPolicy: cspDirectives,
  referrerPolicy: securityHeaders['referrer-policy'],
  xContentTypeOptions: securityHeaders['x-content-type-options'],
  xFrameOptions: securityHeaders['x-frame-options'],
  crossOriginOpenerPolicy: securityHeaders['cross-origin-opener-policy'],
  permissionsPolicy: permissionsPolicyOption,
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  removePoweredBy: true,
  overwrite: false,
} satisfies SecureHeadersOptions;

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
