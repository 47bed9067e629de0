/**
 * Drives the checkout page: the pure `transition` of `machine.ts` in a `useReducer`, and every
 * effect the states call for (product.md, "Checkout pages"):
 *
 * - `loading`: reads the checkout; `savingDetails`: one save of the payer's details (never
 *   retried by itself).
 * - `pending`: checks the payment again with back-off (`src/lib/check-schedule.ts`: 3 s, 5 s,
 *   10 s, then every 20 s; every 3 s for two minutes after "I've sent the money"), at once when
 *   the page comes back into view, gets focus or the phone comes back online, and when the local
 *   countdown reaches zero. Checks pause while the tab is hidden. The countdown itself is re-synced from the
 *   server's `remainingSeconds` on every answer (`payment-window.ts`).
 * - `paid` with `autoReturn: 'counting'`: a 5-second countdown, then `returnNow`; `leaving`: the
 *   redirect to the re-validated return URL.
 *
 * Each request starts once per state it belongs to (also under StrictMode's double effects) and
 * its answer goes back as an event; the reducer ignores answers that no longer fit.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { CheckoutState } from '../../../contract/checkout';
import { nextCheckDelayMs } from '../../lib/check-schedule';
import { redirectTo } from '../../lib/redirect';
import { useCountdown } from '../../lib/use-countdown';
import { useForgetRefusedLink, useHostedLinkToken } from '../../lib/use-hosted-link';
import {
  checkoutQueryOptions,
  classifyCheckoutFailure,
  submitCustomerMutationOptions,
} from './api';
import {
  initialState,
  returnUrlOf,
  transition,
  type CheckoutFlowEvent,
  type CheckoutFlowState,
} from './machine';
import { useWindowSecondsLeft } from './payment-window';

/** Seconds before the automatic return to the merchant after payment (as on the setup page). */
export const autoReturnSeconds = 5;

/** Events a view may send; the rest come from this hook's own requests and timers. */
export type ViewEvent = Extract<
  CheckoutFlowEvent,
  { type: 'detailsEntered' | 'stayHere' | 'returnNow' | 'retry' }
>;

/** What the page needs from the flow. */
export interface CheckoutFlow {
  state: CheckoutFlowState;
  send: (event: ViewEvent) => void;
  /** "I've sent the money": checks now and more often for a while. Never marks anything paid. */
  sentMoney: () => void;
  /** A check started by "I've sent the money" is in flight. */
  sentMoneyChecking: boolean;
  /** Seconds left in the payment window while pending (server-synced); else null. */
  windowSecondsLeft: number | null;
  /** Seconds left before the automatic return, while it counts down; else null. */
  autoReturnSecondsLeft: number | null;
}

/** The checkout flow of the page at `/checkout/:paymentId#token=…`. */
export function useCheckoutFlow(paymentId: string): CheckoutFlow {
  const { reading: token, token: tokenValue } = useHostedLinkToken({
    kind: 'checkout',
    id: paymentId,
  });
  const [state, dispatch] = useReducer(transition, token, initialState);
  const queryClient = useQueryClient();
  const { mutateAsync: submitCustomer } = useMutation(
    submitCustomerMutationOptions(paymentId, tokenValue),
  );

  // The state object a request was started for: StrictMode runs effects twice, and a second save
  // must never be sent for the same click.
  const startedFor = useRef<CheckoutFlowState | null>(null);

  useEffect(() => {
    if (startedFor.current === state) return;
    if (state.kind === 'loading') {
      startedFor.current = state;
      const options = checkoutQueryOptions(paymentId, tokenValue);
      // The first read takes the entry's prefetch (src/app/first-requests.ts) as it is, timed from
      // when its answer arrived; a re-read asks the server.
      queryClient.query({ ...options, staleTime: state.checkout === null ? 'static' : 0 }).then(
        (checkout) => {
          const at = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? Date.now();
          dispatch({ type: 'loaded', checkout, at, mono: performance.now() - (Date.now() - at) });
        },
        (error: unknown) =>
          dispatch({ type: 'loadFailed', failure: classifyCheckoutFailure(error) }),
      );
    } else if (state.kind === 'savingDetails') {
      startedFor.current = state;
      submitCustomer(state.request).then(
        (checkout) =>
          dispatch({ type: 'detailsSaved', checkout, at: Date.now(), mono: performance.now() }),
        (error: unknown) =>
          dispatch({ type: 'detailsFailed', failure: classifyCheckoutFailure(error) }),
      );
    }
  }, [state, queryClient, paymentId, tokenValue, submitCustomer]);

  // A link the server refuses is of no use after a reload either.
  useForgetRefusedLink(
    { kind: 'checkout', id: paymentId },
    state.kind === 'invalidLink' ? state.reason : null,
  );

  const windowSecondsLeft = useWindowSecondsLeft(state.kind === 'pending' ? state.sync : null);
  const { sentMoney, sentMoneyChecking } = useStatusChecks(
    state,
    dispatch,
    paymentId,
    tokenValue,
    windowSecondsLeft,
  );

  const counting = state.kind === 'paid' && state.autoReturn === 'counting';
  const autoReturnSecondsLeft = useCountdown(
    counting ? autoReturnSeconds : null,
    state.kind === 'paid' ? state.checkout.payment.id : null,
  );
  useEffect(() => {
    if (counting && autoReturnSecondsLeft === 0) dispatch({ type: 'returnNow' });
  }, [counting, autoReturnSecondsLeft]);

  const redirectedFor = useRef<string | null>(null);
  useEffect(() => {
    if (state.kind !== 'paid' || state.autoReturn !== 'leaving') return;
    // Validated again at the moment of leaving; only the parsed, normalized URL is used.
    const url = returnUrlOf(state.checkout);
    if (url === null || redirectedFor.current === url) return;
    redirectedFor.current = url;
    redirectTo(url);
  }, [state]);

  const send = useCallback((event: ViewEvent) => dispatch(event), []);

  return {
    state,
    send,
    sentMoney,
    sentMoneyChecking,
    windowSecondsLeft: state.kind === 'pending' ? windowSecondsLeft : null,
    autoReturnSecondsLeft: counting ? autoReturnSecondsLeft : null,
  };
}

/**
 * Status checks while the payment is pending: scheduled with back-off, skipped while the tab is
 * hidden, at once on focus, visibility, reconnection and when the countdown runs out, and on
 * "I've sent the money" (which also makes the schedule fast for a while).
 */
function useStatusChecks(
  state: CheckoutFlowState,
  dispatch: (event: CheckoutFlowEvent) => void,
  paymentId: string,
  token: string,
  windowSecondsLeft: number | null,
): { sentMoney: () => void; sentMoneyChecking: boolean } {
  const queryClient = useQueryClient();
  const pending = state.kind === 'pending';
  const sentAt = pending ? state.sentAt : null;
  const received = pending ? state.checkout.payment.amountReceived : null;
  const attempt = useRef(0);
  const [sentMoneyChecking, setSentMoneyChecking] = useState(false);

  // Money arriving (a part of it) starts the back-off again: the rest may follow soon. (Declared
  // before the scheduling effect, so it runs first.)
  useEffect(() => {
    attempt.current = 0;
  }, [received]);

  const check = useCallback(
    () =>
      // One try per check: the next scheduled check is the retry. A check already in flight is
      // shared, not repeated (TanStack Query deduplicates fetches of one key).
      queryClient.query({ ...checkoutQueryOptions(paymentId, token), retry: false }).then(
        (checkout: CheckoutState) =>
          dispatch({ type: 'refreshed', checkout, at: Date.now(), mono: performance.now() }),
        (error: unknown) =>
          dispatch({ type: 'refreshFailed', failure: classifyCheckoutFailure(error) }),
      ),
    [queryClient, paymentId, token, dispatch],
  );

  // Every answer gives a new state object, which schedules the next check.
  useEffect(() => {
    if (!pending) return;
    const sinceSent = sentAt === null ? null : performance.now() - sentAt;
    const id = window.setTimeout(
      () => {
        attempt.current += 1;
        if (document.visibilityState === 'hidden') return;
        void check();
      },
      nextCheckDelayMs(attempt.current, sinceSent),
    );
    return () => window.clearTimeout(id);
  }, [pending, state, sentAt, check]);

  useEffect(() => {
    if (!pending) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const onFocusOrOnline = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onFocusOrOnline);
    window.addEventListener('online', onFocusOrOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onFocusOrOnline);
      window.removeEventListener('online', onFocusOrOnline);
    };
  }, [pending, check]);

  // The local countdown ran out while the server last said there was time: ask the server,
  // which alone says whether the payment expired or the money arrived just in time. Once per
  // answer, so a server that still says 0 s does not cause a burst of checks.
  const sync = pending ? state.sync : null;
  const checkedAtZeroFor = useRef<object | null>(null);
  useEffect(() => {
    if (sync === null || windowSecondsLeft !== 0 || sync.remainingSeconds === 0) return;
    if (checkedAtZeroFor.current === sync) return;
    checkedAtZeroFor.current = sync;
    void check();
  }, [sync, windowSecondsLeft, check]);

  const sentMoney = useCallback(() => {
    dispatch({ type: 'moneySent', mono: performance.now() });
    attempt.current = 0;
    setSentMoneyChecking(true);
    void check().finally(() => setSentMoneyChecking(false));
  }, [dispatch, check]);

  return { sentMoney, sentMoneyChecking };
}
