/**
 * The server says the payment is paid (product.md, "Checkout pages": the page says paid only when
 * the service says so). Shows what was paid and when, a note when more than the amount arrived
 * (`amountOverpaid`, owed back to the payer), and the return to the merchant: with a valid
 * `returnUrl` (re-validated, `machine.ts` `returnUrlOf`), "Returning to <merchant> in 5 s" with
 * "Return now" and "Stay here", as on the setup page; the link holds the normalized URL only.
 */
import type { CheckoutState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { StepHeading } from '../../components/step-heading';
import { formatDateTime, formatNaira } from '../../lib/format';
import { en } from '../../messages/en';
import { returnUrlOf, type AutoReturn } from './machine';

export interface PaidViewProps {
  checkout: CheckoutState;
  autoReturn: AutoReturn;
  autoReturnSecondsLeft: number | null;
  onStayHere: () => void;
  onReturnNow: () => void;
}

export function PaidView({
  checkout,
  autoReturn,
  autoReturnSecondsLeft,
  onStayHere,
  onReturnNow,
}: PaidViewProps) {
  const m = en.checkout.paid;
  const { payment, merchant } = checkout;
  const returnUrl = returnUrlOf(checkout);
  return (
    <>
      <StepHeading>{m.title}</StepHeading>
      <Alert tone="success">
        <p>{m.body(merchant.name, formatNaira(payment.amount))}</p>
        {payment.paidAt !== null && <p>{m.paidAt(formatDateTime(payment.paidAt))}</p>}
      </Alert>
      {payment.amountOverpaid > 0 && (
        <Alert tone="info">
          <p>{m.overpaid(formatNaira(payment.amountOverpaid), merchant.name)}</p>
          {merchant.supportEmail !== null && (
            <p>
              <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
            </p>
          )}
        </Alert>
      )}
      {autoReturn === 'counting' && (
        <div className="auto-return">
          <p className="auto-return__countdown" role="timer">
            {m.returning(merchant.name, autoReturnSecondsLeft ?? 0)}
          </p>
          <div className="actions">
            <Button onClick={onReturnNow}>{m.returnNow}</Button>
            <Button variant="secondary" onClick={onStayHere}>
              {m.stayHere}
            </Button>
          </div>
        </div>
      )}
      {autoReturn === 'leaving' && <p>{m.leaving(merchant.name)}</p>}
      {returnUrl !== null && autoReturn !== 'counting' && (
        <p>
          <a className="button button--secondary" href={returnUrl} rel="noreferrer">
            {m.returnTo(merchant.name)}
          </a>
        </p>
      )}
      {returnUrl === null && <p>{m.canClose}</p>}
    </>
  );
}
