/**
 * The due work of checkout and billing (docs/decisions/0004-time-and-due-work.md), applied by the
 * core's `runDueWork` inside its transaction, in this order:
 *
 * 1. dynamic accounts whose payment window ended → EXPIRED; their pending payments → expired
 *    (`payment.failed`);
 * 2. subscriptions whose initial invoice is paid and whose start date arrived → active (and their
 *    first renewal invoice is prepared);
 * 3. renewal debits that settle now → succeeded / failed / unknown;
 * 4. eligible renewal invoices that fell due → one debit submitted each;
 * 5. renewal invoices unpaid {@link renewalGraceDays} days after their due date → subscription
 *    expired (`subscription.expired`).
 */
import type { Db } from '../../db/database';
import { expirePaymentsOfAccounts } from '../payments/payments';
import {
  activateDueSubscriptions,
  expireLapsedSubscriptions,
  renewalGraceDays,
  type BillingContext,
} from '../subscriptions/invoices';
import { settleDueDebits, submitDueDebits } from '../subscriptions/renewal-debits';
import { expireDueAccounts } from '../virtual-accounts/virtual-accounts';

/** Applies everything above that is due at `context.now`. @throws Error from the database. */
export function runCheckoutDueWork(db: Db, context: BillingContext): void {
  expirePaymentsOfAccounts(db, expireDueAccounts(db, context.now), context);
  activateDueSubscriptions(db, context);
  settleDueDebits(db, context);
  submitDueDebits(db, context);
  expireLapsedSubscriptions(db, context);
}

export { renewalGraceDays };
