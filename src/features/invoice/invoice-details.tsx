/**
 * The invoice as the server describes it: merchant, plan, billing period (Africa/Lagos calendar
 * dates), amount, due date and status (service-api.md, "Invoice"; contract/checkout.ts).
 */
import type { InvoiceState } from '../../../contract/checkout';
import { Money } from '../../components/money';
import { formatCalendarDate, formatDateTime } from '../../lib/format';
import { en } from '../../messages/en';

export function InvoiceDetails({ state }: { state: InvoiceState }) {
  const m = en.invoice;
  const { invoice, merchant } = state;
  return (
    <section className="summary" aria-label={m.detailsLabel}>
      <dl className="playback">
        <div className="playback__row">
          <dt>{m.merchant}</dt>
          <dd>{merchant.name}</dd>
        </div>
        <div className="playback__row">
          <dt>{m.plan}</dt>
          <dd>{m.planWithInterval(invoice.planName, invoice.interval)}</dd>
        </div>
        <div className="playback__row">
          <dt>{m.period}</dt>
          <dd>
            {m.periodRange(
              formatCalendarDate(invoice.periodStart),
              formatCalendarDate(invoice.periodEnd),
            )}
          </dd>
        </div>
        <div className="playback__row">
          <dt>{m.amount}</dt>
          <dd>
            <Money amount={invoice.amount} />
          </dd>
        </div>
        <div className="playback__row">
          <dt>{m.dueDate}</dt>
          <dd>{formatCalendarDate(invoice.dueDate)}</dd>
        </div>
        <div className="playback__row">
          <dt>{m.status}</dt>
          <dd>{m.statuses[invoice.status]}</dd>
        </div>
        {invoice.paidAt !== null && (
          <div className="playback__row">
            <dt>{m.paidAt}</dt>
            <dd>{formatDateTime(invoice.paidAt)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
