/**
 * The invoice page at `/invoices/:invoiceId#token=…` (product.md, "Checkout pages" and "Every
 * page"). One screen (`invoice-screen.tsx`) draws the page's model: first the first view's
 * (`first-invoice-page.ts`), drawn from the first read as soon as the page's own code is in; then
 * the live one (`live-invoice.tsx`, with TanStack Query and the root of server state), which
 * downloads once the first read has settled and takes the screen over once it knows as much (docs/decisions/0028, second
 * addendum of issue 25). "Pay now" pressed before is handed over and sent once; when the live
 * page could not be downloaded (offline), the press is not sent and the page says so.
 */
import { useRef, useState } from 'react';
import { LiveFlowHost } from '../../lib/live-flow';
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as invoiceEnglish } from '../../messages/locales/en/invoice.po';
import { useFirstInvoicePage } from './first-invoice-page';
import { InvoiceScreen } from './invoice-screen';
import type { PayStatus } from './page-state';
import type { InvoicePage as InvoicePageModel } from './use-invoice-page';

// The page's own English, in its first load; another language's invoice catalog loads when chosen.
registerPart(
  'invoice',
  invoiceEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/invoice.po',
    '!../../messages/locales/en/invoice.po',
  ]),
);

const loadLivePage = async () => (await import('./live-invoice')).LiveInvoicePage;

/**
 * "Pay now" pressed in the first view whose live page could not be downloaded: not sent. Offline,
 * the offline notice ("Nothing has changed"); else the failure of a request that got no answer.
 */
function notSent(): PayStatus {
  return {
    kind: 'failed',
    failure: { kind: 'network' },
    unanswered: navigator.onLine ? null : 'offline',
  };
}

/** The route's page component for invoice `invoiceId`. */
export function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const [live, setLive] = useState<InvoicePageModel | null>(null);
  const [firstPay, setFirstPay] = useState<PayStatus>({ kind: 'idle' });
  // Tries a failed download of the live page again at once (LiveFlowHost's `onFailed`).
  const retryLive = useRef<() => void>(() => undefined);
  const first = useFirstInvoicePage({
    invoiceId,
    pay: firstPay,
    onPay: () => {
      setFirstPay({ kind: 'paying' });
      retryLive.current();
    },
  });
  return (
    <>
      <LiveFlowHost
        load={loadLivePage}
        props={{ invoiceId, firstPay, onFlow: setLive }}
        start={first.settled}
        onFailed={(retryNow) => {
          retryLive.current = retryNow;
          setFirstPay((pay) => (pay.kind === 'paying' ? notSent() : pay));
        }}
      />
      <InvoiceScreen page={live ?? first.page} />
    </>
  );
}
