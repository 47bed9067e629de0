/**
 * Reads of plans, subscriptions and invoices (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"): by id and newest-first pages, confined to the key's merchant and mode.
 * Scope `subscriptions:read` (service-api.md, "Authentication", rule 4) is checked by the core.
 */
import type { HandlerRegistry } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { queryOne, type Db } from '../../db/database';
import { billingContextOf } from '../payments/payments';
import { invoiceView } from './invoices';
import {
  invoiceRowSchema,
  planRowSchema,
  renderPlan,
  renderSubscription,
  subscriptionRowSchema,
  type InvoiceRow,
  type SubscriptionRow,
} from './records';
import type { Invoice, Subscription } from '../../../contract/subscriptions';

const plans = { table: 'plans', noun: 'plan', rowSchema: planRowSchema };
const subscriptions = {
  table: 'subscriptions',
  noun: 'subscription',
  rowSchema: subscriptionRowSchema,
};
const invoices = { table: 'invoices', noun: 'invoice', rowSchema: invoiceRowSchema };

/** A request of a read route, for what a record's view needs (the database, links, clock). */
type ReadContext = Parameters<typeof billingContextOf>[0] & { services: { db: Db } };

/** An invoice as the reads show it. */
function invoiceOf(row: InvoiceRow, context: ReadContext): Invoice {
  return invoiceView(context.services.db, row, billingContextOf(context));
}

/** A subscription with its most recent invoice, as its reads show it. */
function subscriptionView(subscription: SubscriptionRow, context: ReadContext): Subscription {
  const latest = queryOne(
    context.services.db,
    'SELECT * FROM invoices WHERE subscription_id = ? ORDER BY created_at DESC, rowid DESC',
    [subscription.id],
    invoiceRowSchema,
  );
  if (latest === null) throw new Error(`Subscription ${subscription.id} has no invoice`);
  return renderSubscription(subscription, invoiceOf(latest, context));
}

/** Read handlers of the subscriptions area, by route name. */
export const subscriptionReadHandlers = {
  ...recordReads(subscriptions, subscriptionView, {
    /**
     * `GET /api/v1/subscriptions/:id`: the subscription (this merchant and mode) with its most
     * recent invoice. @throws ApiError 404 otherwise.
     */
    getSubscription: 'subscriptionId',
    /**
     * `GET /api/v1/subscriptions?status=&plan_id=&email=`: a page of subscriptions, each with its
     * most recent invoice (as `GET /api/v1/subscriptions/{id}` shows it).
     */
    listSubscriptions: { status: 'status', plan_id: 'plan_id', customer_email: 'email' },
  }),
  ...recordReads(invoices, invoiceOf, {
    /** `GET /api/v1/subscriptions/invoices/:id`: one invoice. @throws ApiError 404 otherwise. */
    getInvoice: 'invoiceId',
    /** `GET /api/v1/subscriptions/invoices?subscription_id=&status=`: a page of invoices. */
    listInvoices: { subscription_id: 'subscription_id', status: 'status' },
  }),
  ...recordReads(plans, renderPlan, {
    /** `GET /api/v1/subscriptions/plans?interval=`: a page of plans. */
    listPlans: { interval: 'interval' },
    /** `GET /api/v1/subscriptions/plans/:planId`. @throws ApiError 404 outside the key's mode. */
    getPlan: 'planId',
  }),
} satisfies HandlerRegistry;
