/**
 * The payer's missing details (product.md, "Checkout pages"): asks only for what the payment lacks
 * (e-mail, phone or both), checks them with `details-schema.ts`, and reports `detailsEntered` with
 * the phone in E.164. The same view shows the request in flight (busy button, inputs read-only)
 * and a failed save (an urgent alert above the form, with the request id), always keeping what
 * was typed. {@link DetailsStep} runs the save (`POST /checkout/:paymentId/customer`, a TanStack
 * Query mutation) from the submit handler; it loads on demand with the form
 * (`lazy-details-step.ts`), and its success or failure goes to the page's reducer.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { CheckoutCustomerRequest, CheckoutState } from '../../../contract/checkout';
import { ActionFailureNotice } from '../../components/action-failure-notice';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { RequestId } from '../../components/request-id';
import { StepHeading } from '../../components/step-heading';
import { unansweredActionOf, type UnansweredAction } from '../../lib/action-failure';
import { useActionKey } from '../../lib/use-action-key';
import { translate, translateFormError } from '../../messages/i18n';
import { failureMessage } from '../../lib/request-failure';
import { useMessages } from '../../messages/use-messages';
import { submitCustomerMutationKey, submitCustomerMutationOptions } from './api';
import { detailsFormSchema, phoneInputMaxLength, type DetailsFormInput } from './details-schema';
import type { PageFailure } from './machine';

export interface DetailsFormProps {
  checkout: CheckoutState;
  /** The save is in flight. */
  busy: boolean;
  /** The last save failed. */
  failure: PageFailure | null;
  /**
   * The last save got no answer (offline, or none within the bound): the notice says so and its
   * "Try again" sends the same details again (src/components/action-failure-notice.tsx).
   */
  unanswered?: { failure: UnansweredAction; retry: () => void } | null;
  onSubmit: (request: CheckoutCustomerRequest) => void;
}

function failureText(failure: PageFailure): string {
  return failure.kind === 'detailsRefused'
    ? translate('checkout.details.rejected')
    : failureMessage(failure);
}

export function DetailsForm({
  checkout,
  busy,
  failure,
  unanswered = null,
  onSubmit,
}: DetailsFormProps) {
  const { _ } = useMessages();
  const id = useId();
  const needs = checkout.needsCustomerDetails;
  const schema = useMemo(() => detailsFormSchema(needs), [needs]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DetailsFormInput, unknown, CheckoutCustomerRequest>({
    resolver: zodResolver(schema),
    defaultValues: {
      ...(needs.email ? { email: '' } : {}),
      ...(needs.phone ? { phone: '' } : {}),
    },
  });

  const submit = handleSubmit((values) => onSubmit(values));
  const requestId = failure === null || failure.kind === 'network' ? null : failure.requestId;

  return (
    <>
      <StepHeading>{_('checkout.details.title')}</StepHeading>
      <p>{_('checkout.details.intro', { merchant: checkout.merchant.name })}</p>
      {unanswered !== null && (
        <ActionFailureNotice failure={unanswered.failure} busy={busy} onRetry={unanswered.retry} />
      )}
      {failure !== null && unanswered === null && (
        <Alert tone="error" urgent title={_('checkout.details.failed')}>
          <p>{failureText(failure)}</p>
          <p>{_('common.failure.inputKept')}</p>
          {requestId !== null && <RequestId requestId={requestId} />}
        </Alert>
      )}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        {needs.email && (
          <InputField
            id={`${id}-email`}
            label={_('checkout.details.emailLabel')}
            hint={_('checkout.details.emailHint')}
            error={translateFormError(errors.email?.message)}
            {...register('email')}
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck="false"
            maxLength={254}
            readOnly={busy}
          />
        )}
        {needs.phone && (
          <InputField
            id={`${id}-phone`}
            label={_('checkout.details.phoneLabel')}
            hint={_('checkout.details.phoneHint')}
            error={translateFormError(errors.phone?.message)}
            {...register('phone')}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={phoneInputMaxLength}
            readOnly={busy}
          />
        )}
        <Button type="submit" busy={busy} busyLabel={_('checkout.details.busy')}>
          {_('checkout.details.submit')}
        </Button>
      </form>
    </>
  );
}

/** What the page's flow lets the step do with a save. */
export interface DetailsSave {
  paymentId: string;
  token: string;
  /**
   * The page's query client: the step runs its save there. The screen that draws the step is
   * outside the root of server state (the live flow hands it over: checkout-page.tsx).
   */
  queryClient: QueryClient | undefined;
  /** Sends `detailsEntered`; false when the flow does not start a save for `request`. */
  enter: (request: CheckoutCustomerRequest) => boolean;
  saved: () => void;
  failed: (error: unknown) => void;
}

export function DetailsStep({
  save,
  ...form
}: Omit<DetailsFormProps, 'onSubmit'> & { save: DetailsSave }) {
  const queryClient = useQueryClient(save.queryClient);
  const actionKey = useActionKey<CheckoutCustomerRequest>();
  const { mutate, error, variables } = useMutation(
    submitCustomerMutationOptions(save.paymentId, save.token, actionKey),
    queryClient,
  );
  const onSubmit = (request: CheckoutCustomerRequest) => {
    // One click sends one save, even when a second submit comes before the busy re-render.
    const key = submitCustomerMutationKey(save.paymentId);
    if (queryClient.isMutating({ mutationKey: key }) > 0 || !save.enter(request)) return;
    mutate(request, { onSuccess: save.saved, onError: save.failed });
  };
  const failure = form.failure === null ? null : unansweredActionOf(error);
  const unanswered =
    failure === null || variables === undefined
      ? null
      : { failure, retry: () => onSubmit(variables) };
  return <DetailsForm {...form} unanswered={unanswered} onSubmit={onSubmit} />;
}
