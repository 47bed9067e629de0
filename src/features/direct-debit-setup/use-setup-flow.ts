/**
 * Drives the setup flow: the pure `transition` of `machine.ts` in a `useReducer`, and every effect
 * the states call for (product.md, "Direct-debit setup: the flow"):
 *
 * - `loading`: reads the setup; the bank list is read at the same time (parallel requests).
 * - `resolving`: one account lookup; `submitting`: one authorization (never retried by itself);
 *   `status` with `disable: sending`: one disable call.
 * - `status` with a status that can still change: checks again with back-off (3 s growing to
 *   30 s), at once when the tab comes back into view or focus, or the phone back online.
 *   Verified or approved: no timer, but the same checks on coming back, since the merchant can
 *   still turn debit off. "Check now" after a failed check: one check at once.
 * - `status` with `disable: sending`: status checks in flight are cancelled and their answers
 *   dropped before the call is sent, and none start until it is answered.
 * - `status` with `autoReturn: 'counting'`: a 5-second countdown, then `returnNow`;
 *   `leaving`: the redirect to the validated return URL. The automatic return happens once per
 *   mandate in a tab: a customer who comes back with the Back button stays on the page.
 *
 * Each request starts once per state it belongs to (also under StrictMode's double effects) and
 * its answer goes back as an event; the reducer ignores answers that no longer fit.
 */
import { CancelledError, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
import { redirectTo } from '../../lib/redirect';
import { useCountdown } from '../../lib/use-countdown';
import { useForgetRefusedLink, useHostedLinkToken } from '../../lib/use-hosted-link';
import {
  banksQueryOptions,
  classifySetupFailure,
  disableSetupMutationOptions,
  resolveAccountMutationOptions,
  setupQueryOptions,
  submitSetupMutationOptions,
} from './api';
import {
  initialState,
  pollsStatus,
  rechecksOnReturn,
  returnUrlOf,
  transition,
  type FlowEvent,
  type FlowState,
} from './machine';

/** Seconds before the automatic return to the merchant (product.md, flow step 6). */
export const autoReturnSeconds = 5;

/** Delays between status checks, in ms; the last one repeats. */
export const statusCheckDelaysMs = [3_000, 3_000, 5_000, 5_000, 8_000, 13_000, 20_000, 30_000];

/** Events a view may send; the rest come from this hook's own requests and timers. */
export type ViewEvent = Extract<
  FlowEvent,
  {
    type:
      | 'bankChosen'
      | 'changeBank'
      | 'accountEntered'
      | 'changeAccount'
      | 'confirmed'
      | 'stayHere'
      | 'returnNow'
      | 'tryAnotherAccount'
      | 'disableRequested'
      | 'disableCancelled'
      | 'disableConfirmed'
      | 'checkNow'
      | 'retry';
  }
>;

/** What the page needs from the flow. */
export interface SetupFlow {
  state: FlowState;
  send: (event: ViewEvent) => void;
  /** The bank list (server data), for the bank step. */
  banks: { data: Bank[] | undefined; isError: boolean; isPending: boolean; refetch: () => void };
  /** Seconds left before the automatic return, while it counts down; else null. */
  autoReturnSecondsLeft: number | null;
}

// The tab remembers which mandates it already returned the customer for (sessionStorage, like
// the token), so the Back button from the merchant's site does not start another countdown.
function returnedKey(mandateId: string): string {
  return `dd-returned-${mandateId}`;
}
function hasReturnedFor(mandateId: string): boolean {
  try {
    return window.sessionStorage.getItem(returnedKey(mandateId)) !== null;
  } catch {
    return false;
  }
}
function rememberReturnFor(mandateId: string): void {
  try {
    window.sessionStorage.setItem(returnedKey(mandateId), '1');
  } catch {
    // Without storage the worst case is one more countdown after Back.
  }
}

// While the disable call is in flight no check runs: its answer could predate the call.
function checksPaused(state: FlowState): boolean {
  return state.kind === 'status' && state.disable.kind === 'sending';
}

// Whether the server's answer may still change by itself, so the page checks on a timer.
function needsPolling(state: FlowState): boolean {
  return state.kind === 'status' && !checksPaused(state) && pollsStatus(state.mandate.status);
}

// Whether the page checks again when the customer comes back to the tab or gets back online.
function needsRecheckOnReturn(state: FlowState): boolean {
  return state.kind === 'status' && !checksPaused(state) && rechecksOnReturn(state.mandate.status);
}

/** The setup flow of the page at `/direct-debit/setup#token=…`. */
export function useSetupFlow(): SetupFlow {
  const { reading: token, token: tokenValue } = useHostedLinkToken('dd');
  const [state, dispatch] = useReducer(transition, token, initialState);
  const queryClient = useQueryClient();

  const banksQuery = useQuery({
    ...banksQueryOptions(tokenValue),
    enabled: token.kind === 'token' && state.kind !== 'invalidLink',
  });
  const resolveMutation = useMutation(resolveAccountMutationOptions(tokenValue));
  const submitMutation = useMutation(submitSetupMutationOptions(tokenValue));
  const disableMutation = useMutation(disableSetupMutationOptions(tokenValue));
  const { mutateAsync: resolveAccount } = resolveMutation;
  const { mutateAsync: submitSetup } = submitMutation;
  const { mutateAsync: disableSetup } = disableMutation;

  const { cancelChecks } = useStatusChecks(state, dispatch, tokenValue);

  // The state object a request was started for: StrictMode runs effects twice, and a second
  // lookup or authorization must never be sent for the same step.
  const startedFor = useRef<FlowState | null>(null);

  useEffect(() => {
    if (startedFor.current === state) return;
    if (state.kind === 'loading') {
      startedFor.current = state;
      const options = setupQueryOptions(tokenValue);
      // The first read takes the entry's prefetch (src/app/first-requests.ts) as it is; a re-read
      // asks the server.
      queryClient.query({ ...options, staleTime: state.setup === null ? 'static' : 0 }).then(
        (setup) =>
          dispatch({
            type: 'setupLoaded',
            setup,
            at: queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? Date.now(),
          }),
        (error: unknown) => dispatch({ type: 'setupFailed', failure: classifySetupFailure(error) }),
      );
    } else if (state.kind === 'resolving') {
      startedFor.current = state;
      const { bank, accountNumber } = state;
      resolveAccount({ bankId: bank.id, bankAccountNumber: accountNumber }).then(
        ({ accountName }) =>
          dispatch({ type: 'accountResolved', bankId: bank.id, accountNumber, accountName }),
        (error: unknown) =>
          dispatch({ type: 'resolveFailed', failure: classifySetupFailure(error) }),
      );
    } else if (state.kind === 'submitting') {
      startedFor.current = state;
      submitSetup({
        bankId: state.bank.id,
        bankAccountNumber: state.accountNumber,
        consent: true,
      }).then(
        (setup) => dispatch({ type: 'submitted', setup, at: Date.now() }),
        (error: unknown) =>
          dispatch({ type: 'submitFailed', failure: classifySetupFailure(error) }),
      );
    } else if (state.kind === 'status' && state.disable.kind === 'sending') {
      // Status checks give new state objects while the call is in flight: one call per request.
      if (startedFor.current?.kind === 'status' && startedFor.current.disable.kind === 'sending') {
        return;
      }
      startedFor.current = state;
      // A status check sent before this call could answer after it with the old status.
      cancelChecks();
      disableSetup().then(
        (setup) => dispatch({ type: 'disabled', setup, at: Date.now() }),
        (error: unknown) =>
          dispatch({ type: 'disableFailed', failure: classifySetupFailure(error) }),
      );
    } else if (state.kind === 'status') {
      startedFor.current = state;
    }
  }, [state, queryClient, tokenValue, resolveAccount, submitSetup, disableSetup, cancelChecks]);

  // A link the server refuses is of no use after a reload either.
  useForgetRefusedLink('dd', state.kind === 'invalidLink' ? state.reason : null);

  // Before paint, so a customer back from the merchant never sees the countdown flash.
  useLayoutEffect(() => {
    if (
      state.kind === 'status' &&
      state.autoReturn === 'counting' &&
      hasReturnedFor(state.mandate.id)
    ) {
      dispatch({ type: 'stayHere' });
    }
  }, [state]);

  const counting = state.kind === 'status' && state.autoReturn === 'counting';
  const autoReturnSecondsLeft = useCountdown(
    counting ? autoReturnSeconds : null,
    state.kind === 'status' ? state.mandate.id : null,
  );
  useEffect(() => {
    if (counting && autoReturnSecondsLeft === 0) dispatch({ type: 'returnNow' });
  }, [counting, autoReturnSecondsLeft]);

  const redirectedFor = useRef<string | null>(null);
  useEffect(() => {
    if (state.kind !== 'status' || state.autoReturn !== 'leaving') return;
    // Validated again at the moment of leaving; only the parsed, normalized URL is used.
    const url = returnUrlOf(state.setup);
    if (url === null || redirectedFor.current === url) return;
    redirectedFor.current = url;
    rememberReturnFor(state.mandate.id);
    redirectTo(url);
  }, [state]);

  const send = useCallback((event: ViewEvent) => dispatch(event), []);
  const { data, isError, isPending, refetch } = banksQuery;
  const refetchBanks = useCallback(() => void refetch(), [refetch]);

  return {
    state,
    send,
    banks: { data, isError, isPending, refetch: refetchBanks },
    autoReturnSecondsLeft: counting ? autoReturnSecondsLeft : null,
  };
}

/**
 * Status checks of the status view: with back-off while the mandate can still change (skipped
 * while the tab is hidden); at once when the tab becomes visible or focused again or the phone
 * comes back online, for those statuses and for verified or approved; and one at once when the
 * customer presses "Check now". `cancelChecks` cancels the checks in flight and drops their
 * answers (before the disable call).
 */
function useStatusChecks(
  state: FlowState,
  dispatch: (event: FlowEvent) => void,
  token: string,
): { cancelChecks: () => void } {
  const queryClient = useQueryClient();
  const polling = needsPolling(state);
  const recheckOnReturn = needsRecheckOnReturn(state);
  const status = state.kind === 'status' ? state.mandate.status : null;
  const attempt = useRef(0);
  // Answers of checks started before the last cancellation are dropped.
  const generation = useRef(0);

  // A new status starts the back-off again. (Declared before the scheduling effect, so it runs
  // first.)
  useEffect(() => {
    attempt.current = 0;
  }, [status]);

  const check = useCallback(() => {
    const startedIn = generation.current;
    // One try per check: the next scheduled check (or "Check now") is the retry.
    queryClient.query({ ...setupQueryOptions(token), retry: false }).then(
      (setup: SetupState) => {
        if (generation.current !== startedIn) return;
        dispatch({ type: 'statusRefreshed', setup, at: Date.now() });
      },
      (error: unknown) => {
        if (generation.current !== startedIn || error instanceof CancelledError) return;
        dispatch({ type: 'statusCheckFailed', failure: classifySetupFailure(error) });
      },
    );
  }, [queryClient, token, dispatch]);

  const cancelChecks = useCallback(() => {
    generation.current += 1;
    void queryClient.cancelQueries({ queryKey: setupQueryOptions(token).queryKey });
  }, [queryClient, token]);

  // Every answer gives a new state object, which schedules the next check.
  useEffect(() => {
    if (!polling) return;
    const delay =
      statusCheckDelaysMs[Math.min(attempt.current, statusCheckDelaysMs.length - 1)] ?? 30_000;
    const id = window.setTimeout(() => {
      attempt.current += 1;
      if (document.visibilityState === 'hidden') return;
      check();
    }, delay);
    return () => window.clearTimeout(id);
  }, [polling, state, check]);

  useEffect(() => {
    if (!recheckOnReturn) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', check);
    window.addEventListener('online', check);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', check);
      window.removeEventListener('online', check);
    };
  }, [recheckOnReturn, check]);

  // "Check now": one check per press (the state object it produced), also under StrictMode.
  const checkedFor = useRef<FlowState | null>(null);
  useEffect(() => {
    if (state.kind !== 'status' || state.check.kind !== 'retrying') return;
    if (checkedFor.current === state) return;
    checkedFor.current = state;
    check();
  }, [state, check]);

  return { cancelChecks };
}
