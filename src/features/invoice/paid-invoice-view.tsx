/**
 * A paid invoice: says so, shows the invoice, offers no payment (product.md), and a way back to
 * the merchant when the invoice has a validated return URL (`returnUrl`, contract/checkout.ts).
 */
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
      {invoice.returnUrl !== null && (
        <p>
          <a className="button button--primary" href={invoice.returnUrl} rel="noreferrer">
            {en.invoice.returnTo(invoice.merchant.name)}
          </a>
        </p>
      )}
      <InvoiceDetails state={invoice} />
    </>
  );
}
