/**
 * A paid invoice: says so, shows the invoice, offers no payment (product.md), and a way back to
 * the merchant when the invoice has a validated return URL (`returnUrl`, contract/checkout.ts).
 */
import type { InvoiceState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { StepHeading } from '../../components/step-heading';
import { useMessages } from '../../messages/use-messages';
import { InvoiceDetails } from './invoice-details';

export function PaidInvoiceView({ invoice }: { invoice: InvoiceState }) {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_('invoice.paidTitle')}</StepHeading>
      <Alert tone="success">
        <p>{_('invoice.paidBody', { merchant: invoice.merchant.name })}</p>
      </Alert>
      {invoice.returnUrl !== null && (
        <p>
          <a className="button button--primary" href={invoice.returnUrl} rel="noreferrer">
            {_('common.returnTo', { merchant: invoice.merchant.name })}
          </a>
        </p>
      )}
      <InvoiceDetails state={invoice} />
    </>
  );
}
