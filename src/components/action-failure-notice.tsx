/**
 * What a page shows under a form whose action got no answer (src/lib/action-failure.ts): why, that
 * what the customer entered is kept, and "Try again", which resends the same input (and so the same
 * idempotency key: src/lib/use-action-key.ts). Urgent, so a screen reader says it at once; the page
 * keeps its fields as they were (docs/decisions/0023).
 */
import type { Ref } from 'react';
import type { UnansweredAction } from '../lib/action-failure';
import { useMessages } from '../messages/use-messages';
import { Alert } from './alert';
import { Button } from './button';

export interface ActionFailureNoticeProps {
  failure: UnansweredAction;
  /** Resends the action with the input as it is. */
  onRetry: () => void;
  /** The retry is in flight: the button is disabled and says so. */
  busy?: boolean;
  /** The notice's box, e.g. to take the focus (src/lib/use-focus-notice.ts). */
  ref?: Ref<HTMLDivElement>;
}

export function ActionFailureNotice({
  failure,
  onRetry,
  busy = false,
  ref,
}: ActionFailureNoticeProps) {
  const { _ } = useMessages();
  const offline = failure === 'offline';
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      tone="warning"
      urgent
      title={
        offline ? _('common.actionFailure.offlineTitle') : _('common.actionFailure.noAnswerTitle')
      }
    >
      <p>{offline ? _('common.actionFailure.offline') : _('common.actionFailure.noAnswer')}</p>
      <p>{_('common.failure.inputKept')}</p>
      <Button
        variant="secondary"
        busy={busy}
        busyLabel={_('common.actionFailure.retrying')}
        onClick={onRetry}
      >
        {_('common.actionFailure.tryAgain')}
      </Button>
    </Alert>
  );
}
