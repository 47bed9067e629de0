/**
 * The invoice as the server describes it: merchant, plan, billing period (Africa/Lagos calendar
 * dates), amount, due date and status (service-api.md, "Invoice"; contract/checkout.ts).
 */
import type { InvoiceState } from '../../../contract/checkout';
import { DetailRow } from '../../components/detail-row';
import { Money } from '../../components/money';
import { formatCalendarDate, formatDateTime } from '../../lib/format';
import { en } from '../../messages/en';

export function InvoiceDetails({ state }: { state: InvoiceState }) {
  const m = en.invoice;
  const { invoice, merchant } = state;
  return (
    <section className="summary" aria-label={m.detailsLabel}>
      <dl className="playback">
        <DetailRow term={m.merchant}>{merchant.name}</DetailRow>
        <DetailRow term={m.plan}>
          {m.planWithInterval(invoice.planName, invoice.interval)}
        </DetailRow>
        <DetailRow term={m.period}>
          {m.periodRange(
            formatCalendarDate(invoice.periodStart),
            formatCalendarDate(invoice.periodEnd),
          )}
        </DetailRow>
        <DetailRow term={m.amount}>
          <Money amount={invoice.amount} />
        </DetailRow>
        <DetailRow term={m.dueDate}>{formatCalendarDate(invoice.dueDate)}</DetailRow>
        <DetailRow term={m.status}>{m.statuses[invoice.status]}</DetailRow>
        {invoice.paidAt !== null && (
          <DetailRow term={m.paidAt}>
            {en.common.lagosTime(formatDateTime(invoice.paidAt))}
          </DetailRow>
        )}
      </dl>
    </section>
  );
}
