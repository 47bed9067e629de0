/**
 * The checkout page's first flow (docs/decisions/0028, second addendum of issue 25): the account
 * to pay into, drawn from the first read as soon as both it and the page's own code are in,
 * before TanStack Query and the live flow (`use-checkout-flow.ts`) have arrived. The page draws it
 * with the same screen (`checkout-screen.tsx`), from the same schema's parse of the same answer
 * (`selectCheckout`), and the live flow then takes the screen over without redrawing it.
 *
 * It takes nothing away from the live flow: the read the page document's inline script sent is
 * looked at, not taken (src/lib/use-first-answer.ts), so the live flow's query takes it and the read is sent
 * once. It shows only a payment awaiting the transfer (`pending`), the view a payer opens the link
 * for; every other view (paid, expired, the details form, a failure) waits for the live flow in
 * the frame's "Loading…". It sends nothing: "I've sent the money" pressed here is handed to the
 * live flow (`onSentMoney`), which checks at once.
 */
import { useMemo } from 'react';
import { selectedFirstAnswer, useFirstAnswer } from '../../lib/use-first-answer';
import { useHostedLinkToken } from '../../lib/use-hosted-link';
import { selectCheckout } from './checkout-answer';
import { initialState, transition } from './machine';
import { checkoutPageState } from './page-state';
import { useWindowSecondsLeft } from './payment-window';
import type { CheckoutFlow } from './use-checkout-flow';

const inert = () => undefined;

/** Inputs of {@link useFirstCheckoutFlow}. */
export interface FirstCheckoutInput {
  paymentId: string;
  /** `performance.now()` (ms) when "I've sent the money" was pressed in this flow; null before. */
  sentMoneyAt: number | null;
  /** "I've sent the money" pressed in this flow, for the live flow to act on. */
  onSentMoney: () => void;
  /** The live flow has taken the screen over: this one keeps no countdown running. */
  retired: boolean;
}

/**
 * The checkout page's first flow for payment `paymentId` (see the module's comment), and whether
 * its first read has settled (drawn, or nothing to draw).
 */
export function useFirstCheckoutFlow({
  paymentId,
  sentMoneyAt,
  onSentMoney,
  retired,
}: FirstCheckoutInput): { flow: CheckoutFlow; settled: boolean } {
  const { reading } = useHostedLinkToken({ kind: 'checkout', id: paymentId });
  const { answer, settled } = useFirstAnswer({ read: 'getCheckout', paymentId }, reading);
  const checkout = useMemo(() => selectedFirstAnswer(selectCheckout, answer), [answer]);
  const flowState =
    sentMoneyAt === null
      ? initialState
      : transition(initialState, { type: 'moneySent', mono: sentMoneyAt });
  const state = checkoutPageState({ token: reading, data: checkout, error: null, flow: flowState });
  const pending = state.kind === 'pending' && !retired;
  const windowSecondsLeft = useWindowSecondsLeft(
    pending ? state.checkout.remainingSeconds : null,
    answer?.receivedAtMs ?? 0,
  );
  const flow: CheckoutFlow = {
    state: pending ? state : { kind: 'loading' },
    // Never drawn: the first flow shows no details form.
    details: {
      paymentId,
      token: '',
      queryClient: undefined,
      enter: () => false,
      saved: inert,
      failed: inert,
    },
    retry: inert,
    sentMoney: onSentMoney,
    sentMoneyChecking: sentMoneyAt !== null,
    windowSecondsLeft: pending ? windowSecondsLeft : null,
    stayHere: inert,
    returnNow: inert,
  };
  // Settled: the live flow may start downloading (src/lib/live-flow.tsx).
  return { flow, settled };
}
