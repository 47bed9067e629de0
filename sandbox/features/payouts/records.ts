/**
 * Beneficiaries and payouts in the database and their API shapes (contract/payouts.ts; amounts
 * stored in kobo, answered in naira).
 */
import { z } from 'zod';
import { koboToNaira } from '../../../contract/money';
import type { Beneficiary, Payout } from '../../../contract/payouts';

export const beneficiaryRowSchema = z.object({
  id: z.string(),
  mode: z.enum(['test', 'live']),
  bank_id: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string().nullable(),
  status: z.enum(['verified', 'unverified']),
  created_at: z.string(),
});

export function renderBeneficiary(row: z.infer<typeof beneficiaryRowSchema>): Beneficiary {
  return {
    id: row.id,
    mode: row.mode,
    bankId: row.bank_id,
    bankName: row.bank_name,
    accountNumber: row.account_number,
    accountName: row.account_name,
    status: row.status,
    createdAt: row.created_at,
  };
}

export const payoutRowSchema = z.object({
  id: z.string(),
  mode: z.enum(['test', 'live']),
  beneficiary_id: z.string(),
  amount_kobo: z.number().int(),
  narration: z.string().nullable(),
  status: z.enum(['successful', 'failed']),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});

/** The API shape of a stored payout (naira). */
export function renderPayout(row: z.infer<typeof payoutRowSchema>): Payout {
  return {
    id: row.id,
    mode: row.mode,
    beneficiaryId: row.beneficiary_id,
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    narration: row.narration,
    status: row.status,
    failureReason: row.failure_reason,
    createdAt: row.created_at,
  };
}
