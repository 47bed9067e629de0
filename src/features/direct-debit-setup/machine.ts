/**
 * The customer's side of the direct-debit setup flow: the client facts only, and every legal move
 * as a pure reducer (product.md, "Direct-debit setup: the flow"; service-api.md, "Direct debit
 * mandate", "States and transitions", "Hosted customer setup"; decisions 0012 and 0013).
 *
 * What the service says (the setup, its mandate, when it was last read) belongs to TanStack Query
 * and is never copied here; `page-state.ts` derives what the page shows from the query plus this
 * flow. The flow keeps the draft (bank, typed number), the lookups made, where the customer is in
 * the form, the auto-return countdown, the disable dialog and the last failure of an action.
 *
 * {@link transition} is split by state: one small function per form step (the table
 * {@link stepMoves}), and the status view's own facts (the countdown, the disable dialog) moved by
 * {@link statusMove}. An event that is not legal (or whose data does not fit, such as the answer
 * to an earlier lookup) returns the same state object. Events that need the server's word for a
 * guard carry the setup they were sent against; it is read, never kept.
 *
 * Effects (requests, polling, timers, the redirect) live in `use-setup-flow.ts`, started from the
 * handlers that send these events.
 */
import type {
  RequestFailure as HostedRequestFailure,
  RefusedLinkReason,
} from '../../lib/classify-failure';
import type { UnansweredAction } from '../../lib/action-failure';
import type { Bank } from '../../../contract/banks';
import {
  bankApprovedStatuses,
  type Mandate,
  type MandateStatus,
  type SetupState,
} from '../../../contract/direct-debit';
import { isTenDigits, isValidNuban } from '../../../contract/nuban';
import type { ReturnUrl } from '../../../contract/return-url';
import type { AutoReturn } from '../../lib/use-auto-return';

/**
 * Why a link cannot be used: no token, a mangled one, one the server does not know, expired, or
 * revoked by the merchant.
 */
export type InvalidLinkReason = 'missing' | 'malformed' | 'unknown' | 'expired' | 'revoked';

/**
 * A failed request, classified by what the flow does next (`classifySetupFailure` in `api.ts`).
 * The setup's own kinds: `accountNotFound` (the bank has no account with that number, or the
 * number is invalid there), `bankNotSupported` (no direct debit at that bank), `setupChanged`
 * (closed, or a mandate created elsewhere: read the setup again).
 */
export type RequestFailure = HostedRequestFailure<
  'accountNotFound' | 'bankNotSupported' | 'setupChanged',
  RefusedLinkReason
>;

/**
 * Failures the failure view shows (with the requestId and a retry): always no answer or an
 * unexpected one after a lookup or a submission; any failure but an invalid link while loading.
 */
export type PageFailure = Exclude<RequestFailure, { kind: 'invalidLink' }>;

/**
 * Results of account lookups in this page life, by {@link lookupKey}: the resolved name, or null
 * when the bank said there is no such account. A pair in here is never looked up again.
 */
export type Lookups = Readonly<Record<string, string | null>>;

/** Key of a (bank, account number) pair in {@link Lookups}. */
export function lookupKey(bankId: string, accountNumber: string): string {
  return `${bankId}:${accountNumber}`;
}

/** What the customer had entered when the flow had to read the setup again. */
export interface Draft {
  bank: Bank;
  accountNumber: string;
  /** Resolved name, when the flow had reached the confirm step. */
  accountName: string | null;
}

/**
 * An action that got no answer (src/lib/action-failure.ts; decision 0023): not sent because the
 * phone was offline, or sent without an answer within `hostedWriteTimeoutMs`. The step it was sent
 * from stays, with what the customer entered, and its "Try again" sends the same input again (the
 * hook's `useActionKey` then sends the same Idempotency-Key).
 */
export type UnansweredNotice = { kind: 'unanswered'; unanswered: UnansweredAction };

/** Notices the account step shows above the form; the typed number stays. */
export type AccountNotice =
  | { kind: 'accountNotFound' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | UnansweredNotice;

/** Notice of the confirm step: the authorization was rate limited, or got no answer. */
export type ConfirmNotice =
  { kind: 'rateLimited'; retryAfterSeconds: number | null } | UnansweredNotice;

/** Notice of the bank step: the bank chosen offers no direct debit. */
export type BankNotice = { kind: 'bankNotSupported'; bankName: string };

export type { AutoReturn };

/**
 * Turning automatic debit off from the status view (product.md, flow step 7): `off` until asked;
 * `confirming` shows what it does and asks again (with the last attempt's failure, if any: an
 * answer the page could not use, or {@link UnansweredNotice} when none came); `sending` while the
 * one request is in flight.
 */
export type DisableStep =
  | { kind: 'off' }
  | { kind: 'confirming'; failure: PageFailure | UnansweredNotice | null }
  | { kind: 'sending' };

/** Where the customer is in the form. The status view shows instead whenever there is a mandate. */
export type Step =
  | {
      kind: 'chooseBank';
      /** The bank chosen before going back to this step (Forward returns to it). */
      bank: Bank | null;
      accountNumber: string | null;
      notice: BankNotice | null;
    }
  | { kind: 'enterAccount'; bank: Bank; accountNumber: string | null; notice: AccountNotice | null }
  | { kind: 'resolving'; bank: Bank; accountNumber: string }
  | {
      kind: 'confirm';
      bank: Bank;
      accountNumber: string;
      accountName: string;
      notice: ConfirmNotice | null;
    }
  | { kind: 'submitting'; bank: Bank; accountNumber: string; accountName: string }
  /** The setup is read again (it changed, or an authorization's answer was lost). */
  | { kind: 'rereading'; draft: Draft | null }
  /** An action failed without an answer to act on; "Try again" goes back to `resume`. */
  | { kind: 'failed'; failure: PageFailure; resume: ResolvingStep | RereadingStep }
  /** An action found the link refused. */
  | { kind: 'invalidLink'; reason: InvalidLinkReason; requestId: string | null };

export type StepKind = Step['kind'];
type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
export type ResolvingStep = StepOf<'resolving'>;
export type RereadingStep = StepOf<'rereading'>;

/**
 * The countdown of one mandate: its {@link AutoReturn}, and whether that mandate was last shown
 * approved (an approval shown without a countdown never starts one later).
 */
export interface ReturnCountdown {
  mandateId: string;
  kind: AutoReturn;
  approvalShown: boolean;
}

/** Every client fact of the flow. */
export interface FlowState {
  step: Step;
  lookups: Lookups;
  /** The mandate set aside by "Try another account": the form shows instead of its status. */
  setAside: string | null;
  countdown: ReturnCountdown | null;
  disable: DisableStep;
}

/** The form's steps as browser history entries (issue 14, point 2). */
export type HistoryStep = 'bank' | 'account' | 'confirm';

/** Every event of the flow. Events with a `setup` carry the server's answer for a guard only. */
export type FlowEvent =
  | { type: 'navigated'; to: HistoryStep }
  | { type: 'setupLoaded' }
  | { type: 'setupFailed'; failure: RequestFailure }
  | { type: 'bankChosen'; bank: Bank; accountNumber: string | null }
  | { type: 'changeBank'; accountNumber: string | null }
  | { type: 'accountEntered'; accountNumber: string }
  | { type: 'accountResolved'; bankId: string; accountNumber: string; accountName: string }
  | { type: 'resolveFailed'; failure: RequestFailure }
  | { type: 'changeAccount' }
  | { type: 'confirmed' }
  | { type: 'submitted' }
  | { type: 'submitFailed'; failure: RequestFailure }
  | { type: 'statusShown'; mandateId: string; approved: boolean; allowsAutoReturn: boolean }
  | { type: 'stayHere' }
  | { type: 'returnNow' }
  | { type: 'tryAnotherAccount'; setup: SetupState }
  | { type: 'disableRequested'; setup: SetupState }
  | { type: 'disableCancelled' }
  | { type: 'disableConfirmed' }
  | { type: 'disabled' }
  | { type: 'disableFailed'; failure: RequestFailure }
  /** The action in flight (lookup, authorization or disable call) got no answer: see {@link UnansweredNotice}. */
  | { type: 'actionUnanswered'; unanswered: UnansweredAction }
  | { type: 'retry' };

export type FlowEventType = FlowEvent['type'];

const disableOff: DisableStep = { kind: 'off' };
const firstStep: Step = { kind: 'chooseBank', bank: null, accountNumber: null, notice: null };

/** What a reload of this tab kept of the form (never the resolved name): `setup-history.ts`. */
export interface KeptDraft {
  step: HistoryStep;
  bank: Bank;
  accountNumber: string | null;
}

/**
 * The first state: the bank step (shown once the setup says it is open, without a mandate), or,
 * after a reload, the step the customer was at with what they had entered. At the confirm step
 * the name is looked up again (`resolving`).
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
  const { bank, accountNumber } = kept;
  if (kept.step === 'bank') {
    return withStep(fresh, { kind: 'chooseBank', bank, accountNumber, notice: null });
  }
  if (
    kept.step === 'confirm' &&
    accountNumber !== null &&
    isCheckableAccount(bank, accountNumber)
  ) {
    return withStep(fresh, { kind: 'resolving', bank, accountNumber });
  }
  return withStep(fresh, { kind: 'enterAccount', bank, accountNumber, notice: null });
}

/**
 * The return URL of `setup`: a {@link ReturnUrl} (parsed once, when the response was read with
 * the contract's schema), or null when the merchant gave none or it failed the rule.
 */
export function returnUrlOf(setup: SetupState): ReturnUrl | null {
  return setup.returnUrl;
}

/**
 * Whether the page returns the customer to the merchant by itself (States and transitions, "Bank
 * approval", and rule 4): the bank approved, automatic debit is still on, and the return URL
 * passes our own check.
 */
export function allowsAutoReturn(setup: SetupState, mandate: Mandate): boolean {
  return (
    bankApprovedStatuses.includes(mandate.status) &&
    setup.automaticDebitEnabled &&
    returnUrlOf(setup) !== null
  );
}

/**
 * Statuses after which the mandate changes only by a new action (the customer's, the merchant's):
 * no need to check again on a timer.
 */
export const finalStatuses: readonly MandateStatus[] = [
  'verified',
  'approved',
  'rejected',
  'revoked',
];

/** Whether the page checks `status` again on a timer, with back-off: the bank may still change it. */
export function pollsStatus(status: MandateStatus): boolean {
  return !finalStatuses.includes(status);
}

/**
 * Whether the page checks `status` again when the customer comes back to the tab (focus,
 * visibility) or the phone comes back online: every status it polls, and verified or approved,
 * which the merchant (or the customer, in another tab) can still turn off.
 */
export function rechecksOnReturn(status: MandateStatus): boolean {
  return pollsStatus(status) || bankApprovedStatuses.includes(status);
}

/**
 * Whether `next` is older than the mandate the page shows (by `updatedAt`): the answer of a check
 * sent before a change the page already knows of (e.g. its own disable call), to be ignored.
 */
export function isOlderMandate(next: Mandate, shown: Mandate): boolean {
  const nextAt = Date.parse(next.updatedAt);
  const shownAt = Date.parse(shown.updatedAt);
  return Number.isFinite(nextAt) && Number.isFinite(shownAt) && nextAt < shownAt;
}

/** Whether the customer may start over with another account from the status view. */
export function canTryAnotherAccount(setup: SetupState, mandate: Mandate): boolean {
  return setup.setupOpen && (mandate.status === 'rejected' || mandate.status === 'revoked');
}

/**
 * Whether the customer may turn automatic debit off from the status view: it is still on and the
 * mandate is pending, unknown, verified or approved (a disable call then requests revocation).
 */
export function canDisable(setup: SetupState, mandate: Mandate): boolean {
  return (
    setup.automaticDebitEnabled &&
    (mandate.status === 'pending' ||
      mandate.status === 'unknown' ||
      bankApprovedStatuses.includes(mandate.status))
  );
}

/** Whether `accountNumber` may be looked up at `bank`: ten digits and, with a CBN code, the check digit. */
export function isCheckableAccount(bank: Bank, accountNumber: string): boolean {
  if (!isTenDigits(accountNumber)) return false;
  return bank.cbnCode === null || isValidNuban(bank.cbnCode, accountNumber);
}

/** The step a re-read resumes: the customer's draft, else the bank step. */
function stepFromDraft(draft: Draft | null): Step {
  if (draft === null) return firstStep;
  if (draft.accountName !== null) {
    const { bank, accountNumber, accountName } = draft;
    return { kind: 'confirm', bank, accountNumber, accountName, notice: null };
  }
  return {
    kind: 'enterAccount',
    bank: draft.bank,
    accountNumber: draft.accountNumber,
    notice: null,
  };
}

function withStep(flow: FlowState, step: Step, lookups: Lookups = flow.lookups): FlowState {
  return { ...flow, step, lookups };
}

/** A failed lookup or authorization: the flow's answer for each kind of failure. */
function afterRequestFailure(
  flow: FlowState,
  step: StepOf<'resolving' | 'submitting'>,
  failure: RequestFailure,
): FlowState {
  const { bank, accountNumber } = step;
  const accountName = step.kind === 'submitting' ? step.accountName : null;
  switch (failure.kind) {
    case 'invalidLink':
      return withStep(flow, {
        kind: 'invalidLink',
        reason: failure.reason,
        requestId: failure.requestId,
      });
    case 'accountNotFound':
      return withStep(
        flow,
        { kind: 'enterAccount', bank, accountNumber, notice: { kind: 'accountNotFound' } },
        { ...flow.lookups, [lookupKey(bank.id, accountNumber)]: null },
      );
    case 'rateLimited': {
      const notice = { kind: 'rateLimited', retryAfterSeconds: failure.retryAfterSeconds } as const;
      return withStep(
        flow,
        accountName === null
          ? { kind: 'enterAccount', bank, accountNumber, notice }
          : { kind: 'confirm', bank, accountNumber, accountName, notice },
      );
    }
    case 'bankNotSupported':
      return withStep(flow, {
        kind: 'chooseBank',
        bank: null,
        accountNumber,
        notice: { kind: 'bankNotSupported', bankName: bank.name },
      });
    case 'setupChanged':
      return withStep(flow, { kind: 'rereading', draft: { bank, accountNumber, accountName } });
    case 'network':
    case 'unexpected':
      // A lookup can simply be sent again. An authorization may have reached the service, so
      // "Try again" first reads the setup: it shows the mandate if there is one, else the draft.
      return withStep(flow, {
        kind: 'failed',
        failure,
        resume:
          step.kind === 'resolving'
            ? step
            : { kind: 'rereading', draft: { bank, accountNumber, accountName } },
      });
  }
}

/**
 * Back or Forward to a form step (a browser history entry), with the bank and number entered.
 * Never sends anything: the confirm step is reached only with a name looked up in this page life.
 */
function navigate(
  flow: FlowState,
  to: HistoryStep,
  bank: Bank,
  accountNumber: string | null,
): FlowState {
  const current = flow.step.kind;
  if (to === 'bank') {
    if (current === 'chooseBank') return flow;
    return withStep(flow, { kind: 'chooseBank', bank, accountNumber, notice: null });
  }
  if (to === 'account') {
    if (current === 'enterAccount') return flow;
    return withStep(flow, { kind: 'enterAccount', bank, accountNumber, notice: null });
  }
  const accountName =
    accountNumber === null ? undefined : flow.lookups[lookupKey(bank.id, accountNumber)];
  if (current === 'confirm' || accountNumber === null || typeof accountName !== 'string')
    return flow;
  return withStep(flow, { kind: 'confirm', bank, accountNumber, accountName, notice: null });
}

type StepMove<K extends StepKind> = (
  flow: FlowState,
  step: StepOf<K>,
  event: FlowEvent,
) => FlowState;

/** Each form step's moves, one small function per step. */
export const stepMoves: { [K in StepKind]: StepMove<K> } = {
  chooseBank(flow, step, event) {
    if (event.type === 'navigated') {
      const { bank, accountNumber } = step;
      return bank === null ? flow : navigate(flow, event.to, bank, accountNumber);
    }
    if (event.type !== 'bankChosen') return flow;
    return withStep(flow, {
      kind: 'enterAccount',
      bank: event.bank,
      accountNumber: event.accountNumber ?? step.accountNumber,
      notice: null,
    });
  },

  enterAccount(flow, step, event) {
    if (event.type === 'navigated') return navigate(flow, event.to, step.bank, step.accountNumber);
    if (event.type === 'changeBank') {
      return withStep(flow, {
        kind: 'chooseBank',
        bank: step.bank,
        accountNumber: event.accountNumber,
        notice: null,
      });
    }
    if (event.type !== 'accountEntered' || !isCheckableAccount(step.bank, event.accountNumber)) {
      return flow;
    }
    const { bank } = step;
    const { accountNumber } = event;
    const known = flow.lookups[lookupKey(bank.id, accountNumber)];
    if (known === undefined) return withStep(flow, { kind: 'resolving', bank, accountNumber });
    if (known === null) {
      return withStep(flow, { ...step, accountNumber, notice: { kind: 'accountNotFound' } });
    }
    return withStep(flow, {
      kind: 'confirm',
      bank,
      accountNumber,
      accountName: known,
      notice: null,
    });
  },

  resolving(flow, step, event) {
    if (event.type === 'resolveFailed') return afterRequestFailure(flow, step, event.failure);
    if (event.type === 'actionUnanswered') {
      const { bank, accountNumber } = step;
      const notice = { kind: 'unanswered', unanswered: event.unanswered } as const;
      return withStep(flow, { kind: 'enterAccount', bank, accountNumber, notice });
    }
    // Only the answer for the pair being looked up counts.
    if (
      event.type !== 'accountResolved' ||
      event.bankId !== step.bank.id ||
      event.accountNumber !== step.accountNumber
    ) {
      return flow;
    }
    const { bank, accountNumber } = step;
    return withStep(
      flow,
      { kind: 'confirm', bank, accountNumber, accountName: event.accountName, notice: null },
      { ...flow.lookups, [lookupKey(bank.id, accountNumber)]: event.accountName },
    );
  },

  confirm(flow, step, event) {
    const { bank, accountNumber, accountName } = step;
    if (event.type === 'navigated') return navigate(flow, event.to, bank, accountNumber);
    if (event.type === 'confirmed') {
      return withStep(flow, { kind: 'submitting', bank, accountNumber, accountName });
    }
    if (event.type === 'changeAccount') {
      return withStep(flow, { kind: 'enterAccount', bank, accountNumber, notice: null });
    }
    return flow;
  },

  submitting(flow, step, event) {
    // The new mandate is the query's data now: its status shows, and the form starts afresh.
    if (event.type === 'submitted') return { ...withStep(flow, firstStep), setAside: null };
    if (event.type === 'submitFailed') return afterRequestFailure(flow, step, event.failure);
    if (event.type === 'actionUnanswered') {
      // Back to the confirmation as it was: its "Try again" authorizes the same account again.
      const notice = { kind: 'unanswered', unanswered: event.unanswered } as const;
      return withStep(flow, { ...step, kind: 'confirm', notice });
    }
    return flow;
  },

  rereading(flow, step, event) {
    if (event.type === 'setupLoaded') return withStep(flow, stepFromDraft(step.draft));
    if (event.type !== 'setupFailed') return flow;
    const { failure } = event;
    if (failure.kind === 'invalidLink') {
      return withStep(flow, {
        kind: 'invalidLink',
        reason: failure.reason,
        requestId: failure.requestId,
      });
    }
    return withStep(flow, { kind: 'failed', failure, resume: step });
  },

  failed(flow, step, event) {
    // A new object: the same lookup, or the same re-read, is sent again.
    return event.type === 'retry' ? withStep(flow, { ...step.resume }) : flow;
  },

  invalidLink(flow) {
    return flow;
  },
};

/**
 * The countdown after the status view shows `event`'s mandate. The bank's approval starts it once:
 * "Stay here" (or a return under way) is kept; an answer that no longer allows it (debit turned
 * off, status changed) stops it; a mandate already shown as approved without a countdown (debit
 * was off, say) does not start one later.
 */
function nextCountdown(
  countdown: ReturnCountdown | null,
  event: Extract<FlowEvent, { type: 'statusShown' }>,
): ReturnCountdown | null {
  const same = countdown?.mandateId === event.mandateId ? countdown : null;
  let kind: AutoReturn;
  if (!event.allowsAutoReturn) kind = 'off';
  else if (same === null) kind = 'counting';
  else if (same.kind !== 'off') kind = same.kind;
  else kind = same.approvalShown ? 'off' : 'counting';
  if (same !== null && same.kind === kind && same.approvalShown === event.approved)
    return countdown;
  return { mandateId: event.mandateId, kind, approvalShown: event.approved };
}

function withCountdown(flow: FlowState, from: AutoReturn, to: AutoReturn): FlowState {
  const { countdown } = flow;
  if (countdown?.kind !== from) return flow;
  return { ...flow, countdown: { ...countdown, kind: to } };
}

/** The status view's own moves: the countdown, "Try another account", the disable dialog. */
export function statusMove(flow: FlowState, event: FlowEvent): FlowState {
  const { disable } = flow;
  switch (event.type) {
    case 'statusShown': {
      const countdown = nextCountdown(flow.countdown, event);
      return countdown === flow.countdown ? flow : { ...flow, countdown };
    }
    case 'stayHere':
      return withCountdown(flow, 'counting', 'stayed');
    case 'returnNow':
      return withCountdown(flow, 'counting', 'leaving');
    case 'tryAnotherAccount': {
      const { mandate } = event.setup;
      if (mandate === null || !canTryAnotherAccount(event.setup, mandate)) return flow;
      return { ...withStep(flow, firstStep), setAside: mandate.id, disable: disableOff };
    }
    case 'disableRequested': {
      const { mandate } = event.setup;
      if (disable.kind !== 'off' || mandate === null || !canDisable(event.setup, mandate)) {
        return flow;
      }
      // Asking to turn debit off means staying here: the automatic return stops.
      return {
        ...withCountdown(flow, 'counting', 'stayed'),
        disable: { kind: 'confirming', failure: null },
      };
    }
    case 'disableCancelled':
      return disable.kind === 'confirming' ? { ...flow, disable: disableOff } : flow;
    case 'disableConfirmed':
      return disable.kind === 'confirming' ? { ...flow, disable: { kind: 'sending' } } : flow;
    case 'disabled':
      return disable.kind === 'sending' ? { ...flow, disable: disableOff } : flow;
    case 'actionUnanswered':
      if (disable.kind !== 'sending') return flow;
      return {
        ...flow,
        disable: {
          kind: 'confirming',
          failure: { kind: 'unanswered', unanswered: event.unanswered },
        },
      };
    case 'disableFailed': {
      if (disable.kind !== 'sending') return flow;
      const { failure } = event;
      if (failure.kind === 'invalidLink') {
        const step: Step = {
          kind: 'invalidLink',
          reason: failure.reason,
          requestId: failure.requestId,
        };
        return { ...withStep(flow, step), disable: disableOff };
      }
      // The setup changed meanwhile (e.g. the merchant turned debit off): read it again.
      if (failure.kind === 'setupChanged') {
        return { ...withStep(flow, { kind: 'rereading', draft: null }), disable: disableOff };
      }
      return { ...flow, disable: { kind: 'confirming', failure } };
    }
    default:
      return flow;
  }
}

/**
 * The next state of the flow after `event`, or `flow` itself (same object) when the event is not
 * legal there. Pure: no clock, no requests.
 */
export function transition(flow: FlowState, event: FlowEvent): FlowState {
  // The status view's events and the steps' events are apart: each side ignores the other's.
  const moved = statusMove(flow, event);
  if (moved !== flow) return moved;
  // The table is typed per step; indexing it by a union loses that pairing, hence the widening.
  const move = stepMoves[flow.step.kind] as StepMove<StepKind>;
  return move(flow, flow.step, event);
}
