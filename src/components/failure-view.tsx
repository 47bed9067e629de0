/**
 * A page's read or action that got no answer or an unexpected one (product.md, "Every page": every
 * error view shows the requestId with a copy button; network errors keep the customer's input and
 * offer a retry). "Try again" calls `onRetry`; the page decides what is retried.
 */
import { failureMessage, type ShownFailure } from '../lib/request-failure';
import { useMessages } from '../messages/use-messages';
import { Alert } from './alert';
import { Button } from './button';
import { RequestId } from './request-id';
import { StepHeading } from './step-heading';

export interface FailureViewProps {
  failure: ShownFailure;
  /** The customer had entered something that the retry keeps (said under the failure). */
  inputKept?: boolean;
  /** The retry is in flight: the button is busy. */
  retrying?: boolean;
  onRetry: () => void;
}

/**
 * The page-wide failure view: "Something went wrong", what happened (no answer, or the service's
 * refusal), whether the input is kept, the request id with a copy button, and "Try again".
 */
export function FailureView({ failure, inputKept = false, retrying, onRetry }: FailureViewProps) {
  const { _ } = useMessages();
  const requestId = failure.requestId ?? null;
  return (
    <>
      <StepHeading>{_('common.failure.title')}</StepHeading>
      <Alert tone="error">
        <p>{failureMessage(failure)}</p>
        {inputKept && <p>{_('common.failure.inputKept')}</p>}
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button busy={retrying} busyLabel={_('common.loading')} onClick={onRetry}>
        {_('common.tryAgain')}
      </Button>
    </>
  );
}
