/**
 * What the invoice page shows for a page model (product.md, "Checkout pages" and "Every page"):
 * the matching view in the hosted pages' frame (src/components/hosted-page.tsx: the merchant's
 * header in its brand colour, the test-mode banner, and a polite live region that announces when
 * the invoice turns paid). Composition only: the model is the first view's
 * (`first-invoice-page.ts`) or the live one's (`use-invoice-page.ts`); one screen draws both
 * (docs/decisions/0028, second addendum of issue 25).
 */
import { FailureView } from '../../components/failure-view';
import { HostedPage } from '../../components/hosted-page';
import { PaidInvoiceView } from './paid-invoice-view';
import { PendingInvoiceView } from './pending-invoice-view';
import type { InvoicePage as InvoicePageModel } from './use-invoice-page';

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

/** The invoice page's frame and view for `page`. */
export function InvoiceScreen({ page }: { page: InvoicePageModel }) {
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
