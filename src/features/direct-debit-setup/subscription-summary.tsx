/** The subscription the customer is setting up direct debit for, shown above the early steps. */
import type { SetupState } from '../../../contract/direct-debit';
import { formatCalendarDate, formatNaira } from '../../lib/format';
import { en } from '../../messages/en';

export function SubscriptionSummary({ setup }: { setup: SetupState }) {
  const m = en.setup.summary;
  const { subscription } = setup;
  return (
    <section className="summary" aria-label={m.label}>
      <p className="summary__plan">{subscription.planName}</p>
      <p className="summary__amount">
        {m.amountEvery(formatNaira(subscription.amount), subscription.interval)}
      </p>
      {subscription.nextBillingDate !== null && (
        <p className="summary__next">
          {m.nextBilling(formatCalendarDate(subscription.nextBillingDate))}
        </p>
      )}
    </section>
  );
}
