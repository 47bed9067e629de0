/**
 * The checkout page's live flow (loaded after the first view, with TanStack Query;
 * docs/decisions/0028, second addendum of issue 25): `use-checkout-flow.ts` (polling, the
 * countdown, the details form, the return), run by a component that draws nothing itself and
 * hands each flow to the page (src/lib/live-flow.tsx), whose one screen draws it. So the screen
 * the first view drew stays in place: nothing is drawn twice, the focus stays where it was.
 */
import { flowDriver } from '../../lib/live-flow';
import { useCheckoutFlow, type FirstViewHandover } from './use-checkout-flow';

/** Props of {@link LiveCheckoutFlow} besides `onFlow`: the payment and the first view's handover. */
export interface LiveCheckoutProps extends FirstViewHandover {
  paymentId: string;
}

/** The live flow of payment `paymentId`, once it knows more than "loading". */
export const LiveCheckoutFlow = flowDriver(
  ({ paymentId, sentMoneyAt }: LiveCheckoutProps) => useCheckoutFlow(paymentId, { sentMoneyAt }),
  (flow) => flow.state.kind !== 'loading',
);
