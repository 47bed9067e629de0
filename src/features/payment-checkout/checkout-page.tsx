/**
 * The payment checkout page at `/checkout/:paymentId#token=…` (product.md, "Checkout pages" and
 * "Every page"). Composition only: the flow (`use-checkout-flow.ts`) says where the payment stands
 * and this page shows the matching view in the hosted pages' frame (src/components/hosted-page.tsx:
 * the merchant's header in its brand colour, the test-mode banner, and a polite live region that
 * announces status changes).
 */
import { FailureView } from '../../components/failure-view';
import { HostedPage } from '../../components/hosted-page';
import { formatNaira } from '../../lib/format';
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as checkoutEnglish } from '../../messages/locales/en/checkout.po';
import type { PageMessages } from '../../messages/use-messages';
import { ExpiredView } from './expired-view';
import { LazyDetailsStep } from './lazy-details-step';
import type { CheckoutPageState } from './page-state';
import { PaidView } from './paid-view';
import { PendingView } from './pending-view';
import { useCheckoutFlow, type CheckoutFlow } from './use-checkout-flow';

// The page's own English, in its first load; another language's checkout catalog loads when chosen.
registerPart(
  'checkout',
  checkoutEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/checkout.po',
    '!../../messages/locales/en/checkout.po',
  ]),
);

/**
 * What the live region says. The expired view has its own urgent alert, and the other views'
 * headings take focus, so only changes inside a view need announcing: money that arrived (in
 * part or in full).
 */
function announcement(state: CheckoutPageState, _: PageMessages['_']): string {
  if (state.kind === 'paid') return _('checkout.paid.title');
  if (state.kind === 'pending' && state.checkout.payment.amountReceived > 0) {
    const { amountReceived, amountOutstanding } = state.checkout.payment;
    return _('checkout.pending.partial', {
      received: formatNaira(amountReceived),
      remaining: formatNaira(amountOutstanding),
    });
  }
  return '';
}

function View({ flow }: { flow: CheckoutFlow }) {
  const { state } = flow;
  switch (state.kind) {
    case 'loading':
    case 'invalidLink':
      return null; // The frame shows these (src/components/hosted-page.tsx).
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
          {...state}
          windowSecondsLeft={flow.windowSecondsLeft}
          sentChecking={flow.sentMoneyChecking}
          onSentMoney={flow.sentMoney}
        />
      );
    case 'paid':
      return <PaidView {...state} onStayHere={flow.stayHere} onReturnNow={flow.returnNow} />;
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
  return (
    <HostedPage
      page="checkout"
      view={state}
      record={state.kind === 'loading' || state.kind === 'invalidLink' ? null : state.checkout}
      announcement={(_) => announcement(state, _)}
      outcomeTitle={(_) =>
        state.kind === 'paid'
          ? _('checkout.paid.title')
          : state.kind === 'expired'
            ? _('checkout.expired.title')
            : ''
      }
    >
      {/* A new kind is a new view, whose heading takes focus; the form keeps its save. */}
      <View key={state.kind} flow={flow} />
    </HostedPage>
  );
}
