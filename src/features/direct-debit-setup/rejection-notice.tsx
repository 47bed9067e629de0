/**
 * Why the bank refused the mandate, on the rejected status view (flow step 6; service-api.md,
 * "States and transitions"; docs/decisions/0040-bank-rejection-reasons.md): the headline is the
 * page's own message for the reason's category (rejection-reason.ts), in the page's language; the
 * bank's own words follow as a detail, "Your bank said: …", as plain text and length-bounded.
 */
import { Alert } from '../../components/alert';
import type { MessageId } from '../../messages/message-ids.generated';
import { useMessages } from '../../messages/use-messages';
import {
  bankWordsForDisplay,
  rejectionCategoryOf,
  type RejectionCategory,
} from './rejection-reason';

/** The message each category shows as the headline. */
const categoryMessages = {
  closed: 'setup.status.rejection.closed',
  dormant: 'setup.status.rejection.dormant',
  restricted: 'setup.status.rejection.restricted',
  details_mismatch: 'setup.status.rejection.detailsMismatch',
  customer_declined: 'setup.status.rejection.customerDeclined',
  account_not_eligible: 'setup.status.rejection.accountNotEligible',
  general: 'setup.status.rejection.general',
} as const satisfies Record<RejectionCategory, MessageId>;

/**
 * The rejection's headline and the bank's words. `reason` is the mandate's `rejectionReason`
 * (free text from the bank, or null: then "Your bank did not say why." stands in for its words).
 */
export function RejectionNotice({ reason }: { reason: string | null }) {
  const { _ } = useMessages();
  const bankWords = bankWordsForDisplay(reason);
  return (
    <Alert tone="error">
      <p className="alert__title">{_(categoryMessages[rejectionCategoryOf(reason)])}</p>
      <p>
        {bankWords === null
          ? _('setup.status.rejectedNoReason')
          : _('setup.status.rejectedReason', { reason: bankWords })}
      </p>
    </Alert>
  );
}
