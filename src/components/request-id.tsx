/**
 * The id of a failed request, to quote to support, with a copy button (service-api.md,
 * "Errors": every error response includes requestId; product.md: every error view shows it).
 */
import { en } from '../messages/en';
import { CopyButton } from './copy-button';

export function RequestId({ requestId }: { requestId: string }) {
  return (
    <div className="request-id">
      <p className="request-id__hint">{en.common.referenceHint}</p>
      <p className="request-id__line">
        <span>{en.common.reference}: </span>
        <code className="request-id__value">{requestId}</code>{' '}
        <CopyButton text={requestId} label={en.common.copyReference} />
      </p>
    </div>
  );
}
