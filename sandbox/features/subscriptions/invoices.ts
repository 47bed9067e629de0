/**
 * Invoices and what happens when one is paid (service-api.md, "Invoice", "States and
 * transitions", Subscriptions endpoints; docs/decisions/0010-checkout-and-renewals.md).
 *
 * - Every invoice has an invoice page link (`checkoutUrl`, `/invoices/<inv_id>#token=<T>`).
 * - Its "checkout instructions" are a checkout payment (`osp_…`) created for it; the open one (pending,
 *   account still payable) is the invoice's `authorizationUrl`.
 * - An invoice becomes paid only when a payment succeeds (a checkout transfer or a mandate debit):
 *   {@link markInvoicePaid} records `subscription.payment.success`, activates the subscription
 *   (initial invoice, once its start date has arrived) or renews it (`subscription.renewed`), and
 *   prepares the next renewal invoice.
 * - Late payment: the subscription never enters a period that is already over. Activation and a
 *   paid renewal move it to the first period of its billing cycle that is not over on the day it
 *   became entitled (payment day, or the start date when paid before it), so the next renewal
 *   invoice always falls due after that day. The paid invoice keeps the period it was issued for.
 * - Due work (`runDueWork`) runs per mode: each function below that takes a `mode` touches only
 *   that mode's records, with `context.now` read from that mode's clock.
 *
 * Amounts: kobo in the database, naira in the API. Dates are Africa/Lagos `YYYY-MM-DD`.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import type { CheckoutState } from '../../../contract/checkout';
import type { Invoice } from '../../../contract/subscriptions';
import { hashCapabilityToken } from '../../core/capability-tokens';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';
import {
  checkoutUrl,
  closePayment,
  createPaymentRecord,
  paymentsOfInvoice,
  type LinkTokens,
  type PaymentRow,
  type BillingContext,
} from '../payments/payments';
import { getVirtualAccountRow } from '../virtual-accounts/virtual-accounts';
import { recordEvent } from '../webhooks/events';
import { addDays, billingPeriod, firstPeriodNotOver, lagosDate } from './billing-dates';
import {
  invoiceRowSchema,
  planOfSubscription,
  renderInvoice,
  renderSubscription,
  subscriptionRowSchema,
  type InvoiceRow,
  type SubscriptionRow,
} from './records';
import { hostedLink } from '../../../contract/hosted-links';

/**
 * Days an unpaid renewal invoice is given before it ends its subscription (docs/decisions/0010),
 * counted from the later of its due date and the day it was created (Lagos).
 */
export const renewalGraceDays = 7;

/** The invoice `id` whatever its owner. @throws Error when missing (a bug). */
export function getInvoiceRow(db: Db, id: string): InvoiceRow {
  const row = queryOne(db, 'SELECT * FROM invoices WHERE id = ?', [id], invoiceRowSchema);
  if (row === null) throw new Error(`Invoice ${id} is missing`);
  return row;
}

/** The subscription `id` whatever its owner. @throws Error when missing (a bug). */
export function getSubscriptionRow(db: Db, id: string): SubscriptionRow {
  const row = queryOne(db, 'SELECT * FROM subscriptions WHERE id = ?', [id], subscriptionRowSchema);
  if (row === null) throw new Error(`Subscription ${id} is missing`);
  return row;
}

const linkRowSchema = z.object({ id: z.string(), version: z.number().int() });

/** Creates the invoice page link of `invoiceId` (one per invoice). */
function createInvoiceLink(db: Db, invoice: InvoiceRow, tokens: LinkTokens, now: Date): void {
  const linkId = randomId('chl_');
  execute(
    db,
    `INSERT INTO checkout_links (id, merchant_id, mode, invoice_id, version, token_hash, created_at)
     VALUES (?, (SELECT merchant_id FROM invoices WHERE id = ?),
       (SELECT mode FROM invoices WHERE id = ?), ?, 1, ?, ?)`,
    [
      linkId,
      invoice.id,
      invoice.id,
      invoice.id,
      hashCapabilityToken(tokens(linkId, 1)),
      now.toISOString(),
    ],
  );
}

/** `<origin>/invoices/<inv_id>#token=<T>`, or null when the invoice has no link (never in practice). */
export function invoicePageUrl(
  db: Db,
  invoiceId: string,
  publicOrigin: string,
  tokens: LinkTokens,
): string | null {
  const link = queryOne(
    db,
    'SELECT id, version FROM checkout_links WHERE invoice_id = ?',
    [invoiceId],
    linkRowSchema,
  );
  return link === null
    ? null
    : hostedLink(publicOrigin, { kind: 'invoice', invoiceId }, tokens(link.id, link.version));
}

/** The invoice's open payment: pending, with its account still payable; or null. */
export function openPaymentOfInvoice(db: Db, invoiceId: string): PaymentRow | null {
  for (const payment of paymentsOfInvoice(db, invoiceId)) {
    if (payment.status !== 'pending') continue;
    if (getVirtualAccountRow(db, payment.virtual_account_id).status === 'ACTIVE') return payment;
  }
  return null;
}

/** The API shape of an invoice with its page link and open payment's checkout page. */
export function invoiceView(db: Db, row: InvoiceRow, context: BillingContext): Invoice {
  const open = row.status === 'pending' ? openPaymentOfInvoice(db, row.id) : null;
  return renderInvoice(
    row,
    invoicePageUrl(db, row.id, context.publicOrigin, context.tokens),
    open === null ? null : checkoutUrl(context.publicOrigin, open, context.tokens),
  );
}

/**
 * Inserts a pending invoice (`inv_…`) with its page link and returns it. The initial invoice is
 * due on the start date; a renewal on the first day of its period.
 */
export function createInvoiceRecord(
  db: Db,
  input: {
    subscription: SubscriptionRow;
    kind: 'initial' | 'renewal';
    amountKobo: number;
    periodStart: string;
    periodEnd: string;
    dueDate: string;
    callbackUrl: string | null;
  },
  context: BillingContext,
): InvoiceRow {
  const id = randomId('inv_');
  execute(
    db,
    `INSERT INTO invoices (id, merchant_id, mode, subscription_id, status, kind, amount_kobo,
       currency, period_start, period_end, due_date, callback_url, paid_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, 'NGN', ?, ?, ?, ?, NULL, ?)`,
    [
      id,
      input.subscription.merchant_id,
      input.subscription.mode,
      input.subscription.id,
      input.kind,
      input.amountKobo,
      input.periodStart,
      input.periodEnd,
      input.dueDate,
      input.callbackUrl,
      context.now.toISOString(),
    ],
  );
  const row = getInvoiceRow(db, id);
  createInvoiceLink(db, row, context.tokens, context.now);
  return row;
}

/**
 * Creates a checkout payment for a pending invoice: amount of the invoice, the subscription's
 * customer and preferred language, the invoice's callbackUrl, metadata
 * `{ invoiceId, subscriptionId, description }`.
 * Callers create one only when none is open ({@link ensureInvoicePayment}): a delivered checkout
 * is never replaced while payable. As a safeguard, an open one would be closed first, so that an
 * invoice never has two payable accounts.
 */
export function createInvoicePaymentRecord(
  db: Db,
  invoice: InvoiceRow,
  context: BillingContext,
): PaymentRow {
  const previous = openPaymentOfInvoice(db, invoice.id);
  if (previous !== null) closePayment(db, previous, context);
  const subscription = getSubscriptionRow(db, invoice.subscription_id);
  const plan = planOfSubscription(db, subscription);
  return createPaymentRecord(
    db,
    {
      merchantId: invoice.merchant_id,
      mode: invoice.mode,
      amountKobo: invoice.amount_kobo,
      customer: {
        email: subscription.customer_email,
        firstName: subscription.customer_first_name,
        lastName: subscription.customer_last_name,
        phone: subscription.customer_phone,
      },
      callbackUrl: invoice.callback_url,
      metadata: {
        invoiceId: invoice.id,
        subscriptionId: subscription.id,
        description: `${plan.name}, ${invoice.period_start} to ${invoice.period_end}`,
      },
      invoiceId: invoice.id,
      // The invoice's pages speak as its subscription's do ("Pay now" and the merchant's call).
      preferredLanguage: subscription.preferred_language,
      windowSeconds: context.windowSeconds,
      now: context.now,
    },
    context.tokens,
  );
}

/**
 * What the payment checkout page shows of the invoice a payment collects
 * (contract/checkout.ts, `CheckoutState.invoice`): its id, the plan's name and the billing period
 * (Africa/Lagos `YYYY-MM-DD`); null for a payment of no invoice.
 */
export function checkoutInvoiceOf(db: Db, payment: PaymentRow): CheckoutState['invoice'] {
  if (payment.invoice_id === null) return null;
  const invoice = getInvoiceRow(db, payment.invoice_id);
  const plan = planOfSubscription(db, getSubscriptionRow(db, invoice.subscription_id));
  return {
    id: invoice.id,
    planName: plan.name,
    periodStart: invoice.period_start,
    periodEnd: invoice.period_end,
  };
}

/**
 * The open payment of the invoice as it is, or a new one when none is open (first checkout, or
 * the last one's window ended). `created` says which.
 */
export function ensureInvoicePayment(
  db: Db,
  invoice: InvoiceRow,
  context: BillingContext,
): { payment: PaymentRow; created: boolean } {
  const open = openPaymentOfInvoice(db, invoice.id);
  if (open !== null) return { payment: open, created: false };
  return { payment: createInvoicePaymentRecord(db, invoice, context), created: true };
}

/**
 * Prepares the renewal invoice of the period that starts on the subscription's
 * `next_billing_date` (pending, due that day, amount of the plan, the subscription's callbackUrl).
 */
export function prepareRenewalInvoice(
  db: Db,
  subscription: SubscriptionRow,
  context: BillingContext,
): InvoiceRow {
  const plan = planOfSubscription(db, subscription);
  const period = billingPeriod(subscription.next_billing_date, plan.interval);
  return createInvoiceRecord(
    db,
    {
      subscription,
      kind: 'renewal',
      amountKobo: plan.amount_kobo,
      periodStart: period.start,
      periodEnd: period.end,
      dueDate: period.start,
      callbackUrl: subscription.callback_url,
    },
    context,
  );
}

/**
 * Moves the subscription into the first period of its billing cycle (through `from`) that is not
 * over on `entitledOn`, makes it active, and prepares the renewal invoice of the period after.
 */
function enterPeriod(
  db: Db,
  subscription: SubscriptionRow,
  from: string,
  entitledOn: string,
  context: BillingContext,
): SubscriptionRow {
  const plan = planOfSubscription(db, subscription);
  const period = firstPeriodNotOver(from, plan.interval, entitledOn);
  execute(
    db,
    `UPDATE subscriptions SET status = 'active', current_period_start = ?, current_period_end = ?,
       next_billing_date = ? WHERE id = ?`,
    [period.start, period.end, period.nextBillingDate, subscription.id],
  );
  const entered = getSubscriptionRow(db, subscription.id);
  prepareRenewalInvoice(db, entered, context);
  return entered;
}

/**
 * Activates a pending_activation subscription whose initial invoice `initial` is paid: it is
 * entitled from the later of its start date and the payment day (Lagos), and enters the first
 * period not over on that day (its first period when paid in time).
 */
function activate(
  db: Db,
  subscription: SubscriptionRow,
  initial: InvoiceRow,
  context: BillingContext,
): void {
  const paidOn = lagosDate(initial.paid_at === null ? context.now : new Date(initial.paid_at));
  const entitledOn = paidOn > subscription.start_date ? paidOn : subscription.start_date;
  enterPeriod(db, subscription, subscription.current_period_start, entitledOn, context);
}

/**
 * Marks a pending invoice paid (at `context.now`) and applies what follows, all in the caller's
 * transaction: `subscription.payment.success` (data: the invoice); initial invoice → activation
 * when the start date has arrived (else {@link activateDueSubscriptions} does it on that day);
 * renewal → the subscription (active again if it had expired) enters the invoice's period, or,
 * when that period is already over, the first later period not over today; then
 * `subscription.renewed` and the next renewal invoice. A paid invoice is left alone.
 */
export function markInvoicePaid(db: Db, invoiceId: string, context: BillingContext): void {
  const changed = execute(
    db,
    "UPDATE invoices SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'pending'",
    [context.now.toISOString(), invoiceId],
  );
  if (changed === 0) return;
  // Paid (perhaps by debit or another checkout): no other account of it stays payable.
  const open = openPaymentOfInvoice(db, invoiceId);
  if (open !== null) closePayment(db, open, context);
  const invoice = getInvoiceRow(db, invoiceId);
  recordEvent(db, {
    merchantId: invoice.merchant_id,
    mode: invoice.mode,
    type: 'subscription.payment.success',
    data: invoiceView(db, invoice, context),
    now: context.now,
  });
  const subscription = getSubscriptionRow(db, invoice.subscription_id);
  if (invoice.kind === 'initial') {
    if (
      subscription.status === 'pending_activation' &&
      subscription.start_date <= lagosDate(context.now)
    ) {
      activate(db, subscription, invoice, context);
    }
    return;
  }
  // Also prepares the next renewal invoice (which records no event of its own); the event shows
  // the subscription in its new period with the invoice just paid.
  const renewed = enterPeriod(
    db,
    subscription,
    invoice.period_start,
    lagosDate(context.now),
    context,
  );
  recordEvent(db, {
    merchantId: renewed.merchant_id,
    mode: renewed.mode,
    type: 'subscription.renewed',
    data: renderSubscription(renewed, invoiceView(db, invoice, context)),
    now: context.now,
  });
}

/**
 * Due work of `mode`: activates pending_activation subscriptions whose initial invoice is paid and
 * whose start date (Lagos, by `mode`'s clock) has arrived.
 */
export function activateDueSubscriptions(db: Db, mode: Mode, context: BillingContext): void {
  const due = queryAll(
    db,
    `SELECT i.* FROM subscriptions s JOIN invoices i ON i.subscription_id = s.id
     WHERE s.mode = ? AND s.status = 'pending_activation' AND s.start_date <= ?
       AND i.kind = 'initial' AND i.status = 'paid'`,
    [mode, lagosDate(context.now)],
    invoiceRowSchema,
  );
  for (const initial of due) {
    activate(db, getSubscriptionRow(db, initial.subscription_id), initial, context);
  }
}

/**
 * Due work of `mode`: ends active subscriptions whose renewal invoice is still unpaid
 * {@link renewalGraceDays} days after the later of its due date and the day it was created (Lagos,
 * by `mode`'s clock), unless a mandate debit of it is still submitted or unknown; records
 * `subscription.expired` (data: the subscription with that invoice).
 */
export function expireLapsedSubscriptions(db: Db, mode: Mode, context: BillingContext): void {
  const cutoff = addDays(lagosDate(context.now), -renewalGraceDays);
  // Lagos is UTC+1 all year: the Lagos day of `created_at` (ISO 8601 UTC).
  const lapsed = queryAll(
    db,
    `SELECT i.* FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
     WHERE i.mode = ? AND s.status = 'active' AND i.kind = 'renewal' AND i.status = 'pending'
       AND MAX(i.due_date, date(i.created_at, '+1 hour')) <= ?
       AND NOT EXISTS (SELECT 1 FROM invoice_debits d WHERE d.invoice_id = i.id
                       AND d.status IN ('submitted', 'unknown'))`,
    [mode, cutoff],
    invoiceRowSchema,
  );
  for (const invoice of lapsed) {
    execute(db, "UPDATE subscriptions SET status = 'expired' WHERE id = ? AND status = 'active'", [
      invoice.subscription_id,
    ]);
    const subscription = getSubscriptionRow(db, invoice.subscription_id);
    recordEvent(db, {
      merchantId: subscription.merchant_id,
      mode: subscription.mode,
      type: 'subscription.expired',
      data: renderSubscription(subscription, invoiceView(db, invoice, context)),
      now: context.now,
    });
  }
}
