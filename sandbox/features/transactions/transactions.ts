/**
 * Recording money movements (contract/transactions.ts; service-api.md, "Events":
 * `transaction.created`). Every transfer credited to a virtual account, every successful mandate
 * debit and every successful payout goes through {@link recordTransaction}: one row in
 * `transactions`, one event, one shape.
 */
import type { Mode } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import { z } from 'zod';
import {
  transactionSchema,
  transactionTypes,
  type Transaction,
} from '../../../contract/transactions';
import { randomId } from '../../core/crypto';
import { execute, type Db } from '../../db/database';
import { recordEvent } from '../webhooks/events';

/** What {@link recordTransaction} needs. Links that do not apply are left out (stored as null). */
export interface TransactionInput {
  merchantId: string;
  mode: Mode;
  type: Transaction['type'];
  /** Kobo, a positive integer. */
  amountKobo: number;
  /** The movement's own reference (bank reference, debit id or payout id). */
  reference: string;
  virtualAccountId?: string | null;
  paymentId?: string | null;
  invoiceId?: string | null;
  mandateId?: string | null;
  payoutId?: string | null;
  senderName?: string | null;
  /** The sandbox clock's now. */
  now: Date;
}

/**
 * Stores one transaction (id `trn_…`) and records its `transaction.created` event, inside the
 * caller's transaction. Returns the transaction as the event carries it.
 * @throws Error from the database, or a ZodError when the input breaks the contract's shape
 *   (e.g. a non-positive amount); the surrounding transaction then rolls back.
 */
export function recordTransaction(db: Db, input: TransactionInput): Transaction {
  const transaction = transactionSchema.parse({
    id: randomId('trn_'),
    type: input.type,
    direction: input.type === 'payout' ? 'debit' : 'credit',
    amount: koboToNaira(input.amountKobo),
    currency: 'NGN',
    reference: input.reference,
    virtualAccountId: input.virtualAccountId ?? null,
    paymentId: input.paymentId ?? null,
    invoiceId: input.invoiceId ?? null,
    mandateId: input.mandateId ?? null,
    payoutId: input.payoutId ?? null,
    senderName: input.senderName ?? null,
    createdAt: input.now.toISOString(),
  });
  execute(
    db,
    `INSERT INTO transactions (id, merchant_id, mode, kind, amount_kobo, reference,
       virtual_account_id, payment_id, invoice_id, mandate_id, payout_id, sender_name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      transaction.id,
      input.merchantId,
      input.mode,
      transaction.type,
      input.amountKobo,
      transaction.reference,
      transaction.virtualAccountId,
      transaction.paymentId,
      transaction.invoiceId,
      transaction.mandateId,
      transaction.payoutId,
      transaction.senderName,
      transaction.createdAt,
    ],
  );
  recordEvent(db, {
    merchantId: input.merchantId,
    mode: input.mode,
    type: 'transaction.created',
    data: transaction,
    now: input.now,
  });
  return transaction;
}

/** A `transactions` row as stored (kobo). */
export const transactionRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  kind: z.enum(transactionTypes),
  amount_kobo: z.number().int(),
  reference: z.string(),
  virtual_account_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  mandate_id: z.string().nullable(),
  payout_id: z.string().nullable(),
  sender_name: z.string().nullable(),
  created_at: z.string(),
});

/** The API shape of a stored transaction (naira), the same as its `transaction.created` event. */
export function renderTransaction(row: z.infer<typeof transactionRowSchema>): Transaction {
  return {
    id: row.id,
    type: row.kind,
    direction: row.kind === 'payout' ? 'debit' : 'credit',
    amount: koboToNaira(row.amount_kobo),
    currency: 'NGN',
    reference: row.reference,
    virtualAccountId: row.virtual_account_id,
    paymentId: row.payment_id,
    invoiceId: row.invoice_id,
    mandateId: row.mandate_id,
    payoutId: row.payout_id,
    senderName: row.sender_name,
    createdAt: row.created_at,
  };
}
