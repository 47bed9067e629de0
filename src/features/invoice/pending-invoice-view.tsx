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
import { failureMessage } from '../../lib/request-failure';
import { useMessages } from '../../messages/use-messages';
import { InvoiceDetails } from './invoice-details';
import type { PayStatus } from './page-state';

export interface PendingInvoiceViewProps {
  invoice: InvoiceState;
  pay: PayStatus;
  onPay: () => void;
}

export function PendingInvoiceView({ invoice, pay, onPay }: PendingInvoiceViewProps) {
  const { _ } = useMessages();
  const failure = pay.kind === 'failed' ? pay.failure : null;
  const requestId = failure === null || failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{_('invoice.pendingTitle')}</StepHeading>
      <InvoiceDetails state={invoice} />
      {invoice.debitInProgress ? (
        // Rule 1: while the bank has the debit, no other way to pay is offered.
        <Alert tone="info">
          <p>{_('invoice.debitInProgress', { merchant: invoice.merchant.name })}</p>
        </Alert>
      ) : (
        <p>{_('invoice.pendingBody')}</p>
      )}
      {pay.kind === 'failed' && pay.unanswered !== null ? (
        <ActionFailureNotice failure={pay.unanswered} onRetry={onPay} />
      ) : (
        failure !== null && (
          <Alert tone="error" urgent>
            <p>{failureMessage(failure)}</p>
            {requestId !== null && <RequestId requestId={requestId} />}
          </Alert>
        )
      )}
      {pay.kind === 'badAddress' && (
        <Alert tone="error" urgent>
          <p>{_('invoice.badAddress', { merchant: invoice.merchant.name })}</p>
        </Alert>
      )}
      {!invoice.debitInProgress && (
        <Button
          busy={pay.kind === 'paying' || pay.kind === 'leaving'}
          busyLabel={_('invoice.payBusy')}
          onClick={onPay}
        >
          {_('invoice.payNow')}
        </Button>
      )}
    </>
  );
}
