/**
 * Reads of plans, subscriptions and invoices (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"): by id and newest-first pages, confined to the key's merchant and mode.
 * Scope `subscriptions:read` (service-api.md, "Authentication", rule 4) is checked by the core.
 */
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { findOwned, listPage } from '../../db/paging';
import { queryOne, type Db } from '../../db/database';
import { billingContextOf, type BillingContext } from '../payments/payments';
import { invoiceView } from './invoices';
import {
  invoiceRowSchema,
  planRowSchema,
  renderPlan,
  renderSubscription,
  subscriptionRowSchema,
  type SubscriptionRow,
} from './records';
import type { Invoice } from '../../../contract/subscriptions';

const plans = { table: 'plans', noun: 'plan', rowSchema: planRowSchema };
const subscriptions = {
  table: 'subscriptions',
  noun: 'subscription',
  rowSchema: subscriptionRowSchema,
};
const invoices = { table: 'invoices', noun: 'invoice', rowSchema: invoiceRowSchema };

/** The most recent invoice of a subscription, as its reads show it. */
function latestInvoiceView(
  db: Db,
  subscription: SubscriptionRow,
  billing: BillingContext,
): Invoice {
  const latest = queryOne(
    db,
    'SELECT * FROM invoices WHERE subscription_id = ? ORDER BY created_at DESC, rowid DESC',
    [subscription.id],
    invoiceRowSchema,
  );
  if (latest === null) throw new Error(`Subscription ${subscription.id} has no invoice`);
  return invoiceView(db, latest, billing);
}

/**
 * `GET /api/v1/subscriptions/:id`: the subscription (this merchant and mode) with its most recent
 * invoice. @throws ApiError 404 otherwise.
 */
function getSubscription(
  context: HandlerContext<'getSubscription'>,
): HandlerResult<'getSubscription'> {
  const { db } = context.services;
  const row = findOwned(db, subscriptions, context.caller, context.params.subscriptionId);
  const data = renderSubscription(row, latestInvoiceView(db, row, billingContextOf(context)));
  return { status: 200, body: { data } };
}

/** `GET /api/v1/subscriptions/invoices/:id`: one invoice. @throws ApiError 404 otherwise. */
function getInvoice(context: HandlerContext<'getInvoice'>): HandlerResult<'getInvoice'> {
  const { db } = context.services;
  const row = findOwned(db, invoices, context.caller, context.params.invoiceId);
  return { status: 200, body: { data: invoiceView(db, row, billingContextOf(context)) } };
}

/** `GET /api/v1/subscriptions/plans?interval=`: a page of plans. */
function listPlans(context: HandlerContext<'listPlans'>): HandlerResult<'listPlans'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, plans, caller, query, { interval: query.interval });
  return { status: 200, body: { data: page.rows.map(renderPlan), hasMore: page.hasMore } };
}

/** `GET /api/v1/subscriptions/plans/:planId`. @throws ApiError 404 outside the key's mode. */
function getPlan(context: HandlerContext<'getPlan'>): HandlerResult<'getPlan'> {
  const row = findOwned(context.services.db, plans, context.caller, context.params.planId);
  return { status: 200, body: { data: renderPlan(row) } };
}

/**
 * `GET /api/v1/subscriptions?status=&plan_id=&email=`: a page of subscriptions, each with its
 * most recent invoice (as `GET /api/v1/subscriptions/{id}` shows it).
 */
function listSubscriptions(
  context: HandlerContext<'listSubscriptions'>,
): HandlerResult<'listSubscriptions'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, subscriptions, caller, query, {
    status: query.status,
    plan_id: query.plan_id,
    customer_email: query.email,
  });
  const billing = billingContextOf(context);
  const data = page.rows.map((row) =>
    renderSubscription(row, latestInvoiceView(context.services.db, row, billing)),
  );
  return { status: 200, body: { data, hasMore: page.hasMore } };
}

/** `GET /api/v1/subscriptions/invoices?subscription_id=&status=`: a page of invoices. */
function listInvoices(context: HandlerContext<'listInvoices'>): HandlerResult<'listInvoices'> {
  const { query, caller } = context;
  const { db } = context.services;
  const page = listPage(db, invoices, caller, query, {
    subscription_id: query.subscription_id,
    status: query.status,
  });
  const billing = billingContextOf(context);
  const data = page.rows.map((row) => invoiceView(db, row, billing));
  return { status: 200, body: { data, hasMore: page.hasMore } };
}

/** Read handlers of the subscriptions area, by route name. */
export const subscriptionReadHandlers = {
  getSubscription: { run: getSubscription },
  getInvoice: { run: getInvoice },
  listPlans: { run: listPlans },
  getPlan: { run: getPlan },
  listSubscriptions: { run: listSubscriptions },
  listInvoices: { run: listInvoices },
} satisfies HandlerRegistry;
