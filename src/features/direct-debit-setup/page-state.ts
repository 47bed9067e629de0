/**
 * What the direct-debit setup page shows, derived from the server's answer (TanStack Query's view
 * of `GET /direct-debit/setup`) plus the customer's flow (`machine.ts`), as the invoice page does
 * (product.md, "Direct-debit setup: the flow"; service-api.md, "Hosted customer setup", "States and
 * transitions"; decision 0012). Pure, so every combination is tested without rendering.
 *
 * The server decides: a mandate shows its status (unless the customer set it aside to try another
 * account), a closed setup says so, an open one shows the customer's form step. The flow decides
 * where in the form the customer is, the countdown and the disable dialog. Times are epoch ms.
 */
import type { Mandate, SetupState } from '../../../contract/direct-debit';
import { invalidLinkState, type InvalidLinkState } from '../../lib/classify-failure';
import type { TokenReading } from '../../lib/capability-token';
import type {
  AutoReturn,
  DisableStep,
  FlowState,
  InvalidLinkReason,
  PageFailure,
  RequestFailure,
  Step,
} from './flow-state';
import { allowsAutoReturn, canDisable } from './setup-rules';

/**
 * The last status check of the status view: `ok` (or none yet); `failed`, with the failure to
 * show (its requestId when the server answered) and a "Check now"; `retrying` while a check is in
 * flight after a failed one (the failure stays on screen until its answer).
 */
export type StatusCheck =
  | { kind: 'ok' }
  | { kind: 'failed'; failure: PageFailure }
  | { kind: 'retrying'; failure: PageFailure };

type FormStep = Extract<
  Step,
  { kind: 'chooseBank' | 'enterAccount' | 'resolving' | 'confirm' | 'submitting' }
>;

/** A form step, with the setup it belongs to. */
export type FormView = FormStep & { setup: SetupState };

/** The status view of a mandate (flow steps 6 and 7). */
export interface StatusView {
  kind: 'status';
  setup: SetupState;
  mandate: Mandate;
  /** When the page last heard from the server (epoch ms, this device's clock). */
  lastCheckedAt: number;
  check: StatusCheck;
  autoReturn: AutoReturn;
  disable: DisableStep;
}

/** Every view of the page. */
export type SetupView =
  | { kind: 'loading'; setup: SetupState | null }
  | InvalidLinkState<InvalidLinkReason>
  | { kind: 'closed'; setup: SetupState }
  | FormView
  | StatusView
  | {
      kind: 'failure';
      failure: PageFailure;
      /** The last setup read, for the header; null when none was. */
      setup: SetupState | null;
      /** Whether "Try again" keeps what the customer entered. */
      inputKept: boolean;
    };

/** Inputs of {@link setupView}: the token reading, TanStack Query's view of the read, the flow. */
export interface SetupPageInput {
  token: Pick<TokenReading, 'kind'>;
  /** The last setup read, if any. */
  data: SetupState | undefined;
  /** The last read's failure, classified (`classifySetupFailure`); null when it succeeded. */
  readFailure: RequestFailure | null;
  /** When `data` arrived (epoch ms). */
  updatedAt: number;
  /** A read is in flight. */
  fetching: boolean;
  flow: FlowState;
}

const disableOff: DisableStep = { kind: 'off' };

function statusView(input: SetupPageInput, setup: SetupState, mandate: Mandate): StatusView {
  const { flow, readFailure, fetching } = input;
  const countdown = flow.countdown?.mandateId === mandate.id ? flow.countdown.kind : 'counting';
  const check: StatusCheck =
    readFailure === null || readFailure.kind === 'invalidLink'
      ? { kind: 'ok' }
      : { kind: fetching ? 'retrying' : 'failed', failure: readFailure };
  return {
    kind: 'status',
    setup,
    mandate,
    lastCheckedAt: input.updatedAt,
    check,
    autoReturn: allowsAutoReturn(setup, mandate) ? countdown : 'off',
    // An open confirmation (or a call in flight) shows only while it still applies.
    disable:
      flow.disable.kind === 'sending' || canDisable(setup, mandate) ? flow.disable : disableOff,
  };
}

function refusedView(
  refused: { reason: InvalidLinkReason; requestId: string | null },
  data: SetupState | undefined,
): SetupView {
  return invalidLinkState(refused.reason, refused.requestId, data);
}

/**
 * The page's view. Order matters: no usable token first; then a link the server refused (on a
 * read or an action); then an action's failure; then the first read (loading, or its failure);
 * then a re-read in flight; then the mandate, a closed setup, or the customer's form step.
 */
export function setupView(input: SetupPageInput): SetupView {
  const { token, data, flow } = input;
  const readFailure = input.readFailure?.kind === 'invalidLink' ? null : input.readFailure;
  const { step } = flow;
  if (token.kind !== 'token') {
    return invalidLinkState(token.kind, null, undefined);
  }
  if (step.kind === 'invalidLink') return refusedView(step, data);
  if (input.readFailure?.kind === 'invalidLink') return refusedView(input.readFailure, data);
  if (step.kind === 'failed') {
    const { resume } = step;
    return {
      kind: 'failure',
      failure: step.failure,
      setup: data ?? null,
      inputKept: resume.kind === 'resolving' || resume.draft !== null,
    };
  }
  if (data === undefined) {
    if (readFailure === null || input.fetching) return { kind: 'loading', setup: null };
    return { kind: 'failure', failure: readFailure, setup: null, inputKept: false };
  }
  if (step.kind === 'rereading') return { kind: 'loading', setup: data };
  const { mandate } = data;
  if (mandate !== null && mandate.id !== flow.setAside) return statusView(input, data, mandate);
  if (!data.setupOpen) return { kind: 'closed', setup: data };
  return { ...step, setup: data };
}
