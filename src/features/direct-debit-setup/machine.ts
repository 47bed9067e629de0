/**
 * Where the direct-debit setup flow stands, and every legal move, in one pure function
 * (product.md, "Direct-debit setup: the flow"; service-api.md, "Direct debit mandate", "States and
 * transitions", "Hosted customer setup").
 *
 * Views send events carrying parsed data; {@link transition} alone decides the next state. An
 * event that is not legal in the current state (or whose data does not fit it, such as the answer
 * to an earlier lookup) is ignored: the same state object is returned. The first real state is
 * built from what the server says ({@link stateFromSetup}), so a reload resumes where the service
 * stands and nothing in the URL can skip a step.
 *
 * Effects (requests, polling, timers, the redirect) live in `use-setup-flow.ts`, which reacts to
 * the states this module produces. Amounts in `SetupState` are naira; times here are epoch ms.
 */
import type {
  RequestFailure as HostedRequestFailure,
  RefusedLinkReason,
} from '../../lib/classify-failure';
import type { Bank } from '../../../contract/banks';
import {
  bankApprovedStatuses,
  type Mandate,
  type MandateStatus,
  type SetupState,
} from '../../../contract/direct-debit';
import { isTenDigits, isValidNuban } from '../../../contract/nuban';
import type { ReturnUrl } from '../../../contract/return-url';

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
 * Results of account lookups in this flow, by {@link lookupKey}: the resolved name, or null when
 * the bank said there is no such account. A pair in here is never looked up again.
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

/** Notices the account step shows above the form; the typed number stays. */
export type AccountNotice =
  { kind: 'accountNotFound' } | { kind: 'rateLimited'; retryAfterSeconds: number | null };

/**
 * Automatic return to the merchant (status view): `off` when the mandate or setup does not allow
 * it; `counting` during the countdown; `stayed` after "Stay here"; `leaving` once the redirect is
 * due (the hook performs it).
 */
export type AutoReturn = 'off' | 'counting' | 'stayed' | 'leaving';

/**
 * Turning automatic debit off from the status view (product.md, flow step 7): `off` until asked;
 * `confirming` shows what it does and asks again (with the last attempt's failure, if any);
 * `sending` while the one request is in flight.
 */
export type DisableStep =
  { kind: 'off' } | { kind: 'confirming'; failure: PageFailure | null } | { kind: 'sending' };

/**
 * The last status check of the status view: `ok` (or none yet); `failed`, with the failure to
 * show (its requestId when the server answered) and a "Check now"; `retrying` while the check the
 * customer asked for is in flight (the failure stays on screen until its answer).
 */
export type StatusCheck =
  | { kind: 'ok' }
  | { kind: 'failed'; failure: PageFailure }
  | { kind: 'retrying'; failure: PageFailure };

interface WithSetup {
  setup: SetupState;
  lookups: Lookups;
}

export interface LoadingState {
  kind: 'loading';
  /** The last setup seen, kept so a re-read keeps the merchant's look and the test banner. */
  setup: SetupState | null;
  lookups: Lookups;
  draft: Draft | null;
}
export interface InvalidLinkState {
  kind: 'invalidLink';
  reason: InvalidLinkReason;
  requestId: string | null;
  /** Known when the link stopped working after the setup had loaded. */
  merchant: SetupState['merchant'] | null;
  mode: SetupState['mode'] | null;
}
/** Setup is closed and there is no mandate to show. */
export interface ClosedState extends WithSetup {
  kind: 'closed';
}
export interface ChooseBankState extends WithSetup {
  kind: 'chooseBank';
  /** Digits typed so far, to suggest the banks where they form a valid NUBAN. */
  accountNumber: string | null;
  notice: { kind: 'bankNotSupported'; bankName: string } | null;
}
export interface EnterAccountState extends WithSetup {
  kind: 'enterAccount';
  bank: Bank;
  accountNumber: string | null;
  notice: AccountNotice | null;
}
export interface ResolvingState extends WithSetup {
  kind: 'resolving';
  bank: Bank;
  accountNumber: string;
}
export interface ConfirmState extends WithSetup {
  kind: 'confirm';
  bank: Bank;
  accountNumber: string;
  accountName: string;
  notice: { kind: 'rateLimited'; retryAfterSeconds: number | null } | null;
}
export interface SubmittingState extends WithSetup {
  kind: 'submitting';
  bank: Bank;
  accountNumber: string;
  accountName: string;
}
export interface StatusState extends WithSetup {
  kind: 'status';
  mandate: Mandate;
  /** When the page last heard from the server (epoch ms, this device's clock). */
  lastCheckedAt: number;
  check: StatusCheck;
  autoReturn: AutoReturn;
  disable: DisableStep;
}
export interface FailureState {
  kind: 'failure';
  failure: PageFailure;
  /** Where "Try again" goes: the same lookup, or a fresh read of the setup with the draft kept. */
  resume: LoadingState | ResolvingState;
}

/** Every state of the flow. */
export type FlowState =
  | LoadingState
  | InvalidLinkState
  | ClosedState
  | ChooseBankState
  | EnterAccountState
  | ResolvingState
  | ConfirmState
  | SubmittingState
  | StatusState
  | FailureState;

/** Every event of the flow. Times are epoch ms. */
export type FlowEvent =
  | { type: 'setupLoaded'; setup: SetupState; at: number }
  | { type: 'setupFailed'; failure: RequestFailure }
  | { type: 'bankChosen'; bank: Bank; accountNumber: string | null }
  | { type: 'changeBank'; accountNumber: string | null }
  | { type: 'accountEntered'; accountNumber: string }
  | { type: 'accountResolved'; bankId: string; accountNumber: string; accountName: string }
  | { type: 'resolveFailed'; failure: RequestFailure }
  | { type: 'changeAccount' }
  | { type: 'confirmed' }
  | { type: 'submitted'; setup: SetupState; at: number }
  | { type: 'submitFailed'; failure: RequestFailure }
  | { type: 'statusRefreshed'; setup: SetupState; at: number }
  | { type: 'statusCheckFailed'; failure: RequestFailure }
  | { type: 'checkNow' }
  | { type: 'stayHere' }
  | { type: 'returnNow' }
  | { type: 'tryAnotherAccount' }
  | { type: 'disableRequested' }
  | { type: 'disableCancelled' }
  | { type: 'disableConfirmed' }
  | { type: 'disabled'; setup: SetupState; at: number }
  | { type: 'disableFailed'; failure: RequestFailure }
  | { type: 'retry' };

export type FlowEventType = FlowEvent['type'];

/** The first state: loading when the page has a token, else the invalid-link view. */
export function initialState(
  token: { kind: 'token' } | { kind: 'missing' | 'malformed' },
): FlowState {
  if (token.kind === 'token') return { kind: 'loading', setup: null, lookups: {}, draft: null };
  return { kind: 'invalidLink', reason: token.kind, requestId: null, merchant: null, mode: null };
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

const disableOff: DisableStep = { kind: 'off' };
const checkOk: StatusCheck = { kind: 'ok' };

/**
 * The automatic return after a status answer. The bank's approval starts the countdown once:
 * "Stay here" (or a return under way) is kept; an answer that no longer allows it (debit turned
 * off, status changed) stops it; and a mandate already shown as approved without a countdown
 * (debit was off, say) does not start one later.
 */
function nextAutoReturn(
  setup: SetupState,
  mandate: Mandate,
  previous: StatusState | null,
): AutoReturn {
  if (!allowsAutoReturn(setup, mandate)) return 'off';
  if (previous === null) return 'counting';
  if (previous.autoReturn !== 'off') return previous.autoReturn;
  const alreadyApproved =
    previous.mandate.id === mandate.id && bankApprovedStatuses.includes(previous.mandate.status);
  return alreadyApproved ? 'off' : 'counting';
}

function statusState(
  setup: SetupState,
  mandate: Mandate,
  lookups: Lookups,
  at: number,
  previous: StatusState | null,
  disable: DisableStep = disableOff,
): StatusState {
  return {
    kind: 'status',
    setup,
    lookups,
    mandate,
    lastCheckedAt: at,
    check: checkOk,
    autoReturn: nextAutoReturn(setup, mandate, previous),
    // A refresh keeps an open confirmation (or a request in flight) only while it still applies.
    disable: disable.kind === 'sending' || canDisable(setup, mandate) ? disable : disableOff,
  };
}

/**
 * The state the server's answer puts the flow in: a mandate shows its status; a closed setup says
 * so; an open one starts at the bank step, or resumes the customer's draft after a re-read.
 */
export function stateFromSetup(
  setup: SetupState,
  at: number,
  lookups: Lookups = {},
  draft: Draft | null = null,
): FlowState {
  if (setup.mandate !== null) return statusState(setup, setup.mandate, lookups, at, null);
  if (!setup.setupOpen) return { kind: 'closed', setup, lookups };
  if (draft === null)
    return { kind: 'chooseBank', setup, lookups, accountNumber: null, notice: null };
  if (draft.accountName !== null) {
    return {
      kind: 'confirm',
      setup,
      lookups,
      bank: draft.bank,
      accountNumber: draft.accountNumber,
      accountName: draft.accountName,
      notice: null,
    };
  }
  return {
    kind: 'enterAccount',
    setup,
    lookups,
    bank: draft.bank,
    accountNumber: draft.accountNumber,
    notice: null,
  };
}

function invalidLink(
  reason: InvalidLinkReason,
  requestId: string | null,
  setup: SetupState | null,
): InvalidLinkState {
  return {
    kind: 'invalidLink',
    reason,
    requestId,
    merchant: setup?.merchant ?? null,
    mode: setup?.mode ?? null,
  };
}

function reload(setup: SetupState, lookups: Lookups, draft: Draft | null): LoadingState {
  return { kind: 'loading', setup, lookups, draft };
}

/** A failed lookup or submission: the flow's answer for each kind of failure. */
function afterRequestFailure(
  state: ResolvingState | SubmittingState,
  failure: RequestFailure,
): FlowState {
  const { setup, lookups, bank, accountNumber } = state;
  const accountName = state.kind === 'submitting' ? state.accountName : null;
  switch (failure.kind) {
    case 'invalidLink':
      return invalidLink(failure.reason, failure.requestId, setup);
    case 'accountNotFound':
      return {
        kind: 'enterAccount',
        setup,
        lookups: { ...lookups, [lookupKey(bank.id, accountNumber)]: null },
        bank,
        accountNumber,
        notice: { kind: 'accountNotFound' },
      };
    case 'rateLimited':
      if (state.kind === 'submitting') {
        return {
          kind: 'confirm',
          setup,
          lookups,
          bank,
          accountNumber,
          accountName: state.accountName,
          notice: { kind: 'rateLimited', retryAfterSeconds: failure.retryAfterSeconds },
        };
      }
      return {
        kind: 'enterAccount',
        setup,
        lookups,
        bank,
        accountNumber,
        notice: { kind: 'rateLimited', retryAfterSeconds: failure.retryAfterSeconds },
      };
    case 'bankNotSupported':
      return {
        kind: 'chooseBank',
        setup,
        lookups,
        accountNumber,
        notice: { kind: 'bankNotSupported', bankName: bank.name },
      };
    case 'setupChanged':
      return reload(setup, lookups, { bank, accountNumber, accountName });
    case 'network':
    case 'unexpected':
      return {
        kind: 'failure',
        failure,
        // A lookup can simply be sent again. A submission may have reached the service, so "Try
        // again" first reads the setup: it shows the mandate if there is one, else the draft.
        resume:
          state.kind === 'resolving'
            ? state
            : reload(setup, lookups, { bank, accountNumber, accountName }),
      };
  }
}

/**
 * The next state of the flow after `event`, or `state` itself (same object) when the event is
 * not legal there. Pure: no clock, no requests; times come in the events.
 */
export function transition(state: FlowState, event: FlowEvent): FlowState {
  switch (state.kind) {
    case 'loading':
      if (event.type === 'setupLoaded') {
        return stateFromSetup(event.setup, event.at, state.lookups, state.draft);
      }
      if (event.type === 'setupFailed') {
        const { failure } = event;
        if (failure.kind === 'invalidLink') {
          return invalidLink(failure.reason, failure.requestId, state.setup);
        }
        return { kind: 'failure', failure, resume: state };
      }
      return state;

    case 'invalidLink':
    case 'closed':
      return state;

    case 'chooseBank':
      if (event.type === 'bankChosen') {
        return {
          kind: 'enterAccount',
          setup: state.setup,
          lookups: state.lookups,
          bank: event.bank,
          accountNumber: event.accountNumber ?? state.accountNumber,
          notice: null,
        };
      }
      return state;

    case 'enterAccount':
      if (event.type === 'accountEntered') {
        const { bank, setup, lookups } = state;
        if (!isCheckableAccount(bank, event.accountNumber)) return state;
        const key = lookupKey(bank.id, event.accountNumber);
        const known = lookups[key];
        if (known === undefined) {
          return { kind: 'resolving', setup, lookups, bank, accountNumber: event.accountNumber };
        }
        if (known === null) {
          return {
            ...state,
            accountNumber: event.accountNumber,
            notice: { kind: 'accountNotFound' },
          };
        }
        return {
          kind: 'confirm',
          setup,
          lookups,
          bank,
          accountNumber: event.accountNumber,
          accountName: known,
          notice: null,
        };
      }
      if (event.type === 'changeBank') {
        return {
          kind: 'chooseBank',
          setup: state.setup,
          lookups: state.lookups,
          accountNumber: event.accountNumber,
          notice: null,
        };
      }
      return state;

    case 'resolving':
      if (event.type === 'accountResolved') {
        // Only the answer for the pair being looked up counts.
        if (event.bankId !== state.bank.id || event.accountNumber !== state.accountNumber)
          return state;
        return {
          kind: 'confirm',
          setup: state.setup,
          lookups: {
            ...state.lookups,
            [lookupKey(event.bankId, event.accountNumber)]: event.accountName,
          },
          bank: state.bank,
          accountNumber: state.accountNumber,
          accountName: event.accountName,
          notice: null,
        };
      }
      if (event.type === 'resolveFailed') return afterRequestFailure(state, event.failure);
      return state;

    case 'confirm':
      if (event.type === 'confirmed') {
        return {
          kind: 'submitting',
          setup: state.setup,
          lookups: state.lookups,
          bank: state.bank,
          accountNumber: state.accountNumber,
          accountName: state.accountName,
        };
      }
      if (event.type === 'changeAccount') {
        return {
          kind: 'enterAccount',
          setup: state.setup,
          lookups: state.lookups,
          bank: state.bank,
          accountNumber: state.accountNumber,
          notice: null,
        };
      }
      return state;

    case 'submitting':
      if (event.type === 'submitted') return stateFromSetup(event.setup, event.at, state.lookups);
      if (event.type === 'submitFailed') return afterRequestFailure(state, event.failure);
      return state;

    case 'status':
      switch (event.type) {
        case 'statusRefreshed': {
          const { setup } = event;
          if (setup.mandate === null) return stateFromSetup(setup, event.at, state.lookups);
          // An answer older than what the page shows (a check sent before the disable call,
          // landing after it) would undo the view.
          if (isOlderMandate(setup.mandate, state.mandate)) return state;
          return statusState(setup, setup.mandate, state.lookups, event.at, state, state.disable);
        }
        case 'statusCheckFailed': {
          const { failure } = event;
          if (failure.kind === 'invalidLink') {
            return invalidLink(failure.reason, failure.requestId, state.setup);
          }
          return { ...state, check: { kind: 'failed', failure } };
        }
        case 'checkNow':
          if (state.check.kind !== 'failed' || state.disable.kind === 'sending') return state;
          return { ...state, check: { kind: 'retrying', failure: state.check.failure } };
        case 'stayHere':
          return state.autoReturn === 'counting' ? { ...state, autoReturn: 'stayed' } : state;
        case 'returnNow':
          return state.autoReturn === 'counting' ? { ...state, autoReturn: 'leaving' } : state;
        case 'tryAnotherAccount':
          if (!canTryAnotherAccount(state.setup, state.mandate)) return state;
          return {
            kind: 'chooseBank',
            setup: state.setup,
            lookups: state.lookups,
            accountNumber: null,
            notice: null,
          };
        case 'disableRequested':
          if (state.disable.kind !== 'off' || !canDisable(state.setup, state.mandate)) {
            return state;
          }
          // Asking to turn debit off means staying here: the automatic return stops.
          return {
            ...state,
            autoReturn: state.autoReturn === 'counting' ? 'stayed' : state.autoReturn,
            disable: { kind: 'confirming', failure: null },
          };
        case 'disableCancelled':
          return state.disable.kind === 'confirming' ? { ...state, disable: disableOff } : state;
        case 'disableConfirmed':
          if (state.disable.kind !== 'confirming') return state;
          return {
            ...state,
            // Status checks in flight are dropped while the call is sent (their answers could
            // predate it): a check the customer asked for is over, and "Check now" comes back.
            check:
              state.check.kind === 'retrying'
                ? { kind: 'failed', failure: state.check.failure }
                : state.check,
            disable: { kind: 'sending' },
          };
        case 'disabled': {
          if (state.disable.kind !== 'sending') return state;
          const { setup } = event;
          if (setup.mandate === null) return stateFromSetup(setup, event.at, state.lookups);
          return statusState(setup, setup.mandate, state.lookups, event.at, state);
        }
        case 'disableFailed': {
          if (state.disable.kind !== 'sending') return state;
          const { failure } = event;
          if (failure.kind === 'invalidLink') {
            return invalidLink(failure.reason, failure.requestId, state.setup);
          }
          // The setup changed meanwhile (e.g. the merchant turned debit off): read it again.
          if (failure.kind === 'setupChanged') return reload(state.setup, state.lookups, null);
          return { ...state, disable: { kind: 'confirming', failure } };
        }
        default:
          return state;
      }

    case 'failure':
      // A new object: the hook starts a request once per state object it enters.
      return event.type === 'retry' ? { ...state.resume } : state;
  }
}
