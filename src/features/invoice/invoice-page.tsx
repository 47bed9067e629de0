/**
 * The invoice page at `/invoices/:invoiceId#token=…` (product.md, "Checkout pages" and "Every
 * page"). Composition only: `use-invoice-page.ts` says what to show; this page shows the matching
 * view in the hosted pages' frame (src/components/hosted-page.tsx: the merchant's header in its
 * brand colour, the test-mode banner, and a polite live region that announces when the invoice
 * turns paid).
 */
import { FailureView } from '../../components/failure-view';
import { HostedPage } from '../../components/hosted-page';
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as invoiceEnglish } from '../../messages/locales/en/invoice.po';
import { PaidInvoiceView } from './paid-invoice-view';
import { PendingInvoiceView } from './pending-invoice-view';
import { useInvoicePage, type InvoicePage as InvoicePageModel } from './use-invoice-page';

// The page's own English, in its first load; another language's invoice catalog loads when chosen.
registerPart(
  'invoice',
  invoiceEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/invoice.po',
    '!../../messages/locales/en/invoice.po',
  ]),
);

function View({ page }: { page: InvoicePageModel }) {
  const { state } = page;
  switch (state.kind) {
    case 'loading':
    case 'invalidLink':
      return null; // The frame shows these (src/components/hosted-page.tsx).
    case 'failure':
      return <FailureView failure={state.failure} retrying={page.reading} onRetry={page.retry} />;
    case 'pending':
      return <PendingInvoiceView invoice={state.invoice} pay={state.pay} onPay={page.pay} />;
    case 'paid':
      return <PaidInvoiceView invoice={state.invoice} />;
  }
}

/** The route's page component for invoice `invoiceId`. */
export function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const page = useInvoicePage(invoiceId);
  const { state } = page;
  return (
    <HostedPage
      page="invoice"
      view={state}
      record={state.kind === 'pending' || state.kind === 'paid' ? state.invoice : null}
      announcement={(_) => (state.kind === 'paid' ? _('invoice.paidTitle') : '')}
      outcomeTitle={(_) => (state.kind === 'paid' ? _('invoice.paidTitle') : '')}
    >
      {/* A new kind is a new view, whose heading takes focus. */}
      <View key={state.kind} page={page} />
    </HostedPage>
  );
}
