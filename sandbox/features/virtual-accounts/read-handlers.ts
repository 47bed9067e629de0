/**
 * Reads of reserved and dynamic virtual accounts (contract/routes-reads.ts; sandbox/README.md,
 * "Reading and listing"): newest-first pages and single reads, confined to the key's mode.
 */
import type { HandlerRegistry } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { renderVirtualAccount, virtualAccountRowSchema } from './virtual-accounts';

const virtualAccounts = {
  table: 'virtual_accounts',
  noun: 'virtual account',
  rowSchema: virtualAccountRowSchema,
};

/** Read handlers of virtual accounts, by route name. */
export const virtualAccountReadHandlers = recordReads(virtualAccounts, renderVirtualAccount, {
  /** `GET /api/v1/virtual-accounts?type=&status=&email=`: a page of reserved and dynamic accounts. */
  listVirtualAccounts: { type: 'type', status: 'status', customer_email: 'email' },
  /** `GET /api/v1/virtual-accounts/:id`. @throws ApiError 404 outside the key's mode. */
  getVirtualAccount: 'virtualAccountId',
}) satisfies HandlerRegistry;
