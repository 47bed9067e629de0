/**
 * The merchant's name (and logo, when it is an https image) on the brand colour. The colour
 * comes in as the `--brand` / `--brand-text` CSS variables set by the page.
 */
import { useState } from 'react';
import type { SetupState } from '../../../contract/direct-debit';
import { en } from '../../messages/en';

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

export function MerchantHeader({ merchant }: { merchant: SetupState['merchant'] }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const logo =
    merchant.logoUrl !== null && isHttpsUrl(merchant.logoUrl) && !logoFailed
      ? merchant.logoUrl
      : null;
  return (
    <header className="merchant-header">
      {logo !== null && (
        <img
          className="merchant-header__logo"
          src={logo}
          alt={en.setup.merchantLogo(merchant.name)}
          referrerPolicy="no-referrer"
          onError={() => setLogoFailed(true)}
        />
      )}
      <p className="merchant-header__name">{merchant.name}</p>
    </header>
  );
}
