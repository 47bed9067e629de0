/**
 * Renewal debits by mandate (service-api.md, "States and transitions": "Invoice debit", Rules
 * 1-3; docs/decisions/0010-checkout-and-renewals.md).
 *
 * On an invoice's due date (Lagos), a pending renewal invoice is debited once when the
 * subscription is active with automatic debit on, its current mandate is bank-approved
 * (verified or approved) and the invoice has no checkout instructions (no payment was ever created
 * for it). The first (initial) invoice is never debited. `invoice_debits.invoice_id` is UNIQUE:
 * exactly one attempt per invoice, whatever happens next.
 *
 * Outcome states: `submitted` → `succeeded` | `failed` | `unknown` after {@link debitSettleDelayMs}.
 * A debit already submitted completes even if automatic debit is disabled meanwhile. `failed` is
 * terminal and `unknown` waits for {@link reconcileDebit}; neither is retried. Test outcome by the
 * invoice amount's kobo: ₦x.51 fails (insufficient funds), ₦x.52 is unknown, anything else succeeds.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { bankApprovedStatuses } from '../../../contract/direct-debit';
import { errorCodes } from '../../../contract/errors';
import { ApiError, notFound } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';
import { currentMandate } from './mandates';
import { recordTransaction } from '../transactions/transactions';
import { recordEvent } from '../webhooks/events';
import { lagosDate } from '../subscriptions/billing-dates';
import { getInvoiceRow, invoiceView, markInvoicePaid } from '../subscriptions/invoices';
import { invoiceRowSchema } from '../subscriptions/records';
import { type BillingContext } from '../payments/payments';

/** How long a submitted debit takes to settle, by the sandbox clock, in milliseconds (60 s). */
export const debitSettleDelayMs = 60_000;

export type DebitStatus = 'submitted' | 'succeeded' | 'failed' | 'unknown';

const debitRowSchema = z.object({
  id: z.string(),
  invoice_id: z.string(),
  mandate_id: z.string(),
  status: z.enum(['submitted', 'succeeded', 'failed', 'unknown']),
  planned_status: z.enum(['succeeded', 'failed', 'unknown']).nullable(),
  settles_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
type DebitRow = z.infer<typeof debitRowSchema>;

/** The debit of an invoice, or null when none was attempted. */
export function debitOfInvoice(db: Db, invoiceId: string): DebitRow | null {
  return queryOne(
    db,
    'SELECT * FROM invoice_debits WHERE invoice_id = ?',
    [invoiceId],
    debitRowSchema,
  );
}

/** Whether a debit of the invoice is submitted or has an unknown result. */
export function debitInFlight(db: Db, invoiceId: string): boolean {
  const debit = debitOfInvoice(db, invoiceId);
  return debit !== null && (debit.status === 'submitted' || debit.status === 'unknown');
}

/**
 * Refuses any other collection of an invoice while its debit is submitted or unknown (Rule 1).
 * @throws ApiError 409 DEBIT_IN_PROGRESS.
 */
export function assertNoDebitInFlight(db: Db, invoiceId: string): void {
  const debit = debitOfInvoice(db, invoiceId);
  if (debit !== null && (debit.status === 'submitted' || debit.status === 'unknown')) {
    throw new ApiError(
      409,
      debit.status === 'unknown'
        ? 'A debit of this invoice has an unknown result: it must be reconciled first'
        : 'A debit of this invoice is being processed',
      { code: errorCodes.debitInProgress },
    );
  }
}

function plannedOutcome(amountKobo: number): { status: DebitStatus; reason: string | null } {
  const cents = amountKobo % 100;
  if (cents === 51) return { status: 'failed', reason: 'Insufficient funds' };
  if (cents === 52) return { status: 'unknown', reason: null };
  return { status: 'succeeded', reason: null };
}

/**
 * Due work of `mode`: submits one debit for every eligible renewal invoice of that mode that fell
 * due (Lagos date by `mode`'s clock).
 */
export function submitDueDebits(db: Db, mode: Mode, context: BillingContext): void {
  const due = queryAll(
    db,
    `SELECT i.* FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
     WHERE i.mode = ? AND i.kind = 'renewal' AND i.status = 'pending' AND i.due_date <= ?
       AND s.status = 'active' AND s.automatic_debit_enabled = 1
       AND NOT EXISTS (SELECT 1 FROM invoice_debits d WHERE d.invoice_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id)`,
    [mode, lagosDate(context.now)],
    invoiceRowSchema,
  );
  const now = context.now.toISOString();
  for (const invoice of due) {
    const mandate = currentMandate(db, invoice.subscription_id);
    if (mandate === null || !bankApprovedStatuses.includes(mandate.status)) continue;
    const planned = plannedOutcome(invoice.amount_kobo);
    execute(
      db,
      `INSERT INTO invoice_debits (id, invoice_id, mandate_id, status, planned_status, settles_at,
         failure_reason, created_at, updated_at)
       VALUES (?, ?, ?, 'submitted', ?, ?, ?, ?, ?)`,
      [
        randomId('dbt_'),
        invoice.id,
        mandate.id,
        planned.status,
        new Date(context.now.getTime() + debitSettleDelayMs).toISOString(),
        planned.reason,
        now,
        now,
      ],
    );
  }
}

/** Applies a debit's final outcome: success pays the invoice; failure records the event. */
function applyOutcome(
  db: Db,
  debit: DebitRow,
  status: 'succeeded' | 'failed' | 'unknown',
  context: BillingContext,
): void {
  execute(
    db,
    `UPDATE invoice_debits SET status = ?, planned_status = NULL, settles_at = NULL, updated_at = ?
     WHERE id = ?`,
    [status, context.now.toISOString(), debit.id],
  );
  const invoice = getInvoiceRow(db, debit.invoice_id);
  if (status === 'succeeded') {
    recordTransaction(db, {
      merchantId: invoice.merchant_id,
      mode: invoice.mode,
      type: 'debit',
      amountKobo: invoice.amount_kobo,
      reference: debit.id,
      invoiceId: invoice.id,
      mandateId: debit.mandate_id,
      now: context.now,
    });
    markInvoicePaid(db, invoice.id, context);
  } else if (status === 'failed') {
    recordEvent(db, {
      merchantId: invoice.merchant_id,
      mode: invoice.mode,
      type: 'subscription.payment.failed',
      data: {
        ...invoiceView(db, invoice, context),
        debit: { id: debit.id, status: 'failed', reason: debit.failure_reason },
      },
      now: context.now,
    });
  }
}

/** Due work of `mode`: settles its submitted debits whose outcome fell due by `mode`'s clock. */
export function settleDueDebits(db: Db, mode: Mode, context: BillingContext): void {
  const due = queryAll(
    db,
    `SELECT d.* FROM invoice_debits d JOIN invoices i ON i.id = d.invoice_id
     WHERE i.mode = ? AND d.planned_status IS NOT NULL AND d.settles_at <= ?`,
    [mode, context.now.toISOString()],
    debitRowSchema,
  );
  for (const debit of due) {
    if (debit.planned_status !== null) applyOutcome(db, debit, debit.planned_status, context);
  }
}

/**
 * Test-mode reconciliation of a debit with an unknown result: `succeeded` pays the invoice,
 * `failed` is terminal (checkout may then be offered). Returns the debit's new status.
 * @throws ApiError 404 when the invoice (this merchant and mode) has no debit; 409 CONFLICT when
 *   the debit's result is not unknown.
 */
export function reconcileDebit(
  db: Db,
  input: { merchantId: string; mode: 'test' | 'live'; invoiceId: string },
  outcome: 'succeeded' | 'failed',
  context: BillingContext,
): DebitStatus {
  const invoice = queryOne(
    db,
    'SELECT * FROM invoices WHERE id = ? AND merchant_id = ? AND mode = ?',
    [input.invoiceId, input.merchantId, input.mode],
    invoiceRowSchema,
  );
  const debit = invoice === null ? null : debitOfInvoice(db, invoice.id);
  if (debit === null) throw notFound(`No debit of invoice ${input.invoiceId}`);
  if (debit.status !== 'unknown') {
    throw new ApiError(409, `The debit's result is ${debit.status}, not unknown`, {
      code: errorCodes.conflict,
    });
  }
  applyOutcome(
    db,
    { ...debit, failure_reason: outcome === 'failed' ? 'Reconciled as failed' : null },
    outcome,
    context,
  );
  return outcome;
}
