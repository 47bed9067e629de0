/**
 * Waiting for the transfer (product.md, "Checkout pages"): the amount and merchant, the dynamic
 * account to pay into with copy buttons (src/components/copy-button.tsx works in iOS and Android
 * webviews), the exact amount still to transfer (with a note when a short transfer arrived), the
 * countdown to the end of the payment window (server-synced, `payment-window.ts`), when the page
 * last checked, and "I've sent the money", which only makes the page check sooner. An invoice's
 * payment names its plan and billing period in the page's language (`checkout.invoice`); another
 * payment shows the merchant's description as given.
 *
 * Nothing here says the payment is done: only the server's `paid` status does (the paid view).
 */
import { useEffect, useId, useRef } from 'react';
import type { CheckoutState } from '../../../contract/checkout';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { DetailRow } from '../../components/detail-row';
import { Money } from '../../components/money';
import { StepHeading } from '../../components/step-heading';
import { formatCalendarDate, formatDateTime, formatNaira, formatTime } from '../../lib/format';
import { translate } from '../../messages/i18n';
import { useMessages } from '../../messages/use-messages';
import type { VirtualAccount } from './machine';
import { formatClock, windowWarning } from './payment-window';

export interface PendingViewProps {
  checkout: CheckoutState;
  account: VirtualAccount;
  /** Seconds left in the payment window (server-synced), or null before the first tick. */
  windowSecondsLeft: number | null;
  /** The service's time of its last answer (epoch ms; shown in Lagos time). */
  lastCheckedAt: number;
  checkFailed: boolean;
  /** The payer has pressed "I've sent the money". */
  sent: boolean;
  /** The check that button started is in flight. */
  sentChecking: boolean;
  onSentMoney: () => void;
}

/** The text a screen reader hears as the window runs out (a polite live region). */
function warningText(seconds: number | null): string {
  switch (seconds === null ? null : windowWarning(seconds)) {
    case 'fiveMinutes':
      return translate('checkout.pending.fiveMinutesLeft');
    case 'oneMinute':
      return translate('checkout.pending.oneMinuteLeft');
    case null:
      return '';
  }
}

export function PendingView(props: PendingViewProps) {
  const { checkout, account, windowSecondsLeft } = props;
  const { payment, merchant } = checkout;
  const { _ } = useMessages();
  const accountTitleId = useId();
  // What to transfer now: the rest, after a short transfer; the whole amount otherwise.
  const toTransfer = payment.amountOutstanding;
  // After a short transfer the headline is what is still owed (issue 27.1): a hurried payer reads
  // the largest figure and sends it; the original amount and what arrived are the line below it.
  const partlyPaid = payment.amountReceived > 0;
  const headlineLabel = partlyPaid
    ? _('checkout.pending.remainingLabel')
    : _('checkout.pending.amountLabel');
  const timeUp = windowSecondsLeft === 0;
  const sentButtonBox = useRef<HTMLDivElement>(null);
  const wasChecking = useRef(props.sentChecking);
  // The busy button is disabled, and a disabled button drops focus to the body: when the check
  // ends, focus goes back to it, unless the customer has moved on meanwhile.
  useEffect(() => {
    if (wasChecking.current && !props.sentChecking && document.activeElement === document.body) {
      sentButtonBox.current?.querySelector('button')?.focus();
    }
    wasChecking.current = props.sentChecking;
  }, [props.sentChecking]);

  return (
    <>
      <StepHeading>{_('checkout.pending.title')}</StepHeading>
      <section className="summary" aria-label={headlineLabel}>
        <p>{headlineLabel}</p>
        <p className="amount">
          <Money amount={toTransfer} />
        </p>
        {partlyPaid && (
          <p>
            {_('checkout.pending.receivedOfTotal', {
              received: formatNaira(payment.amountReceived),
              total: formatNaira(payment.amount),
            })}
          </p>
        )}
        <p>{_('checkout.pending.toMerchant', { merchant: merchant.name })}</p>
        <PaymentFor checkout={checkout} />
      </section>

      {partlyPaid && (
        <Alert tone="info" title={_('checkout.pending.partialTitle')}>
          <p>
            {_('checkout.pending.partial', {
              received: formatNaira(payment.amountReceived),
              remaining: formatNaira(toTransfer),
            })}
          </p>
        </Alert>
      )}

      {timeUp ? (
        <Alert tone="warning" urgent>
          <p>{_('checkout.pending.timeUp')}</p>
        </Alert>
      ) : (
        <div className="auto-return">
          <p className="auto-return__countdown" role="timer">
            {_('checkout.pending.timeLeft', {
              clock: formatClock(windowSecondsLeft ?? checkout.remainingSeconds),
            })}
          </p>
          <p>{_('checkout.pending.expiresAt', { time: formatDateTime(checkout.expiresAt) })}</p>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {warningText(windowSecondsLeft)}
      </p>

      <section className="activation" aria-labelledby={accountTitleId}>
        <h2 id={accountTitleId}>{_('checkout.pending.accountTitle')}</h2>
        <p>{_('checkout.pending.accountIntro', { amount: formatNaira(toTransfer) })}</p>
        <dl className="playback">
          <DetailRow term={_('checkout.pending.bank')}>{account.bankName}</DetailRow>
          <DetailRow term={_('checkout.pending.accountNumber')}>
            <span className="digits digits--key">{account.accountNumber}</span>{' '}
            <CopyButton
              text={account.accountNumber}
              label={_('checkout.pending.copyAccountNumber')}
            />
          </DetailRow>
          <DetailRow term={_('checkout.pending.accountName')}>{account.accountName}</DetailRow>
          <DetailRow term={_('checkout.pending.amount')}>
            <Money amount={toTransfer} />{' '}
            {/* Plain digits with 2 decimals: what bank apps accept in their amount field. */}
            <CopyButton text={toTransfer.toFixed(2)} label={_('checkout.pending.copyAmount')} />
          </DetailRow>
        </dl>
      </section>

      <div className="checking">
        <p>{_('checkout.pending.autoCheck')}</p>
        <p>{_('common.lastChecked', { time: formatTime(props.lastCheckedAt) })}</p>
        {props.checkFailed && <p>{_('checkout.pending.checkFailed')}</p>}
      </div>

      <div className="actions" ref={sentButtonBox}>
        <Button
          busy={props.sentChecking}
          busyLabel={_('checkout.pending.sentMoneyBusy')}
          onClick={props.onSentMoney}
        >
          {_('checkout.pending.sentMoney')}
        </Button>
        <p role="status">{props.sent ? _('checkout.pending.sentNote') : ''}</p>
      </div>

      <p className="note">{_('checkout.pending.proofNote')}</p>
    </>
  );
}

/** A written date kept on one line (no-break spaces): "28 Nov / 2026" reads badly at 360 px. */
function unbroken(date: string): string {
  return date.replace(/ /g, '\u00a0');
}

/**
 * What the payment is for: an invoice's plan and billing period ("Gold plan · 1 Dec 2026 – 31 Dec
 * 2026", dates from the page's catalogs by `formatCalendarDate`), else the merchant's description
 * as given (free text), else nothing.
 */
function PaymentFor({ checkout }: { checkout: CheckoutState }) {
  const { _ } = useMessages();
  const { invoice, payment } = checkout;
  if (invoice !== null) {
    return (
      <p className="note">
        {_('checkout.pending.invoicePeriod', {
          plan: invoice.planName,
          start: unbroken(formatCalendarDate(invoice.periodStart)),
          end: unbroken(formatCalendarDate(invoice.periodEnd)),
        })}
      </p>
    );
  }
  return payment.description === null ? null : <p className="note">{payment.description}</p>;
}
