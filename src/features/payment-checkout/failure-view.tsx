/**
 * The checkout could not be read: no answer, or an unexpected one (product.md, "Every page": every
 * error view shows the requestId with a copy button and offers a retry). "Try again" sends
 * `retry`, which reads the checkout again.
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { translate } from '../../messages/i18n';
import { rateLimitedMessage } from '../../lib/request-failure';
import { useMessages } from '../../messages/use-messages';
import type { PageFailure } from './machine';

function describe(failure: PageFailure): string {
  switch (failure.kind) {
    case 'network':
      return translate('common.failure.network');
    case 'rateLimited':
      return rateLimitedMessage(failure.retryAfterSeconds);
    case 'detailsRefused':
    case 'changed':
    case 'unexpected':
      return translate('common.failure.unexpected');
  }
}

export function FailureView({ failure, onRetry }: { failure: PageFailure; onRetry: () => void }) {
  const { _ } = useMessages();
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{_('common.failure.title')}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button onClick={onRetry}>{_('common.tryAgain')}</Button>
    </>
  );
}
