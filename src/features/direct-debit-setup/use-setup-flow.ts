/**
 * Drives the setup page (product.md, "Direct-debit setup: the flow"; decision 0012): TanStack
 * Query owns what the service says, the pure reducer of `machine.ts` owns the customer's facts,
 * and `page-state.ts` derives the view from both.
 *
 * - The setup is `useQuery(setupQueryOptions(token))`, taking the entry's prefetch; the bank list
 *   is read at the same time. Status checks are the hosted pages' one polling policy
 *   (`useCheckSchedule`: 3 s, 5 s, 10 s, then every 20 s, again from 3 s when the mandate status
 *   changes) while the status can still change, and on focus and reconnection while the status
 *   view wants it (`rechecksOnReturn`). One try per check once the setup is shown: the next check
 *   (or "Check now", which is `refetch()`) is the retry.
 * - Writes are mutations (account lookup, authorization, disable), started from the handlers that
 *   send their event; their answers go back to the reducer as events. An authorization's or a
 *   disable call's answer is the new setup state: it is written into the query's cache (in the
 *   raw shape the query holds, `setupAnswer`) so the status view shows it at once, without a
 *   second request and without a frame of the old status. Each write has its own idempotency key
 *   (`useActionKey`, decision 0023); one that gets no answer (offline: not sent; or none within
 *   15 s) sends `actionUnanswered`, and the step it came from shows the notice with the input kept.
 * - While the disable call is in flight, status checks are cancelled and the query is disabled:
 *   an answer sent before the call could bring the old status back.
 * - It takes over from the first view (`first-setup-flow.ts`, which drew the bank step before this
 *   flow and the query library arrived): Continue pressed there (`FirstViewHandover`) is chosen
 *   again here once this flow shows the bank step.
 * - `status` counting down (the status view's `AutoReturnCountdown`: once per mandate in a tab,
 *   held while focused or pointed at), then the redirect to the validated return URL.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import type { Bank } from '../../../contract/banks';
import {
  bankApprovedStatuses,
  type ResolveAccountRequest,
  type SetupState,
  type SetupSubmitRequest,
} from '../../../contract/direct-debit';
import { unansweredActionOf } from '../../lib/action-failure';
import type { RawAnswer } from '../../lib/api-client';
import { redirectTo } from '../../lib/redirect';
import { useActionKey } from '../../lib/use-action-key';
import { useCheckSchedule } from '../../lib/use-check-schedule';
import { useForgetRefusedLink, useHostedLinkToken } from '../../lib/use-hosted-link';
import {
  banksQueryOptions,
  classifySetupFailure,
  disableSetupMutationOptions,
  resolveAccountMutationOptions,
  setupQueryOptions,
  submitSetupMutationOptions,
} from './api';
import { selectSetup, setupAnswer } from './setup-answer';
import type { FlowEvent, ResolvingStep } from './flow-state';
import { initialState, transition } from './machine';
import { allowsAutoReturn, pollsStatus, rechecksOnReturn, returnUrlOf } from './setup-rules';
import { setupView, type SetupView } from './page-state';
import { keptDraft, useStepHistory } from './setup-history';
import { setupMemoryKey, useSetupMemory } from './setup-memory';

/** Events a view may send; "Check now" is a read again, not a move of the flow. */
export type ViewEvent =
  | Extract<
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
          | 'disableCancelled'
          | 'disableConfirmed'
          | 'retry';
      }
    >
  | { type: 'tryAnotherAccount' | 'disableRequested' | 'checkNow' };

/** A bank chosen on the bank step (Continue), with the account number typed there, if any. */
export interface BankChoice {
  bank: Bank;
  accountNumber: string | null;
}

/**
 * What the first view hands the live flow (`first-setup-flow.ts`): the bank chosen there before
 * this flow arrived, if any. The live flow chooses it again, once, as soon as it shows the bank
 * step itself; a setup that turned out to need another view drops it.
 */
export interface FirstViewHandover {
  chosenBank: BankChoice | null;
}

/** What the page needs from the flow. */
export interface SetupFlow {
  view: SetupView;
  send: (event: ViewEvent) => void;
  /** The bank list (server data), for the bank step. */
  banks: { data: Bank[] | undefined; isError: boolean; isPending: boolean; refetch: () => void };
  /** The key of this tab's memory of the link's form (`setup-memory.ts`); '' without a token. */
  memoryKey: string;
  /**
   * Continue pressed in the first view is still to be acted on (`FirstViewHandover`): the view is
   * about to move on. Always false in the first flow.
   */
  handingOver: boolean;
}

/** Whether the server may still change the shown mandate by itself: checked on a timer. */
function awaitsStatus(setup: SetupState): boolean {
  return setup.mandate !== null && pollsStatus(setup.mandate.status);
}
function statusOf(setup: SetupState): unknown {
  return setup.mandate?.status;
}

/** Whether coming back to the tab or getting back online checks the status again. */
function rechecks(query: { state: { data: RawAnswer | undefined } }): boolean {
  const { data } = query.state;
  if (data === undefined) return false;
  try {
    const { mandate } = selectSetup(data);
    return mandate !== null && rechecksOnReturn(mandate.status);
  } catch {
    return false;
  }
}

/**
 * The setup flow of the page at `/direct-debit/setup#token=…`, taking over from the first view
 * (`handover`: what was pressed there).
 */
export function useSetupFlow(handover: FirstViewHandover): SetupFlow {
  const { reading: token, token: tokenValue } = useHostedLinkToken('directDebitSetup');
  const memoryKey = setupMemoryKey(tokenValue);
  // After a reload or a visit elsewhere, the step of the history entry, with what the tab
  // remembers of the link's form: bank, number, the names looked up (setup-history.ts).
  const [flow, dispatch] = useReducer(transition, null, () => initialState(keptDraft(memoryKey)));
  const queryClient = useQueryClient();
  const setupOptions = setupQueryOptions(tokenValue);
  const { queryKey } = setupOptions;
  const usable = token.kind === 'token' && flow.step.kind !== 'invalidLink';

  const refetchInterval = useCheckSchedule(selectSetup, {
    awaits: awaitsStatus,
    restartKey: statusOf,
  });
  const shownBefore = queryClient.getQueryData(queryKey) !== undefined;
  const setupQuery = useQuery({
    ...setupOptions,
    // Paused while the disable call is in flight: a check's answer could predate it.
    enabled: usable && flow.disable.kind !== 'sending',
    refetchInterval,
    refetchOnWindowFocus: rechecks,
    refetchOnReconnect: rechecks,
    ...(shownBefore ? { retry: false } : {}),
  });
  const banksQuery = useQuery({ ...banksQueryOptions(tokenValue), enabled: usable });

  const { data, error, refetch } = setupQuery;
  const readFailure = error === null ? null : classifySetupFailure(error);
  const reread = useCallback(() => {
    void refetch().then(({ error: failed }) =>
      dispatch(
        failed === null
          ? { type: 'setupLoaded' }
          : { type: 'setupFailed', failure: classifySetupFailure(failed) },
      ),
    );
  }, [refetch]);
  // No answer (offline, or none within the bound): the step says so, keeping the input.
  // A changed setup (closed, a mandate made elsewhere) is read again, keeping the draft.
  const failedWith = useCallback(
    (type: 'resolveFailed' | 'submitFailed' | 'disableFailed') => (caught: unknown) => {
      const unanswered = unansweredActionOf(caught);
      if (unanswered !== null) {
        dispatch({ type: 'actionUnanswered', unanswered });
        return;
      }
      const failure = classifySetupFailure(caught);
      dispatch({ type, failure });
      if (failure.kind === 'setupChanged') reread();
    },
    [reread],
  );
  const showSetup = useCallback(
    (setup: SetupState) => queryClient.setQueryData(queryKey, setupAnswer(setup)),
    [queryClient, queryKey],
  );

  // One key per action (decision 0023): "Try again" after no answer resends the same key.
  const resolveKey = useActionKey<ResolveAccountRequest>();
  const authorizeKey = useActionKey<SetupSubmitRequest>();
  const disableKey = useActionKey<Record<string, never>>();
  const { mutate: resolveAccount } = useMutation({
    ...resolveAccountMutationOptions(tokenValue, resolveKey),
    onSuccess: ({ accountName }, { bankId, bankAccountNumber }) =>
      dispatch({ type: 'accountResolved', bankId, accountNumber: bankAccountNumber, accountName }),
    onError: failedWith('resolveFailed'),
  });
  const { mutate: submitSetup } = useMutation({
    ...submitSetupMutationOptions(tokenValue, authorizeKey),
    onSuccess: (setup) => {
      showSetup(setup);
      dispatch({ type: 'submitted' });
    },
    onError: failedWith('submitFailed'),
  });
  const { mutate: disableSetup } = useMutation({
    ...disableSetupMutationOptions(tokenValue, disableKey),
    onSuccess: (setup) => {
      showSetup(setup);
      dispatch({ type: 'disabled' });
    },
    onError: failedWith('disableFailed'),
  });

  const lookUp = useCallback(
    ({ bank, accountNumber }: ResolvingStep) =>
      resolveAccount({ bankId: bank.id, bankAccountNumber: accountNumber }),
    [resolveAccount],
  );

  // A reload at the confirm step without a kept name (storage refused it) looks the name up
  // again: once, on mount.
  const [restoredLookup] = useState(() => (flow.step.kind === 'resolving' ? flow.step : null));
  useEffect(() => {
    if (restoredLookup !== null) lookUp(restoredLookup);
  }, [restoredLookup, lookUp]);

  const send = useCallback(
    (event: ViewEvent) => {
      switch (event.type) {
        case 'checkNow':
          // No check while the disable call is in flight: its answer could predate the call.
          if (flow.disable.kind !== 'sending') void refetch();
          return;
        case 'tryAnotherAccount':
        case 'disableRequested':
          if (data !== undefined) dispatch({ type: event.type, setup: data });
          return;
        case 'retry': {
          const { step } = flow;
          if (step.kind !== 'failed') {
            void refetch();
            return;
          }
          dispatch(event);
          if (step.resume.kind === 'resolving') lookUp(step.resume);
          else reread();
          return;
        }
        case 'accountEntered':
        case 'confirmed': {
          // The reducer decides whether the step sends its request: one per move, never twice.
          const next = transition(flow, event);
          dispatch(event);
          if (next === flow) return;
          if (next.step.kind === 'resolving') lookUp(next.step);
          if (next.step.kind === 'submitting') {
            const { bank, accountNumber } = next.step;
            submitSetup({ bankId: bank.id, bankAccountNumber: accountNumber, consent: true });
          }
          return;
        }
        case 'disableConfirmed':
          if (flow.disable.kind !== 'confirming') return;
          dispatch(event);
          // A status check sent before this call could answer after it with the old status.
          void queryClient.cancelQueries({ queryKey });
          disableSetup();
          return;
        default:
          dispatch(event);
      }
    },
    [data, flow, queryClient, queryKey, refetch, reread, lookUp, submitSetup, disableSetup],
  );

  const view = setupView({
    token,
    data,
    readFailure,
    updatedAt: setupQuery.dataUpdatedAt,
    fetching: setupQuery.isFetching,
    flow,
  });

  useStepHistory(view, dispatch);
  // Continue pressed in the first view, chosen again here once this flow shows the bank step
  // (after the history has its entry, so Back returns to it); dropped for any other view.
  const { chosenBank } = handover;
  const [handedOver, markHandedOver] = useReducer(
    (_: BankChoice | null, choice: BankChoice) => choice,
    null,
  );
  const handingOver = chosenBank !== null && handedOver !== chosenBank;
  useLayoutEffect(() => {
    if (!handingOver || view.kind === 'loading') return;
    markHandedOver(chosenBank);
    if (view.kind === 'chooseBank') send({ type: 'bankChosen', ...chosenBank });
  });
  // Forgotten at the status view, a closed setup or a refused link; kept while the form shows.
  useSetupMemory(memoryKey, view, flow.lookups);

  // A link the server refuses is of no use after a reload either.
  useForgetRefusedLink('directDebitSetup', view.kind === 'invalidLink' ? view.reason : null);

  const shown = view.kind === 'status' ? view : null;
  const mandateId = shown?.mandate.id ?? null;
  const approved = shown !== null && bankApprovedStatuses.includes(shown.mandate.status);
  const allows = shown !== null && allowsAutoReturn(shown.setup, shown.mandate);
  // The countdown follows what the status view shows (before paint, so it never flashes).
  useLayoutEffect(() => {
    if (mandateId !== null) {
      dispatch({ type: 'statusShown', mandateId, approved, allowsAutoReturn: allows });
    }
  }, [mandateId, approved, allows]);

  const redirectedFor = useRef<string | null>(null);
  const leaving = shown?.autoReturn === 'leaving' ? shown : null;
  useEffect(() => {
    if (leaving === null) return;
    // A `ReturnUrl`: parsed once by the answer's schema (decision 0011), never checked again; the
    // page uses only that normalized URL.
    const url = returnUrlOf(leaving.setup);
    if (url === null || redirectedFor.current === url) return;
    redirectedFor.current = url;
    redirectTo(url);
  }, [leaving]);

  const { data: banks, isError, isPending, refetch: refetchBankList } = banksQuery;
  const refetchBanks = useCallback(() => void refetchBankList(), [refetchBankList]);

  return {
    view,
    send,
    banks: { data: banks, isError, isPending, refetch: refetchBanks },
    memoryKey,
    handingOver,
  };
}
