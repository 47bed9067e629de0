/**
 * Flow step 1's dead end (product.md): the link has no token, a mangled one, or the service does
 * not know it or says it expired. Says what to do next, with the merchant's support e-mail when
 * the page knows the merchant (the link stopped working after the setup had loaded).
 */
import type { SetupState } from '../../../contract/direct-debit';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import type { InvalidLinkReason } from './machine';

export interface InvalidLinkViewProps {
  reason: InvalidLinkReason;
  merchant: SetupState['merchant'] | null;
  requestId: string | null;
}

export function InvalidLinkView({ reason, merchant, requestId }: InvalidLinkViewProps) {
  const m = en.setup.invalidLink;
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <p>{m.reasons[reason]}</p>
      <p>{m.whatToDo(merchant?.name ?? null)}</p>
      {merchant?.supportEmail != null && (
        <p>
          {m.contact(merchant.name)}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {requestId !== null && <RequestId requestId={requestId} />}
    </>
  );
}
