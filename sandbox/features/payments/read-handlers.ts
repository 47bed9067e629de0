/**
 * Reads of checkout payments (contract/routes-reads.ts; sandbox/README.md, "Reading and
 * listing"): newest-first pages, confined to the key's mode. A payment in a list is the same
 * record `GET /api/v1/payments/{payment_id}` answers.
 */
import type { HandlerRegistry } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { billingContextOf, paymentRowSchema, renderPayment } from './payments';

const payments = { table: 'payments', noun: 'payment', rowSchema: paymentRowSchema };

/** Read handlers of payments, by route name. */
export const paymentReadHandlers = recordReads(
  payments,
  (row, context) =>
    renderPayment(
      context.services.db,
      row,
      context.services.publicOrigin,
      billingContextOf(context).tokens,
    ),
  {
    /** `GET /api/v1/payments?status=&email=&invoice_id=`: a page of payments. */
    listPayments: { status: 'status', customer_email: 'email', invoice_id: 'invoice_id' },
  },
) satisfies HandlerRegistry;
