/**
 * Direct-debit mandates (service-api.md, "Direct debit mandate", "States and transitions";
 * contract/direct-debit.ts). A subscription has at most one current mandate; a rejected one is
 * kept as history (`superseded_at`) when the customer authorizes another account.
 *
 * Bank outcomes that arrive later are stored as due work (`planned_status` at `settles_at`) and
 * applied by {@link settleDueMandates} from `runDueWork` (docs/decisions/0004-time-and-due-work.md).
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import {
  activationInstructionsSchema,
  bankApprovedStatuses,
  mandateStatusSchema,
  type ActivationInstructions,
  type Mandate,
  type MandateStatus,
} from '../../../contract/direct-debit';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';
import { testAccountOutcome, testAccountRejectionReason } from './test-accounts';

const mandateRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  subscription_id: z.string(),
  status: mandateStatusSchema,
  bank_id: z.string(),
  bank_name: z.string(),
  account_number_masked: z.string(),
  account_name: z.string(),
  rejection_reason: z.string().nullable(),
  activation_json: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
type MandateRow = z.infer<typeof mandateRowSchema>;

/** Token transfer a pending Nigerian e-mandate asks for, in naira (₦50.00). */
export const activationAmountNaira = 50;
/** How long the customer has for the activation transfer, in milliseconds (48 h). */
export const activationWindowMs = 48 * 60 * 60 * 1000;

function renderMandate(row: MandateRow): Mandate {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    mode: row.mode,
    status: row.status,
    bank: { id: row.bank_id, name: row.bank_name },
    accountNumberMasked: row.account_number_masked,
    accountName: row.account_name,
    rejectionReason: row.rejection_reason,
    activation:
      row.activation_json === null
        ? null
        : activationInstructionsSchema.parse(JSON.parse(row.activation_json)),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The subscription's current mandate in the API shape, or null. */
export function currentMandate(db: Db, subscriptionId: string): Mandate | null {
  const row = queryOne(
    db,
    'SELECT * FROM mandates WHERE subscription_id = ? AND superseded_at IS NULL',
    [subscriptionId],
    mandateRowSchema,
  );
  return row === null ? null : renderMandate(row);
}

/** The merchant's current mandates in `mode`, newest first. */
export function listMandates(db: Db, merchantId: string, mode: Mode): Mandate[] {
  return queryAll(
    db,
    `SELECT * FROM mandates WHERE merchant_id = ? AND mode = ? AND superseded_at IS NULL
     ORDER BY created_at DESC, id`,
    [merchantId, mode],
    mandateRowSchema,
  ).map(renderMandate);
}

/** `******7890`: the only form of an account number the sandbox keeps. */
export function maskAccountNumber(accountNumber: string): string {
  return `******${accountNumber.slice(-4)}`;
}

interface PlannedMandate {
  status: MandateStatus;
  plannedStatus: MandateStatus | null;
  settlesAt: string | null;
  rejectionReason: string | null;
  activation: ActivationInstructions | null;
}

/**
 * What the bank does with a new authorization. Test mode: by account number
 * (test-accounts.ts). Live mode (simulated): pending, then approved after the delay.
 */
function planOutcome(input: {
  mode: Mode;
  accountNumber: string;
  mandateId: string;
  now: Date;
  approvalDelayMs: number;
}): PlannedMandate {
  const later = new Date(input.now.getTime() + input.approvalDelayMs).toISOString();
  const base = { plannedStatus: null, settlesAt: null, rejectionReason: null, activation: null };
  const outcome =
    input.mode === 'test' ? testAccountOutcome(input.accountNumber) : 'approved_after_delay';
  switch (outcome) {
    case 'approved_after_delay':
    case 'account_not_found': // never reaches here: resolution fails first
      return { ...base, status: 'pending', plannedStatus: 'approved', settlesAt: later };
    case 'verified':
      return { ...base, status: 'verified' };
    case 'unknown':
      return { ...base, status: 'unknown' };
    case 'rejected':
      return {
        ...base,
        status: 'rejected',
        rejectionReason: testAccountRejectionReason(input.accountNumber),
      };
    case 'pending_activation':
      return {
        ...base,
        status: 'pending',
        activation: {
          amount: activationAmountNaira,
          currency: 'NGN',
          destinationAccountNumber: '9900000019',
          destinationAccountName: 'NIBSS E-MANDATE ACTIVATION (sandbox data)',
          destinationBankName: 'Sandbox Settlement Bank',
          reference: `MDTACT-${input.mandateId.slice(4, 14).toUpperCase()}`,
          deadline: new Date(input.now.getTime() + activationWindowMs).toISOString(),
        },
      };
  }
}

function markPreferredDirectDebit(db: Db, subscriptionId: string): void {
  execute(db, "UPDATE subscriptions SET preferred_payment_method = 'direct_debit' WHERE id = ?", [
    subscriptionId,
  ]);
}

/**
 * Records the customer's authorization as the subscription's current mandate; a rejected
 * predecessor is kept as history. The caller has checked that setup is open and resolved
 * `accountName` server-side. Only the masked account number is stored.
 */
export function createMandate(
  db: Db,
  input: {
    merchantId: string;
    mode: Mode;
    subscriptionId: string;
    bank: { id: string; name: string };
    accountNumber: string;
    accountName: string;
    now: Date;
    approvalDelayMs: number;
  },
): Mandate {
  const id = randomId('mdt_');
  const now = input.now.toISOString();
  const plan = planOutcome({ ...input, mandateId: id });
  execute(
    db,
    'UPDATE mandates SET superseded_at = ? WHERE subscription_id = ? AND superseded_at IS NULL',
    [now, input.subscriptionId],
  );
  execute(
    db,
    `INSERT INTO mandates (id, merchant_id, mode, subscription_id, status, bank_id, bank_name,
       account_number_masked, account_name, rejection_reason, activation_json, planned_status,
       settles_at, superseded_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    [
      id,
      input.merchantId,
      input.mode,
      input.subscriptionId,
      plan.status,
      input.bank.id,
      input.bank.name,
      maskAccountNumber(input.accountNumber),
      input.accountName,
      plan.rejectionReason,
      plan.activation === null ? null : JSON.stringify(plan.activation),
      plan.plannedStatus,
      plan.settlesAt,
      now,
      now,
    ],
  );
  if (bankApprovedStatuses.includes(plan.status)) {
    markPreferredDirectDebit(db, input.subscriptionId);
  }
  const created = currentMandate(db, input.subscriptionId);
  if (created === null) throw new Error('The mandate just written is missing');
  return created;
}

/**
 * Turns automatic debit off for the subscription and requests revocation of its mandate when it
 * is pending, verified, approved or unknown (States and transitions, "Direct debit disable
 * call"): the mandate becomes `revocation_requested`, and the bank's confirmation makes it
 * `revoked` `revocationDelayMs` later (due work, {@link settleDueMandates}). A planned bank
 * outcome (e.g. pending → approved) is cancelled. Rejected and revocation-state mandates stay as
 * they are, so calling it twice changes nothing more. Debits already submitted to the bank are
 * not recalled: they may still complete.
 *
 * @param revocationDelayMs milliseconds until the bank confirms the revocation (the sandbox uses
 *   its approval delay).
 */
export function disableAutomaticDebit(
  db: Db,
  subscriptionId: string,
  now: Date,
  revocationDelayMs: number,
): void {
  execute(db, 'UPDATE subscriptions SET automatic_debit_enabled = 0 WHERE id = ?', [
    subscriptionId,
  ]);
  execute(
    db,
    `UPDATE mandates
     SET status = 'revocation_requested', planned_status = 'revoked', settles_at = ?,
       updated_at = ?
     WHERE subscription_id = ? AND superseded_at IS NULL
       AND status NOT IN ('rejected', 'revocation_requested', 'revoked')`,
    [new Date(now.getTime() + revocationDelayMs).toISOString(), now.toISOString(), subscriptionId],
  );
}

/** Statuses in which a mandate still awaits the bank's final answer. */
export const awaitingBankStatuses: readonly MandateStatus[] = ['pending', 'unknown'];

/**
 * Applies the bank's final answer to the subscription's current mandate, when it still awaits one
 * ({@link awaitingBankStatuses}): `approved` (automatic debit may collect renewals from now on), or
 * `rejected` with `rejectionReason` (the customer may try another account while setup is open).
 * A planned outcome and any activation instructions are dropped (nothing is left to do).
 * `updatedAt` becomes `now` (the mode's clock). A mandate that awaits no answer, or no mandate,
 * is left as it is; the caller says why.
 */
export function applyBankAnswer(
  db: Db,
  subscriptionId: string,
  answer: { status: 'approved' } | { status: 'rejected'; rejectionReason: string },
  now: Date,
): void {
  const changed = execute(
    db,
    `UPDATE mandates
     SET status = ?, rejection_reason = ?, activation_json = NULL, planned_status = NULL,
       settles_at = NULL, updated_at = ?
     WHERE subscription_id = ? AND superseded_at IS NULL
       AND status IN (${awaitingBankStatuses.map(() => '?').join(', ')})`,
    [
      answer.status,
      answer.status === 'rejected' ? answer.rejectionReason : null,
      now.toISOString(),
      subscriptionId,
      ...awaitingBankStatuses,
    ],
  );
  if (changed > 0 && answer.status === 'approved') markPreferredDirectDebit(db, subscriptionId);
}

const dueRowSchema = z.object({
  id: z.string(),
  subscription_id: z.string(),
  planned_status: mandateStatusSchema,
  settles_at: z.string(),
});

/**
 * Applies every bank outcome of `mode`'s mandates due at `now` (that mode's clock): pending →
 * approved (or verified), and revocation_requested → revoked. `updated_at` is the instant the
 * outcome fell due, so the result does not depend on when the sandbox got round to it.
 */
export function settleDueMandates(db: Db, mode: Mode, now: Date): void {
  const due = queryAll(
    db,
    `SELECT id, subscription_id, planned_status, settles_at FROM mandates
     WHERE mode = ? AND planned_status IS NOT NULL AND settles_at <= ?`,
    [mode, now.toISOString()],
    dueRowSchema,
  );
  for (const row of due) {
    const changed = execute(
      db,
      `UPDATE mandates SET status = ?, planned_status = NULL, settles_at = NULL, updated_at = ?
       WHERE id = ? AND status = ?`,
      [
        row.planned_status,
        row.settles_at,
        row.id,
        row.planned_status === 'revoked' ? 'revocation_requested' : 'pending',
      ],
    );
    // A mandate that left the awaited status some other way keeps its status; the plan is dropped.
    execute(db, 'UPDATE mandates SET planned_status = NULL, settles_at = NULL WHERE id = ?', [
      row.id,
    ]);
    if (changed > 0 && bankApprovedStatuses.includes(row.planned_status)) {
      markPreferredDirectDebit(db, row.subscription_id);
    }
  }
}
