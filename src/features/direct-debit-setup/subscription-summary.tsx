/** The subscription the customer is setting up direct debit for, shown above the early steps. */
import type { SetupState } from '../../../contract/direct-debit';
import { formatCalendarDate, formatNaira } from '../../lib/format';
import { useMessages } from '../../messages/use-messages';

export function SubscriptionSummary({ setup }: { setup: SetupState }) {
  const { _ } = useMessages();
  const { subscription } = setup;
  return (
    <section className="summary" aria-label={_('setup.summary.label')}>
      <p className="summary__plan">{subscription.planName}</p>
      <p className="summary__amount">
        {_('setup.summary.amountEvery', {
          amount: formatNaira(subscription.amount),
          interval: subscription.interval,
        })}
      </p>
      {subscription.nextBillingDate !== null && (
        <p className="summary__next">
          {_('setup.summary.nextBilling', {
            date: formatCalendarDate(subscription.nextBillingDate),
          })}
        </p>
      )}
    </section>
  );
}
