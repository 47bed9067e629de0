/**
 * The invoice page at `/invoices/:invoiceId#token=…` (product.md, "Checkout pages" and "Every
 * page"). Composition only: `use-invoice-page.ts` says what to show; this page shows the matching
 * view with the merchant's header in its brand colour, the test-mode banner, and a polite live
 * region that announces when the invoice turns paid.
 */
import { PageTop } from '../../components/page-top';
import { InvalidLinkView } from '../../components/invalid-link-view';
import { OfflineBanner } from '../../components/offline-banner';
import { StepHeading } from '../../components/step-heading';
import { brandStyle } from '../../lib/brand-color';
import { en } from '../../messages/en';
import { FailureView } from './failure-view';
import type { InvoicePageState } from './page-state';
import { PaidInvoiceView } from './paid-invoice-view';
import { PendingInvoiceView } from './pending-invoice-view';
import { useInvoicePage, type InvoicePage as InvoicePageModel } from './use-invoice-page';

function View({ page }: { page: InvoicePageModel }) {
  const { state } = page;
  switch (state.kind) {
    case 'loading':
      return (
        <>
          <StepHeading>{en.invoice.loadingTitle}</StepHeading>
          <p role="status">{en.common.loading}</p>
        </>
      );
    case 'invalidLink':
      return (
        <InvalidLinkView
          messages={en.invoice.invalidLink}
          reason={state.reason}
          merchant={state.merchant}
          requestId={state.requestId}
        />
      );
    case 'failure':
      return <FailureView failure={state.failure} retrying={page.reading} onRetry={page.retry} />;
    case 'pending':
      return <PendingInvoiceView invoice={state.invoice} pay={state.pay} onPay={page.pay} />;
    case 'paid':
      return <PaidInvoiceView invoice={state.invoice} />;
  }
}

function merchantOf(state: InvoicePageState) {
  switch (state.kind) {
    case 'pending':
    case 'paid':
      return { merchant: state.invoice.merchant, mode: state.invoice.mode };
    case 'invalidLink':
      return { merchant: state.merchant, mode: state.mode };
    case 'loading':
    case 'failure':
      return { merchant: null, mode: null };
  }
}

/** The route's page component for invoice `invoiceId`. */
export function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const page = useInvoicePage(invoiceId);
  const { state } = page;
  const { merchant, mode } = merchantOf(state);
  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <title>
        {state.kind === 'invalidLink'
          ? en.invoice.invalidLink.documentTitle
          : en.invoice.documentTitle}
      </title>
      <PageTop
        mode={mode}
        merchant={merchant}
        logoAlt={en.invoice.merchantLogo}
        waiting={state.kind === 'loading'}
      />
      <main className="page__main">
        <OfflineBanner />
        {/* A new kind is a new view, whose heading takes focus. */}
        <View key={state.kind} page={page} />
      </main>
      <p className="visually-hidden" aria-live="polite">
        {state.kind === 'paid' ? en.invoice.paidTitle : ''}
      </p>
    </div>
  );
}
