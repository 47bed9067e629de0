/**
 * The invoice as the server describes it: merchant, plan, billing period (Africa/Lagos calendar
 * dates), amount, due date and status (service-api.md, "Invoice"; contract/checkout.ts).
 */
import type { InvoiceState } from '../../../contract/checkout';
import { DetailRow } from '../../components/detail-row';
import { Money } from '../../components/money';
import { formatCalendarDate, formatDateTime } from '../../lib/format';
import { useMessages } from '../../messages/use-messages';

export function InvoiceDetails({ state }: { state: InvoiceState }) {
  const { _ } = useMessages();
  const { invoice, merchant } = state;
  return (
    <section className="summary" aria-label={_('invoice.detailsLabel')}>
      <dl className="playback">
        <DetailRow term={_('invoice.merchant')}>{merchant.name}</DetailRow>
        <DetailRow term={_('invoice.plan')}>
          {_('invoice.planWithInterval', {
            plan: invoice.planName,
            interval: invoice.interval,
          })}
        </DetailRow>
        <DetailRow term={_('invoice.period')}>
          {_('invoice.periodRange', {
            start: formatCalendarDate(invoice.periodStart),
            end: formatCalendarDate(invoice.periodEnd),
          })}
        </DetailRow>
        <DetailRow term={_('invoice.amount')}>
          <Money amount={invoice.amount} />
        </DetailRow>
        <DetailRow term={_('invoice.dueDate')}>{formatCalendarDate(invoice.dueDate)}</DetailRow>
        <DetailRow term={_('invoice.status')}>{_(`invoice.statuses.${invoice.status}`)}</DetailRow>
        {invoice.paidAt !== null && (
          <DetailRow term={_('invoice.paidAt')}>
            {_('common.lagosTime', { dateTime: formatDateTime(invoice.paidAt) })}
          </DetailRow>
        )}
      </dl>
    </section>
  );
}
