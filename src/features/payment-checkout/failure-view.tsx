/**
 * The checkout could not be read: no answer, or an unexpected one (product.md, "Every page": every
 * error view shows the requestId with a copy button and offers a retry). "Try again" sends
 * `retry`, which reads the checkout again.
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { PageFailure } from './machine';

function describe(failure: PageFailure): string {
  const m = en.checkout.failure;
  switch (failure.kind) {
    case 'network':
      return m.network;
    case 'rateLimited':
      return m.rateLimited(failure.retryAfterSeconds);
    case 'detailsRefused':
    case 'changed':
    case 'unexpected':
      return m.unexpected;
  }
}

export function FailureView({ failure, onRetry }: { failure: PageFailure; onRetry: () => void }) {
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{en.checkout.failure.title}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button onClick={onRetry}>{en.common.tryAgain}</Button>
    </>
  );
}
