/**
 * Capability tokens of the hosted pages (product.md, "Links and tokens"; service-api.md, "Hosted
 * customer setup"; docs/decisions/0003-capability-tokens.md).
 *
 * A link carries its token in the fragment (`#token=<base64url>`), which browsers never send to a
 * server. The page reads it from there only (never from the query string), keeps it in memory and
 * in `sessionStorage` for the tab, so that a reload or a return from the bank's app still works,
 * and removes it from the address bar so it does not end up in screenshots, history sync or a
 * shared URL. Nothing here logs the token.
 */
import { tokenFromFragment, type HostedPageKind } from '../../contract/hosted-links';
import { checkoutTokenHeader, directDebitTokenHeader } from '../../contract/hosted-reads';
import type { TokenHeader } from './api-transport';

/** Which kind of page a token belongs to: the hosted page's own name. */
export type TokenKind = HostedPageKind;

/**
 * The page a token belongs to. The direct-debit setup page has no id in its path (its name
 * alone, `'directDebitSetup'`); a checkout or invoice page is named by the id in its path
 * (`/checkout/:paymentId`, `/invoices/:invoiceId`), so that two payments opened in one tab each
 * keep their own token. `sessionStorage` keys: `dd-token`, `checkout-token:<id>`,
 * `invoice-token:<id>`.
 */
export type TokenOwner =
  'directDebitSetup' | { kind: Exclude<TokenKind, 'directDebitSetup'>; id: string };

/** Where the token comes from and goes to; the defaults are the browser's own objects. */
export interface TokenEnvironment {
  location: Pick<Location, 'hash' | 'pathname' | 'search'>;
  history: Pick<History, 'replaceState' | 'state'>;
  /** `null` when storage is unavailable (some in-app browsers, private modes). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

// 128-bit tokens are 22 base64url characters without padding; ours are 43 (256 bits). The bounds
// only reject obvious garbage (a truncated paste, a whole URL) before it reaches the server.
const tokenPattern = /^[A-Za-z0-9_-]{32,128}$/;

// Memory copy per owner (by storage key): the source of truth for the life of the page, so a tab
// whose storage throws (Safari private mode, locked-down webviews) still works until it is closed.
const memory = new Map<string, string>();

// The fragment is removed at the first read, and the page may read again (a first render thrown
// away while a lazy chunk loads): a second read must still say "malformed", not
// "missing", or the customer is told the link has no access code instead of that it is damaged.
// So the history entry itself records that its fragment was malformed (kept through the router's
// own replaceState, which spreads the state), and a new address (another entry) does not.
const malformedMarker = 'malformedTokenOf';

function stateRecord(state: unknown): Record<string, unknown> {
  return typeof state === 'object' && state !== null
    ? { ...(state as Record<string, unknown>) }
    : {};
}

function entrySaysMalformed(state: unknown, key: string): boolean {
  return stateRecord(state)[malformedMarker] === key;
}

function storageKey(owner: TokenOwner): string {
  // The setup page's stored key keeps its first name, so a tab open across a release keeps its token.
  return owner === 'directDebitSetup'
    ? 'dd-token'
    : `${owner.kind}-token:${encodeURIComponent(owner.id)}`;
}

function browserStorage(): TokenEnvironment['storage'] {
  try {
    return window.sessionStorage;
  } catch {
    // Accessing sessionStorage itself throws when storage is disabled for the site.
    return null;
  }
}

function browserEnvironment(): TokenEnvironment {
  return { location: window.location, history: window.history, storage: browserStorage() };
}

/** True when `value` looks like a capability token: base64url, 32 to 128 characters. */
export function isPlausibleToken(value: string): boolean {
  return tokenPattern.test(value);
}

/** The result of reading a token: the token, or why there is none. */
export type TokenReading =
  | { kind: 'token'; token: string }
  | { kind: 'missing' }
  /** The fragment held something that cannot be a token (truncated or mangled link). */
  | { kind: 'malformed' };

function readStored(key: string, storage: TokenEnvironment['storage']): string | null {
  const fromMemory = memory.get(key);
  if (fromMemory !== undefined) return fromMemory;
  try {
    const stored = storage?.getItem(key) ?? null;
    return stored !== null && isPlausibleToken(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The `token` parameter of the URL fragment (`#token=…`), checked or not; null when absent. */
function fragmentToken(location: TokenEnvironment['location']): string | null {
  return tokenFromFragment(location.hash);
}

/**
 * The token that {@link readCapabilityToken} would give for page `owner` right now, or null when
 * it would give none (missing or malformed), without its effects: the fragment stays in the
 * address bar and nothing is stored or forgotten. For sending a page's first reads before the
 * app's code has loaded (src/app/first-downloads.ts); the page still reads the token itself.
 * Never throws.
 */
export function peekCapabilityToken(
  owner: TokenOwner,
  env: TokenEnvironment = browserEnvironment(),
): string | null {
  const fromFragment = fragmentToken(env.location);
  if (fromFragment === null) return readStored(storageKey(owner), env.storage);
  return isPlausibleToken(fromFragment) ? fromFragment : null;
}

/**
 * Reads the token of page `owner` (`'directDebitSetup'`, or a checkout or invoice page with the id from its
 * path).
 *
 * When the fragment carries `token=…`, that token wins (a newer link opened in the same tab): it
 * is checked, kept in memory and `sessionStorage`, and the fragment is removed from the address
 * bar with `history.replaceState` (path and query kept). A malformed fragment token is reported as
 * such and also forgets the token stored for `owner`, so neither this read nor a reload falls back
 * to an older token, which could belong to another subscription.
 * Without a fragment token, the token kept earlier in this tab for the same page (same id) is
 * returned; a token kept for another payment or invoice is never used.
 *
 * Never throws; never reads the query string.
 */
export function readCapabilityToken(
  owner: TokenOwner,
  env: TokenEnvironment = browserEnvironment(),
): TokenReading {
  const key = storageKey(owner);
  const fromFragment = fragmentToken(env.location);

  if (fromFragment === null) {
    if (entrySaysMalformed(env.history.state, key)) return { kind: 'malformed' };
    const stored = readStored(key, env.storage);
    return stored === null ? { kind: 'missing' } : { kind: 'token', token: stored };
  }

  // The token must not stay in the address bar, valid or not.
  const state = Object.fromEntries(
    Object.entries(stateRecord(env.history.state)).filter(([name]) => name !== malformedMarker),
  );
  const plausible = isPlausibleToken(fromFragment);
  env.history.replaceState(
    plausible ? state : { ...state, [malformedMarker]: key },
    '',
    env.location.pathname + env.location.search,
  );

  if (!plausible) {
    // The customer opened a broken newer link: a reload must not quietly fall back to the token
    // kept earlier in this tab, which may belong to another subscription.
    forgetCapabilityToken(owner, env.storage);
    return { kind: 'malformed' };
  }

  memory.set(key, fromFragment);
  try {
    env.storage?.setItem(key, fromFragment);
  } catch {
    // Quota or disabled storage: the memory copy still serves this page.
  }
  return { kind: 'token', token: fromFragment };
}

/**
 * Forgets the token of page `owner` in memory and in `sessionStorage`, e.g. when the server says
 * the link is unknown or expired, so that a reload does not try it again. Tokens of other
 * payments or invoices kept in this tab stay.
 */
export function forgetCapabilityToken(
  owner: TokenOwner,
  storage: TokenEnvironment['storage'] = browserStorage(),
): void {
  const key = storageKey(owner);
  memory.delete(key);
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean when storage is unavailable.
  }
}

/**
 * The header that carries `token` on the calls of page `owner`: `x-direct-debit-token` for the
 * setup page, `x-checkout-token` for a checkout or invoice page (service-api.md, "Hosted customer
 * setup"; contract/hosted-reads.ts).
 */
export function tokenHeader(owner: TokenOwner, token: string): TokenHeader {
  return {
    header: owner === 'directDebitSetup' ? directDebitTokenHeader : checkoutTokenHeader,
    value: token,
  };
}
