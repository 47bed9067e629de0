/**
 * The form's half of the setup flow: the step, the lookups made and the mandate set aside
 * ({@link FormFacts}), moved by one small function per form step (the table {@link stepMoves})
 * and by the status view's two events that restart or leave the form ("Try another account", a
 * disable call refused for the link or the setup). It reads the whole flow for its guards and
 * writes only its own facts; `status-moves.ts` owns the rest (product.md, "Direct-debit setup:
 * the flow"; service-api.md, "Hosted customer setup").
 */
import type { Bank } from '../../../contract/banks';
import { isTenDigits, isValidNuban } from '../../../contract/nuban';
import {
  firstStep,
  lookupKey,
  type Draft,
  type FlowEvent,
  type FlowState,
  type FormFacts,
  type HistoryStep,
  type Lookups,
  type RequestFailure,
  type Step,
  type StepKind,
  type StepOf,
} from './flow-state';
import { canTryAnotherAccount } from './setup-rules';

/** Whether `accountNumber` may be looked up at `bank`: ten digits and, with a CBN code, the check digit. */
export function isCheckableAccount(bank: Bank, accountNumber: string): boolean {
  if (!isTenDigits(accountNumber)) return false;
  return bank.cbnCode === null || isValidNuban(bank.cbnCode, accountNumber);
}

/** The form's facts with `step` (and `lookups`); the mandate set aside stays. */
function withStep(flow: FlowState, step: Step, lookups: Lookups = flow.lookups): FormFacts {
  return { step, lookups, setAside: flow.setAside };
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

/** A failed lookup or authorization: the flow's answer for each kind of failure. */
function afterRequestFailure(
  flow: FlowState,
  step: StepOf<'resolving' | 'submitting'>,
  failure: RequestFailure,
): FormFacts {
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
 * Back or Forward to a form step (a browser history entry), with the bank and number entered, or
 * null when already there. Never sends anything: the confirm step is reached only with a name
 * looked up for this link in this tab (kept across a reload or a visit elsewhere).
 */
function navigate(
  flow: FlowState,
  to: HistoryStep,
  bank: Bank,
  accountNumber: string | null,
): FormFacts | null {
  const current = flow.step.kind;
  if (to === 'bank') {
    if (current === 'chooseBank') return null;
    return withStep(flow, { kind: 'chooseBank', bank, accountNumber, notice: null });
  }
  if (to === 'account') {
    if (current === 'enterAccount') return null;
    return withStep(flow, { kind: 'enterAccount', bank, accountNumber, notice: null });
  }
  const accountName =
    accountNumber === null ? undefined : flow.lookups[lookupKey(bank.id, accountNumber)];
  if (current === 'confirm' || accountNumber === null || typeof accountName !== 'string')
    return null;
  return withStep(flow, { kind: 'confirm', bank, accountNumber, accountName, notice: null });
}

/** One step's moves: the form's new facts, or null when `event` is not legal at that step. */
type StepMove<K extends StepKind> = (
  flow: FlowState,
  step: StepOf<K>,
  event: FlowEvent,
) => FormFacts | null;

/** Each form step's moves, one small function per step. */
export const stepMoves: { [K in StepKind]: StepMove<K> } = {
  chooseBank(flow, step, event) {
    if (event.type === 'navigated') {
      const { bank, accountNumber } = step;
      return bank === null ? null : navigate(flow, event.to, bank, accountNumber);
    }
    if (event.type !== 'bankChosen') return null;
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
      return null;
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
      return null;
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
    return null;
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
    return null;
  },

  rereading(flow, step, event) {
    if (event.type === 'setupLoaded') return withStep(flow, stepFromDraft(step.draft));
    if (event.type !== 'setupFailed') return null;
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
    return event.type === 'retry' ? withStep(flow, { ...step.resume }) : null;
  },

  invalidLink() {
    return null;
  },
};

/**
 * The form's new facts after `event`, or null when the form does not move. Besides each step's own
 * moves (while no disable call is in flight: an action then left unanswered is that call, the
 * status view's business): "Try another account" sets the mandate aside and starts the form
 * afresh; a disable call refused for the link shows the invalid link, and one refused because the
 * setup changed reads the setup again.
 */
export function formMove(flow: FlowState, event: FlowEvent): FormFacts | null {
  if (event.type === 'tryAnotherAccount') {
    const { mandate } = event.setup;
    if (mandate === null || !canTryAnotherAccount(event.setup, mandate)) return null;
    return { ...withStep(flow, firstStep), setAside: mandate.id };
  }
  if (event.type === 'disableFailed') {
    if (flow.disable.kind !== 'sending') return null;
    const { failure } = event;
    if (failure.kind === 'invalidLink') {
      return withStep(flow, {
        kind: 'invalidLink',
        reason: failure.reason,
        requestId: failure.requestId,
      });
    }
    // The setup changed meanwhile (e.g. the merchant turned debit off): read it again.
    if (failure.kind === 'setupChanged') {
      return withStep(flow, { kind: 'rereading', draft: null });
    }
    return null;
  }
  if (event.type === 'actionUnanswered' && flow.disable.kind === 'sending') return null;
  // The table is typed per step; indexing it by a union loses that pairing, hence the widening.
  const move = stepMoves[flow.step.kind] as StepMove<StepKind>;
  return move(flow, flow.step, event);
}
