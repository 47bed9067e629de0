/**
 * Where the payment checkout page stands, and every legal move, in one pure function (product.md,
 * "Checkout pages"; contract/payments.ts for the payment statuses pending, paid and expired).
 *
 * The view always derives from the server's answer ({@link stateFromCheckout}): the page says
 * paid only when the server says paid, and expired only when the server says expired. Views send
 * events carrying parsed data; {@link transition} alone decides the next state. An event that is
 * not legal in the current state is ignored: the same state object is returned.
 *
 * Effects (requests, polling, timers, the redirect) live in `use-checkout-flow.ts`. Amounts are
 * naira. `at` values are epoch ms of this device (only to say when the page last checked);
 * `mono` values are `performance.now()` ms (the countdown and the fast-check window).
 */
import type { RequestFailure as HostedRequestFailure } from '../../lib/classify-failure';
import type { CheckoutCustomerRequest, CheckoutState } from '../../../contract/checkout';
import type { ReturnUrl } from '../../../contract/return-url';
import type { WindowSync } from './payment-window';

/** Why a link cannot be used: no token, a mangled one, one the server does not know, or expired. */
export type InvalidLinkReason = 'missing' | 'malformed' | 'unknown' | 'expired';

/**
 * A failed request, classified by what the flow does next (`classifyCheckoutFailure` in `api.ts`).
 * The checkout's own kinds: `detailsRefused` (the server refused the payer's details, 400/422),
 * `changed` (the payment changed on the server, 409, e.g. details already given: read it again).
 */
export type RequestFailure = HostedRequestFailure<
  'detailsRefused' | 'changed',
  'unknown' | 'expired'
>;

/** Failures a view shows with the requestId and a way to try again. */
export type PageFailure = Exclude<RequestFailure, { kind: 'invalidLink' }>;

/**
 * Automatic return to the merchant after payment: `off` without a valid return URL; `counting`
 * during the countdown; `stayed` after "Stay here"; `leaving` once the redirect is due (the hook
 * performs it).
 */
export type AutoReturn = 'off' | 'counting' | 'stayed' | 'leaving';

/** The account to pay into (never null in the pending view). */
export type VirtualAccount = NonNullable<CheckoutState['virtualAccount']>;

export interface LoadingState {
  kind: 'loading';
  /** The last state seen, kept so a re-read keeps the merchant's look and the test banner. */
  checkout: CheckoutState | null;
}
export interface InvalidLinkState {
  kind: 'invalidLink';
  reason: InvalidLinkReason;
  requestId: string | null;
  /** Known when the link stopped working after the checkout had loaded. */
  merchant: CheckoutState['merchant'] | null;
  mode: CheckoutState['mode'] | null;
}
/** The payment lacks the payer's e-mail and/or phone: the form asks for what is missing. */
export interface DetailsState {
  kind: 'details';
  checkout: CheckoutState;
  /** The last attempt to save failed; the form keeps what was typed. */
  failure: PageFailure | null;
}
export interface SavingDetailsState {
  kind: 'savingDetails';
  checkout: CheckoutState;
  request: CheckoutCustomerRequest;
}
/** Waiting for the transfer; the page shows the account and checks by itself. */
export interface PendingState {
  kind: 'pending';
  checkout: CheckoutState;
  account: VirtualAccount;
  /** The server's remaining seconds and when they arrived, for the countdown. */
  sync: WindowSync;
  /** When the page last heard from the server (epoch ms, this device; shown, never computed on). */
  lastCheckedAt: number;
  /** The last check failed; the hook keeps trying. */
  checkFailed: boolean;
  /** When the payer last pressed "I've sent the money" (monotonic ms), else null. */
  sentAt: number | null;
}
export interface PaidState {
  kind: 'paid';
  checkout: CheckoutState;
  autoReturn: AutoReturn;
}
export interface ExpiredState {
  kind: 'expired';
  checkout: CheckoutState;
}
/** The checkout could not be read; "Try again" reads it again. */
export interface FailureState {
  kind: 'failure';
  failure: PageFailure;
  checkout: CheckoutState | null;
}

/** Every state of the checkout page. */
export type CheckoutFlowState =
  | LoadingState
  | InvalidLinkState
  | DetailsState
  | SavingDetailsState
  | PendingState
  | PaidState
  | ExpiredState
  | FailureState;

/** Every event of the checkout page. `at`: epoch ms; `mono`: `performance.now()` ms. */
export type CheckoutFlowEvent =
  | { type: 'loaded'; checkout: CheckoutState; at: number; mono: number }
  | { type: 'loadFailed'; failure: RequestFailure }
  | { type: 'detailsEntered'; request: CheckoutCustomerRequest }
  | { type: 'detailsSaved'; checkout: CheckoutState; at: number; mono: number }
  | { type: 'detailsFailed'; failure: RequestFailure }
  | { type: 'refreshed'; checkout: CheckoutState; at: number; mono: number }
  | { type: 'refreshFailed'; failure: RequestFailure }
  | { type: 'moneySent'; mono: number }
  | { type: 'stayHere' }
  | { type: 'returnNow' }
  | { type: 'retry' };

export type CheckoutFlowEventType = CheckoutFlowEvent['type'];

/** The first state: loading when the page has a token, else the invalid-link view. */
export function initialState(
  token: { kind: 'token' } | { kind: 'missing' | 'malformed' },
): CheckoutFlowState {
  if (token.kind === 'token') return { kind: 'loading', checkout: null };
  return { kind: 'invalidLink', reason: token.kind, requestId: null, merchant: null, mode: null };
}

/**
 * The return URL of `checkout`: a {@link ReturnUrl} (parsed once, when the response was read with
 * the contract's schema), or null when the merchant gave none or it failed the rule.
 */
export function returnUrlOf(checkout: CheckoutState): ReturnUrl | null {
  return checkout.returnUrl;
}

/** Whether the payment still lacks any of the payer's details. */
export function needsDetails(checkout: CheckoutState): boolean {
  return checkout.needsCustomerDetails.email || checkout.needsCustomerDetails.phone;
}

/** Whether `request` carries every detail the payment still lacks. */
export function coversNeeds(checkout: CheckoutState, request: CheckoutCustomerRequest): boolean {
  const { email, phone } = checkout.needsCustomerDetails;
  return (!email || request.email !== undefined) && (!phone || request.phone !== undefined);
}

/**
 * The state the server's answer puts the page in. Paid and expired come first: they are the
 * server's final word whatever else the answer says. A pending payment asks for missing details,
 * else shows its account. A pending payment with neither (a broken answer) is an unexpected
 * failure rather than a view without an account.
 */
export function stateFromCheckout(
  checkout: CheckoutState,
  at: number,
  mono: number,
  previous: { autoReturn?: AutoReturn; sentAt?: number | null } = {},
): CheckoutFlowState {
  switch (checkout.payment.status) {
    case 'paid': {
      const allowed = returnUrlOf(checkout) !== null;
      const before = previous.autoReturn ?? 'off';
      return {
        kind: 'paid',
        checkout,
        autoReturn: allowed ? (before === 'off' ? 'counting' : before) : 'off',
      };
    }
    case 'expired':
      return { kind: 'expired', checkout };
    case 'pending':
      break;
  }
  if (needsDetails(checkout)) return { kind: 'details', checkout, failure: null };
  if (checkout.virtualAccount === null) {
    return {
      kind: 'failure',
      failure: { kind: 'unexpected', status: 200, requestId: null },
      checkout,
    };
  }
  return {
    kind: 'pending',
    checkout,
    account: checkout.virtualAccount,
    sync: { remainingSeconds: checkout.remainingSeconds, syncedAtMs: mono },
    lastCheckedAt: at,
    checkFailed: false,
    sentAt: previous.sentAt ?? null,
  };
}

function invalidLink(
  failure: Extract<RequestFailure, { kind: 'invalidLink' }>,
  checkout: CheckoutState | null,
): InvalidLinkState {
  return {
    kind: 'invalidLink',
    reason: failure.reason,
    requestId: failure.requestId,
    merchant: checkout?.merchant ?? null,
    mode: checkout?.mode ?? null,
  };
}

/**
 * The next state after `event` in `state`; the same object when the event is not legal there.
 * Pure: no clocks, no requests.
 */
export function transition(state: CheckoutFlowState, event: CheckoutFlowEvent): CheckoutFlowState {
  switch (state.kind) {
    case 'loading':
      if (event.type === 'loaded') return stateFromCheckout(event.checkout, event.at, event.mono);
      if (event.type === 'loadFailed') {
        if (event.failure.kind === 'invalidLink') return invalidLink(event.failure, state.checkout);
        return { kind: 'failure', failure: event.failure, checkout: state.checkout };
      }
      return state;

    case 'details':
      if (event.type === 'detailsEntered') {
        if (!coversNeeds(state.checkout, event.request)) return state;
        return { kind: 'savingDetails', checkout: state.checkout, request: event.request };
      }
      return state;

    case 'savingDetails':
      if (event.type === 'detailsSaved') {
        return stateFromCheckout(event.checkout, event.at, event.mono);
      }
      if (event.type === 'detailsFailed') {
        const { failure } = event;
        if (failure.kind === 'invalidLink') return invalidLink(failure, state.checkout);
        // Someone (another tab) already gave the details: read the payment again.
        if (failure.kind === 'changed') return { kind: 'loading', checkout: state.checkout };
        return { kind: 'details', checkout: state.checkout, failure };
      }
      return state;

    case 'pending':
      switch (event.type) {
        case 'refreshed':
          return stateFromCheckout(event.checkout, event.at, event.mono, { sentAt: state.sentAt });
        case 'refreshFailed':
          if (event.failure.kind === 'invalidLink') {
            return invalidLink(event.failure, state.checkout);
          }
          // The account stays on screen: a failed check says nothing about the payment.
          return { ...state, checkFailed: true };
        case 'moneySent':
          // Only speeds up checking; it never changes what the page says about the payment.
          return { ...state, sentAt: event.mono };
        default:
          return state;
      }

    case 'paid':
      if (event.type === 'stayHere') {
        return state.autoReturn === 'counting' ? { ...state, autoReturn: 'stayed' } : state;
      }
      if (event.type === 'returnNow') {
        return state.autoReturn === 'counting' ? { ...state, autoReturn: 'leaving' } : state;
      }
      return state;

    case 'failure':
      return event.type === 'retry' ? { kind: 'loading', checkout: state.checkout } : state;

    case 'invalidLink':
    case 'expired':
      return state;
  }
}
