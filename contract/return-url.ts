/**
 * The one parser of browser-return URLs: the direct-debit `returnUrl` and the checkout
 * `callbackUrl` (service-api.md, "Direct debit mandate" and "Subscription"; product.md,
 * "Direct-debit setup: the flow", last paragraph). The rule and why each line exists:
 * docs/decisions/0011-return-url-rule.md.
 *
 * {@link parseReturnUrl} is the only function that makes a {@link ReturnUrl}; the type is the
 * proof that a string passed. The sandbox exposes only a `ReturnUrl` (setup and checkout state),
 * the SPA reads the wire value through {@link returnUrlWireSchema} (the same parser) and its
 * redirect (`src/lib/redirect.ts`) accepts only a `ReturnUrl`. Nobody validates a `ReturnUrl`
 * again. No DNS and no allowlist: `https://good.com.evil.com/` is a public host and passes.
 */
import { z } from 'zod/mini';

/** Longest accepted return URL, in UTF-16 code units (raw input and normalized `href`). */
export const maxReturnUrlLength = 2048;

declare const returnUrlBrand: unique symbol;

/** A normalized `href` that passed every rule of {@link parseReturnUrl}; made nowhere else. */
export type ReturnUrl = string & { readonly [returnUrlBrand]: true };

/** Which rule (1 to 6, in the order they are checked) refused the input, and why. */
export interface ReturnUrlRefusal {
  ok: false;
  rule: 1 | 2 | 3 | 4 | 5 | 6;
  reason: string;
}

/** The outcome of {@link parseReturnUrl}. */
export type ReturnUrlResult = { ok: true; url: ReturnUrl } | ReturnUrlRefusal;

function refuse(rule: ReturnUrlRefusal['rule'], reason: string): ReturnUrlRefusal {
  return { ok: false, rule, reason };
}

// Rule 2: Unicode Cc (C0, DEL, C1), Cf (soft hyphen, zero-width, bidi controls, BOM) and Z
// (space, NBSP, U+2028/9, ideographic space), plus the backslash browsers read as a slash.
const forbiddenCharacter = /[\p{Cc}\p{Cf}\p{Z}\\]/u;

// Names that never reach a merchant's public site (RFC 6761, RFC 8375, ICANN's .internal).
const specialUseSuffixes = ['localhost', 'local', 'test', 'invalid', 'example', 'internal'];
const homeArpa = 'home.arpa';

const labelPattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const maxHostLength = 253;

/** IANA special-purpose IPv4 blocks as [first octets as a 32-bit number, prefix length]. */
const specialIpv4Blocks: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function ipv4ToNumber(dotted: string): number {
  return dotted.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

function isSpecialIpv4(address: number): boolean {
  return specialIpv4Blocks.some(([base, prefix]) => {
    const size = 2 ** (32 - prefix);
    return Math.floor(address / size) === Math.floor(ipv4ToNumber(base) / size);
  });
}

/** The eight 16-bit groups of a WHATWG-serialized IPv6 host (brackets removed), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s === undefined || s === '' ? [] : s.split(':'));
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

/** Global unicast 2000::/3 outside 2001::/23, 2001:db8::/32, 2002::/16 and 3fff::/20. */
function isPublicIpv6(groups: readonly number[]): boolean {
  const [g0 = 0, g1 = 0] = groups;
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 < 0x0200 || g1 === 0x0db8)) return false;
  if (g0 === 0x2002) return false;
  return !(g0 === 0x3fff && (g1 & 0xf000) === 0);
}

/** Rule 5 for a domain name (already IDNA-mapped to ASCII by the URL parser). */
function domainRefusal(host: string): string | null {
  if (host.endsWith('.')) return 'the host ends with a dot';
  if (host.length > maxHostLength) return `the host is longer than ${maxHostLength} characters`;
  const labels = host.split('.');
  if (labels.length < 2) return 'the host is a single label, not a public domain name';
  if (!labels.every((label) => labelPattern.test(label))) {
    return 'a host label is empty, too long, or has a character other than a-z, 0-9 or an inner hyphen';
  }
  const last = labels[labels.length - 1] ?? '';
  if (specialUseSuffixes.includes(last) || host === homeArpa || host.endsWith(`.${homeArpa}`)) {
    return 'the host is under a special-use name';
  }
  return null;
}

/** Rule 5: the parsed host, with `rawHost` (the authority's host as written) for IPv4 forms. */
function hostRefusal(url: URL, rawHost: string): string | null {
  const host = url.hostname;
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups !== null && isPublicIpv6(groups)
      ? null
      : 'the IPv6 address is not a public global unicast address';
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    // The parser canonicalizes 0x7f.1, 0177.0.0.1, 2130706433 and 127.1 to dotted decimal.
    if (rawHost.toLowerCase() !== host) return 'the IPv4 address is not in canonical dotted form';
    return isSpecialIpv4(ipv4ToNumber(host)) ? 'the IPv4 address is not a public address' : null;
  }
  return domainRefusal(host);
}

/**
 * Parses `raw` as a browser-return URL by the rules, in order (the first failure refuses):
 * 1. a string of 1 to {@link maxReturnUrlLength} UTF-16 code units;
 * 2. no Cc, Cf or Z character, no backslash;
 * 3. literally starts with `https://` (any case); the authority is not empty and has no `@`, `%`;
 * 4. WHATWG `new URL()` parses it: `https:`, no username or password, port not 0;
 * 5. the host is a public domain name, a canonical public IPv4 address or a public IPv6 address;
 * 6. the normalized `href` (what callers redirect to) fits {@link maxReturnUrlLength} too.
 * Never throws; `raw` of any type is refused by rule 1 unless it is a string.
 */
export function parseReturnUrl(raw: unknown): ReturnUrlResult {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > maxReturnUrlLength) {
    return refuse(1, `must be a string of 1 to ${maxReturnUrlLength} characters`);
  }
  if (forbiddenCharacter.test(raw)) {
    return refuse(2, 'must not contain control, format or separator characters or a backslash');
  }
  if (!/^https:\/\//i.test(raw)) return refuse(3, 'must start with https://');
  const authority = raw.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority === '') return refuse(3, 'must name a host after https://');
  if (/[@%]/.test(authority)) return refuse(3, 'the host part must not contain @ or %');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(4, 'is not a valid URL');
  }
  if (url.protocol !== 'https:') return refuse(4, 'must be an https URL');
  if (url.username !== '' || url.password !== '') return refuse(4, 'must not carry credentials');
  if (url.port === '0') return refuse(4, 'must not use port 0');
  // The authority's host as written: IPv6 keeps its brackets; otherwise drop a `:port`.
  const rawHost = authority.startsWith('[') ? authority : authority.replace(/:\d*$/, '');
  const hostProblem = hostRefusal(url, rawHost);
  if (hostProblem !== null) return refuse(5, hostProblem);
  // A punycode host can make the normalized href longer than the input.
  if (url.href.length > maxReturnUrlLength) {
    return refuse(6, `the normalized URL is longer than ${maxReturnUrlLength} characters`);
  }
  return { ok: true, url: url.href as ReturnUrl };
}

/** The {@link ReturnUrl} of `raw`, or null when any rule refuses it. */
export function returnUrlOrNull(raw: string | null): ReturnUrl | null {
  if (raw === null) return null;
  const result = parseReturnUrl(raw);
  return result.ok ? result.url : null;
}

/**
 * A `returnUrl` field of a hosted response (setup and checkout state): the wire carries a string
 * or null; parsing yields a {@link ReturnUrl}, or null when the string is not one, so a page with
 * a bad return address still works and simply never redirects.
 */
export const returnUrlWireSchema = z.pipe(z.nullable(z.string()), z.transform(returnUrlOrNull));
