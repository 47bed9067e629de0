/**
 * Reads of beneficiaries, payouts and the payout balance (contract/routes-reads.ts;
 * sandbox/README.md, "Reading and listing"). Beneficiary and payout reads need scope
 * `payouts:create` (the core checks it) but not the other gates of rule 5: reading moves no money.
 * The balance is readable by any secret key of the mode.
 */
import { koboToNaira } from '../../../contract/money';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { recordReads } from '../../core/record-reads';
import { availableBalanceKobo } from './payout-rules';
import { beneficiaryRowSchema, payoutRowSchema, renderBeneficiary, renderPayout } from './records';

const beneficiaries = {
  table: 'beneficiaries',
  noun: 'beneficiary',
  rowSchema: beneficiaryRowSchema,
};
const payouts = { table: 'payouts', noun: 'payout', rowSchema: payoutRowSchema };

/** `GET /api/v1/balance`: settled collections available for payouts in the key's mode, naira. */
function getBalance(context: HandlerContext<'getBalance'>): HandlerResult<'getBalance'> {
  const { merchantId, mode } = context.caller;
  const available = koboToNaira(availableBalanceKobo(context.services.db, merchantId, mode));
  return { status: 200, body: { data: { mode, available, currency: 'NGN' } } };
}

/** Read handlers of the payouts area, by route name. */
export const payoutReadHandlers = {
  ...recordReads(beneficiaries, renderBeneficiary, {
    /** `GET /api/v1/beneficiaries?status=`: a page of beneficiaries. */
    listBeneficiaries: { status: 'status' },
    /** `GET /api/v1/beneficiaries/:id`. @throws ApiError 404 outside the key's mode. */
    getBeneficiary: 'beneficiaryId',
  }),
  ...recordReads(payouts, renderPayout, {
    /** `GET /api/v1/payouts?status=&beneficiary_id=`: a page of payouts. */
    listPayouts: { status: 'status', beneficiary_id: 'beneficiary_id' },
    /** `GET /api/v1/payouts/:id`. @throws ApiError 404 outside the key's mode. */
    getPayout: 'payoutId',
  }),
  getBalance: { run: getBalance },
} satisfies HandlerRegistry;
