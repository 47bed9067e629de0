/**
 * Drives the checkout page (product.md, "Checkout pages"; docs/decisions/0012-query-owned-server-
 * state.md): what the service says is the checkout query's (`checkoutQueryOptions`, TanStack
 * Query), what only the page knows is the reducer of `machine.ts`, and the view is derived from
 * both by `page-state.ts`.
 *
 * - Checks while the payment awaits money (`awaitsPayment`): the hosted pages' one polling policy
 *   (src/lib/use-check-schedule.ts: 3 s, 5 s, 10 s, then every 20 s, again from 3 s when part of
 *   the money arrives; every 3 s for two minutes after "I've sent the money"), paused while the
 *   tab is hidden; at once when the page comes back into view or the phone back online; and once
 *   per answer when the local countdown reaches zero. The countdown counts from when the answer
 *   arrived (`dataUpdatedAt`, `payment-window.ts`).
 * - The payer's details are a mutation started by the form's submit handler (`details-form.tsx`,
 *   loaded on demand); its success or failure goes to the reducer as an event, and its answer
 *   into the query's cache (`api.ts`).
 * - `paid` with the return counting: the paid view's countdown (src/components/auto-return-
 *   countdown.tsx: 5 s, held while focused or pointed at, once per payment in a tab, never after
 *   "Stay here"), then `returnNow`; `leaving`: the redirect to the return URL the answer's schema
 *   already parsed (`returnUrlWireSchema`, decision 0011).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { CheckoutState } from '../../../contract/checkout';
import { redirectTo } from '../../lib/redirect';
import { useCheckSchedule } from '../../lib/use-check-schedule';
import { useForgetRefusedLink, useHostedLinkToken } from '../../lib/use-hosted-link';
import { checkoutQueryOptions } from './api';
import { classifyCheckoutFailure, selectCheckout } from './checkout-answer';
import type { DetailsSave } from './details-form';
import { initialState, returnUrlOf, transition } from './machine';
import { awaitsPayment, checkoutPageState, type CheckoutPageState } from './page-state';
import { useWindowSecondsLeft } from './payment-window';

/** What the page needs from the flow. */
export interface CheckoutFlow {
  state: CheckoutPageState;
  /** The payer's details save, run by the details step (one save at a time). */
  details: DetailsSave;
  /** Reads the checkout again (the failure view's "Try again"). */
  retry: () => void;
  /** "I've sent the money": checks now and more often for a while. Never marks anything paid. */
  sentMoney: () => void;
  /** A check started by "I've sent the money" is in flight. */
  sentMoneyChecking: boolean;
  /** Seconds left in the payment window while pending (server-synced); else null. */
  windowSecondsLeft: number | null;
  /** "Stay here" (or this tab already returned or stayed for the payment): no return. Stable. */
  stayHere: () => void;
  /** "Return now", or the countdown ran out. Stable. */
  returnNow: () => void;
}

// Part of the money arriving starts the back-off again: the rest may follow soon.
const amountReceivedOf = (checkout: CheckoutState) => checkout.payment.amountReceived;

/** What the page's first view passes on to the live flow (first-checkout.tsx). */
export interface FirstViewHandover {
  /**
   * `performance.now()` (ms) when the payer pressed "I've sent the money" in the first view,
   * before this flow had arrived; null when they did not. The flow checks at once and counts the
   * closer checks from then.
   */
  sentMoneyAt: number | null;
}

/** The checkout flow of the page at `/checkout/:paymentId#token=…`. */
export function useCheckoutFlow(
  paymentId: string,
  { sentMoneyAt }: FirstViewHandover = { sentMoneyAt: null },
): CheckoutFlow {
  const { reading: token, token: tokenValue } = useHostedLinkToken({
    kind: 'checkout',
    id: paymentId,
  });
  const [flow, dispatch] = useReducer(transition, initialState);

  const refetchInterval = useCheckSchedule(selectCheckout, {
    awaits: awaitsPayment,
    restartKey: amountReceivedOf,
    sentAt: flow.sentAt,
  });
  // Focus and reconnection refetch exactly while the schedule polls (pending, link not refused).
  const whileChecking = useCallback(
    (query: Parameters<typeof refetchInterval>[0]) => refetchInterval(query) !== false,
    [refetchInterval],
  );
  const query = useQuery({
    ...checkoutQueryOptions(paymentId, tokenValue),
    enabled: token.kind === 'token',
    refetchInterval,
    refetchOnWindowFocus: whileChecking,
    refetchOnReconnect: whileChecking,
  });
  const { data, error, dataUpdatedAt, refetch } = query;
  const state = checkoutPageState({ token, data, error, flow });

  const queryClient = useQueryClient();
  const details: DetailsSave = {
    paymentId,
    token: tokenValue,
    queryClient,
    enter: (request) => {
      if (data === undefined) return false;
      const event = { type: 'detailsEntered', request, needs: data.needsCustomerDetails } as const;
      if (transition(flow, event) === flow) return false;
      dispatch(event);
      return true;
    },
    saved: () => dispatch({ type: 'detailsSaved' }),
    failed: (error) => {
      const failure = classifyCheckoutFailure(error);
      dispatch({ type: 'detailsFailed', failure });
      if (failure.kind === 'changed' || failure.kind === 'invalidLink') void refetch();
    },
  };

  // A link the server refuses is of no use after a reload either.
  useForgetRefusedLink(
    { kind: 'checkout', id: paymentId },
    state.kind === 'invalidLink' ? state.reason : null,
  );

  const pending = state.kind === 'pending';
  const remainingSeconds = pending ? state.checkout.remainingSeconds : null;
  const windowSecondsLeft = useWindowSecondsLeft(remainingSeconds, dataUpdatedAt);
  // The local countdown ran out while the server last said there was time: ask the server, which
  // alone says whether the payment expired or the money arrived just in time. Once per answer
  // (`dataUpdatedAt`), so a server that still says 0 s causes no burst of checks.
  const askAtZero = windowSecondsLeft === 0 && remainingSeconds !== null && remainingSeconds > 0;
  useEffect(() => {
    if (askAtZero) void refetch({ cancelRefetch: false });
  }, [askAtZero, dataUpdatedAt, refetch]);

  const [sentMoneyChecking, setSentMoneyChecking] = useState(sentMoneyAt !== null);
  const sentMoneyWhen = useCallback(
    (mono: number) => {
      dispatch({ type: 'moneySent', mono });
      setSentMoneyChecking(true);
      void refetch().finally(() => setSentMoneyChecking(false));
    },
    [refetch],
  );
  const sentMoney = useCallback(() => sentMoneyWhen(performance.now()), [sentMoneyWhen]);
  // Pressed in the first view, before this flow arrived: checked now, counted from the press.
  // Once the first answer is in (it was read before the press, so it cannot say what the press
  // asks: a check joined to it would be no check at all).
  const handedOver = useRef<number | null>(null);
  const answered = data !== undefined;
  useEffect(() => {
    if (sentMoneyAt === null || !answered || handedOver.current === sentMoneyAt) return;
    handedOver.current = sentMoneyAt;
    sentMoneyWhen(sentMoneyAt);
  }, [sentMoneyAt, answered, sentMoneyWhen]);

  const stayHere = useCallback(() => dispatch({ type: 'stayHere' }), []);
  const returnNow = useCallback(() => dispatch({ type: 'returnNow' }), []);

  const leavingTo =
    state.kind === 'paid' && state.autoReturn === 'leaving' ? returnUrlOf(state.checkout) : null;
  const redirectedFor = useRef<string | null>(null);
  useEffect(() => {
    // A `ReturnUrl`: parsed once by the answer's schema (decision 0011), never checked again; the
    // page uses only that normalized URL.
    if (leavingTo === null || redirectedFor.current === leavingTo) return;
    redirectedFor.current = leavingTo;
    redirectTo(leavingTo);
  }, [leavingTo]);

  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    state,
    details,
    retry,
    sentMoney,
    sentMoneyChecking,
    windowSecondsLeft: pending ? windowSecondsLeft : null,
    stayHere,
    returnNow,
  };
}
