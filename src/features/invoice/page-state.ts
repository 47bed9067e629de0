/**
 * What the invoice page shows, derived from the link's token, the server's answer and "Pay now"
 * (product.md, "Checkout pages": the invoice, pending or paid, and "Pay now"; a paid invoice says
 * so and offers no payment). Pure, so every combination is tested without rendering. The invoice
 * status shown is always the server's.
 */
import type { InvoiceState } from '../../../contract/checkout';
import { invalidLinkState, type InvalidLinkState } from '../../lib/classify-failure';
import type { TokenReading } from '../../lib/capability-token';
import type { UnansweredAction } from '../../lib/action-failure';
import { classifyInvoiceFailure, type InvoiceFailure } from './invoice-answer';

/** Why a link cannot be used: no token, a mangled one, one the server does not know, or expired. */
export type InvalidLinkReason = 'missing' | 'malformed' | 'unknown' | 'expired';

/** Failures shown with the request id and a retry. */
export type ShownFailure = Extract<
  InvoiceFailure,
  { kind: 'network' | 'rateLimited' | 'unexpected' }
>;

/** Where "Pay now" stands. */
export type PayStatus =
  | { kind: 'idle' }
  /** The request is in flight. */
  | { kind: 'paying' }
  /** The checkout page's address was accepted and the browser is going there. */
  | { kind: 'leaving' }
  /** `unanswered`: no answer came (offline, or none within the bound): see action-failure.ts. */
  | { kind: 'failed'; failure: InvoiceFailure; unanswered: UnansweredAction | null }
  /** The answer's `authorizationUrl` is not this origin's checkout page (`checkout-address.ts`). */
  | { kind: 'badAddress' };

export type InvoicePageState =
  | InvalidLinkState<InvalidLinkReason>
  | { kind: 'loading' }
  | { kind: 'failure'; failure: ShownFailure }
  | { kind: 'pending'; invoice: InvoiceState; pay: PayStatus }
  | { kind: 'paid'; invoice: InvoiceState };

/** Inputs of {@link invoicePageState}: the token reading and TanStack Query's view of the read. */
export interface InvoicePageInput {
  token: Pick<TokenReading, 'kind'>;
  /** The last invoice read, if any. */
  data: InvoiceState | undefined;
  /** The error of the last read, or null. */
  error: unknown;
  pay: PayStatus;
}

function shown(failure: InvoiceFailure): ShownFailure {
  // 409 and a stale link only reach here when reading the invoice, where they are unexpected.
  if (failure.kind === 'invalidLink' || failure.kind === 'alreadyPaid') {
    return { kind: 'unexpected', status: 0, requestId: failure.requestId };
  }
  return failure;
}

/**
 * The page's state. Order matters: no usable token first; then a link the server refused (on the
 * read or on "Pay now"); then the invoice when there is one (a failed background re-read keeps
 * showing it); then the read's failure; else loading.
 */
export function invoicePageState({ token, data, error, pay }: InvoicePageInput): InvoicePageState {
  if (token.kind !== 'token') {
    return invalidLinkState(token.kind, null, undefined);
  }
  const readFailure = error === null || error === undefined ? null : classifyInvoiceFailure(error);
  const refused =
    readFailure?.kind === 'invalidLink'
      ? readFailure
      : pay.kind === 'failed' && pay.failure.kind === 'invalidLink'
        ? pay.failure
        : null;
  if (refused !== null) {
    return invalidLinkState(refused.reason, refused.requestId, data);
  }
  if (data !== undefined) {
    return data.invoice.status === 'paid'
      ? { kind: 'paid', invoice: data }
      : { kind: 'pending', invoice: data, pay };
  }
  if (readFailure !== null) return { kind: 'failure', failure: shown(readFailure) };
  return { kind: 'loading' };
}

/**
 * True while the invoice's result may change by itself and the page should check again: the
 * invoice is still pending and either a mandate debit of it is with the bank (`debitInProgress`)
 * or it has an open checkout payment (`authorizationUrl`: the payer may have transferred and the
 * money is awaiting confirmation). False once it is paid.
 */
export function awaitsResult(state: InvoiceState): boolean {
  return (
    state.invoice.status === 'pending' && (state.debitInProgress || state.authorizationUrl !== null)
  );
}
