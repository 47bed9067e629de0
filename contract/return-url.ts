/**
 * Validation of browser-return URLs: the direct-debit `returnUrl` and checkout `callbackUrl`
 * (service-api.md, "Direct debit mandate" and "Subscription"; product.md, "Direct-debit setup: the
 * flow", last paragraph).
 *
 * One rule, used by the sandbox before it exposes a URL and by the SPA again before it redirects:
 * an absolute `https:` URL to a public host, without credentials, control characters or
 * backslashes, at most {@link maxReturnUrlLength} characters. Callers redirect to the returned,
 * normalized `href`, never to the raw input.
 */

/** Longest accepted return URL, in characters. */
export const maxReturnUrlLength = 2048;

// Hostnames that name this machine or a private network, never a merchant's public site.
const privateSuffixes = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet'];

function isPrivateIpv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** True when `host` (as the WHATWG URL parser normalized it) is a public host name or address. */
export function isPublicHost(host: string): boolean {
  if (host.length === 0) return false;
  // IPv6 literals: the parser keeps the brackets. Merchants return to names, not raw addresses.
  if (host.startsWith('[')) return false;
  if (/^[\d.]+$/.test(host)) return !isPrivateIpv4(host);
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (!name.includes('.')) return false; // single-label names resolve only on a local network
  if (name === 'localhost') return false;
  return !privateSuffixes.some((suffix) => name.endsWith(suffix));
}

/**
 * The normalized return URL, or `null` when `raw` is not a safe browser-return target.
 * Never throws.
 */
export function validateReturnUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (raw.length === 0 || raw.length > maxReturnUrlLength) return null;
  // Control characters (C0, DEL, C1), whitespace the parser would strip, and backslashes, which
  // browsers treat as slashes and which are a classic open-redirect trick.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (!isPublicHost(url.hostname)) return null;
  if (url.href.length > maxReturnUrlLength) return null;
  return url.href;
}
