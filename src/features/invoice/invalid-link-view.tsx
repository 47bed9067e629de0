/**
 * The invoice link cannot be used (product.md, "Links and tokens"): no token, a mangled one, or
 * the service does not know it or says it expired. Says what to do next.
 */
import type { InvoiceState } from '../../../contract/checkout';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { InvalidLinkReason } from './page-state';

export interface InvalidLinkViewProps {
  reason: InvalidLinkReason;
  merchant: InvoiceState['merchant'] | null;
  requestId: string | null;
}

export function InvalidLinkView({ reason, merchant, requestId }: InvalidLinkViewProps) {
  const m = en.invoice.invalidLink;
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <p>{m.reasons[reason]}</p>
      <p>{m.whatToDo(merchant?.name ?? null)}</p>
      {merchant !== null && merchant.supportEmail !== null && (
        <p>
          {m.contact(merchant.name)}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {requestId !== null && <RequestId requestId={requestId} />}
    </>
  );
}
