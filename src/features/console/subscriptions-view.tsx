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
import { Field } from '../../components/field';
import { consoleEn } from '../../messages/console-en';
import { ActionForm } from './action-form';
import { callConsole } from './api';
import {
  subscriptionFormSchema,
  type SubscriptionFormInput,
  type SubscriptionFormOutput,
} from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { consoleLists } from './list-views';
import { PagedList } from './paged-list';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.subscriptions;

export function SubscriptionsView({ session }: { session: ConsoleSession }) {
  const intervalId = useId();
  const [keys] = useState(() => createIdempotencyKeys());
  const form = useForm<SubscriptionFormInput, unknown, SubscriptionFormOutput>({
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
      <Section id="create-subscription" title={m.createTitle} intro={m.intro}>
        <ActionForm
          form={form}
          action={create}
          submit={[m.create, m.creating]}
          result={
            invoiceUrl !== null && (
              <p>
                <a href={invoiceUrl} target="_blank" rel="noopener noreferrer">
                  {m.openInvoice}
                </a>
              </p>
            )
          }
        >
          <TextField name="planName" label={m.planName} />
          <TextField name="amount" label={m.amount} inputMode="decimal" />
          <Field id={intervalId} label={m.interval} error={form.formState.errors.interval?.message}>
            {(control) => (
              <select className="input" {...control} {...form.register('interval')}>
                {intervalSchema.options.map((interval) => (
                  <option key={interval} value={interval}>
                    {m.intervals[interval]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField name="email" label={m.email} type="email" autoComplete="off" />
          <TextField name="firstName" label={m.firstName} autoComplete="off" />
          <TextField name="callbackUrl" label={m.callbackUrl} type="url" />
        </ActionForm>
      </Section>
      <PagedList session={session} {...consoleLists.subscriptions} />
    </>
  );
}
