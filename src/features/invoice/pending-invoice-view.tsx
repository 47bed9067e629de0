/**
 * A pending invoice: its details and "Pay now", which opens the payment checkout page of the
 * invoice's payment (product.md, "Checkout pages"). A failed attempt shows why, with the request
 * id, and "Pay now" stays available to try again.
 */
import type { InvoiceState } from '../../../contract/checkout';
import { ActionFailureNotice } from '../../components/action-failure-notice';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { InvoiceFailure } from './api';
import { InvoiceDetails } from './invoice-details';
import type { PayStatus } from './page-state';

function failureText(failure: InvoiceFailure): string {
  const m = en.invoice.failure;
  switch (failure.kind) {
    case 'network':
      return m.network;
    case 'rateLimited':
      return m.rateLimited(failure.retryAfterSeconds);
    case 'invalidLink':
    case 'alreadyPaid':
    case 'unexpected':
      return m.unexpected;
  }
}

export interface PendingInvoiceViewProps {
  invoice: InvoiceState;
  pay: PayStatus;
  onPay: () => void;
}

export function PendingInvoiceView({ invoice, pay, onPay }: PendingInvoiceViewProps) {
  const m = en.invoice;
  const failure = pay.kind === 'failed' ? pay.failure : null;
  const requestId = failure === null || failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{m.pendingTitle}</StepHeading>
      <InvoiceDetails state={invoice} />
      {invoice.debitInProgress ? (
        // Rule 1: while the bank has the debit, no other way to pay is offered.
        <Alert tone="info">
          <p>{m.debitInProgress(invoice.merchant.name)}</p>
        </Alert>
      ) : (
        <p>{m.pendingBody}</p>
      )}
      {pay.kind === 'failed' && pay.unanswered !== null ? (
        <ActionFailureNotice failure={pay.unanswered} onRetry={onPay} />
      ) : (
        failure !== null && (
          <Alert tone="error" urgent>
            <p>{failureText(failure)}</p>
            {requestId !== null && <RequestId requestId={requestId} />}
          </Alert>
        )
      )}
      {pay.kind === 'badAddress' && (
        <Alert tone="error" urgent>
          <p>{m.badAddress(invoice.merchant.name)}</p>
        </Alert>
      )}
      {!invoice.debitInProgress && (
        <Button
          busy={pay.kind === 'paying' || pay.kind === 'leaving'}
          busyLabel={m.payBusy}
          onClick={onPay}
        >
          {m.payNow}
        </Button>
      )}
    </>
  );
}
