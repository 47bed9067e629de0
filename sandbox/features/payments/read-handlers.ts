/**
 * Reads of checkout payments and virtual accounts (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"): newest-first pages and single reads, confined to the key's mode. A
 * payment in a list is the same record `GET /api/v1/payments/{payment_id}` answers.
 */
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { findOwned, listPage } from '../../db/paging';
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

/** `GET /api/v1/payments?status=&email=&invoice_id=`: a page of payments. */
function listPayments(context: HandlerContext<'listPayments'>): HandlerResult<'listPayments'> {
  const { query, caller } = context;
  const { db, publicOrigin } = context.services;
  const page = listPage(db, payments, caller, query, {
    status: query.status,
    customer_email: query.email,
    invoice_id: query.invoice_id,
  });
  const { tokens } = billingContextOf(context);
  const data = page.rows.map((row) => renderPayment(db, row, publicOrigin, tokens));
  return { status: 200, body: { data, hasMore: page.hasMore } };
}

/** `GET /api/v1/virtual-accounts?type=&status=&email=`: a page of reserved and dynamic accounts. */
function listVirtualAccounts(
  context: HandlerContext<'listVirtualAccounts'>,
): HandlerResult<'listVirtualAccounts'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, virtualAccounts, caller, query, {
    type: query.type,
    status: query.status,
    customer_email: query.email,
  });
  return {
    status: 200,
    body: { data: page.rows.map(renderVirtualAccount), hasMore: page.hasMore },
  };
}

/** `GET /api/v1/virtual-accounts/:id`. @throws ApiError 404 outside the key's mode. */
function getVirtualAccount(
  context: HandlerContext<'getVirtualAccount'>,
): HandlerResult<'getVirtualAccount'> {
  const { params, caller } = context;
  const row = findOwned(context.services.db, virtualAccounts, caller, params.virtualAccountId);
  return { status: 200, body: { data: renderVirtualAccount(row) } };
}

/** Read handlers of payments and virtual accounts, by route name. */
export const paymentReadHandlers = {
  listPayments: { run: listPayments },
  listVirtualAccounts: { run: listVirtualAccounts },
  getVirtualAccount: { run: getVirtualAccount },
} satisfies HandlerRegistry;
