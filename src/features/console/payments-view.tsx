/**
 * Payments (service-api.md, "Payments"): create a hosted-checkout payment from a form, with an
 * idempotency key, and open its checkout or its detail; open a payment by id; or page through
 * the recent payments (`GET /api/v1/payments`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { PaymentCreateRequest } from '../../../contract/payments';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { Button } from '../../components/button';
import { consoleEn } from '../../messages/console-en';
import { ActionResult } from './action-result';
import { callConsole } from './api';
import { openByIdFormSchema, paymentFormSchema, type PaymentFormInput } from './forms';
import { createIdempotencyKeys } from './idempotency-keys';
import { PaymentsList } from './list-views';
import { consolePaths } from './paths';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.payments;

function CreatePaymentForm({ session }: { session: ConsoleSession }) {
  const [keys] = useState(() => createIdempotencyKeys());
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentCreateRequest>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: { amount: '5000', email: '', phone: '', callbackUrl: '' },
  });
  const create = useMutation({
    mutationFn: (body: PaymentCreateRequest) =>
      callConsole(session, checkoutRoutes.createPayment, {
        body,
        idempotencyKey: keys.keyFor(body),
      }),
    onSuccess: () => keys.forget(),
  });
  const payment = create.data?.data.data;
  return (
    <section aria-labelledby="create-payment" className="console-section">
      <h2 id="create-payment">{m.createTitle}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => create.mutate(body))(event)}
      >
        <TextField
          label={m.amount}
          inputMode="decimal"
          error={errors.amount?.message}
          registration={register('amount')}
        />
        <TextField
          label={m.email}
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          registration={register('email')}
        />
        <TextField
          label={m.phone}
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          registration={register('phone')}
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
        {payment !== undefined && (
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
        )}
      </ActionResult>
    </section>
  );
}

function OpenPaymentForm() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(openByIdFormSchema), defaultValues: { id: '' } });
  return (
    <section aria-labelledby="open-payment" className="console-section">
      <h2 id="open-payment">{m.openTitle}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ id }) => navigate(consolePaths.payment(id)))(event)
        }
      >
        <TextField
          label={m.paymentId}
          autoComplete="off"
          spellCheck={false}
          error={errors.id?.message}
          registration={register('id')}
        />
        <Button type="submit" variant="secondary">
          {m.open}
        </Button>
      </form>
    </section>
  );
}

export function PaymentsView({ session }: { session: ConsoleSession }) {
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <CreatePaymentForm session={session} />
      <OpenPaymentForm />
      <PaymentsList session={session} />
    </>
  );
}
