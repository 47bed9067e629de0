/**
 * A request that got no answer or an unexpected one (product.md, "Every page": every error view
 * shows the requestId with a copy button; network errors keep the customer's input and offer a
 * retry). "Try again" sends `retry`; the flow decides what is retried.
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { PageFailure } from './machine';

export interface FailureViewProps {
  failure: PageFailure;
  /** The customer had entered something that the retry keeps. */
  inputKept: boolean;
  onRetry: () => void;
}

function describe(failure: PageFailure): string {
  const m = en.setup.failure;
  switch (failure.kind) {
    case 'network':
      return m.network;
    case 'rateLimited':
      return m.rateLimited(failure.retryAfterSeconds);
    case 'accountNotFound':
    case 'bankNotSupported':
    case 'setupChanged':
    case 'unexpected':
      return m.unexpected;
  }
}

export function FailureView({ failure, inputKept, onRetry }: FailureViewProps) {
  const m = en.setup.failure;
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
        {inputKept && <p>{m.inputKept}</p>}
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button onClick={onRetry}>{en.common.tryAgain}</Button>
    </>
  );
}
