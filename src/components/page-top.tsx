/**
 * The top of every page, above its `<main>`: the test-mode banner and the merchant's header bar
 * with the language switch (product.md, "Every page"); a page that knows no merchant (not found,
 * a link the service did not recognise) shows the bar with the switch alone. While the page waits for its first answer (`waiting`) it keeps
 * their places, shaped exactly as `index.html`'s frame paints them before any script runs (the
 * banner's space, an empty bar in the default colour), so nothing moves when the answer arrives
 * in test mode (docs/decisions/0020-first-paint-frame-and-failure-bound.md). A live page's answer
 * gives the banner's space back.
 */
import type { HostedMerchant, Mode } from '../../contract/common';
import { HostedMerchantHeader } from './hosted-merchant-header';
import { LanguageSwitch } from './language-switch';
import { TestModeBanner } from './test-mode-banner';

export interface PageTopProps {
  /** The record's mode, null while unknown. */
  mode: Mode | null;
  merchant: HostedMerchant | null;
  /** Text alternative of the logo, from the page's catalog section. */
  logoAlt: (merchantName: string) => string;
  /** True until the page's first answer (success or failure) has arrived. */
  waiting: boolean;
}

export function PageTop({ mode, merchant, logoAlt, waiting }: PageTopProps) {
  return (
    <>
      {mode === 'test' ? (
        <TestModeBanner />
      ) : (
        waiting && mode === null && <TestModeBanner reserved />
      )}
      <HostedMerchantHeader
        merchant={merchant}
        logoAlt={merchant === null ? '' : logoAlt(merchant.name)}
      >
        {/* Not in the frame index.html paints before any script (page-loading.test.tsx). */}
        {!waiting && <LanguageSwitch />}
      </HostedMerchantHeader>
    </>
  );
}
