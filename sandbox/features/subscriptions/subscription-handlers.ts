/**
 * `POST /api/v1/subscriptions/plans` and `POST /api/v1/subscriptions` (service-api.md,
 * "Subscriptions" endpoints, "Subscription plan", "Subscription", "Invoice", "States and
 * transitions"). Both are idempotent creates: they run synchronously inside the core's
 * idempotency transaction.
 */
import { nairaToKobo } from '../../../contract/money';
import { randomId } from '../../core/crypto';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute, queryOne } from '../../db/database';
import { billingContextOf } from '../payments/payments';
import { recordEvent } from '../webhooks/events';
import { billingPeriod, lagosDate } from './billing-dates';
import { createInvoicePaymentRecord, createInvoiceRecord, invoiceView } from './invoices';
import {
  findPlan,
  renderPlan,
  renderSubscription,
  subscriptionRowSchema,
  planRowSchema,
} from './records';

/** Creates a plan (`subplan_…`) in the key's mode; the amount is stored as integer kobo. */
function createPlan(context: HandlerContext<'createPlan'>): HandlerResult<'createPlan'> {
  const { db } = context.services;
  const { body, caller } = context;
  const id = randomId('subplan_');
  execute(
    db,
    `INSERT INTO plans (id, merchant_id, mode, name, amount_kobo, currency, interval, description,
       created_at)
     VALUES (?, ?, ?, ?, ?, 'NGN', ?, ?, ?)`,
    [
      id,
      caller.merchantId,
      caller.mode,
      body.name,
      nairaToKobo(body.amount),
      body.interval,
      body.description === undefined || body.description === '' ? null : body.description,
      context.now.toISOString(),
    ],
  );
  const row = queryOne(db, 'SELECT * FROM plans WHERE id = ?', [id], planRowSchema);
  if (row === null) throw new Error('The plan just written is missing');
  return { status: 201, body: { data: renderPlan(row) } };
}

/**
 * Creates a subscription in `pending_activation` with its initial invoice (pending, amount of the
 * plan, first period from `startDate`, default today in Lagos), the invoice page link
 * `<origin>/invoices/<inv_id>#token=<T>` (`checkoutUrl`) and its checkout payment
 * (`authorizationUrl`, the payment checkout page), and records `subscription.created`. The
 * optional `preferredLanguage` is stored on the subscription and taken by its invoices' payments.
 * @throws ApiError 404 when the plan does not exist in the key's mode.
 */
function createSubscription(
  context: HandlerContext<'createSubscription'>,
): HandlerResult<'createSubscription'> {
  const { db } = context.services;
  const { body, caller, now } = context;
  const plan = findPlan(db, caller.merchantId, caller.mode, body.planId);
  const startDate = body.startDate ?? lagosDate(now);
  const period = billingPeriod(startDate, plan.interval);
  const createdAt = now.toISOString();
  const subscriptionId = randomId('sub_');
  const callbackUrl = body.callbackUrl ?? null;

  execute(
    db,
    `INSERT INTO subscriptions (id, merchant_id, mode, plan_id, status, payment_method,
       preferred_payment_method, customer_email, customer_first_name, customer_last_name,
       customer_phone, callback_url, preferred_language, start_date, current_period_start,
       current_period_end, next_billing_date, automatic_debit_enabled, created_at)
     VALUES (?, ?, ?, ?, 'pending_activation', 'customer_choice', 'checkout', ?, ?, ?, ?, ?, ?, ?, ?,
       ?, ?, 1, ?)`,
    [
      subscriptionId,
      caller.merchantId,
      caller.mode,
      plan.id,
      body.customer.email,
      body.customer.firstName ?? null,
      body.customer.lastName ?? null,
      // The contract's schema has already normalized a Nigerian number to E.164.
      body.customer.phone ?? null,
      callbackUrl,
      body.preferredLanguage ?? null,
      startDate,
      period.start,
      period.end,
      period.nextBillingDate,
      createdAt,
    ],
  );
  const subscription = queryOne(
    db,
    'SELECT * FROM subscriptions WHERE id = ?',
    [subscriptionId],
    subscriptionRowSchema,
  );
  if (subscription === null) throw new Error('The subscription just written is missing');
  const billing = billingContextOf(context);
  const invoice = createInvoiceRecord(
    db,
    {
      subscription,
      kind: 'initial',
      amountKobo: plan.amount_kobo,
      periodStart: period.start,
      periodEnd: period.end,
      dueDate: startDate,
      callbackUrl,
    },
    billing,
  );
  // Hosted checkout: the initial invoice carries its payment's checkout page (authorizationUrl).
  createInvoicePaymentRecord(db, invoice, billing);
  const data = renderSubscription(subscription, invoiceView(db, invoice, billing));
  // Recorded once, with the links as returned; recovering the invoice payment never touches it.
  recordEvent(db, {
    merchantId: caller.merchantId,
    mode: caller.mode,
    type: 'subscription.created',
    data,
    now,
  });
  return { status: 201, body: { data } };
}

/** Handlers of the subscriptions area, by route name. */
export const subscriptionHandlers = {
  createPlan: { run: createPlan },
  createSubscription: { run: createSubscription },
} satisfies HandlerRegistry;
