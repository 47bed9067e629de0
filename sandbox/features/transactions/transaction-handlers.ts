/**
 * `GET /api/v1/transactions` and `GET /api/v1/transactions/:transactionId`
 * (contract/routes-reads.ts; sandbox/README.md, "Reading and listing"): every money movement of
 * the key's mode, in the shape `transaction.created` carries (service-api.md, "Events").
 */
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { findOwned, listPage } from '../../db/paging';
import { renderTransaction, transactionRowSchema } from './transactions';

const transactions = {
  table: 'transactions',
  noun: 'transaction',
  rowSchema: transactionRowSchema,
};

/** A page of transactions, filtered by `type`, `payment_id` or `virtual_account_id`. */
function listTransactions(
  context: HandlerContext<'listTransactions'>,
): HandlerResult<'listTransactions'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, transactions, caller, query, {
    kind: query.type,
    payment_id: query.payment_id,
    virtual_account_id: query.virtual_account_id,
  });
  return { status: 200, body: { data: page.rows.map(renderTransaction), hasMore: page.hasMore } };
}

/** One transaction. @throws ApiError 404 outside the key's merchant and mode. */
function getTransaction(
  context: HandlerContext<'getTransaction'>,
): HandlerResult<'getTransaction'> {
  const { params, caller } = context;
  const row = findOwned(context.services.db, transactions, caller, params.transactionId);
  return { status: 200, body: { data: renderTransaction(row) } };
}

/** Handlers of the transactions area, by route name. */
export const transactionHandlers = {
  listTransactions: { run: listTransactions },
  getTransaction: { run: getTransaction },
} satisfies HandlerRegistry;
