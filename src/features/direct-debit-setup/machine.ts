/**
 * The customer's side of the direct-debit setup flow: its first state and every legal move as a
 * pure reducer (product.md, "Direct-debit setup: the flow"; service-api.md, "Direct debit
 * mandate", "States and transitions", "Hosted customer setup"; decisions 0012, 0013 and 0032).
 *
 * What the service says (the setup, its mandate, when it was last read) belongs to TanStack Query
 * and is never copied here; `page-state.ts` derives what the page shows from the query plus this
 * flow. The facts and events are in `flow-state.ts`; what the setup answer means, in
 * `setup-rules.ts`.
 *
 * {@link transition} composes two halves that each own their facts: the form's
 * (`form-moves.ts`: the step, the lookups, the mandate set aside) and the status view's
 * (`status-moves.ts`: the countdown, the disable dialog). Both read the whole flow; an event may
 * move both ("Try another account" closes the dialog and starts the form afresh). An event that is
 * not legal (or whose data does not fit, such as the answer to an earlier lookup) returns the same
 * state object. Events that need the server's word for a guard carry the setup they were sent
 * against; it is read, never kept.
 *
 * Effects (requests, polling, timers, the redirect) live in `use-setup-flow.ts`, started from the
 * handlers that send these events.
 */
import {
  disableOff,
  firstStep,
  lookupKey,
  type FlowEvent,
  type FlowState,
  type KeptDraft,
} from './flow-state';
import { formMove, isCheckableAccount } from './form-moves';
import { statusMove } from './status-moves';

/**
 * The first state: the bank step (shown once the setup says it is open, without a mandate), or,
 * after a reload or on coming back through the history, the step the entry names with what the
 * customer had entered and the lookups already made, as if they had never left. At the confirm
 * step the kept name shows without a new lookup; only when none was kept is it looked up again
 * (`resolving`).
 */
export function initialState(kept: KeptDraft | null = null): FlowState {
  const fresh: FlowState = {
    step: firstStep,
    lookups: {},
    setAside: null,
    countdown: null,
    disable: disableOff,
  };
  if (kept === null) return fresh;
  const { bank, accountNumber, lookups } = kept;
  const resumed = { ...fresh, lookups };
  if (kept.step === 'bank') {
    return { ...resumed, step: { kind: 'chooseBank', bank, accountNumber, notice: null } };
  }
  if (
    kept.step === 'confirm' &&
    accountNumber !== null &&
    isCheckableAccount(bank, accountNumber)
  ) {
    const accountName = lookups[lookupKey(bank.id, accountNumber)];
    if (typeof accountName === 'string') {
      return {
        ...resumed,
        step: { kind: 'confirm', bank, accountNumber, accountName, notice: null },
      };
    }
    if (accountName === undefined) {
      return { ...resumed, step: { kind: 'resolving', bank, accountNumber } };
    }
  }
  return { ...resumed, step: { kind: 'enterAccount', bank, accountNumber, notice: null } };
}

/**
 * The next state of the flow after `event`, or `flow` itself (same object) when the event is not
 * legal there. Pure: no clock, no requests.
 */
export function transition(flow: FlowState, event: FlowEvent): FlowState {
  const form = formMove(flow, event);
  const status = statusMove(flow, event);
  if (form === null && status === null) return flow;
  return { ...flow, ...form, ...status };
}
