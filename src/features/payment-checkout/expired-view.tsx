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
import { en } from '../../messages/en';
import { returnUrlOf } from './machine';

export function ExpiredView({ checkout }: { checkout: CheckoutState }) {
  const m = en.checkout.expired;
  const { payment, merchant } = checkout;
  const returnUrl = returnUrlOf(checkout);
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <Alert tone="error" urgent title={m.doNotTransfer}>
        <p>{m.body(formatDateTime(checkout.expiresAt))}</p>
      </Alert>
      <p>{m.whatToDo(merchant.name)}</p>
      {payment.amountReceived > 0 && (
        <p>{m.received(formatNaira(payment.amountReceived), merchant.name)}</p>
      )}
      {merchant.supportEmail !== null && (
        <p>
          {m.contact(merchant.name)}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {returnUrl !== null && (
        <p>
          <a className="button button--secondary" href={returnUrl} rel="noreferrer">
            {m.returnTo(merchant.name)}
          </a>
        </p>
      )}
    </>
  );
}
