/**
 * Flow step 5: the mandate played back (merchant, plan, amount, interval, bank, masked account,
 * resolved name) and the customer's explicit consent (product.md). The browser sends no account
 * name; the service resolves it again (service-api.md, "Hosted customer setup", rule 2). The
 * button is disabled and says "Authorizing…" while the one request is in flight. An authorization
 * that got no answer (offline, or none within 15 s) shows the notice of decision 0023 above the
 * consent, which stays ticked; its "Try again" authorizes again (the same Idempotency-Key, so
 * never a second mandate). Over a limit (429: the link's lookups or authorizations), an alert
 * counts the `Retry-After` wait down and the button stays disabled until it is over.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
import { ActionFailureNotice } from '../../components/action-failure-notice';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DetailRow } from '../../components/detail-row';
import { Money } from '../../components/money';
import { StepHeading } from '../../components/step-heading';
import { formatCalendarDate, formatNaira } from '../../lib/format';
import { useCountdown } from '../../lib/use-countdown';
import { errorId, translateFormError, translateInEnglish } from '../../messages/i18n';
import { useFocusNotice } from '../../lib/use-focus-notice';
import { useMessages } from '../../messages/use-messages';
import './steps-catalog';
import type { ConfirmNotice } from './flow-state';
import { MaskedAccount } from './masked-account';

// `zod/mini`, as all of the hosted pages' code (docs/decisions/0018-first-load-bytes.md).
const consentSchema = z.object({
  consent: z
    .boolean()
    .check(z.refine((given) => given, { error: errorId('setup.confirm.consentRequired') })),
});
type ConsentInput = z.input<typeof consentSchema>;

export interface ConfirmStepProps {
  setup: SetupState;
  bank: Bank;
  accountNumber: string;
  accountName: string;
  notice: ConfirmNotice | null;
  /** The authorization is in flight. */
  busy: boolean;
  onConfirm: () => void;
  onChangeAccount: () => void;
}

export function ConfirmStep(props: ConfirmStepProps) {
  const { setup, bank, accountNumber, accountName, notice, busy, onConfirm, onChangeAccount } =
    props;
  const { _, language } = useMessages();
  const id = useId();
  // A failed Authorize (too many tries, no answer) puts the focus on its notice.
  const noticeRef = useFocusNotice<HTMLDivElement>(notice);
  // The consent's English text, shown on request in another language.
  const [englishShown, setEnglishShown] = useState(false);
  const { merchant, subscription } = setup;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ConsentInput>({
    resolver: zodResolver(consentSchema),
    defaultValues: { consent: false },
  });

  const waitLeft = useCountdown(
    notice?.kind === 'rateLimited' ? notice.retryAfterSeconds : null,
    notice,
  );
  const waiting = waitLeft !== null && waitLeft > 0;

  const submit = handleSubmit(() => {
    // The flow ignores a second `confirmed` while submitting; this only spares the render.
    if (!busy) onConfirm();
  });

  const consentError = translateFormError(errors.consent?.message);
  const consentErrorId = `${id}-consent-error`;

  return (
    <>
      <StepHeading>{_('setup.confirm.title')}</StepHeading>
      <p>{_('setup.confirm.intro')}</p>
      <dl className="playback">
        <DetailRow term={_('setup.confirm.merchant')}>{merchant.name}</DetailRow>
        <DetailRow term={_('setup.confirm.plan')}>{subscription.planName}</DetailRow>
        <DetailRow term={_('setup.confirm.amount')}>
          <Money amount={subscription.amount} />
        </DetailRow>
        <DetailRow term={_('setup.confirm.interval')}>
          {_('setup.confirm.intervalLabel', { interval: subscription.interval })}
        </DetailRow>
        {subscription.nextBillingDate !== null && (
          <DetailRow term={_('setup.confirm.nextBilling')}>
            {formatCalendarDate(subscription.nextBillingDate)}
          </DetailRow>
        )}
        <DetailRow term={_('setup.confirm.bank')}>{bank.name}</DetailRow>
        <DetailRow term={_('setup.confirm.account')}>
          <MaskedAccount accountNumber={accountNumber} />
        </DetailRow>
        <DetailRow term={_('setup.confirm.accountName')}>
          {accountName}
          {setup.mode === 'test' && <span className="tag"> {_('setup.confirm.testData')}</span>}
        </DetailRow>
      </dl>
      <p className="note">{_('setup.confirm.renewalsNote')}</p>
      {notice?.kind === 'rateLimited' && (waitLeft === null || waiting) && (
        <Alert tone="warning" urgent ref={noticeRef} tabIndex={-1}>
          {/* The wait counts down (the authorization limit's is minutes long) and the alert goes
              when it is over, as on the account step; read out once, then ticking silently. */}
          <p aria-live="off">
            {waitLeft === null
              ? _('setup.confirm.rateLimited')
              : _('setup.confirm.rateLimitedFor', { seconds: waitLeft })}
          </p>
        </Alert>
      )}
      {notice?.kind === 'unanswered' && (
        <ActionFailureNotice
          ref={noticeRef}
          failure={notice.unanswered}
          onRetry={() => void submit()}
        />
      )}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={consentError === undefined ? 'field' : 'field field--error'}>
          {consentError !== undefined && (
            <p className="field__error" id={consentErrorId}>
              {consentError}
            </p>
          )}
          <label className="choice choice--consent">
            <input
              type="checkbox"
              {...register('consent')}
              disabled={busy}
              aria-invalid={consentError !== undefined || undefined}
              aria-describedby={consentError === undefined ? undefined : consentErrorId}
            />
            <span className="choice__label">
              {_('setup.confirm.consent', {
                merchant: merchant.name,
                amount: formatNaira(subscription.amount),
                interval: subscription.interval,
              })}
            </span>
          </label>
          {language !== 'en' && (
            // The mandate is a legal consent: its exact English text, one tap away (issue 17).
            <div className="consent-english">
              <Button
                variant="link"
                aria-expanded={englishShown}
                aria-controls={`${id}-consent-english`}
                onClick={() => setEnglishShown((shown) => !shown)}
              >
                {englishShown ? _('setup.confirm.hideEnglish') : _('setup.confirm.showEnglish')}
              </Button>
              <p id={`${id}-consent-english`} lang="en" hidden={!englishShown}>
                {translateInEnglish('setup.confirm.consent', {
                  merchant: merchant.name,
                  amount: formatNaira(subscription.amount, 'en'),
                  interval: subscription.interval,
                })}
              </p>
            </div>
          )}
        </div>
        <div className="actions">
          <Button type="submit" busy={busy} busyLabel={_('setup.confirm.busy')} disabled={waiting}>
            {_('setup.confirm.submit')}
          </Button>
          <Button variant="secondary" onClick={onChangeAccount} disabled={busy}>
            {_('setup.confirm.changeAccount')}
          </Button>
        </div>
      </form>
    </>
  );
}
