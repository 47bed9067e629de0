/**
 * A hosted link and its capability token, the same way on the three hosted pages (product.md,
 * "Links and tokens"; docs/decisions/0003-capability-tokens.md): the token is read once per page
 * (`capability-token.ts`: the fragment, else this tab's copy), forgotten once the server refuses
 * the link, and a newer link opened in the same tab (only the fragment changes, which does not
 * reload the page) starts the page again with its token.
 */
import { useEffect, useState } from 'react';
import {
  forgetCapabilityToken,
  readCapabilityToken,
  type TokenOwner,
  type TokenReading,
} from './capability-token';

/** The token of the page's link as read when the page opened. */
export interface HostedLinkToken {
  reading: TokenReading;
  /** The token, or '' when there is none (the page then shows its invalid-link view). */
  token: string;
}

function sameReading(a: TokenReading, b: TokenReading): boolean {
  return a.kind === 'token' && b.kind === 'token' ? a.token === b.token : a.kind === b.kind;
}

/**
 * The token of page `owner`, read once; reloads the page when the fragment brings a different
 * one (or a broken one) while it is open.
 */
export function useHostedLinkToken(pageOwner: TokenOwner): HostedLinkToken {
  // A page's owner is fixed for its life (its id is in the path); callers pass a fresh object.
  const [owner] = useState(pageOwner);
  const [reading] = useState<TokenReading>(() => readCapabilityToken(owner));
  useEffect(() => {
    const onHashChange = () => {
      if (!sameReading(readCapabilityToken(owner), reading)) window.location.reload();
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [owner, reading]);
  return { reading, token: reading.kind === 'token' ? reading.token : '' };
}

/**
 * Forgets the token of page `owner` once the server has refused its link (`reason` unknown,
 * expired or revoked), so that a reload does not try it again; a token the page never had
 * (`missing`, `malformed`) or no refusal (`null`) changes nothing.
 */
export function useForgetRefusedLink(pageOwner: TokenOwner, reason: string | null): void {
  const [owner] = useState(pageOwner);
  const refused = reason === 'unknown' || reason === 'expired' || reason === 'revoked';
  useEffect(() => {
    if (refused) forgetCapabilityToken(owner);
  }, [refused, owner]);
}
