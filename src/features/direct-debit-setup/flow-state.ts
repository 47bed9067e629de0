/**
 * The setup flow's facts and events: what the customer's side of the page keeps (the draft, the
 * lookups made, where the customer is in the form, the auto-return countdown, the disable dialog)
 * and every event that moves it (product.md, "Direct-debit setup: the flow"; decisions 0012 and
 * 0013). Types and the empty values only; the moves are in `form-moves.ts` (the form's half) and
 * `status-moves.ts` (the status view's half), composed by `transition` in `machine.ts`.
 */
import type {
  RequestFailure as HostedRequestFailure,
  RefusedLinkReason,
} from '../../lib/classify-failure';
import type { UnansweredAction } from '../../lib/action-failure';
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
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
 * Results of account lookups for this link in this tab (kept across reloads, `setup-memory.ts`),
 * by {@link lookupKey}: the resolved name, or null when the bank said there is no such account.
 * A pair in here is never looked up again.
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
/** The step of kind `K`. */
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;
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

/**
 * What this tab kept of the form for the link, read after a reload or on coming back through the
 * history (`setup-history.ts`, `setup-memory.ts`): the step the history entry names, the bank and
 * number, and the lookups made for the link in this tab (the names are for display only).
 */
export interface KeptDraft {
  step: HistoryStep;
  bank: Bank;
  accountNumber: string | null;
  lookups: Lookups;
}

/**
 * The form's half of {@link FlowState}, moved only by `form-moves.ts`: the step, the lookups, and
 * the mandate set aside for another account (the form shows instead of its status).
 */
export type FormFacts = Pick<FlowState, 'step' | 'lookups' | 'setAside'>;

/**
 * The status view's half of {@link FlowState}, moved only by `status-moves.ts`: the auto-return
 * countdown and the disable dialog.
 */
export type StatusFacts = Pick<FlowState, 'countdown' | 'disable'>;

/** The disable dialog closed. */
export const disableOff: DisableStep = { kind: 'off' };

/** The bank step with nothing chosen: where the form starts, and starts again. */
export const firstStep: Step = {
  kind: 'chooseBank',
  bank: null,
  accountNumber: null,
  notice: null,
};
