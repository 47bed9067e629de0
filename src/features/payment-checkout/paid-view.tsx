/**
 * The server says the payment is paid (product.md, "Checkout pages": the page says paid only when
 * the service says so). Shows what was paid and when, a note when more than the amount arrived
 * (`amountOverpaid`, owed back to the payer), and the return to the merchant: with a valid
 * `returnUrl` (parsed once by the answer's schema, decision 0011; `machine.ts` `returnUrlOf`), the shared countdown "Returning to
 * <merchant> in 5 s" with "Return now" and "Stay here", as on the setup page (at most once per
 * payment in a tab; src/components/auto-return-countdown.tsx); the link holds the normalized URL.
 */
import type { CheckoutState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { AutoReturnCountdown } from '../../components/auto-return-countdown';
import { StepHeading } from '../../components/step-heading';
import { formatDateTime, formatNaira } from '../../lib/format';
import { useFocusReturnLinkAfterStay } from '../../lib/use-auto-return';
import { useMessages } from '../../messages/use-messages';
import { returnUrlOf, type AutoReturn } from './machine';

/** Seconds before the automatic return to the merchant after payment (as on the setup page). */
export const autoReturnSeconds = 5;

export interface PaidViewProps {
  checkout: CheckoutState;
  autoReturn: AutoReturn;
  onStayHere: () => void;
  onReturnNow: () => void;
}

export function PaidView({ checkout, autoReturn, onStayHere, onReturnNow }: PaidViewProps) {
  const { _ } = useMessages();
  const { payment, merchant } = checkout;
  const returnUrl = returnUrlOf(checkout);
  const returnLink = useFocusReturnLinkAfterStay(autoReturn);
  return (
    <>
      <StepHeading>{_('checkout.paid.title')}</StepHeading>
      <Alert tone="success">
        <p>
          {_('checkout.paid.body', {
            merchant: merchant.name,
            amount: formatNaira(payment.amount),
          })}
        </p>
        {payment.paidAt !== null && (
          <p>{_('checkout.paid.paidAt', { time: formatDateTime(payment.paidAt) })}</p>
        )}
      </Alert>
      {payment.amountOverpaid > 0 && (
        <Alert tone="info">
          <p>
            {_('checkout.paid.overpaid', {
              amount: formatNaira(payment.amountOverpaid),
              merchant: merchant.name,
            })}
          </p>
          {merchant.supportEmail !== null && (
            <p>
              <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
            </p>
          )}
        </Alert>
      )}
      {autoReturn === 'counting' && (
        <AutoReturnCountdown
          returnKey={`checkout:${payment.id}`}
          merchant={merchant.name}
          seconds={autoReturnSeconds}
          onReturnNow={onReturnNow}
          onStayHere={onStayHere}
        />
      )}
      {autoReturn === 'leaving' && (
        <p>{_('common.autoReturn.leaving', { merchant: merchant.name })}</p>
      )}
      {returnUrl !== null && autoReturn !== 'counting' && (
        <p>
          <a
            ref={returnLink}
            className="button button--secondary"
            href={returnUrl}
            rel="noreferrer"
          >
            {_('common.returnTo', { merchant: merchant.name })}
          </a>
        </p>
      )}
      {returnUrl === null && <p>{_('checkout.paid.canClose')}</p>}
    </>
  );
}
