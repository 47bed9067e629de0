/**
 * The id of a failed request, to quote to support, with a copy button (service-api.md,
 * "Errors": every error response includes requestId; product.md: every error view shows it).
 */
import { useMessages } from '../messages/use-messages';
import { CopyButton } from './copy-button';

export function RequestId({ requestId }: { requestId: string }) {
  const { _ } = useMessages();
  return (
    <div className="request-id">
      <p className="request-id__hint">{_('common.referenceHint')}</p>
      <p className="request-id__line">
        <span>{_('common.reference')}: </span>
        <code className="request-id__value">{requestId}</code>{' '}
        <CopyButton text={requestId} label={_('common.copyReference')} />
      </p>
    </div>
  );
}
