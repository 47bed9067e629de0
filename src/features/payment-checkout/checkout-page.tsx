/**
 * The payment checkout page at `/checkout/:paymentId#token=…` (product.md, "Checkout pages" and
 * "Every page"). Composition only: the flow (`use-checkout-flow.ts`) says where the payment stands
 * and this page shows the matching view, with the merchant's header in its brand colour, the
 * test-mode banner, and a polite live region that announces status changes.
 */
import { Suspense } from 'react';
import type { CheckoutState } from '../../../contract/checkout';
import { PageTop } from '../../components/page-top';
import { InvalidLinkView } from '../../components/invalid-link-view';
import { OfflineBanner } from '../../components/offline-banner';
import { StepHeading } from '../../components/step-heading';
import { brandStyle } from '../../lib/brand-color';
import { formatNaira } from '../../lib/format';
import { registerPart, translate, type CatalogModule } from '../../messages/i18n';
import { messages as checkoutEnglish } from '../../messages/locales/en/checkout.po';
import { useMessages, usePageLanguage } from '../../messages/use-messages';
import { ExpiredView } from './expired-view';
import { FailureView } from './failure-view';
import { LazyDetailsStep } from './lazy-details-step';
import type { CheckoutPageState } from './page-state';
import { PaidView } from './paid-view';
import { PendingView } from './pending-view';
import { useCheckoutFlow, type CheckoutFlow } from './use-checkout-flow';
import { DocumentTitle } from '../../components/document-title';

// The page's own English, in its first load; another language's checkout catalog loads when chosen.
registerPart(
  'checkout',
  checkoutEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/checkout.po',
    '!../../messages/locales/en/checkout.po',
  ]),
);

/** The checkout the page last heard from the server, for the header and banner. */
function checkoutOf(state: CheckoutPageState): CheckoutState | null {
  return state.kind === 'invalidLink' || state.kind === 'loading' ? null : state.checkout;
}

/**
 * What the live region says. The expired view has its own urgent alert, and the other views'
 * headings take focus, so only changes inside a view need announcing: money that arrived (in
 * part or in full).
 */
function announcement(state: CheckoutPageState): string {
  if (state.kind === 'paid') return translate('checkout.paid.title');
  if (state.kind === 'pending' && state.checkout.payment.amountReceived > 0) {
    const { amountReceived, amountOutstanding } = state.checkout.payment;
    return translate('checkout.pending.partial', {
      received: formatNaira(amountReceived),
      remaining: formatNaira(amountOutstanding),
    });
  }
  return '';
}

/** The page before it can show its view: the checkout (or the page's language) is on its way. */
function Loading() {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_('checkout.loadingTitle')}</StepHeading>
      <p role="status">{_('common.loading')}</p>
    </>
  );
}

function View({ flow }: { flow: CheckoutFlow }) {
  const { _ } = useMessages();
  const { state } = flow;
  switch (state.kind) {
    case 'loading':
      return <Loading />;
    case 'invalidLink':
      return (
        <InvalidLinkView
          messages={{
            title: _('checkout.invalidLink.title'),
            reasons: {
              missing: _('checkout.invalidLink.reasons.missing'),
              malformed: _('checkout.invalidLink.reasons.malformed'),
              unknown: _('checkout.invalidLink.reasons.unknown'),
              expired: _('checkout.invalidLink.reasons.expired'),
            },
            whatToDo: (merchant) =>
              merchant === null
                ? _('checkout.invalidLink.whatToDoNoMerchant')
                : _('checkout.invalidLink.whatToDo', { merchant }),
          }}
          reason={state.reason}
          merchant={state.merchant}
          requestId={state.requestId}
        />
      );
    case 'details':
      return (
        <LazyDetailsStep
          checkout={state.checkout}
          busy={state.saving}
          failure={state.failure}
          save={flow.details}
        />
      );
    case 'pending':
      return (
        <PendingView
          checkout={state.checkout}
          account={state.account}
          windowSecondsLeft={flow.windowSecondsLeft}
          lastCheckedAt={state.lastCheckedAt}
          checkFailed={state.checkFailed}
          sent={state.sent}
          sentChecking={flow.sentMoneyChecking}
          onSentMoney={flow.sentMoney}
        />
      );
    case 'paid':
      return (
        <PaidView
          checkout={state.checkout}
          autoReturn={state.autoReturn}
          onStayHere={flow.stayHere}
          onReturnNow={flow.returnNow}
        />
      );
    case 'expired':
      return <ExpiredView checkout={state.checkout} />;
    case 'failure':
      return <FailureView failure={state.failure} onRetry={flow.retry} />;
  }
}

/** The route's page component for payment `paymentId`. */
export function CheckoutPage({ paymentId }: { paymentId: string }) {
  const flow = useCheckoutFlow(paymentId);
  const { state } = flow;
  const checkout = checkoutOf(state);
  const merchant = checkout?.merchant ?? (state.kind === 'invalidLink' ? state.merchant : null);
  const mode = checkout?.mode ?? (state.kind === 'invalidLink' ? state.mode : null);
  const { _ } = useMessages();
  // Until the page's language is known and loaded, it keeps its loading frame.
  const languageReady = usePageLanguage(
    'checkout',
    state.kind === 'loading'
      ? undefined
      : state.kind === 'invalidLink'
        ? state.preferredLanguage
        : (checkout?.preferredLanguage ?? null),
  );

  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <DocumentTitle>
        {state.kind === 'invalidLink'
          ? _('checkout.invalidLink.documentTitle')
          : _('checkout.documentTitle')}
      </DocumentTitle>
      <PageTop
        mode={mode}
        merchant={merchant}
        logoAlt={(name) => _('common.merchantLogo', { merchant: name })}
        waiting={state.kind === 'loading' || !languageReady}
      />
      <main className="page__main">
        <OfflineBanner />
        <Suspense fallback={<p role="status">{_('common.loading')}</p>}>
          {/* A new kind is a new view, whose heading takes focus; the form keeps its save. */}
          {languageReady ? <View key={state.kind} flow={flow} /> : <Loading />}
        </Suspense>
      </main>
      <p className="visually-hidden" aria-live="polite">
        {announcement(state)}
      </p>
    </div>
  );
}
