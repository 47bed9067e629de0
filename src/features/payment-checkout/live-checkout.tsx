/**
 * The checkout page's live flow (loaded after the first view, with TanStack Query;
 * docs/decisions/0028, second addendum of issue 25): `use-checkout-flow.ts` (polling, the
 * countdown, the details form, the return), run by a component that draws nothing itself and
 * hands each flow to the page (`onFlow`), whose one screen draws it. So the screen the first view
 * drew stays in place: nothing is drawn twice, the focus stays where it was.
 */
import { memo, useLayoutEffect } from 'react';
import { useCheckoutFlow, type CheckoutFlow, type FirstViewHandover } from './use-checkout-flow';

/** Props of {@link LiveCheckoutFlow}: the payment, what the first view hands over, the page. */
export interface LiveCheckoutFlowProps extends FirstViewHandover {
  paymentId: string;
  /**
   * Takes each flow once it knows more than "loading" (until then the first view's flow stands),
   * synchronously after each of this component's renders. Must be stable (a state setter).
   */
  onFlow: (flow: CheckoutFlow) => void;
}

/** The live flow of payment `paymentId`, for the page; rendered inside the server state's root. */
export const LiveCheckoutFlow = memo(function LiveCheckoutFlow({
  paymentId,
  sentMoneyAt,
  onFlow,
}: LiveCheckoutFlowProps) {
  const flow = useCheckoutFlow(paymentId, { sentMoneyAt });
  const known = flow.state.kind !== 'loading';
  useLayoutEffect(() => {
    if (known) onFlow(flow);
  });
  return null;
});
