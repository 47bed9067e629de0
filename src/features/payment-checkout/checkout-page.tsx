/**
 * The payment checkout page at `/checkout/:paymentId#token=…` (product.md, "Checkout pages" and
 * "Every page"). One screen (`checkout-screen.tsx`) draws the page's flow: first the first flow
 * (`first-checkout-flow.ts`), drawn from the first read as soon as the page's own code is in; then
 * the live flow (`live-checkout.tsx`, with TanStack Query and the root of server state), which
 * downloads once the first read has settled and takes the screen over once it knows as much (docs/decisions/0028, second
 * addendum of issue 25). "I've sent the money" pressed before is handed over and acted on at once;
 * while the live flow cannot be downloaded it stays "Checking…" offline, as a check does, and is
 * released online, to be pressed again (src/lib/live-flow.tsx says when the page gives up).
 */
import { useRef, useState } from 'react';
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as checkoutEnglish } from '../../messages/locales/en/checkout.po';
import { LiveFlowHost } from '../../lib/live-flow';
import { CheckoutScreen } from './checkout-screen';
import { useFirstCheckoutFlow } from './first-checkout-flow';
import type { CheckoutFlow } from './use-checkout-flow';

// The page's own English, in its first load; another language's checkout catalog loads when chosen.
registerPart(
  'checkout',
  checkoutEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/checkout.po',
    '!../../messages/locales/en/checkout.po',
  ]),
);

const loadLiveFlow = async () => (await import('./live-checkout')).LiveCheckoutFlow;

/** The route's page component for payment `paymentId`. */
export function CheckoutPage({ paymentId }: { paymentId: string }) {
  const [live, setLive] = useState<CheckoutFlow | null>(null);
  const [sentMoneyAt, setSentMoneyAt] = useState<number | null>(null);
  // Tries a failed download of the live flow again at once (LiveFlowHost's `onFailed`).
  const retryLive = useRef<() => void>(() => undefined);
  const first = useFirstCheckoutFlow({
    paymentId,
    sentMoneyAt,
    onSentMoney: () => {
      setSentMoneyAt((at) => at ?? performance.now());
      retryLive.current();
    },
    retired: live !== null,
  });
  return (
    <>
      <LiveFlowHost
        load={loadLiveFlow}
        props={{ paymentId, sentMoneyAt, onFlow: setLive }}
        start={first.settled}
        onFailed={(retryNow) => {
          retryLive.current = retryNow;
          // Online, a press waiting for the live flow is released, to be pressed again (offline
          // it keeps "Checking…", as a check does, and goes on once the browser is back online).
          if (navigator.onLine) setSentMoneyAt(null);
        }}
      />
      <CheckoutScreen flow={live ?? first.flow} />
    </>
  );
}
