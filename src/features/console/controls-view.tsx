/**
 * Keys and controls: the test clock (advance it), the bank's answer to a pending mandate, a
 * scoped key (`POST /sandbox/v1/payouts/keys`: a live key with `payouts:create` only), and the
 * submission of a payout use case with the list of those submitted (`POST`/`GET
 * /api/v1/payout-use-cases`, "Authentication" rule 7: live keys with `payouts:create`), and the
 * developer security setting of the IP whitelist (service-api.md, "Authentication" rule 5;
 * sandbox/README.md, "Payouts and settlements"). The sandbox controls take test-mode keys only;
 * with another key the service's refusal is shown.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PayoutUseCase, PayoutUseCaseCreateRequest } from '../../../contract/payouts';
import { readRoutes } from '../../../contract/routes-reads';
import type { MandateBankAnswer } from '../../../contract/sandbox-controls';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { directDebitRoutes } from '../../../contract/routes-direct-debit';
import { payoutRoutes } from '../../../contract/routes-payouts';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { formatDateTime } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { ActionResult, FailureAlert } from './action-result';
import { callConsole, clockQuery, consoleKeys, payoutAccessQuery } from './api';
import {
  clockFormSchema,
  ipWhitelistFormSchema,
  mandateAnswerFormSchema,
  maxWhitelistEntries,
  payoutUseCaseFormSchema,
  type PayoutUseCaseFormInput,
} from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { PagedList, type Column } from './paged-list';
import { consolePaths } from './paths';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.controls;

function ClockSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const clock = useQuery(clockQuery(session));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof clockFormSchema>, unknown, { seconds: number }>({
    resolver: zodResolver(clockFormSchema),
    defaultValues: { minutes: '31' },
  });
  const advance = useMutation({
    mutationFn: (body: { seconds: number }) =>
      callConsole(session, checkoutRoutes.advanceClock, { body }),
    // Due work (expiries, renewals) runs as the clock moves: everything may have changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
  });
  const now = clock.data?.data.data;
  return (
    <section aria-labelledby="clock" className="console-section">
      <h2 id="clock">{m.clockTitle}</h2>
      {clock.isError && <FailureAlert error={clock.error} />}
      {now !== undefined && <p>{m.clockNow(formatDateTime(now.now), now.offsetSeconds)}</p>}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => advance.mutate(body))(event)}
      >
        <TextField
          label={m.minutes}
          inputMode="numeric"
          error={errors.minutes?.message}
          registration={register('minutes')}
        />
        <Button type="submit" busy={advance.isPending} busyLabel={m.advancing}>
          {m.advance}
        </Button>
      </form>
      <ActionResult answer={advance.data} error={advance.error} />
    </section>
  );
}

interface MandateAnswer {
  subscriptionId: string;
  answer: MandateBankAnswer;
}

function MandateSection({ session }: { session: ConsoleSession }) {
  const outcomeId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof mandateAnswerFormSchema>, unknown, MandateAnswer>({
    resolver: zodResolver(mandateAnswerFormSchema),
    defaultValues: { subscriptionId: '', outcome: 'approved', reason: '' },
  });
  const answer = useMutation({
    mutationFn: ({ subscriptionId, answer: body }: MandateAnswer) =>
      callConsole(session, directDebitRoutes.answerMandate, { params: { subscriptionId }, body }),
  });
  return (
    <section aria-labelledby="mandate" className="console-section">
      <h2 id="mandate">{m.mandateTitle}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => answer.mutate(body))(event)}
      >
        <TextField
          label={m.subscriptionId}
          autoComplete="off"
          spellCheck={false}
          error={errors.subscriptionId?.message}
          registration={register('subscriptionId')}
        />
        <Field id={outcomeId} label={m.outcome} error={errors.outcome?.message}>
          {(control) => (
            <select className="input" {...control} {...register('outcome')}>
              <option value="approved">{m.approved}</option>
              <option value="rejected">{m.rejected}</option>
            </select>
          )}
        </Field>
        <TextField
          label={m.reason}
          error={errors.reason?.message}
          registration={register('reason')}
        />
        <Button type="submit" busy={answer.isPending} busyLabel={m.answering}>
          {m.answer}
        </Button>
      </form>
      <ActionResult answer={answer.data} error={answer.error} />
    </section>
  );
}

function ScopedKeySection({ session }: { session: ConsoleSession }) {
  const issue = useMutation({
    mutationFn: () => callConsole(session, payoutRoutes.issuePayoutKey, { body: {} }),
  });
  return (
    <section aria-labelledby="scoped-key" className="console-section">
      <h2 id="scoped-key">{m.keyTitle}</h2>
      <p>{m.keyIntro}</p>
      {session.mode === 'test' && <p>{m.keyNeedsLive}</p>}
      <Button busy={issue.isPending} busyLabel={m.creatingKey} onClick={() => issue.mutate()}>
        {m.createKey}
      </Button>
      <ActionResult answer={issue.data} error={issue.error} />
    </section>
  );
}

const useCaseColumns: Column<PayoutUseCase>[] = [
  { header: consoleEn.lists.status, cell: (useCase) => useCase.status },
  { header: consoleEn.lists.created, cell: (useCase) => formatDateTime(useCase.createdAt) },
];

/**
 * A payout use case from a form, sent with an idempotency key (a double submit creates once), and
 * the use cases submitted so far with their review status. A test key gets the service's
 * `LIVE_MODE_REQUIRED`, a key without `payouts:create` its `INSUFFICIENT_SCOPE`.
 */
function PayoutUseCaseSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const useCaseId = useId();
  const [keys] = useState(() => createIdempotencyKeys());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PayoutUseCaseFormInput, unknown, PayoutUseCaseCreateRequest>({
    resolver: zodResolver(payoutUseCaseFormSchema),
    defaultValues: { useCase: '', expectedMonthlyVolume: '' },
  });
  const submit = useMutation({
    mutationFn: (body: PayoutUseCaseCreateRequest) =>
      callConsole(session, payoutRoutes.submitPayoutUseCase, {
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => {
      keys.forget();
      return queryClient.invalidateQueries({
        queryKey: consoleKeys.list(session, 'payout-use-cases'),
      });
    },
  });
  return (
    <>
      <section aria-labelledby="payout-use-case" className="console-section">
        <h2 id="payout-use-case">{m.useCaseTitle}</h2>
        <p>{m.useCaseIntro}</p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => void handleSubmit((body) => submit.mutate(body))(event)}
        >
          <Field id={useCaseId} label={m.useCaseLabel} error={errors.useCase?.message}>
            {(control) => (
              <textarea className="input" rows={3} {...control} {...register('useCase')} />
            )}
          </Field>
          <TextField
            label={m.useCaseVolume}
            inputMode="decimal"
            error={errors.expectedMonthlyVolume?.message}
            registration={register('expectedMonthlyVolume')}
          />
          <Button type="submit" busy={submit.isPending} busyLabel={m.submittingUseCase}>
            {m.submitUseCase}
          </Button>
        </form>
        <ActionResult answer={submit.data} error={submit.error} />
      </section>
      <PagedList
        session={session}
        title={m.useCasesTitle}
        name="payout-use-cases"
        route={readRoutes.listPayoutUseCases}
        detailPath={(useCase) => consolePaths.payoutUseCase(useCase.id)}
        columns={useCaseColumns}
        pagedByUrl={false}
      />
    </>
  );
}

function WhitelistSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const whitelistId = useId();
  const access = useQuery(payoutAccessQuery(session));
  const current = access.data?.data.data.ipWhitelist.join('\n');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ipWhitelistFormSchema>, unknown, { addresses: string[] }>({
    resolver: zodResolver(ipWhitelistFormSchema),
    defaultValues: { addresses: '' },
  });
  useEffect(() => {
    if (current !== undefined) reset({ addresses: current });
  }, [current, reset]);
  const save = useMutation({
    mutationFn: ({ addresses }: { addresses: string[] }) =>
      callConsole(session, payoutRoutes.setPayoutAccess, { body: { ipWhitelist: addresses } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.payoutAccess(session) }),
  });
  return (
    <section aria-labelledby="whitelist" className="console-section">
      <h2 id="whitelist">{m.whitelistTitle}</h2>
      <p>{m.whitelistIntro}</p>
      {access.isError && <FailureAlert error={access.error} />}
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}
      >
        <Field
          id={whitelistId}
          label={m.whitelistLabel}
          hint={m.whitelistHint(maxWhitelistEntries)}
          error={errors.addresses?.message}
        >
          {(control) => (
            <textarea className="input" rows={3} {...control} {...register('addresses')} />
          )}
        </Field>
        <Button type="submit" busy={save.isPending} busyLabel={m.savingWhitelist}>
          {m.saveWhitelist}
        </Button>
      </form>
      <ActionResult answer={save.data} error={save.error} />
    </section>
  );
}

export function ControlsView({ session }: { session: ConsoleSession }) {
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <ClockSection session={session} />
      <MandateSection session={session} />
      <ScopedKeySection session={session} />
      <PayoutUseCaseSection session={session} />
      <WhitelistSection session={session} />
    </>
  );
}
