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
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as invoiceEnglish } from '../../messages/locales/en/invoice.po';
import { useMessages, usePageLanguage } from '../../messages/use-messages';
import { FailureView } from './failure-view';
import type { InvoicePageState } from './page-state';
import { PaidInvoiceView } from './paid-invoice-view';
import { PendingInvoiceView } from './pending-invoice-view';
import { useInvoicePage, type InvoicePage as InvoicePageModel } from './use-invoice-page';
import { DocumentTitle } from '../../components/document-title';

// The page's own English, in its first load; another language's invoice catalog loads when chosen.
registerPart(
  'invoice',
  invoiceEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/invoice.po',
    '!../../messages/locales/en/invoice.po',
  ]),
);

/** The page before it can show its view: the invoice (or the page's language) is on its way. */
function Loading() {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_('invoice.loadingTitle')}</StepHeading>
      <p role="status">{_('common.loading')}</p>
    </>
  );
}

function View({ page }: { page: InvoicePageModel }) {
  const { _ } = useMessages();
  const { state } = page;
  switch (state.kind) {
    case 'loading':
      return <Loading />;
    case 'invalidLink':
      return (
        <InvalidLinkView
          messages={{
            title: _('invoice.invalidLink.title'),
            reasons: {
              missing: _('invoice.invalidLink.reasons.missing'),
              malformed: _('invoice.invalidLink.reasons.malformed'),
              unknown: _('invoice.invalidLink.reasons.unknown'),
              expired: _('invoice.invalidLink.reasons.expired'),
            },
            whatToDo: (merchant) =>
              merchant === null
                ? _('invoice.invalidLink.whatToDoNoMerchant')
                : _('invoice.invalidLink.whatToDo', { merchant }),
          }}
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
  const { _ } = useMessages();
  // Until the page's language is known and loaded, it keeps its loading frame.
  const languageReady = usePageLanguage(
    'invoice',
    state.kind === 'loading'
      ? undefined
      : state.kind === 'pending' || state.kind === 'paid'
        ? state.invoice.preferredLanguage
        : state.kind === 'invalidLink'
          ? state.preferredLanguage
          : null,
  );
  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <DocumentTitle>
        {state.kind === 'invalidLink'
          ? _('invoice.invalidLink.documentTitle')
          : _('invoice.documentTitle')}
      </DocumentTitle>
      <PageTop
        mode={mode}
        merchant={merchant}
        logoAlt={(name) => _('common.merchantLogo', { merchant: name })}
        waiting={state.kind === 'loading' || !languageReady}
      />
      <main className="page__main">
        <OfflineBanner />
        {/* A new kind is a new view, whose heading takes focus. */}
        {languageReady ? <View key={state.kind} page={page} /> : <Loading />}
      </main>
      <p className="visually-hidden" aria-live="polite">
        {state.kind === 'paid' ? _('invoice.paidTitle') : ''}
      </p>
    </div>
  );
}
