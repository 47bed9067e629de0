/**
 * Subscriptions (service-api.md, "Subscription plan", "Subscription"): create a plan and a
 * subscription to it from one form, each create with its own idempotency key, then open the
 * subscription's hosted invoice page; page through the subscriptions, each opening on its own page
 * with its invoices and mandate (list-views.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { intervalSchema } from '../../../contract/common';
import { subscriptionRoutes } from '../../../contract/routes-subscriptions';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { consoleEn } from '../../messages/console-en';
import { ActionResult } from './action-result';
import { callConsole } from './api';
import {
  subscriptionFormSchema,
  type SubscriptionFormInput,
  type SubscriptionFormOutput,
} from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { SubscriptionsList } from './list-views';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.subscriptions;

export function SubscriptionsView({ session }: { session: ConsoleSession }) {
  const intervalId = useId();
  const [keys] = useState(() => createIdempotencyKeys());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SubscriptionFormInput, unknown, SubscriptionFormOutput>({
    resolver: zodResolver(subscriptionFormSchema),
    defaultValues: {
      planName: 'Gym membership',
      amount: '15000',
      interval: 'monthly',
      email: '',
      firstName: '',
      callbackUrl: '',
    },
  });
  const create = useMutation({
    // Two creates: a retry after a failed second one replays the first (same body, same key).
    mutationFn: async ({ plan, subscription }: SubscriptionFormOutput) => {
      const created = await callConsole(session, subscriptionRoutes.createPlan, {
        body: plan,
        idempotencyKey: keys.keyFor({ plan }),
      });
      const body = { ...subscription, planId: created.data.data.id };
      return callConsole(session, subscriptionRoutes.createSubscription, {
        body,
        idempotencyKey: keys.keyFor({ subscription: body }),
      });
    },
    onSuccess: () => keys.forget(),
  });
  const invoiceUrl = create.data?.data.data.invoice.checkoutUrl ?? null;
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <section aria-labelledby="create-subscription" className="console-section">
        <h2 id="create-subscription">{m.createTitle}</h2>
        <p>{m.intro}</p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => void handleSubmit((body) => create.mutate(body))(event)}
        >
          <TextField
            label={m.planName}
            error={errors.planName?.message}
            registration={register('planName')}
          />
          <TextField
            label={m.amount}
            inputMode="decimal"
            error={errors.amount?.message}
            registration={register('amount')}
          />
          <Field id={intervalId} label={m.interval} error={errors.interval?.message}>
            {(control) => (
              <select className="input" {...control} {...register('interval')}>
                {intervalSchema.options.map((interval) => (
                  <option key={interval} value={interval}>
                    {m.intervals[interval]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={m.email}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            registration={register('email')}
          />
          <TextField
            label={m.firstName}
            autoComplete="off"
            error={errors.firstName?.message}
            registration={register('firstName')}
          />
          <TextField
            label={m.callbackUrl}
            type="url"
            error={errors.callbackUrl?.message}
            registration={register('callbackUrl')}
          />
          <Button type="submit" busy={create.isPending} busyLabel={m.creating}>
            {m.create}
          </Button>
        </form>
        <ActionResult answer={create.data} error={create.error}>
          {invoiceUrl !== null && (
            <p>
              <a href={invoiceUrl} target="_blank" rel="noopener noreferrer">
                {m.openInvoice}
              </a>
            </p>
          )}
        </ActionResult>
      </section>
      <SubscriptionsList session={session} />
    </>
  );
}
