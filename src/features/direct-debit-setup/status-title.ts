/**
 * The heading of each mandate status (flow step 6). Its own module: the page announces a status
 * change with it, while the status view itself is loaded only when a status is shown
 * (lazy-steps.ts; docs/decisions/0018-first-load-bytes.md).
 */
import type { MandateStatus } from '../../../contract/direct-debit';
import { en } from '../../messages/en';

/** The heading of each mandate status; also what the page announces when the status changes. */
export function statusTitle(status: MandateStatus): string {
  const titles = en.setup.status.titles;
  switch (status) {
    case 'verified':
    case 'approved':
      return titles.approved;
    case 'pending':
      return titles.pending;
    case 'unknown':
      return titles.unknown;
    case 'rejected':
      return titles.rejected;
    case 'revocation_requested':
      return titles.revocationRequested;
    case 'revoked':
      return titles.revoked;
  }
}
