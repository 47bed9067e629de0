/**
 * Checks the `authorizationUrl` that "Pay now" returns before the browser goes there
 * (product.md, "Links and tokens": an invoice's `authorizationUrl` is the payment checkout page of
 * its payment, on this same origin, with its token in the fragment). Anything else (another
 * origin, another path, credentials, control characters, no token) is refused, so a bad answer
 * can never send the payer somewhere else.
 */
import { parseHostedLink } from '../../../contract/hosted-links';
import { isPlausibleToken } from '../../lib/capability-token';
import { ownPageAddress, type OwnPageAddress } from '../../lib/own-page-address';

// Longest address accepted, in characters: a path with an id and a 43-character token is short.
const maxAddressLength = 2048;

// Control characters (C0, DEL, C1), spaces and backslashes: browsers "fix" them in ways that can
// change the target, so an address holding any is refused rather than repaired.
function hasUnsafeCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
}

/**
 * The normalized address of the payment checkout page in `raw` (absolute, or relative to
 * `origin`), or null unless it is on `origin`, at `/checkout/<id>`, without credentials or query,
 * with a plausible `#token=…`. Never throws.
 */
export function checkoutAddressFrom(raw: string, origin: string): OwnPageAddress | null {
  if (raw.length === 0 || raw.length > maxAddressLength) return null;
  if (hasUnsafeCharacter(raw)) return null;
  const link = parseHostedLink(raw, origin);
  if (link === null || link.page.kind !== 'checkout') return null;
  const { url, token } = link;
  if (url.origin !== origin) return null;
  if (url.username !== '' || url.password !== '') return null;
  if (url.search !== '') return null;
  if (token === null || !isPlausibleToken(token)) return null;
  return ownPageAddress(url, origin);
}
