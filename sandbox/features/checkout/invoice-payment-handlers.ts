/**
 * `POST /api/v1/subscriptions/invoices/:invoiceId/payment` (service-api.md, "Subscriptions"):
 * the merchant's way to collect an invoice through the hosted checkout. Here rather than in
 * subscriptions/ because it must refuse while a mandate debit of the invoice is in flight
 * (direct-debit/renewal-debits.ts), and subscriptions/ sits below direct-debit/
 * (docs/decisions/0015-sandbox-feature-dependency-direction.md).
 */
import { errorCodes } from '../../../contract/errors';
import { ApiError, notFound } from '../../core/api-error';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute, queryOne } from '../../db/database';
import { assertNoDebitInFlight } from '../direct-debit/renewal-debits';
import { billingContextOf } from '../payments/payments';
import { ensureInvoicePayment, getInvoiceRow, invoiceView } from '../subscriptions/invoices';
import { invoiceRowSchema } from '../subscriptions/records';

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

/** Handlers of invoice collection, by route name. */
export const invoicePaymentHandlers = {
  createInvoicePayment: { run: createInvoicePayment },
} satisfies HandlerRegistry;
