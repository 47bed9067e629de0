/**
 * Waiting for the transfer (product.md, "Checkout pages"): the amount and merchant, the dynamic
 * account to pay into with copy buttons (src/components/copy-button.tsx works in iOS and Android
 * webviews), the exact amount still to transfer (with a note when a short transfer arrived), the
 * countdown to the end of the payment window (server-synced, `payment-window.ts`), when the page
 * last checked, and "I've sent the money", which only makes the page check sooner.
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
import { formatDateTime, formatNaira, formatTime } from '../../lib/format';
import { en } from '../../messages/en';
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
  const m = en.checkout.pending;
  switch (seconds === null ? null : windowWarning(seconds)) {
    case 'fiveMinutes':
      return m.fiveMinutesLeft;
    case 'oneMinute':
      return m.oneMinuteLeft;
    case null:
      return '';
  }
}

export function PendingView(props: PendingViewProps) {
  const { checkout, account, windowSecondsLeft } = props;
  const { payment, merchant } = checkout;
  const m = en.checkout.pending;
  const accountTitleId = useId();
  // What to transfer now: the rest, after a short transfer; the whole amount otherwise.
  const toTransfer = payment.amountOutstanding;
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
      <StepHeading>{m.title}</StepHeading>
      <section className="summary" aria-label={m.amountLabel}>
        <p>{m.amountLabel}</p>
        <p className="amount">
          <Money amount={payment.amount} />
        </p>
        <p>{m.toMerchant(merchant.name)}</p>
        {payment.description !== null && <p className="note">{payment.description}</p>}
      </section>

      {payment.amountReceived > 0 && (
        <Alert tone="info" title={m.partialTitle}>
          <p>{m.partial(formatNaira(payment.amountReceived), formatNaira(toTransfer))}</p>
        </Alert>
      )}

      {timeUp ? (
        <Alert tone="warning" urgent>
          <p>{m.timeUp}</p>
        </Alert>
      ) : (
        <div className="auto-return">
          <p className="auto-return__countdown" role="timer">
            {m.timeLeft(formatClock(windowSecondsLeft ?? checkout.remainingSeconds))}
          </p>
          <p>{m.expiresAt(formatDateTime(checkout.expiresAt))}</p>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite">
        {warningText(windowSecondsLeft)}
      </p>

      <section className="activation" aria-labelledby={accountTitleId}>
        <h2 id={accountTitleId}>{m.accountTitle}</h2>
        <p>{m.accountIntro(formatNaira(toTransfer))}</p>
        <dl className="playback">
          <DetailRow term={m.bank}>{account.bankName}</DetailRow>
          <DetailRow term={m.accountNumber}>
            <span className="digits digits--key">{account.accountNumber}</span>{' '}
            <CopyButton text={account.accountNumber} label={m.copyAccountNumber} />
          </DetailRow>
          <DetailRow term={m.accountName}>{account.accountName}</DetailRow>
          <DetailRow term={m.amount}>
            <Money amount={toTransfer} />{' '}
            {/* Plain digits with 2 decimals: what bank apps accept in their amount field. */}
            <CopyButton text={toTransfer.toFixed(2)} label={m.copyAmount} />
          </DetailRow>
        </dl>
      </section>

      <div className="checking">
        <p>{m.autoCheck}</p>
        <p>{m.lastChecked(formatTime(props.lastCheckedAt))}</p>
        {props.checkFailed && <p>{m.checkFailed}</p>}
      </div>

      <div className="actions" ref={sentButtonBox}>
        <Button busy={props.sentChecking} busyLabel={m.sentMoneyBusy} onClick={props.onSentMoney}>
          {m.sentMoney}
        </Button>
        <p role="status">{props.sent ? m.sentNote : ''}</p>
      </div>

      <p className="note">{m.proofNote}</p>
    </>
  );
}
