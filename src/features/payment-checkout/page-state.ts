/**
 * What the payment checkout page shows, derived from the link's token, TanStack Query's view of
 * `GET /checkout/:paymentId` and the page's client facts (`machine.ts`), as the invoice page does
 * (product.md, "Checkout pages"; contract/payments.ts for the statuses pending, paid, expired).
 * Pure, so every combination is tested without rendering.
 *
 * The page says paid only when the server says paid, and expired only when the server says
 * expired. Amounts are naira.
 */
import type { CheckoutState } from '../../../contract/checkout';
import { invalidLinkState, type InvalidLinkState } from '../../lib/classify-failure';
import type { TokenReading } from '../../lib/capability-token';
import { classifyCheckoutFailure } from './checkout-answer';
import {
  needsDetails,
  returnUrlOf,
  type AutoReturn,
  type CheckoutFlowState,
  type InvalidLinkReason,
  type PageFailure,
  type VirtualAccount,
} from './machine';

/** Every view of the checkout page. */
export type CheckoutPageState =
  | { kind: 'loading' }
  | InvalidLinkState<InvalidLinkReason>
  /** The payment lacks the payer's e-mail and/or phone: the form asks for what is missing. */
  | { kind: 'details'; checkout: CheckoutState; saving: boolean; failure: PageFailure | null }
  /** Waiting for the transfer; the page shows the account and checks by itself. */
  | {
      kind: 'pending';
      checkout: CheckoutState;
      account: VirtualAccount;
      /** The service's time of its last answer (`serverTime`, epoch ms; shown in Lagos time). */
      lastCheckedAt: number;
      /** The last check failed; the page keeps trying. */
      checkFailed: boolean;
      /** The payer has pressed "I've sent the money". */
      sent: boolean;
    }
  | { kind: 'paid'; checkout: CheckoutState; autoReturn: AutoReturn }
  | { kind: 'expired'; checkout: CheckoutState }
  /** The checkout could not be read (or its answer made no sense); "Try again" reads it again. */
  | { kind: 'failure'; failure: PageFailure; checkout: CheckoutState | null };

/** Inputs of {@link checkoutPageState}. */
export interface CheckoutPageInput {
  token: Pick<TokenReading, 'kind'>;
  /** The last checkout read (or saved), if any. */
  data: CheckoutState | undefined;
  /** The error of the last read, or null. */
  error: unknown;
  flow: CheckoutFlowState;
}

/** The view for what the server says, `checkout`, given the page's client facts. */
function fromCheckout(
  checkout: CheckoutState,
  { flow, error }: Omit<CheckoutPageInput, 'token' | 'data'>,
): CheckoutPageState {
  // Paid and expired first: the server's final word whatever else the answer says.
  switch (checkout.payment.status) {
    case 'paid':
      return {
        kind: 'paid',
        checkout,
        autoReturn: returnUrlOf(checkout) === null ? 'off' : flow.autoReturn,
      };
    case 'expired':
      return { kind: 'expired', checkout };
    case 'pending':
      break;
  }
  if (needsDetails(checkout)) {
    return {
      kind: 'details',
      checkout,
      saving: flow.kind === 'savingDetails',
      failure: flow.kind === 'open' ? flow.failure : null,
    };
  }
  // A pending payment with neither missing details nor an account is a broken answer.
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
    // By the service's clock, not the phone's, which is often wrong (issue 14, point 4).
    lastCheckedAt: Date.parse(checkout.serverTime),
    // The account stays on screen: a failed check says nothing about the payment.
    checkFailed: error !== null && error !== undefined,
    sent: flow.sentAt !== null,
  };
}

/**
 * The page's state. Order matters: a link without a usable token or that the server refused;
 * then the checkout when there is one (a failed background check keeps
 * showing it); then the read's failure; else loading.
 */
export function checkoutPageState(input: CheckoutPageInput): CheckoutPageState {
  const { token, data, error } = input;
  const readFailure = error === null || error === undefined ? null : classifyCheckoutFailure(error);
  // Without a token nothing is read, so there is no merchant to show either.
  const unusable =
    token.kind !== 'token'
      ? { reason: token.kind, requestId: null }
      : readFailure?.kind === 'invalidLink'
        ? readFailure
        : null;
  if (unusable !== null) {
    return invalidLinkState(unusable.reason, unusable.requestId, data);
  }
  if (data !== undefined) return fromCheckout(data, input);
  if (readFailure !== null && readFailure.kind !== 'invalidLink') {
    return { kind: 'failure', failure: readFailure, checkout: null };
  }
  return { kind: 'loading' };
}

/**
 * True while the payment may change by itself and the page should check again: pending with the
 * account shown (money may arrive). False while details are missing (there is no account to pay
 * into yet) and once the server says paid or expired.
 */
export function awaitsPayment(checkout: CheckoutState): boolean {
  return (
    checkout.payment.status === 'pending' &&
    !needsDetails(checkout) &&
    checkout.virtualAccount !== null
  );
}
