/**
 * The merchant's name (and logo) on the brand colour, for every hosted page
 * (contract/hosted-common.ts, `hostedMerchantSchema`; docs/decisions/0022-merchant-branding.md).
 * The colour comes in as the `--brand` / `--brand-text` CSS variables set by the page
 * (src/lib/brand-color.ts).
 *
 * A logo is shown when it is an https image or one the sandbox serves on the pages' own origin (an
 * uploaded logo, `/sandbox/v1/logos/…`). Its box is reserved at a fixed size before the image
 * arrives and kept, hidden, when the image fails: the name beside it never moves.
 */
import { useState, type ReactNode } from 'react';
import type { HostedMerchant } from '../../contract/common';

export interface HostedMerchantHeaderProps {
  /** Null while the page waits for its first answer: the bar alone, in the default colour. */
  merchant: HostedMerchant | null;
  /** Text alternative of the logo, from the page's catalog section. */
  logoAlt: string;
  /** At the bar's end: the language switch (src/components/page-top.tsx). */
  children?: ReactNode;
}

/**
 * True for an https URL, a URL on the page's own origin (relative paths included), or a `data:`
 * URL (the console's preview of a file not yet uploaded). Only ever an `<img>` source: an image
 * runs nothing, and the pages' CSP allows exactly these (`img-src 'self' data: https:`).
 */
export function isShowableLogoUrl(value: string): boolean {
  try {
    const url = new URL(value, location.href);
    return /^(https|data):$/.test(url.protocol) || url.origin === location.origin;
  } catch {
    return false;
  }
}

export function HostedMerchantHeader({ merchant, logoAlt, children }: HostedMerchantHeaderProps) {
  // The URL whose image failed: a broken logo must not leave a broken-image icon in the header,
  // and a new URL deserves a new try.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const logoUrl = merchant?.logoUrl ?? null;
  const logo = logoUrl !== null && isShowableLogoUrl(logoUrl) ? logoUrl : null;
  return (
    <header className="merchant-header">
      {logo !== null && (
        // A failed image is hidden but keeps its box (app.css), so the name does not move.
        <img
          className="merchant-header__logo"
          hidden={failedUrl === logo}
          src={logo}
          alt={logoAlt}
          referrerPolicy="no-referrer"
          onError={() => setFailedUrl(logo)}
        />
      )}
      {/* Clamped to two lines (app.css): the title shows the whole name to a pointer. */}
      <p className="merchant-header__name" title={merchant?.name}>
        {merchant?.name}
      </p>
      {children}
    </header>
  );
}
