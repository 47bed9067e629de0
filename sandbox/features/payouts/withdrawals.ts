/**
 * Dashboard withdrawals (service-api.md, "Authentication" rule 6; docs/decisions/0021;
 * sandbox/README.md, "Dashboard withdrawals"): the merchant dashboard's "withdraw to my settlement
 * bank account", a flow separate from the Payout API. Routes: `POST /sandbox/v1/withdrawals`
 * (idempotent), `GET /sandbox/v1/withdrawals` and `GET /sandbox/v1/withdrawals/:id`, live keys
 * with `sandbox:controls` only (the core refuses a test key with 403 LIVE_MODE_REQUIRED).
 *
 * Withdrawal checks, in this order, after the core's key, scope, Idempotency-Key and body checks:
 * 1. approved KYC: 403 KYC_NOT_APPROVED (Payout API access, the IP whitelist and a beneficiary
 *    are NOT required: rule 6);
 * 2. the settlement bank account: a known bank (400 UNKNOWN_BANK) and a valid NUBAN for it
 *    (400 INVALID_ACCOUNT_NUMBER);
 * 3. the amount within the live balance (422 INSUFFICIENT_BALANCE);
 * 4. the amount within the per-withdrawal bound, the single-transfer limit (422
 *    PAYOUT_LIMIT_EXCEEDED).
 * Then the balance is debited once and a `payout`-kind transaction (direction debit, reference
 * the withdrawal id) is recorded with its `transaction.created` event. Amounts: kobo here, naira
 * on the wire.
 */
import { z } from 'zod';
import { errorCodes } from '../../../contract/errors';
import { koboToNaira, nairaToKobo } from '../../../contract/money';
import type { Withdrawal } from '../../../contract/payouts';
import { ApiError } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute } from '../../db/database';
import { recordReads } from '../../core/record-reads';
import { recordTransaction } from '../transactions/transactions';
import {
  adjustBalance,
  availableBalanceKobo,
  checkBankAccount,
  getPayoutAccess,
  singleTransferLimitKobo,
} from './payout-rules';

const withdrawalRowSchema = z.object({
  id: z.string(),
  mode: z.literal('live'),
  amount_kobo: z.number().int(),
  bank_id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  status: z.literal('successful'),
  balance_after_kobo: z.number().int(),
  created_at: z.string(),
});

const withdrawals = { table: 'withdrawals', noun: 'withdrawal', rowSchema: withdrawalRowSchema };

function renderWithdrawal(row: z.infer<typeof withdrawalRowSchema>): Withdrawal {
  return {
    id: row.id,
    mode: row.mode,
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    bankId: row.bank_id,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    status: row.status,
    availableBalance: koboToNaira(row.balance_after_kobo),
    createdAt: row.created_at,
  };
}

/** `POST /sandbox/v1/withdrawals`: the checks of this module's header, then the debit. */
function createWithdrawal(
  context: HandlerContext<'createWithdrawal'>,
): HandlerResult<'createWithdrawal'> {
  const { db } = context.services;
  const { caller, body, now } = context;
  if (!getPayoutAccess(db, caller.merchantId).kycApproved) {
    throw new ApiError(403, 'Withdrawals need an approved KYC for the business', {
      code: errorCodes.kycNotApproved,
    });
  }
  const bank = checkBankAccount(body);
  const amountKobo = nairaToKobo(body.amount);
  const balance = availableBalanceKobo(db, caller.merchantId, 'live');
  if (amountKobo > balance) {
    throw new ApiError(
      422,
      `Insufficient balance: ₦${koboToNaira(balance).toFixed(2)} available to withdraw`,
      { code: errorCodes.insufficientBalance },
    );
  }
  if (amountKobo > singleTransferLimitKobo) {
    throw new ApiError(
      422,
      `A withdrawal is at most ₦${koboToNaira(singleTransferLimitKobo).toFixed(2)}`,
      { code: errorCodes.payoutLimitExceeded },
    );
  }
  const balanceAfter = adjustBalance(db, caller.merchantId, 'live', -amountKobo);
  const row: z.infer<typeof withdrawalRowSchema> = {
    id: randomId('wdr_'),
    mode: 'live',
    amount_kobo: amountKobo,
    bank_id: bank.id,
    bank_name: bank.name,
    account_number: body.accountNumber,
    status: 'successful',
    balance_after_kobo: balanceAfter,
    created_at: now.toISOString(),
  };
  execute(
    db,
    `INSERT INTO withdrawals (id, merchant_id, mode, amount_kobo, bank_id, bank_name,
       account_number, status, balance_after_kobo, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.id,
      caller.merchantId,
      row.mode,
      row.amount_kobo,
      row.bank_id,
      row.bank_name,
      row.account_number,
      row.status,
      row.balance_after_kobo,
      row.created_at,
    ],
  );
  // Money out of the balance like a payout; the reference names the withdrawal (no payout id).
  recordTransaction(db, {
    merchantId: caller.merchantId,
    mode: 'live',
    type: 'payout',
    amountKobo,
    reference: row.id,
    now,
  });
  return { status: 201, body: { data: renderWithdrawal(row) } };
}

/** Handlers of dashboard withdrawals, by route name. */
export const withdrawalHandlers = {
  createWithdrawal: { run: createWithdrawal },
  ...recordReads(withdrawals, renderWithdrawal, {
    /** `GET /sandbox/v1/withdrawals`: a page of the business's withdrawals, newest first. */
    listWithdrawals: {},
    /** `GET /sandbox/v1/withdrawals/:withdrawalId`. @throws ApiError 404 for another business's. */
    getWithdrawal: 'withdrawalId',
  }),
} satisfies HandlerRegistry;
