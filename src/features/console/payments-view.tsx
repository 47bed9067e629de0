/**
 * Payments (service-api.md, "Payments"): create a hosted-checkout payment from a form, with an
 * idempotency key, and open its checkout or its detail; open a payment by id; or page through
 * the recent payments (`GET /api/v1/payments`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { PaymentCreateRequest } from '../../../contract/payments';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { readRoutes } from '../../../contract/routes-reads';
import { Button } from '../../components/button';
import { consoleEn } from '../../messages/console-en';
import { ActionForm } from './action-form';
import { callConsole, consoleKeys } from './api';
import { openByIdFormSchema, paymentFormSchema, type PaymentFormInput } from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { consoleLists } from './list-views';
import { PagedList } from './paged-list';
import { consolePaths } from './paths';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.payments;

function CreatePaymentForm({ session }: { session: ConsoleSession }) {
  const [keys] = useState(() => createIdempotencyKeys());
  const form = useForm<PaymentFormInput, unknown, PaymentCreateRequest>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { amount: '5000', email: '', phone: '', callbackUrl: '' },
  });
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: PaymentCreateRequest) =>
      callConsole(session, checkoutRoutes.createPayment, {
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => {
      keys.forget();
      // The new payment (and its dynamic virtual account) belongs at the top of their lists.
      return Promise.all(
        [readRoutes.listPayments, readRoutes.listVirtualAccounts].map((route) =>
          queryClient.invalidateQueries({ queryKey: consoleKeys.list(session, route) }),
        ),
      );
    },
  });
  const payment = create.data?.data.data;
  return (
    <Section id="create-payment" title={m.createTitle}>
      <ActionForm
        form={form}
        action={create}
        submit={[m.create, m.creating]}
        result={
          payment !== undefined && (
            <ul className="console-links">
              <li>
                <a href={payment.checkoutUrl} target="_blank" rel="noopener noreferrer">
                  {m.openCheckout}
                </a>
              </li>
              <li>
                <Link to={consolePaths.payment(payment.id)}>{m.viewPayment}</Link>
              </li>
            </ul>
          )
        }
      >
        <TextField name="amount" label={m.amount} inputMode="decimal" />
        <TextField name="email" label={m.email} type="email" autoComplete="off" />
        <TextField name="phone" label={m.phone} type="tel" autoComplete="off" />
        <TextField name="callbackUrl" label={m.callbackUrl} type="url" />
      </ActionForm>
    </Section>
  );
}

function OpenPaymentForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(openByIdFormSchema), defaultValues: { id: '' } });
  return (
    <Section id="open-payment" title={m.openTitle}>
      <FormProvider {...form}>
        <form
          className="form"
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(({ id }) => navigate(consolePaths.payment(id)))(event)
          }
        >
          <TextField name="id" label={m.paymentId} autoComplete="off" spellCheck="false" />
          <Button type="submit" variant="secondary">
            {m.open}
          </Button>
        </form>
      </FormProvider>
    </Section>
  );
}

export function PaymentsView({ session }: { session: ConsoleSession }) {
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <CreatePaymentForm session={session} />
      <OpenPaymentForm />
      <PagedList session={session} {...consoleLists.payments} />
    </>
  );
}
