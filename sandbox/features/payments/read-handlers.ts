/**
 * Reads of checkout payments and virtual accounts (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"): newest-first pages and single reads, confined to the key's mode. A
 * payment in a list is the same record `GET /api/v1/payments/{payment_id}` answers.
 */
import type { HandlerRegistry } from '../../core/handler';
import { getRecord, listRecords } from '../../core/record-reads';
import {
  renderVirtualAccount,
  virtualAccountRowSchema,
} from '../virtual-accounts/virtual-accounts';
import { billingContextOf, paymentRowSchema, renderPayment } from './payments';

const payments = { table: 'payments', noun: 'payment', rowSchema: paymentRowSchema };
const virtualAccounts = {
  table: 'virtual_accounts',
  noun: 'virtual account',
  rowSchema: virtualAccountRowSchema,
};

/** Read handlers of payments and virtual accounts, by route name. */
export const paymentReadHandlers = {
  /** `GET /api/v1/payments?status=&email=&invoice_id=`: a page of payments. */
  listPayments: listRecords(
    'listPayments',
    payments,
    (query) => ({
      status: query.status,
      customer_email: query.email,
      invoice_id: query.invoice_id,
    }),
    (row, context) =>
      renderPayment(
        context.services.db,
        row,
        context.services.publicOrigin,
        billingContextOf(context).tokens,
      ),
  ),
  /** `GET /api/v1/virtual-accounts?type=&status=&email=`: a page of reserved and dynamic accounts. */
  listVirtualAccounts: listRecords(
    'listVirtualAccounts',
    virtualAccounts,
    (query) => ({ type: query.type, status: query.status, customer_email: query.email }),
    renderVirtualAccount,
  ),
  /** `GET /api/v1/virtual-accounts/:id`. @throws ApiError 404 outside the key's mode. */
  getVirtualAccount: getRecord(
    'getVirtualAccount',
    virtualAccounts,
    (params) => params.virtualAccountId,
    renderVirtualAccount,
  ),
} satisfies HandlerRegistry;
