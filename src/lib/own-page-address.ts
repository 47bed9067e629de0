/**
 * An address on the page's own origin (the invoice page opening its payment checkout), as a type
 * that `redirectTo` (src/lib/redirect.ts) accepts beside a `ReturnUrl`: the only two ways a page
 * may leave (docs/decisions/0011-return-url-rule.md).
 */

declare const ownPageBrand: unique symbol;

/** An absolute address on the page's own origin; made only by {@link ownPageAddress}. */
export type OwnPageAddress = string & { readonly [ownPageBrand]: true };

/** `url`'s `href` as an {@link OwnPageAddress} when its origin is `origin`, else null. */
export function ownPageAddress(url: URL, origin: string): OwnPageAddress | null {
  return url.origin === origin ? (url.href as OwnPageAddress) : null;
}
