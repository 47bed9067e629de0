/**
 * `GET /api/v1/transactions` and `GET /api/v1/transactions/:transactionId`
 * (contract/routes-reads.ts; sandbox/README.md, "Reading and listing"): every money movement of
 * the key's mode, in the shape `transaction.created` carries (service-api.md, "Events").
 */
import type { HandlerRegistry } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { renderTransaction, transactionRowSchema } from './transactions';

const transactions = {
  table: 'transactions',
  noun: 'transaction',
  rowSchema: transactionRowSchema,
};

/** Handlers of the transactions area, by route name. */
export const transactionHandlers = recordReads(transactions, renderTransaction, {
  /** A page of transactions, filtered by `type`, `payment_id` or `virtual_account_id`. */
  listTransactions: {
    kind: 'type',
    payment_id: 'payment_id',
    virtual_account_id: 'virtual_account_id',
  },
  /** One transaction. @throws ApiError 404 outside the key's merchant and mode. */
  getTransaction: 'transactionId',
}) satisfies HandlerRegistry;
