/**
 * `POST /api/v1/subscriptions/plans` and `POST /api/v1/subscriptions` (service-api.md,
 * "Subscriptions" endpoints, "Subscription plan", "Subscription", "Invoice", "States and
 * transitions"). Both are idempotent creates: they run synchronously inside the core's
 * idempotency transaction.
 */
import { errorCodes } from '../../../contract/errors';
import { nairaToKobo } from '../../../contract/money';
import { ApiError, notFound } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute, queryOne } from '../../db/database';
import { recordEvent } from '../webhooks/events';
import { billingPeriod, lagosDate } from './billing-dates';
import {
  billingContextOf,
  createInvoicePaymentRecord,
  createInvoiceRecord,
  ensureInvoicePayment,
  getInvoiceRow,
  invoiceView,
} from './invoices';
import {
  findPlan,
  invoiceRowSchema,
  renderPlan,
  renderSubscription,
  subscriptionRowSchema,
  planRowSchema,
} from './records';
import { assertNoDebitInFlight } from './renewal-debits';

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
 * (`authorizationUrl`, the payment checkout page), and records `subscription.created`.
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
       customer_phone, callback_url, start_date, current_period_start, current_period_end,
       next_billing_date, automatic_debit_enabled, created_at)
     VALUES (?, ?, ?, ?, 'pending_activation', 'customer_choice', 'checkout', ?, ?, ?, ?, ?, ?, ?, ?,
       ?, 1, ?)`,
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

/**
 * `POST /api/v1/subscriptions/invoices/:invoiceId/payment` `{ callbackUrl }` (service-api.md,
 * Subscriptions endpoints): recovers the invoice's current checkout details and answers the
 * invoice with `checkoutUrl` and `authorizationUrl`.
 *
 * - An open checkout payment (pending, account payable) is recovered as it is (200): the same
 *   `authorizationUrl` and account as the delivered `subscription.created` event, so a payer
 *   mid-transfer is never bounced. A new payment is created (201) only when none is open (the last
 *   one's window ended).
 * - A callback-less invoice binds `callbackUrl` once, and so does its open payment when it has
 *   none (the payer's browser then returns there); afterwards only the same URL is accepted.
 * - A paid invoice is answered as it is (200). The Idempotency-Key is scoped by the core to this
 *   invoice and this body.
 * @throws ApiError 404 unknown invoice (this merchant and mode); 409 CONFLICT another callbackUrl
 *   is already bound; 409 DEBIT_IN_PROGRESS while a mandate debit is submitted or unknown.
 */
function createInvoicePayment(
  context: HandlerContext<'createInvoicePayment'>,
): HandlerResult<'createInvoicePayment'> {
  const { db } = context.services;
  const { caller, body } = context;
  const found = queryOne(
    db,
    'SELECT * FROM invoices WHERE id = ? AND merchant_id = ? AND mode = ?',
    [context.params.invoiceId, caller.merchantId, caller.mode],
    invoiceRowSchema,
  );
  if (found === null) throw notFound(`No invoice with id ${context.params.invoiceId}`);
  const billing = billingContextOf(context);
  if (found.status === 'paid') {
    return { status: 200, body: { data: invoiceView(db, found, billing) } };
  }
  if (found.callback_url !== null && found.callback_url !== body.callbackUrl) {
    throw new ApiError(409, 'This invoice is already bound to another callbackUrl', {
      code: errorCodes.conflict,
    });
  }
  assertNoDebitInFlight(db, found.id);
  if (found.callback_url === null) {
    execute(db, 'UPDATE invoices SET callback_url = ? WHERE id = ? AND callback_url IS NULL', [
      body.callbackUrl,
      found.id,
    ]);
  }
  const invoice = getInvoiceRow(db, found.id);
  const { payment, created } = ensureInvoicePayment(db, invoice, billing);
  if (!created) {
    // The delivered checkout stays the one to pay: it learns where to return, nothing else changes.
    execute(db, 'UPDATE payments SET callback_url = ? WHERE id = ? AND callback_url IS NULL', [
      body.callbackUrl,
      payment.id,
    ]);
  }
  return { status: created ? 201 : 200, body: { data: invoiceView(db, invoice, billing) } };
}

/** Handlers of the subscriptions area, by route name. */
export const subscriptionHandlers = {
  createPlan: { run: createPlan },
  createSubscription: { run: createSubscription },
  createInvoicePayment: { run: createInvoicePayment },
} satisfies HandlerRegistry;
