/**
 * Flow step 6: the mandate's status as the service reports it (product.md; service-api.md,
 * "States and transitions", rule 4). Which variant shows is decided here from the server's data:
 *
 * - verified/approved, automatic debit on, valid return URL: "Returning to <merchant> in 5 s",
 *   with "Return now" and "Stay here" (the flow's `autoReturn`);
 * - verified/approved otherwise: success, staying, with a manual return link if possible;
 * - pending: the bank's activation step (and its transfer instructions when given, or that
 *   their deadline has passed), checked again by itself, with the time of the last check;
 * - unknown: being reconciled, nothing to do now; rejected: why (the page's message for the
 *   bank's reason, then the bank's own words: rejection-notice.tsx), and another account while setup
 *   is open; revocation states: automatic debit off or being turned off.
 *
 * Every variant offers "Return to <merchant>" when the setup state carries a `ReturnUrl`
 * (Hosted customer setup, rule 4); the link holds the normalized URL, never the raw string.
 * While automatic debit is on and the mandate is pending, unknown, verified or approved, the
 * customer may turn it off, behind a confirmation that says what that does (flow step 7).
 * A failed status check says so, with the requestId (when the server answered) and "Check now".
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { Mandate, SetupState } from '../../../contract/direct-debit';
import { ActionFailureNotice } from '../../components/action-failure-notice';
import { Alert } from '../../components/alert';
import { AutoReturnCountdown } from '../../components/auto-return-countdown';
import { Button } from '../../components/button';
import { CopyButton } from '../../components/copy-button';
import { DetailRow } from '../../components/detail-row';
import { Money } from '../../components/money';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { formatDateTime, formatNaira, formatTime } from '../../lib/format';
import { useFocusReturnLinkAfterStay } from '../../lib/use-auto-return';
import { useMessages } from '../../messages/use-messages';
import './steps-catalog';
import type { AutoReturn, DisableStep } from './flow-state';
import { canDisable, canTryAnotherAccount, pollsStatus, returnUrlOf } from './setup-rules';
import type { StatusCheck } from './page-state';
import { MaskedAccount } from './masked-account';
import { RejectionNotice } from './rejection-notice';

/** Seconds before the automatic return to the merchant (product.md, flow step 6). */
const autoReturnSeconds = 5;
import { statusTitle } from './status-title';
import { useDeadlinePassed } from './use-deadline-passed';

export interface StatusViewProps {
  setup: SetupState;
  mandate: Mandate;
  lastCheckedAt: number;
  /** The last status check, and "Check now" after a failed one. */
  check: StatusCheck;
  onCheckNow: () => void;
  autoReturn: AutoReturn;
  onStayHere: () => void;
  onReturnNow: () => void;
  onTryAnotherAccount: () => void;
  disable: DisableStep;
  onDisableRequested: () => void;
  onDisableCancelled: () => void;
  onDisableConfirmed: () => void;
}

/** The status view of a mandate (flow step 6), with the disable confirmation (step 7). */
export function StatusView(props: StatusViewProps) {
  const { setup, mandate, autoReturn } = props;
  const { _ } = useMessages();
  const merchant = setup.merchant.name;
  const returnUrl = returnUrlOf(setup);
  const disableButtonBox = useRef<HTMLParagraphElement>(null);
  const disableKind = props.disable.kind;
  const previousDisableKind = useRef(disableKind);
  const returnLink = useFocusReturnLinkAfterStay(autoReturn);
  // "Keep it on" closes the confirmation: focus goes back to the button that opened it.
  useEffect(() => {
    if (previousDisableKind.current !== 'off' && disableKind === 'off') {
      disableButtonBox.current?.querySelector('button')?.focus();
    }
    previousDisableKind.current = disableKind;
  }, [disableKind]);

  let body: ReactNode;
  switch (mandate.status) {
    case 'verified':
    case 'approved':
      body = (
        <>
          <Alert tone="success">
            <p>
              {setup.automaticDebitEnabled
                ? _('setup.status.approvedBody', { merchant })
                : _('setup.status.approvedDebitOff', { merchant })}
            </p>
          </Alert>
          {autoReturn === 'counting' && (
            <AutoReturnCountdown
              returnKey={`dd:${mandate.id}`}
              merchant={merchant}
              seconds={autoReturnSeconds}
              onReturnNow={props.onReturnNow}
              onStayHere={props.onStayHere}
            />
          )}
          {autoReturn === 'leaving' && <p>{_('common.autoReturn.leaving', { merchant })}</p>}
        </>
      );
      break;
    case 'pending':
      body = (
        <>
          <p>{_('setup.status.pendingBody')}</p>
          {/* With an activation step (even one whose time has passed) the result does depend on
              the customer: never tell them they may leave beside "do not make the transfer". */}
          {mandate.activation === null && <p>{_('setup.status.pendingCanLeave')}</p>}
          {mandate.activation !== null && (
            <ActivationInstructions
              activation={mandate.activation}
              serverTime={setup.serverTime}
              receivedAt={props.lastCheckedAt}
              merchant={merchant}
            />
          )}
          <CheckingNote serverTime={setup.serverTime} />
        </>
      );
      break;
    case 'unknown':
      body = (
        <>
          <p>{_('setup.status.unknownBody')}</p>
          <CheckingNote serverTime={setup.serverTime} />
        </>
      );
      break;
    case 'rejected':
      body = (
        <>
          <RejectionNotice reason={mandate.rejectionReason} />
          {canTryAnotherAccount(setup, mandate) ? (
            <Button onClick={props.onTryAnotherAccount}>
              {_('setup.status.tryAnotherAccount')}
            </Button>
          ) : (
            <p>{_('setup.status.rejectedClosed', { merchant })}</p>
          )}
        </>
      );
      break;
    case 'revocation_requested':
      body = (
        <>
          <p>{_('setup.status.revocationRequestedBody')}</p>
          <CheckingNote serverTime={setup.serverTime} />
        </>
      );
      break;
    case 'revoked':
      body = (
        <>
          <p>{_('setup.status.revokedBody')}</p>
          {canTryAnotherAccount(setup, mandate) && (
            <Button variant="secondary" onClick={props.onTryAnotherAccount}>
              {_('setup.status.tryAnotherAccount')}
            </Button>
          )}
        </>
      );
      break;
  }

  return (
    <>
      <StepHeading>{_(statusTitle(mandate.status))}</StepHeading>
      {body}
      {props.check.kind !== 'ok' && (
        <CheckFailure
          check={props.check}
          retriesByItself={pollsStatus(mandate.status)}
          sendingDisable={props.disable.kind === 'sending'}
          onCheckNow={props.onCheckNow}
        />
      )}
      <section className="mandate" aria-label={_('setup.status.mandateLabel')}>
        <dl className="playback">
          <DetailRow term={_('setup.confirm.bank')}>{mandate.bank.name}</DetailRow>
          <DetailRow term={_('setup.confirm.account')}>
            <MaskedAccount accountNumber={mandate.accountNumberMasked} />
          </DetailRow>
          <DetailRow term={_('setup.confirm.accountName')}>
            {mandate.accountName}
            {mandate.mode === 'test' && <span className="tag"> {_('setup.confirm.testData')}</span>}
          </DetailRow>
          <DetailRow term={_('setup.confirm.amount')}>
            {_('setup.summary.amountEvery', {
              amount: formatNaira(setup.subscription.amount),
              interval: setup.subscription.interval,
            })}
          </DetailRow>
        </dl>
      </section>
      {returnUrl !== null && autoReturn !== 'counting' && (
        <p>
          <a ref={returnLink} className="button button--primary" href={returnUrl} rel="noreferrer">
            {_('common.returnTo', { merchant })}
          </a>
        </p>
      )}
      {props.disable.kind === 'off' ? (
        canDisable(setup, mandate) && (
          <p ref={disableButtonBox}>
            <Button variant="secondary" onClick={props.onDisableRequested}>
              {_('setup.status.disable.open')}
            </Button>
          </p>
        )
      ) : (
        <DisableConfirmation
          merchant={merchant}
          step={props.disable}
          onCancel={props.onDisableCancelled}
          onConfirm={props.onDisableConfirmed}
        />
      )}
    </>
  );
}

/**
 * The confirmation before automatic debit is turned off: what stops, what may still happen, and
 * the failure of the last attempt (with its request id). Its heading takes focus when it opens.
 */
function DisableConfirmation({
  merchant,
  step,
  onCancel,
  onConfirm,
}: {
  merchant: string;
  step: Exclude<DisableStep, { kind: 'off' }>;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { _ } = useMessages();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const busy = step.kind === 'sending';
  const failure = step.kind === 'confirming' ? step.failure : null;
  const requestId =
    failure === null || failure.kind === 'network' || failure.kind === 'unanswered'
      ? null
      : failure.requestId;
  return (
    <section className="disable" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {_('setup.status.disable.title')}
      </h2>
      <p>{_('setup.status.disable.effects', { merchant })}</p>
      <p>{_('setup.status.disable.submittedDebit')}</p>
      {failure?.kind === 'unanswered' && (
        // "Try again" is "Turn off" again: the same call, with the same Idempotency-Key.
        <ActionFailureNotice failure={failure.unanswered} onRetry={onConfirm} />
      )}
      {failure !== null && failure.kind !== 'unanswered' && (
        <Alert tone="error" urgent>
          <p>
            {failure.kind === 'network'
              ? _('setup.status.disable.network')
              : _('setup.status.disable.failed')}
          </p>
        </Alert>
      )}
      {requestId !== null && <RequestId requestId={requestId} />}
      <div className="actions">
        <Button busy={busy} busyLabel={_('setup.status.disable.busy')} onClick={onConfirm}>
          {_('setup.status.disable.confirm')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {_('setup.status.disable.cancel')}
        </Button>
      </div>
    </section>
  );
}

/** "Last checked", by the service's clock (`serverTime` of its last answer), not the phone's. */
function CheckingNote({ serverTime }: { serverTime: string }) {
  const { _ } = useMessages();
  return (
    <div className="checking">
      <p>{_('setup.status.keepChecking')}</p>
      <p>{_('common.lastChecked', { time: formatTime(Date.parse(serverTime)) })}</p>
    </div>
  );
}

/**
 * A status check that failed (product.md, "Every page"): what happened, the request's reference
 * with a copy button when the server answered, and "Check now".
 */
function CheckFailure({
  check,
  retriesByItself,
  sendingDisable,
  onCheckNow,
}: {
  check: Exclude<StatusCheck, { kind: 'ok' }>;
  /** The page checks this status again on a timer anyway. */
  retriesByItself: boolean;
  sendingDisable: boolean;
  onCheckNow: () => void;
}) {
  const { _ } = useMessages();
  const { failure } = check;
  const requestId = failure.kind === 'network' ? null : failure.requestId;
  return (
    <div>
      <Alert tone="warning">
        <p>
          {failure.kind === 'network'
            ? _('setup.status.checkFailedNetwork')
            : _('setup.status.checkFailed')}
        </p>
        {retriesByItself && <p>{_('setup.status.checkRetrying')}</p>}
      </Alert>
      {requestId !== null && <RequestId requestId={requestId} />}
      <p>
        <Button
          variant="secondary"
          busy={check.kind === 'retrying'}
          busyLabel={_('setup.status.checkBusy')}
          disabled={sendingDisable}
          onClick={onCheckNow}
        >
          {_('setup.status.checkNow')}
        </Button>
      </p>
    </div>
  );
}

/**
 * The bank's activation transfer (pending e-mandates). Once its deadline has passed (by the
 * server's time, `serverTime` of the answer that carried it) the page stops asking for it and says
 * so: no destination account to copy.
 */
function ActivationInstructions({
  activation,
  serverTime,
  receivedAt,
  merchant,
}: {
  activation: NonNullable<Mandate['activation']>;
  serverTime: string;
  /** This device's clock (ms) when the answer carrying `serverTime` arrived. */
  receivedAt: number;
  merchant: string;
}) {
  const { _ } = useMessages();
  const amount = formatNaira(activation.amount);
  const deadline = _('common.lagosTime', { dateTime: formatDateTime(activation.deadline) });
  const titleId = useId();
  const deadlinePassed = useDeadlinePassed(activation.deadline, serverTime, receivedAt);
  if (deadlinePassed) {
    return (
      <section className="activation" aria-labelledby={titleId}>
        <h2 id={titleId}>{_('setup.status.activationExpiredTitle')}</h2>
        <Alert tone="warning">
          <p>{_('setup.status.activationExpiredBody', { deadline })}</p>
          <p>{_('setup.status.activationExpiredNext', { merchant })}</p>
        </Alert>
      </section>
    );
  }
  return (
    <section className="activation" aria-labelledby={titleId}>
      <h2 id={titleId}>{_('setup.status.activationTitle')}</h2>
      <p>{_('setup.status.activationBody', { amount, deadline })}</p>
      <dl className="playback">
        <DetailRow term={_('setup.status.activationAmount')}>
          <Money amount={activation.amount} />{' '}
          <CopyButton text={activation.amount.toFixed(2)} label={_('setup.status.copyAmount')} />
        </DetailRow>
        <DetailRow term={_('setup.status.activationAccountNumber')}>
          <span className="digits">{activation.destinationAccountNumber}</span>{' '}
          <CopyButton
            text={activation.destinationAccountNumber}
            label={_('setup.status.copyAccountNumber')}
          />
        </DetailRow>
        <DetailRow term={_('setup.status.activationAccountName')}>
          {activation.destinationAccountName}
        </DetailRow>
        <DetailRow term={_('setup.status.activationBank')}>
          {activation.destinationBankName}
        </DetailRow>
        <DetailRow term={_('setup.status.activationReference')}>
          <span className="digits">{activation.reference}</span>{' '}
          <CopyButton text={activation.reference} label={_('setup.status.copyReference')} />
        </DetailRow>
        <DetailRow term={_('setup.status.activationDeadline')}>{deadline}</DetailRow>
      </dl>
    </section>
  );
}
