/**
 * The heading of each mandate status (flow step 6). Its own module: the page announces a status
 * change with it, while the status view itself is loaded only when a status is shown
 * (lazy-steps.ts; docs/decisions/0018-first-load-bytes.md).
 */
import type { MandateStatus } from '../../../contract/direct-debit';
import type { PlainMessageId } from '../../messages/i18n';

/**
 * The message id of each mandate status's heading; also what the page announces when the status
 * changes (src/messages/use-messages.ts says it in the page's language).
 */
export function statusTitle(status: MandateStatus): PlainMessageId {
  switch (status) {
    case 'verified':
    case 'approved':
      return 'setup.status.titles.approved';
    case 'pending':
      return 'setup.status.titles.pending';
    case 'unknown':
      return 'setup.status.titles.unknown';
    case 'rejected':
      return 'setup.status.titles.rejected';
    case 'revocation_requested':
      return 'setup.status.titles.revocationRequested';
    case 'revoked':
      return 'setup.status.titles.revoked';
  }
}
