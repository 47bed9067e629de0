/**
 * A request that got no answer or an unexpected one (product.md, "Every page": every error view
 * shows the requestId with a copy button; network errors keep the customer's input and offer a
 * retry). "Try again" sends `retry`; the flow decides what is retried.
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { translate } from '../../messages/i18n';
import { rateLimitedMessage } from '../../lib/request-failure';
import { useMessages } from '../../messages/use-messages';
import type { PageFailure } from './machine';

export interface FailureViewProps {
  failure: PageFailure;
  /** The customer had entered something that the retry keeps. */
  inputKept: boolean;
  onRetry: () => void;
}

function describe(failure: PageFailure): string {
  switch (failure.kind) {
    case 'network':
      return translate('common.failure.network');
    case 'rateLimited':
      return rateLimitedMessage(failure.retryAfterSeconds);
    case 'accountNotFound':
    case 'bankNotSupported':
    case 'setupChanged':
    case 'unexpected':
      return translate('common.failure.unexpected');
  }
}

export function FailureView({ failure, inputKept, onRetry }: FailureViewProps) {
  const { _ } = useMessages();
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{_('common.failure.title')}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
        {inputKept && <p>{_('common.failure.inputKept')}</p>}
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button onClick={onRetry}>{_('common.tryAgain')}</Button>
    </>
  );
}
