/**
 * The merchant's name (and logo, when it is an https image) on the brand colour, for every hosted
 * page (contract/common.ts, `hostedMerchantSchema`). The colour comes in as
 * the `--brand` / `--brand-text` CSS variables set by the page (src/lib/brand-color.ts).
 */
import { useState } from 'react';
import type { HostedMerchant } from '../../contract/common';

export interface HostedMerchantHeaderProps {
  /** Null while the page waits for its first answer: the bar alone, in the default colour. */
  merchant: HostedMerchant | null;
  /** Text alternative of the logo, from the page's catalog section. */
  logoAlt: string;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export function HostedMerchantHeader({ merchant, logoAlt }: HostedMerchantHeaderProps) {
  // A broken logo URL must not leave a broken-image icon in the header.
  const [logoFailed, setLogoFailed] = useState(false);
  const logoUrl = merchant?.logoUrl ?? null;
  const logo = logoUrl !== null && isHttpsUrl(logoUrl) && !logoFailed ? logoUrl : null;
  return (
    <header className="merchant-header">
      {logo !== null && (
        <img
          className="merchant-header__logo"
          src={logo}
          alt={logoAlt}
          referrerPolicy="no-referrer"
          onError={() => setLogoFailed(true)}
        />
      )}
      <p className="merchant-header__name">{merchant?.name}</p>
    </header>
  );
}
