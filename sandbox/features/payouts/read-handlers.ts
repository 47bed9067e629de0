/**
 * Reads of beneficiaries, payouts and the payout balance (contract/routes-reads.ts;
 * sandbox/README.md, "Reading and listing"). Beneficiary and payout reads need scope
 * `payouts:create` (the core checks it) but not the other gates of rule 5: reading moves no money.
 * The balance is readable by any secret key of the mode.
 */
import { koboToNaira } from '../../../contract/money';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { findOwned, listPage } from '../../db/paging';
import { availableBalanceKobo } from './payout-rules';
import { beneficiaryRowSchema, payoutRowSchema, renderBeneficiary, renderPayout } from './records';

const beneficiaries = {
  table: 'beneficiaries',
  noun: 'beneficiary',
  rowSchema: beneficiaryRowSchema,
};
const payouts = { table: 'payouts', noun: 'payout', rowSchema: payoutRowSchema };

/** `GET /api/v1/beneficiaries?status=`: a page of beneficiaries. */
function listBeneficiaries(
  context: HandlerContext<'listBeneficiaries'>,
): HandlerResult<'listBeneficiaries'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, beneficiaries, caller, query, {
    status: query.status,
  });
  return { status: 200, body: { data: page.rows.map(renderBeneficiary), hasMore: page.hasMore } };
}

/** `GET /api/v1/beneficiaries/:id`. @throws ApiError 404 outside the key's mode. */
function getBeneficiary(
  context: HandlerContext<'getBeneficiary'>,
): HandlerResult<'getBeneficiary'> {
  const { params, caller } = context;
  const row = findOwned(context.services.db, beneficiaries, caller, params.beneficiaryId);
  return { status: 200, body: { data: renderBeneficiary(row) } };
}

/** `GET /api/v1/payouts?status=&beneficiary_id=`: a page of payouts. */
function listPayouts(context: HandlerContext<'listPayouts'>): HandlerResult<'listPayouts'> {
  const { query, caller } = context;
  const page = listPage(context.services.db, payouts, caller, query, {
    status: query.status,
    beneficiary_id: query.beneficiary_id,
  });
  return { status: 200, body: { data: page.rows.map(renderPayout), hasMore: page.hasMore } };
}

/** `GET /api/v1/payouts/:id`. @throws ApiError 404 outside the key's mode. */
function getPayout(context: HandlerContext<'getPayout'>): HandlerResult<'getPayout'> {
  const row = findOwned(context.services.db, payouts, context.caller, context.params.payoutId);
  return { status: 200, body: { data: renderPayout(row) } };
}

/** `GET /api/v1/balance`: settled collections available for payouts in the key's mode, naira. */
function getBalance(context: HandlerContext<'getBalance'>): HandlerResult<'getBalance'> {
  const { merchantId, mode } = context.caller;
  const available = koboToNaira(availableBalanceKobo(context.services.db, merchantId, mode));
  return { status: 200, body: { data: { mode, available, currency: 'NGN' } } };
}

/** Read handlers of the payouts area, by route name. */
export const payoutReadHandlers = {
  listBeneficiaries: { run: listBeneficiaries },
  getBeneficiary: { run: getBeneficiary },
  listPayouts: { run: listPayouts },
  getPayout: { run: getPayout },
  getBalance: { run: getBalance },
} satisfies HandlerRegistry;
