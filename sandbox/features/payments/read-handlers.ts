/**
 * Reads of checkout payments (contract/routes-reads.ts; sandbox/README.md, "Reading and
 * listing"): newest-first pages, confined to the key's mode. A payment in a list is the same
 * record `GET /api/v1/payments/{payment_id}` answers.
 */
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { listPage } from '../../db/paging';
import { getVirtualAccountRows } from '../virtual-accounts/virtual-accounts';
import { billingContextOf, paymentRowSchema, renderPayment } from './payments';

const payments = { table: 'payments', noun: 'payment', rowSchema: paymentRowSchema };

/**
 * `GET /api/v1/payments?status=&email=&invoice_id=`: a page of payments (db/paging.ts), their
 * dynamic accounts read in one query for the whole page rather than one per payment.
 * @throws ApiError 400 VALIDATION_FAILED for a cursor of no payment of this merchant and mode.
 */
function listPayments(context: HandlerContext<'listPayments'>): HandlerResult<'listPayments'> {
  const { db, publicOrigin } = context.services;
  const { query } = context;
  const page = listPage(db, payments, context.caller, query, {
    status: query.status,
    customer_email: query.email,
    invoice_id: query.invoice_id,
  });
  const accounts = getVirtualAccountRows(
    db,
    page.rows.map((row) => row.virtual_account_id),
  );
  const { tokens } = billingContextOf(context);
  const data = page.rows.map((row) =>
    renderPayment(db, row, publicOrigin, tokens, accounts.get(row.virtual_account_id)),
  );
  return { status: 200, body: { data, hasMore: page.hasMore } };
}

/**
 * Read handlers of payments, by route name. A page of payments is the data alone (no clock), so
 * it is kept until the data changes (core/kept-answers.ts): reconciliation reads it page by page.
 */
export const paymentReadHandlers = {
  listPayments: { run: listPayments, keptUntilDataChanges: true },
} satisfies HandlerRegistry;
