/**
 * What the payment checkout page shows for a flow (product.md, "Checkout pages" and "Every
 * page"): the view matching where the payment stands, in the hosted pages' frame
 * (src/components/hosted-page.tsx: the merchant's header in its brand colour, the test-mode
 * banner, and a polite live region that announces status changes). Composition only: the flow is
 * the first view's (`first-checkout.tsx`) or the live one's (`use-checkout-flow.ts`); one screen
 * draws both, so the first view is the same view (docs/decisions/0028, second addendum of issue 25).
 */
import { FailureView } from '../../components/failure-view';
import { HostedPage } from '../../components/hosted-page';
import { formatNaira } from '../../lib/format';
import type { PageMessages } from '../../messages/use-messages';
import { ExpiredView } from './expired-view';
import { LazyDetailsStep } from './lazy-details-step';
import type { CheckoutPageState } from './page-state';
import { PaidView } from './paid-view';
import { PendingView } from './pending-view';
import type { CheckoutFlow } from './use-checkout-flow';

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

/** The checkout page's frame and view for `flow`. */
export function CheckoutScreen({ flow }: { flow: CheckoutFlow }) {
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
