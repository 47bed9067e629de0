/**
 * Beneficiaries, payouts and settlements (service-api.md, "Payouts", "Beneficiary and payout",
 * "Authentication" rule 5, "Events"), and the sandbox controls that stand in for the service's
 * review, the developer security settings and settlement. Rules: ./payout-rules.ts and
 * sandbox/README.md, "Payouts and settlements".
 *
 * Events: a settlement emits `settlement.completed`; a payout emits `transaction.created` (the
 * debit) then `payout.successful`, or only `payout.failed` (no money moved). The simulated bank
 * answers at once, so a payout's response already carries its final status.
 */
import { errorCodes } from '../../../contract/errors';
import { koboToNaira, nairaToKobo } from '../../../contract/money';
import type { Payout } from '../../../contract/payouts';
import { ApiError, liveControlOnly, notFound } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { execute, queryOne } from '../../db/database';
import { issueSecretKey } from '../merchants/api-keys';
import { lagosDate } from '../subscriptions/billing-dates';
import { recordTransaction } from '../transactions/transactions';
import { recordEvent } from '../webhooks/events';
import {
  adjustBalance,
  availableBalanceKobo,
  checkBankAccount,
  checkPayoutAccess,
  dailyLimitKobo,
  failingAccountNumber,
  failureReason,
  getPayoutAccess,
  paidOutOnKobo,
  singleTransferLimitKobo,
  unverifiableAccountNumber,
  updatePayoutAccess,
} from './payout-rules';
import { beneficiaryRowSchema, renderBeneficiary } from './records';
import { recordSettlement } from './settlements';

/**
 * `POST /api/v1/beneficiaries`: after the access gates, checks the bank (400 UNKNOWN_BANK) and
 * the NUBAN check digit (400 INVALID_ACCOUNT_NUMBER), resolves the account name (simulated) and
 * stores the beneficiary, `verified` unless the account is the unverifiable test number.
 */
function createBeneficiary(
  context: HandlerContext<'createBeneficiary'>,
): HandlerResult<'createBeneficiary'> {
  const { db } = context.services;
  const { caller, body } = context;
  checkPayoutAccess(db, caller, context.clientIp);
  const bank = checkBankAccount(body);
  const verified = body.accountNumber !== unverifiableAccountNumber;
  const id = randomId('bnf_');
  execute(
    db,
    `INSERT INTO beneficiaries (id, merchant_id, mode, bank_id, bank_name, account_number,
       account_name, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      caller.merchantId,
      caller.mode,
      bank.id,
      bank.name,
      body.accountNumber,
      verified ? `SANDBOX BENEFICIARY ${body.accountNumber.slice(-4)}` : null,
      verified ? 'verified' : 'unverified',
      context.now.toISOString(),
    ],
  );
  const row = queryOne(db, 'SELECT * FROM beneficiaries WHERE id = ?', [id], beneficiaryRowSchema);
  if (row === null) throw new Error('The beneficiary just written is missing');
  return { status: 201, body: { data: renderBeneficiary(row) } };
}

/**
 * `POST /api/v1/payouts`: after the access gates, checks in order: the beneficiary exists in the
 * key's mode (404) and is verified (422 BENEFICIARY_NOT_VERIFIED), the balance covers the amount
 * (422 INSUFFICIENT_BALANCE), the single-transfer and daily limits (422 PAYOUT_LIMIT_EXCEEDED).
 * Then pays out: the failing test account gives a `failed` payout (balance untouched), any other
 * a `successful` one (balance debited).
 */
function createPayout(context: HandlerContext<'createPayout'>): HandlerResult<'createPayout'> {
  const { db } = context.services;
  const { caller, body, now } = context;
  checkPayoutAccess(db, caller, context.clientIp);
  const beneficiary = queryOne(
    db,
    'SELECT * FROM beneficiaries WHERE id = ? AND merchant_id = ? AND mode = ?',
    [body.beneficiaryId, caller.merchantId, caller.mode],
    beneficiaryRowSchema,
  );
  if (beneficiary === null) throw notFound(`No beneficiary ${body.beneficiaryId}`);
  if (beneficiary.status !== 'verified') {
    throw new ApiError(422, 'A payout requires a verified beneficiary', {
      code: errorCodes.beneficiaryNotVerified,
    });
  }
  const amountKobo = nairaToKobo(body.amount);
  const balance = availableBalanceKobo(db, caller.merchantId, caller.mode);
  if (amountKobo > balance) {
    throw new ApiError(
      422,
      `Insufficient balance: ₦${koboToNaira(balance).toFixed(2)} available for payouts`,
      { code: errorCodes.insufficientBalance },
    );
  }
  if (amountKobo > singleTransferLimitKobo) {
    throw new ApiError(
      422,
      `The single-transfer limit is ₦${koboToNaira(singleTransferLimitKobo).toFixed(2)}`,
      { code: errorCodes.payoutLimitExceeded },
    );
  }
  const day = lagosDate(now);
  if (paidOutOnKobo(db, caller.merchantId, day) + amountKobo > dailyLimitKobo) {
    throw new ApiError(
      422,
      `This payout would pass the daily limit of ₦${koboToNaira(dailyLimitKobo).toFixed(2)}`,
      { code: errorCodes.payoutLimitExceeded },
    );
  }

  const fails = beneficiary.account_number === failingAccountNumber;
  const payout: Payout = {
    id: randomId('po_'),
    mode: caller.mode,
    beneficiaryId: beneficiary.id,
    amount: koboToNaira(amountKobo),
    currency: 'NGN',
    narration: body.narration ?? null,
    status: fails ? 'failed' : 'successful',
    failureReason: fails ? failureReason : null,
    createdAt: now.toISOString(),
  };
  execute(
    db,
    `INSERT INTO payouts (id, merchant_id, mode, beneficiary_id, amount_kobo, narration, status,
       failure_reason, lagos_date, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      payout.id,
      caller.merchantId,
      caller.mode,
      beneficiary.id,
      amountKobo,
      payout.narration,
      payout.status,
      payout.failureReason,
      day,
      payout.createdAt,
    ],
  );
  const event = { merchantId: caller.merchantId, mode: caller.mode, now };
  if (fails) {
    recordEvent(db, { ...event, type: 'payout.failed', data: payout });
  } else {
    adjustBalance(db, caller.merchantId, caller.mode, -amountKobo);
    recordTransaction(db, {
      merchantId: caller.merchantId,
      mode: caller.mode,
      type: 'payout',
      amountKobo,
      reference: payout.id,
      payoutId: payout.id,
      now,
    });
    recordEvent(db, { ...event, type: 'payout.successful', data: payout });
  }
  return { status: 201, body: { data: payout } };
}

function getAccess(context: HandlerContext<'getPayoutAccess'>): HandlerResult<'getPayoutAccess'> {
  return {
    status: 200,
    body: { data: getPayoutAccess(context.services.db, context.caller.merchantId) },
  };
}

function setAccess(context: HandlerContext<'setPayoutAccess'>): HandlerResult<'setPayoutAccess'> {
  const data = updatePayoutAccess(
    context.services.db,
    context.caller.merchantId,
    context.body,
    context.now,
  );
  return { status: 200, body: { data } };
}

/** Issues a live secret key with scope `payouts:create` only; shown once, stored as a hash. */
function issuePayoutKey(
  context: HandlerContext<'issuePayoutKey'>,
): HandlerResult<'issuePayoutKey'> {
  const { secretKey } = issueSecretKey(context.services.db, {
    merchantId: context.caller.merchantId,
    mode: 'live',
    scopes: ['payouts:create'],
    now: context.services.clocks.clockFor('live').now(),
  });
  return { status: 201, body: { data: { secretKey, mode: 'live', scopes: ['payouts:create'] } } };
}

/**
 * Settles `amount` naira into the payout balance of `mode` (default: the key's mode) at once, on
 * top of the scheduled settlement of collections (./settlements.ts).
 * @throws ApiError 403 LIVE_MODE_REQUIRED when a test key asks for a live settlement (live-mode
 *   money moves only by a live key with `sandbox:controls`), 403 TEST_MODE_ONLY the other way.
 */
function createSettlement(
  context: HandlerContext<'createSettlement'>,
): HandlerResult<'createSettlement'> {
  const { db } = context.services;
  const { caller, body } = context;
  const mode = body.mode ?? caller.mode;
  if (mode !== caller.mode) {
    throw mode === 'live'
      ? liveControlOnly()
      : new ApiError(403, 'A live key settles live collections only', {
          code: errorCodes.testModeOnly,
        });
  }
  const settlement = recordSettlement(db, {
    merchantId: caller.merchantId,
    mode,
    amountKobo: nairaToKobo(body.amount),
    now: context.services.clocks.clockFor(mode).now(),
  });
  return { status: 201, body: { data: settlement } };
}

/** Handlers of the payouts area, by route name. */
export const payoutHandlers = {
  createBeneficiary: { run: createBeneficiary },
  createPayout: { run: createPayout },
  getPayoutAccess: { run: getAccess },
  setPayoutAccess: { run: setAccess },
  issuePayoutKey: { run: issuePayoutKey },
  createSettlement: { run: createSettlement },
} satisfies HandlerRegistry;
