/**
 * The invoice could not be read (product.md, "Every page": the requestId with a copy button, and
 * a retry).
 */
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { translate } from '../../messages/i18n';
import { rateLimitedMessage } from '../../lib/request-failure';
import { useMessages } from '../../messages/use-messages';
import type { ShownFailure } from './page-state';

function describe(failure: ShownFailure): string {
  switch (failure.kind) {
    case 'network':
      return translate('common.failure.network');
    case 'rateLimited':
      return rateLimitedMessage(failure.retryAfterSeconds);
    case 'unexpected':
      return translate('common.failure.unexpected');
  }
}

export interface FailureViewProps {
  failure: ShownFailure;
  retrying: boolean;
  onRetry: () => void;
}

export function FailureView({ failure, retrying, onRetry }: FailureViewProps) {
  const { _ } = useMessages();
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <>
      <StepHeading>{_('common.failure.title')}</StepHeading>
      <Alert tone="error">
        <p>{describe(failure)}</p>
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <Button busy={retrying} busyLabel={_('common.loading')} onClick={onRetry}>
        {_('common.tryAgain')}
      </Button>
    </>
  );
}
