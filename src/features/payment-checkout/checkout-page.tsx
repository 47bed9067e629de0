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
import { en } from '../../messages/en';
import { ExpiredView } from './expired-view';
import { FailureView } from './failure-view';
import { LazyDetailsStep } from './lazy-details-step';
import type { CheckoutPageState } from './page-state';
import { PaidView } from './paid-view';
import { PendingView } from './pending-view';
import { useCheckoutFlow, type CheckoutFlow } from './use-checkout-flow';

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
  if (state.kind === 'paid') return en.checkout.paid.title;
  if (state.kind === 'pending' && state.checkout.payment.amountReceived > 0) {
    const { amountReceived, amountOutstanding } = state.checkout.payment;
    return en.checkout.pending.partial(formatNaira(amountReceived), formatNaira(amountOutstanding));
  }
  return '';
}

function View({ flow }: { flow: CheckoutFlow }) {
  const { state } = flow;
  switch (state.kind) {
    case 'loading':
      return (
        <>
          <StepHeading>{en.checkout.loadingTitle}</StepHeading>
          <p role="status">{en.common.loading}</p>
        </>
      );
    case 'invalidLink':
      return (
        <InvalidLinkView
          messages={en.checkout.invalidLink}
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

  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <title>
        {state.kind === 'invalidLink'
          ? en.checkout.invalidLink.documentTitle
          : en.checkout.documentTitle}
      </title>
      <PageTop
        mode={mode}
        merchant={merchant}
        logoAlt={en.checkout.merchantLogo}
        waiting={state.kind === 'loading'}
      />
      <main className="page__main">
        <OfflineBanner />
        <Suspense fallback={<p role="status">{en.common.loading}</p>}>
          {/* A new kind is a new view, whose heading takes focus; the form keeps its save. */}
          <View key={state.kind} flow={flow} />
        </Suspense>
      </main>
      <p className="visually-hidden" aria-live="polite">
        {announcement(state)}
      </p>
    </div>
  );
}
