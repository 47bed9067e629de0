/**
 * Plans, subscriptions and invoices in the database, and their API shapes (contract/subscriptions.ts).
 * Every query is confined to one merchant and one mode: a key of the other mode gets "not found"
 * (service-api.md, "What the service does": test and live records are isolated).
 */
import { z } from 'zod';
import { intervalSchema, languageSchema, type Mode } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import type { Invoice, Plan, Subscription } from '../../../contract/subscriptions';
import { notFound } from '../../core/api-error';
import { queryOne, type Db } from '../../db/database';

export const planRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  name: z.string(),
  amount_kobo: z.number().int(),
  interval: intervalSchema,
  description: z.string().nullable(),
  created_at: z.string(),
});
export type PlanRow = z.infer<typeof planRowSchema>;

export const subscriptionRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  plan_id: z.string(),
  status: z.enum(['pending_activation', 'active', 'cancelled', 'expired']),
  preferred_payment_method: z.enum(['checkout', 'direct_debit']),
  customer_email: z.string(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  callback_url: z.string().nullable(),
  preferred_language: z.nullable(languageSchema),
  start_date: z.string(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  next_billing_date: z.string(),
  automatic_debit_enabled: z.number().transform((value) => value === 1),
  created_at: z.string(),
});
export type SubscriptionRow = z.infer<typeof subscriptionRowSchema>;

export const invoiceRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  subscription_id: z.string(),
  status: z.enum(['pending', 'paid']),
  kind: z.enum(['initial', 'renewal']),
  amount_kobo: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  callback_url: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/** The plan `planId` of this merchant and mode. @throws ApiError 404 otherwise. */
export function findPlan(db: Db, merchantId: string, mode: Mode, planId: string): PlanRow {
  const row = queryOne(
    db,
    'SELECT * FROM plans WHERE id = ? AND merchant_id = ? AND mode = ?',
    [planId, merchantId, mode],
    planRowSchema,
  );
  if (row === null) throw notFound(`No plan with id ${planId}`);
  return row;
}

/** The subscription `subscriptionId` of this merchant and mode. @throws ApiError 404 otherwise. */
export function findSubscription(
  db: Db,
  merchantId: string,
  mode: Mode,
  subscriptionId: string,
): SubscriptionRow {
  const row = queryOne(
    db,
    'SELECT * FROM subscriptions WHERE id = ? AND merchant_id = ? AND mode = ?',
    [subscriptionId, merchantId, mode],
    subscriptionRowSchema,
  );
  if (row === null) throw notFound(`No subscription with id ${subscriptionId}`);
  return row;
}

/** The plan behind a subscription that exists. @throws Error when missing (a bug). */
export function planOfSubscription(db: Db, subscription: SubscriptionRow): PlanRow {
  return findPlan(db, subscription.merchant_id, subscription.mode, subscription.plan_id);
}

/** The API shape of a plan (amount in naira). */
export function renderPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    mode: row.mode,
    name: row.name,
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    interval: row.interval,
    description: row.description,
    createdAt: row.created_at,
  };
}

/**
 * The API shape of an invoice; `checkoutUrl` carries the invoice page's token, `authorizationUrl`
 * the payment checkout page of its open payment (or null).
 */
export function renderInvoice(
  row: InvoiceRow,
  checkoutUrl: string | null,
  authorizationUrl: string | null = null,
): Invoice {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    status: row.status,
    kind: row.kind,
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    periodStart: row.period_start,
    periodEnd: row.period_end,
    dueDate: row.due_date,
    callbackUrl: row.callback_url,
    checkoutUrl,
    authorizationUrl,
    paidAt: row.paid_at,
    createdAt: row.created_at,
  };
}

/** The API shape of a subscription with its (initial) invoice. */
export function renderSubscription(row: SubscriptionRow, invoice: Invoice): Subscription {
  return {
    id: row.id,
    mode: row.mode,
    planId: row.plan_id,
    status: row.status,
    paymentMethod: 'customer_choice',
    preferredPaymentMethod: row.preferred_payment_method,
    customer: {
      email: row.customer_email,
      firstName: row.customer_first_name,
      lastName: row.customer_last_name,
      phone: row.customer_phone,
    },
    callbackUrl: row.callback_url,
    preferredLanguage: row.preferred_language,
    startDate: row.start_date,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    nextBillingDate: row.next_billing_date,
    invoice,
    createdAt: row.created_at,
  };
}
