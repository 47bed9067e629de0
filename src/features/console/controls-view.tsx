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
import type { PayoutUseCaseCreateRequest } from '../../../contract/payouts';
import { readRoutes } from '../../../contract/routes-reads';
import type { MandateBankAnswer } from '../../../contract/sandbox-controls';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { directDebitRoutes } from '../../../contract/routes-direct-debit';
import { payoutRoutes } from '../../../contract/routes-payouts';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { formatDateTime } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { ActionForm } from './action-form';
import { ActionResult, FailureAlert } from './action-result';
import { callConsole, clockQuery, consoleKeys, payoutAccessQuery } from './api';
import {
  clockFormSchema,
  clockTargetFormSchema,
  ipWhitelistFormSchema,
  mandateAnswerFormSchema,
  maxWhitelistEntries,
  payoutUseCaseFormSchema,
  type PayoutUseCaseFormInput,
} from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { consoleLists } from './list-views';
import { PagedList } from './paged-list';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.controls;

/**
 * The test clock: its reading, and two ways to move it forward (`POST /sandbox/v1/clock/advance`,
 * whole seconds): by a duration (90s, 2h30m, 30d) or to a date and time. A target is checked
 * against the reading shown, then counted from a fresh reading when sent.
 */
function ClockSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const targetId = useId();
  const clock = useQuery(clockQuery(session));
  const reading = clock.data?.data.data;
  // Due work (expiries, renewals) runs as the clock moves: everything may have changed.
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: consoleKeys.all });
  const byDuration = useForm<z.input<typeof clockFormSchema>, unknown, { seconds: number }>({
    resolver: zodResolver(clockFormSchema),
    defaultValues: { duration: '31m' },
  });
  const advance = useMutation({
    mutationFn: (body: { seconds: number }) =>
      callConsole(session, checkoutRoutes.advanceClock, { body }),
    onSuccess,
  });
  const targetSchema = clockTargetFormSchema.refine(
    ({ at }) => reading === undefined || at.getTime() > Date.parse(reading.now),
    { path: ['at'], error: m.targetPast },
  );
  const toTarget = useForm<z.input<typeof targetSchema>, unknown, { at: Date }>({
    resolver: zodResolver(targetSchema),
    defaultValues: { at: '' },
  });
  const advanceTo = useMutation({
    mutationFn: async ({ at }: { at: Date }) => {
      const now = await callConsole(session, checkoutRoutes.getClock);
      const seconds = Math.ceil((at.getTime() - Date.parse(now.data.data.now)) / 1000);
      return callConsole(session, checkoutRoutes.advanceClock, {
        body: { seconds: Math.max(1, seconds) },
      });
    },
    onSuccess,
  });
  return (
    <Section id="clock" title={m.clockTitle}>
      {clock.isError && <FailureAlert error={clock.error} />}
      {reading !== undefined && (
        <p>{m.clockNow(formatDateTime(reading.now), reading.offsetSeconds)}</p>
      )}
      <ActionForm form={byDuration} action={advance} submit={[m.advance, m.advancing]}>
        <TextField
          name="duration"
          label={m.duration}
          hint={m.durationHint}
          autoComplete="off"
          spellCheck="false"
        />
      </ActionForm>
      <ActionForm form={toTarget} action={advanceTo} submit={[m.advanceTo, m.advancing]}>
        <Field id={targetId} label={m.target} error={toTarget.formState.errors.at?.message}>
          {(control) => (
            <input
              className="input"
              type="datetime-local"
              step={1}
              {...control}
              {...toTarget.register('at')}
            />
          )}
        </Field>
      </ActionForm>
    </Section>
  );
}

interface MandateAnswer {
  subscriptionId: string;
  answer: MandateBankAnswer;
}

function MandateSection({ session }: { session: ConsoleSession }) {
  const outcomeId = useId();
  const form = useForm<z.input<typeof mandateAnswerFormSchema>, unknown, MandateAnswer>({
    resolver: zodResolver(mandateAnswerFormSchema),
    defaultValues: { subscriptionId: '', outcome: 'approved', reason: '' },
  });
  const answer = useMutation({
    mutationFn: ({ subscriptionId, answer: body }: MandateAnswer) =>
      callConsole(session, directDebitRoutes.answerMandate, { params: { subscriptionId }, body }),
  });
  return (
    <Section id="mandate" title={m.mandateTitle}>
      <ActionForm form={form} action={answer} submit={[m.answer, m.answering]}>
        <TextField
          name="subscriptionId"
          label={m.subscriptionId}
          autoComplete="off"
          spellCheck="false"
        />
        <Field id={outcomeId} label={m.outcome} error={form.formState.errors.outcome?.message}>
          {(control) => (
            <select className="input" {...control} {...form.register('outcome')}>
              <option value="approved">{m.approved}</option>
              <option value="rejected">{m.rejected}</option>
            </select>
          )}
        </Field>
        <TextField name="reason" label={m.reason} />
      </ActionForm>
    </Section>
  );
}

function ScopedKeySection({ session }: { session: ConsoleSession }) {
  const issue = useMutation({
    mutationFn: () => callConsole(session, payoutRoutes.issuePayoutKey, { body: {} }),
  });
  return (
    <Section id="scoped-key" title={m.keyTitle} intro={m.keyIntro}>
      {session.mode === 'test' && <p>{m.keyNeedsLive}</p>}
      <Button busy={issue.isPending} busyLabel={m.creatingKey} onClick={() => issue.mutate()}>
        {m.createKey}
      </Button>
      <ActionResult answer={issue.data} error={issue.error} />
    </Section>
  );
}

/**
 * A payout use case from a form, sent with an idempotency key (a double submit creates once), and
 * the use cases submitted so far with their review status. A test key gets the service's
 * `LIVE_MODE_REQUIRED`, a key without `payouts:create` its `INSUFFICIENT_SCOPE`.
 */
function PayoutUseCaseSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const useCaseId = useId();
  const [keys] = useState(() => createIdempotencyKeys());
  const form = useForm<PayoutUseCaseFormInput, unknown, PayoutUseCaseCreateRequest>({
    resolver: zodResolver(payoutUseCaseFormSchema),
    defaultValues: { useCase: '', expectedMonthlyVolume: '' },
  });
  const { errors } = form.formState;
  const submit = useMutation({
    mutationFn: (body: PayoutUseCaseCreateRequest) =>
      callConsole(session, payoutRoutes.submitPayoutUseCase, {
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => {
      keys.forget();
      const queryKey = consoleKeys.list(session, readRoutes.listPayoutUseCases);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  return (
    <>
      <Section id="payout-use-case" title={m.useCaseTitle} intro={m.useCaseIntro}>
        <ActionForm form={form} action={submit} submit={[m.submitUseCase, m.submittingUseCase]}>
          <Field id={useCaseId} label={m.useCaseLabel} error={errors.useCase?.message}>
            {(control) => (
              <textarea className="input" rows={3} {...control} {...form.register('useCase')} />
            )}
          </Field>
          <TextField name="expectedMonthlyVolume" label={m.useCaseVolume} inputMode="decimal" />
        </ActionForm>
      </Section>
      {session.mode === 'live' ? (
        <PagedList session={session} {...consoleLists.payoutUseCases} />
      ) : (
        <Section id="payout-use-cases" title={m.useCasesTitle}>
          <p>{m.useCasesNeedLive}</p>
        </Section>
      )}
    </>
  );
}

/**
 * The IP whitelist, a live-mode setting (`GET`/`PUT /sandbox/v1/payouts/access` take live keys
 * only): with a test key the console says so and reads nothing, instead of showing a refusal.
 */
function WhitelistSection({ session }: { session: ConsoleSession }) {
  if (session.mode !== 'live') {
    return (
      <Section id="whitelist" title={m.whitelistTitle} intro={m.whitelistIntro}>
        <p>{m.whitelistNeedsLive}</p>
      </Section>
    );
  }
  return <LiveWhitelistSection session={session} />;
}

function LiveWhitelistSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const whitelistId = useId();
  const access = useQuery(payoutAccessQuery(session));
  const current = access.data?.data.data.ipWhitelist.join('\n');
  const form = useForm<z.input<typeof ipWhitelistFormSchema>, unknown, { addresses: string[] }>({
    resolver: zodResolver(ipWhitelistFormSchema),
    defaultValues: { addresses: '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (current !== undefined) reset({ addresses: current });
  }, [current, reset]);
  const save = useMutation({
    mutationFn: ({ addresses }: { addresses: string[] }) =>
      callConsole(session, payoutRoutes.setPayoutAccess, { body: { ipWhitelist: addresses } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consoleKeys.payoutAccess(session) }),
  });
  return (
    <Section id="whitelist" title={m.whitelistTitle} intro={m.whitelistIntro}>
      {access.isError && <FailureAlert error={access.error} />}
      <ActionForm form={form} action={save} submit={[m.saveWhitelist, m.savingWhitelist]}>
        <Field
          id={whitelistId}
          label={m.whitelistLabel}
          hint={m.whitelistHint(maxWhitelistEntries)}
          error={form.formState.errors.addresses?.message}
        >
          {(control) => (
            <textarea className="input" rows={3} {...control} {...form.register('addresses')} />
          )}
        </Field>
      </ActionForm>
    </Section>
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
