/**
 * What the payment checkout page knows that the service does not (product.md, "Checkout pages";
 * docs/decisions/0012-query-owned-server-state.md): the payer's details while they are being
 * saved or after a save failed, when the payer pressed "I've sent the money", and the auto-return
 * choice. One pure `transition(state, event)`; an event
 * that is not legal in the current state returns the same state object.
 *
 * What the service says (the payment, its status, its account, its remaining seconds) is NOT
 * kept here: it is TanStack Query's (`checkoutQueryOptions` in `api.ts`), and the view is derived
 * from both by `page-state.ts`. Effects (requests, polling, timers, the redirect) live in
 * `use-checkout-flow.ts`. `mono` values are `performance.now()` ms.
 */
import type { RequestFailure as HostedRequestFailure } from '../../lib/classify-failure';
import type { CheckoutCustomerRequest, CheckoutState } from '../../../contract/checkout';
import type { ReturnUrl } from '../../../contract/return-url';
import type { AutoReturn } from '../../lib/use-auto-return';

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

export type { AutoReturn };

/** The account to pay into (never null in the pending view). */
export type VirtualAccount = NonNullable<CheckoutState['virtualAccount']>;

/** Facts the page keeps whatever the payment's status. */
interface PayerFacts {
  /** When the payer last pressed "I've sent the money" (monotonic ms), else null. */
  sentAt: number | null;
  /** The payer's choice about the return after payment (applies only when it is allowed). */
  autoReturn: Exclude<AutoReturn, 'off'>;
}

/** No request of the payer's in flight; `failure`: the last save of the details failed. */
export interface OpenState extends PayerFacts {
  kind: 'open';
  failure: PageFailure | null;
}
/** The payer's details are being saved; the form keeps what was typed. */
export interface SavingDetailsState extends PayerFacts {
  kind: 'savingDetails';
  request: CheckoutCustomerRequest;
}

/** Every state of the checkout page's client facts. */
export type CheckoutFlowState = OpenState | SavingDetailsState;

/** Every event of the checkout page. `mono`: `performance.now()` ms. */
export type CheckoutFlowEvent =
  /** The form's parsed details; `needs` is what the payment lacks (the server's answer). */
  | {
      type: 'detailsEntered';
      request: CheckoutCustomerRequest;
      needs: CheckoutState['needsCustomerDetails'];
    }
  | { type: 'detailsSaved' }
  | { type: 'detailsFailed'; failure: RequestFailure }
  | { type: 'moneySent'; mono: number }
  | { type: 'stayHere' }
  | { type: 'returnNow' };

export type CheckoutFlowEventType = CheckoutFlowEvent['type'];

/** The first state: nothing sent, nothing pressed, the return counting once it applies. */
export const initialState: OpenState = {
  kind: 'open',
  failure: null,
  sentAt: null,
  autoReturn: 'counting',
};

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

/** Whether `request` carries every detail the payment still lacks (`needs`). */
export function coversNeeds(
  needs: CheckoutState['needsCustomerDetails'],
  request: CheckoutCustomerRequest,
): boolean {
  return (
    (!needs.email || request.email !== undefined) && (!needs.phone || request.phone !== undefined)
  );
}

function facts(state: CheckoutFlowState): PayerFacts {
  return { sentAt: state.sentAt, autoReturn: state.autoReturn };
}

/**
 * The next state after `event` in `state`; the same object when the event is not legal there.
 * Pure: no clocks, no requests.
 */
export function transition(state: CheckoutFlowState, event: CheckoutFlowEvent): CheckoutFlowState {
  switch (state.kind) {
    case 'open': {
      if (event.type === 'detailsEntered') {
        if (!coversNeeds(event.needs, event.request)) return state;
        return { kind: 'savingDetails', request: event.request, ...facts(state) };
      }
      // Only speeds up checking; it never changes what the page says about the payment.
      if (event.type === 'moneySent') return { ...state, sentAt: event.mono };
      if (state.autoReturn !== 'counting') return state;
      if (event.type === 'stayHere') return { ...state, autoReturn: 'stayed' };
      if (event.type === 'returnNow') return { ...state, autoReturn: 'leaving' };
      return state;
    }

    case 'savingDetails':
      if (event.type === 'detailsSaved') return { kind: 'open', failure: null, ...facts(state) };
      if (event.type === 'detailsFailed') {
        const { failure } = event;
        // A refused link or details someone (another tab) already gave: the hook reads the
        // payment again, and the server's answer (the link's refusal, or the account) shows.
        const readAgain = failure.kind === 'invalidLink' || failure.kind === 'changed';
        return { kind: 'open', failure: readAgain ? null : failure, ...facts(state) };
      }
      return state;
  }
}
