/**
 * The sandbox's payout rules (service-api.md, "Authentication" rule 5, "Errors", "Limits"): the
 * business's payout access, the gates in the order they are checked, the limits, the payout
 * balance and the test account numbers. Synchronous: call inside the request's transaction.
 * Amounts here are integer kobo.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { errorCodes } from '../../../contract/errors';
import type { PayoutAccess } from '../../../contract/payouts';
import { koboToNaira } from '../../../contract/money';
import { isValidNuban } from '../../../contract/nuban';
import { ApiError } from '../../core/api-error';
import { execute, queryOne, type Db } from '../../db/database';
import { findBank } from '../direct-debit/banks';

// Row schemas built once: building a zod object costs far more than parsing with it.
const availableRowSchema = z.object({ available_kobo: z.number().int() });
const totalRowSchema = z.object({ total: z.number().int() });

/** Largest single payout, kobo (₦5,000,000). Ours: the document does not show the value. */
export const singleTransferLimitKobo = 5_000_000_00;
/** Most a business may pay out per Africa/Lagos calendar day, kobo (₦20,000,000). Ours. */
export const dailyLimitKobo = 20_000_000_00;

/** Guaranty Trust Bank (NIP code), the bank of the payout test account numbers. */
export const payoutTestBankId = '000013';

/** Account number whose payouts fail, and the reason reported. */
export const failingAccountNumber = '0000001022';
export const failureReason = 'The receiving bank rejected the credit (account dormant)';
/** Account number whose beneficiary cannot be verified. */
export const unverifiableAccountNumber = '0000001039';

const accessRowSchema = z.object({
  kyc_approved: z.number().int(),
  api_enabled: z.number().int(),
  ip_whitelist: z.string().transform((text) => z.array(z.string()).parse(JSON.parse(text))),
});

/** The business's payout access as the sandbox control shows it (defaults: all off, empty). */
export function getPayoutAccess(db: Db, merchantId: string): PayoutAccess {
  const row = queryOne(
    db,
    'SELECT kyc_approved, api_enabled, ip_whitelist FROM payout_access WHERE merchant_id = ?',
    [merchantId],
    accessRowSchema,
  );
  return {
    kycApproved: row?.kyc_approved === 1,
    enabled: row?.api_enabled === 1,
    ipWhitelist: row?.ip_whitelist ?? [],
    singleTransferLimit: koboToNaira(singleTransferLimitKobo),
    dailyLimit: koboToNaira(dailyLimitKobo),
  };
}

/**
 * Changes the fields given (KYC approval, IP whitelist); the others keep their value. Payout API
 * access is not among them: only an approved use case opens it ({@link enablePayoutApi}).
 * Returns the result.
 */
export function updatePayoutAccess(
  db: Db,
  merchantId: string,
  change: { kycApproved?: boolean; ipWhitelist?: string[] },
  now: Date,
): PayoutAccess {
  const current = getPayoutAccess(db, merchantId);
  writePayoutAccess(db, merchantId, {
    kycApproved: change.kycApproved ?? current.kycApproved,
    enabled: current.enabled,
    ipWhitelist: (change.ipWhitelist ?? current.ipWhitelist).map(normalizeIp),
    now,
  });
  return getPayoutAccess(db, merchantId);
}

/**
 * Turns the Payout API on for the business: the service's approval of a payout use case
 * (Authentication, rule 5's "enabled for the business by the service after review"; ./use-cases.ts).
 */
export function enablePayoutApi(db: Db, merchantId: string, now: Date): void {
  const current = getPayoutAccess(db, merchantId);
  writePayoutAccess(db, merchantId, { ...current, enabled: true, now });
}

function writePayoutAccess(
  db: Db,
  merchantId: string,
  next: { kycApproved: boolean; enabled: boolean; ipWhitelist: string[]; now: Date },
): void {
  execute(
    db,
    `INSERT INTO payout_access (merchant_id, kyc_approved, api_enabled, ip_whitelist, updated_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (merchant_id) DO UPDATE SET kyc_approved = excluded.kyc_approved,
       api_enabled = excluded.api_enabled, ip_whitelist = excluded.ip_whitelist,
       updated_at = excluded.updated_at`,
    [
      merchantId,
      next.kycApproved ? 1 : 0,
      next.enabled ? 1 : 0,
      JSON.stringify([...new Set(next.ipWhitelist)]),
      next.now.toISOString(),
    ],
  );
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, as Node reports IPv4 peers on dual-stack
 * sockets) as plain IPv4; other addresses lowercased. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined && isIP(mapped[1]) === 4) return mapped[1];
  return ip.toLowerCase();
}

/**
 * The gates every payout operation passes, after the core's key (401), scope `payouts:create`
 * (403 INSUFFICIENT_SCOPE), Idempotency-Key (400) and body (400) checks, in this order:
 *
 * 1. a live secret key: 403 LIVE_MODE_REQUIRED;
 * 2. approved KYC: 403 KYC_NOT_APPROVED;
 * 3. Payout API access enabled (an approved payout use case, ./use-cases.ts): 403 "Payout API
 *    is not enabled for the business" (no code, as in the document's Errors table);
 * 4. an IP whitelist configured: 403 PAYOUT_IP_WHITELIST_REQUIRED;
 * 5. the request's IP in the whitelist: 403 PAYOUT_IP_NOT_ALLOWED (in-process calls have no IP).
 */
export function checkPayoutAccess(
  db: Db,
  caller: { merchantId: string; mode: Mode },
  clientIp: string | null,
): void {
  if (caller.mode !== 'live') {
    throw new ApiError(403, 'Payouts need a live secret key', {
      code: errorCodes.liveModeRequired,
    });
  }
  const access = getPayoutAccess(db, caller.merchantId);
  if (!access.kycApproved) {
    throw new ApiError(403, 'Payouts need an approved KYC for the business', {
      code: errorCodes.kycNotApproved,
    });
  }
  if (!access.enabled) throw new ApiError(403, 'Payout API is not enabled for the business');
  if (access.ipWhitelist.length === 0) {
    throw new ApiError(
      403,
      'Payout API used while no IP whitelist is configured: add your server IPs first',
      { code: errorCodes.payoutIpWhitelistRequired },
    );
  }
  if (clientIp === null || !access.ipWhitelist.includes(normalizeIp(clientIp))) {
    throw new ApiError(403, `Request IP ${clientIp ?? '(unknown)'} is not in the whitelist`, {
      code: errorCodes.payoutIpNotAllowed,
    });
  }
}

/** The payout balance of the merchant in `mode`, kobo. */
export function availableBalanceKobo(db: Db, merchantId: string, mode: Mode): number {
  return (
    queryOne(
      db,
      'SELECT available_kobo FROM payout_balances WHERE merchant_id = ? AND mode = ?',
      [merchantId, mode],
      availableRowSchema,
    )?.available_kobo ?? 0
  );
}

/** Adds `deltaKobo` (negative to debit) to the balance; the table refuses a negative result. */
export function adjustBalance(db: Db, merchantId: string, mode: Mode, deltaKobo: number): number {
  // Insert a zero row first: a negative delta in the INSERT itself would trip the CHECK.
  execute(
    db,
    `INSERT INTO payout_balances (merchant_id, mode, available_kobo) VALUES (?, ?, 0)
     ON CONFLICT (merchant_id, mode) DO NOTHING`,
    [merchantId, mode],
  );
  execute(
    db,
    'UPDATE payout_balances SET available_kobo = available_kobo + ? WHERE merchant_id = ? AND mode = ?',
    [deltaKobo, merchantId, mode],
  );
  return availableBalanceKobo(db, merchantId, mode);
}

/** Kobo paid out successfully by the business on Lagos calendar day `lagosDate`. */
export function paidOutOnKobo(db: Db, merchantId: string, lagosDate: string): number {
  return (
    queryOne(
      db,
      `SELECT COALESCE(SUM(amount_kobo), 0) AS total FROM payouts
       WHERE merchant_id = ? AND lagos_date = ? AND status = 'successful'`,
      [merchantId, lagosDate],
      totalRowSchema,
    )?.total ?? 0
  );
}

/**
 * A bank account money is sent to (a beneficiary, a withdrawal's settlement account): the bank
 * must be known and the 10-digit NUBAN valid for it (service-api.md, "Beneficiary and payout").
 * @returns the bank. @throws ApiError 400 UNKNOWN_BANK, 400 INVALID_ACCOUNT_NUMBER.
 */
export function checkBankAccount(account: { bankId: string; accountNumber: string }) {
  const bank = findBank(account.bankId);
  if (bank === undefined) {
    throw new ApiError(400, `Unknown bank ${account.bankId}`, { code: errorCodes.unknownBank });
  }
  if (bank.cbnCode !== null && !isValidNuban(bank.cbnCode, account.accountNumber)) {
    throw new ApiError(400, `${account.accountNumber} is not a valid ${bank.name} account number`, {
      code: errorCodes.invalidAccountNumber,
    });
  }
  return bank;
}
