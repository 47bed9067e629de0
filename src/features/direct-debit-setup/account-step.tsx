/**
 * Flow step 4: the account number (product.md). The form checks ten digits and, for a bank with a
 * CBN code, the NUBAN check digit before anything is sent (`account-schema.ts`); then it reports
 * `accountEntered` and the flow looks the account up (or reuses an earlier answer). The same view
 * shows the lookup in flight (busy button), an unknown account (field error) and a rate limit
 * (alert with the wait from Retry-After, counting down with the button and gone when the wait is
 * over) and a lookup that got no answer (offline, or none within 15 s: the notice of decision
 * 0023, whose "Try again" submits the number again), always keeping what was typed.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Bank } from '../../../contract/banks';
import { ActionFailureNotice } from '../../components/action-failure-notice';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { StepHeading } from '../../components/step-heading';
import { useCountdown } from '../../lib/use-countdown';
import { translateFormError } from '../../messages/i18n';
import { useFocusNotice } from '../../lib/use-focus-notice';
import { useMessages } from '../../messages/use-messages';
import './steps-catalog';
import { accountFormSchema, type AccountFormInput, type AccountFormOutput } from './account-schema';
import { accountNumberInput, digitsOf } from './bank-list';
import type { AccountNotice } from './flow-state';

export interface AccountStepProps {
  bank: Bank;
  accountNumber: string | null;
  notice: AccountNotice | null;
  /** The lookup is in flight. */
  busy: boolean;
  onSubmit: (accountNumber: string) => void;
  /** Back to the bank list, with the digits typed so far (to suggest banks). */
  onChangeBank: (accountNumber: string | null) => void;
  /** The digits typed so far, as they change (kept for a reload of the tab). */
  onTyped?: (digits: string) => void;
}

/** The account step: the number, checked locally, then reported for the lookup. */
export function AccountStep({
  bank,
  accountNumber,
  notice,
  busy,
  onSubmit,
  onChangeBank,
  onTyped,
}: AccountStepProps) {
  const { _ } = useMessages();
  const id = useId();
  // A failed Continue (too many checks, no answer) puts the focus on its notice.
  const noticeRef = useFocusNotice<HTMLDivElement>(
    notice?.kind === 'accountNotFound' ? null : notice,
  );
  const schema = useMemo(() => accountFormSchema(bank), [bank]);
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<AccountFormInput, unknown, AccountFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { accountNumber: accountNumber ?? '' },
  });

  // After an answer about the account, the customer's next move is in the field.
  useEffect(() => {
    if (notice?.kind === 'accountNotFound') setFocus('accountNumber');
  }, [notice, setFocus]);

  const waitLeft = useCountdown(
    notice?.kind === 'rateLimited' ? notice.retryAfterSeconds : null,
    notice,
  );
  const waiting = waitLeft !== null && waitLeft > 0;

  // "No such account" belongs to the number the bank was asked about, not to an edited one.
  const typed = useWatch({ control, name: 'accountNumber' });
  const notFound = notice?.kind === 'accountNotFound' && digitsOf(typed) === accountNumber;
  const fieldError =
    translateFormError(errors.accountNumber?.message, { bank: bank.name }) ??
    (notFound ? _('setup.account.notFound', { bank: bank.name }) : undefined);

  const submit = handleSubmit((values) => onSubmit(values.accountNumber));

  return (
    <>
      <StepHeading>{_('setup.account.title')}</StepHeading>
      <p className="step-context">
        <span>{_('setup.account.bankLine', { bank: bank.name })}</span>{' '}
        <Button
          variant="link"
          disabled={busy}
          onClick={() => onChangeBank(digitsOf(getValues('accountNumber')) || null)}
        >
          {_('setup.account.changeBank')}
        </Button>
      </p>
      {notice?.kind === 'rateLimited' && (waitLeft === null || waiting) && (
        <Alert tone="warning" urgent ref={noticeRef} tabIndex={-1}>
          {/* Said once when the alert appears; the seconds then tick silently (aria-live off),
              as on the button, rather than being read out every second. */}
          <p aria-live="off">
            {waitLeft === null
              ? _('setup.account.rateLimited')
              : _('setup.account.rateLimitedFor', { seconds: waitLeft })}
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
        <InputField
          id={`${id}-account`}
          label={_('setup.account.label')}
          hint={_('setup.account.hint')}
          error={fieldError}
          {...register('accountNumber', {
            // Kept as it is typed, in the input's own event: an effect runs a frame later under
            // Preact (decision 0027), and a reload in that frame would lose the last digits.
            onChange: (event: ChangeEvent<HTMLInputElement>) =>
              onTyped?.(digitsOf(event.currentTarget.value)),
          })}
          {...accountNumberInput}
          readOnly={busy}
        />
        <Button type="submit" busy={busy} busyLabel={_('setup.account.busy')} disabled={waiting}>
          {waiting
            ? _('setup.account.waitButton', { seconds: waitLeft })
            : _('setup.account.continue')}
        </Button>
      </form>
    </>
  );
}
