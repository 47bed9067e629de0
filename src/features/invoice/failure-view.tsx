/**
 * The invoice could not be read (product.md, "Every page": the requestId with a copy button, and
 * a retry).
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { ShownFailure } from './page-state';

function describe(failure: ShownFailure): string {
  const m = en.invoice.failure;
  switch (failure.kind) {
    case 'network':
      return m.network;
    case 'rateLimited':
      return m.rateLimited(failure.retryAfterSeconds);
    case 'unexpected':
      return m.unexpected;
  }
}

export interface FailureViewProps {
  failure: ShownFailure;
  retrying: boolean;
  onRetry: () => void;
}

export function FailureView({ failure, retrying, onRetry }: FailureViewProps) {
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{en.invoice.failure.title}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button busy={retrying} busyLabel={en.common.loading} onClick={onRetry}>
        {en.common.tryAgain}
      </Button>
    </>
  );
}
