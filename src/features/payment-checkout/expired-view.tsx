/**
 * The server says the payment window ended before the full amount arrived (contract/payments.ts,
 * status `expired`; service-api.md, "States and transitions": a dynamic account stops being
 * payable). The account details are deliberately not shown any more, so nobody copies them; an
 * urgent alert says not to transfer, and the view says what to do instead.
 */
import type { CheckoutState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { StepHeading } from '../../components/step-heading';
import { formatDateTime, formatNaira } from '../../lib/format';
import { useMessages } from '../../messages/use-messages';
import { returnUrlOf } from './machine';

export function ExpiredView({ checkout }: { checkout: CheckoutState }) {
  const { _ } = useMessages();
  const { payment, merchant } = checkout;
  const returnUrl = returnUrlOf(checkout);
  return (
    <>
      <StepHeading>{_('checkout.expired.title')}</StepHeading>
      <Alert tone="error" urgent title={_('checkout.expired.doNotTransfer')}>
        <p>{_('checkout.expired.body', { time: formatDateTime(checkout.expiresAt) })}</p>
      </Alert>
      <p>{_('checkout.expired.whatToDo', { merchant: merchant.name })}</p>
      {payment.amountReceived > 0 && (
        <p>
          {_('checkout.expired.received', {
            amount: formatNaira(payment.amountReceived),
            merchant: merchant.name,
          })}
        </p>
      )}
      {merchant.supportEmail !== null && (
        <p>
          {_('common.contact', { merchant: merchant.name })}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {returnUrl !== null && (
        <p>
          <a className="button button--secondary" href={returnUrl} rel="noreferrer">
            {_('common.returnTo', { merchant: merchant.name })}
          </a>
        </p>
      )}
    </>
  );
}
