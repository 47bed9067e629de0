/** A paid invoice: says so, shows the invoice, and offers no payment (product.md). */
import type { InvoiceState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { StepHeading } from '../../components/step-heading';
import { en } from '../../messages/en';
import { InvoiceDetails } from './invoice-details';

export function PaidInvoiceView({ invoice }: { invoice: InvoiceState }) {
  return (
    <>
      <StepHeading>{en.invoice.paidTitle}</StepHeading>
      <Alert tone="success">
        <p>{en.invoice.paidBody(invoice.merchant.name)}</p>
      </Alert>
      <InvoiceDetails state={invoice} />
    </>
  );
}
