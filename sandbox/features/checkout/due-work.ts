/**
 * The due work of checkout and billing (docs/decisions/0004-time-and-due-work.md), applied by the
 * core's `runDueWork` inside its transaction, once per mode (only that mode's records, `now` from
 * that mode's clock), in this order:
 *
 * 1. dynamic accounts whose payment window ended → EXPIRED; their pending payments → expired
 *    (`payment.failed`);
 * 2. subscriptions whose initial invoice is paid and whose start date arrived → active (and their
 *    first renewal invoice is prepared);
 * 3. renewal debits that settle now → succeeded / failed / unknown;
 * 4. eligible renewal invoices that fell due → one debit submitted each;
 * 5. renewal invoices unpaid {@link renewalGraceDays} days after the later of their due date and
 *    their creation → subscription expired (`subscription.expired`).
 */
import type { Mode } from '../../../contract/common';
import type { Db } from '../../db/database';
import { expirePaymentsOfAccounts, type BillingContext } from '../payments/payments';
import {
  activateDueSubscriptions,
  expireLapsedSubscriptions,
  renewalGraceDays,
} from '../subscriptions/invoices';
import { settleDueDebits, submitDueDebits } from '../direct-debit/renewal-debits';
import { expireDueAccounts } from '../virtual-accounts/virtual-accounts';

/**
 * Applies everything above that is due for `mode`'s records at `context.now`, which must be read
 * from `mode`'s clock. @throws Error from the database.
 */
export function runCheckoutDueWork(db: Db, mode: Mode, context: BillingContext): void {
  expirePaymentsOfAccounts(db, expireDueAccounts(db, mode, context.now), context);
  activateDueSubscriptions(db, mode, context);
  settleDueDebits(db, mode, context);
  submitDueDebits(db, mode, context);
  expireLapsedSubscriptions(db, mode, context);
}

export { renewalGraceDays };
