/**
 * The link cannot be used (product.md, "Links and tokens"): no token, a mangled one, or the
 * service does not know it (401/404) or says it expired (410). Says what to do next, with the
 * merchant's support e-mail when the page knows the merchant (the link stopped working after the
 * checkout had loaded).
 */
import type { CheckoutState } from '../../../contract/checkout';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { InvalidLinkReason } from './machine';

export interface InvalidLinkViewProps {
  reason: InvalidLinkReason;
  merchant: CheckoutState['merchant'] | null;
  requestId: string | null;
}

export function InvalidLinkView({ reason, merchant, requestId }: InvalidLinkViewProps) {
  const m = en.checkout.invalidLink;
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
