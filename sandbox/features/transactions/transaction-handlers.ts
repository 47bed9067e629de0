/**
 * `GET /api/v1/transactions` and `GET /api/v1/transactions/:transactionId`
 * (contract/routes-reads.ts; sandbox/README.md, "Reading and listing"): every money movement of
 * the key's mode, in the shape `transaction.created` carries (service-api.md, "Events").
 */
import type { HandlerRegistry } from '../../core/handler';
import { getRecord, listRecords } from '../../core/record-reads';
import { renderTransaction, transactionRowSchema } from './transactions';

const transactions = {
  table: 'transactions',
  noun: 'transaction',
  rowSchema: transactionRowSchema,
};

/** Handlers of the transactions area, by route name. */
export const transactionHandlers = {
  /** A page of transactions, filtered by `type`, `payment_id` or `virtual_account_id`. */
  listTransactions: listRecords(
    'listTransactions',
    transactions,
    (query) => ({
      kind: query.type,
      payment_id: query.payment_id,
      virtual_account_id: query.virtual_account_id,
    }),
    renderTransaction,
  ),
  /** One transaction. @throws ApiError 404 outside the key's merchant and mode. */
  getTransaction: getRecord(
    'getTransaction',
    transactions,
    (params) => params.transactionId,
    renderTransaction,
  ),
} satisfies HandlerRegistry;
