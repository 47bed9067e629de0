/**
 * Virtual accounts (service-api.md, "Virtual account", "States and transitions"; contract
 * virtual-accounts.ts). Reserved accounts (`RESERVED`) are persistent and reusable for one customer;
 * dynamic accounts (`DYNAMIC`) are bound to an amount and stop being payable when their payment
 * window ends (`EXPIRED`, applied by {@link expireDueAccounts} from `runDueWork`).
 *
 * Amounts: integer kobo in the database, naira in the API shape. Every read is confined to one
 * merchant and one mode (test and live never see each other).
 */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import { nubanCheckDigit } from '../../../contract/nuban';
import type { VirtualAccount } from '../../../contract/virtual-accounts';
import { notFound } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const takenRowSchema = z.object({ id: z.string() });

/** The bank the sandbox's simulated provider issues virtual accounts at (CBN code 035). */
export const virtualAccountBank = { name: 'Wema Bank', cbnCode: '035' } as const;

export const virtualAccountRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  type: z.enum(['RESERVED', 'DYNAMIC']),
  status: z.enum(['ACTIVE', 'EXPIRED']),
  account_name: z.string(),
  account_number: z.string(),
  bank_name: z.string(),
  provider_reference: z.string(),
  amount_kobo: z.number().int().nullable(),
  customer_email: z.string().nullable(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type VirtualAccountRow = z.infer<typeof virtualAccountRowSchema>;

/** What {@link createVirtualAccount} needs. `amountKobo`/`expiresAt` only for dynamic accounts. */
export interface NewVirtualAccount {
  merchantId: string;
  mode: Mode;
  type: 'RESERVED' | 'DYNAMIC';
  accountName: string;
  amountKobo: number | null;
  customer: {
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    phone: string | null;
  };
  expiresAt: Date | null;
  now: Date;
}

/** A fresh 10-digit NUBAN at {@link virtualAccountBank} that no other account holds. */
function freshAccountNumber(db: Db): string {
  for (;;) {
    const serial = String(randomInt(1_000_000_000)).padStart(9, '0');
    const number = serial + String(nubanCheckDigit(virtualAccountBank.cbnCode, serial));
    const taken = queryOne(
      db,
      'SELECT id FROM virtual_accounts WHERE account_number = ?',
      [number],
      takenRowSchema,
    );
    if (taken === null) return number;
  }
}

/** Creates an ACTIVE virtual account (`va_…`; reference = id) and returns its row. */
export function createVirtualAccount(db: Db, input: NewVirtualAccount): VirtualAccountRow {
  const id = randomId('va_');
  execute(
    db,
    `INSERT INTO virtual_accounts (id, merchant_id, mode, type, status, account_name, account_number,
       bank_name, provider_reference, amount_kobo, customer_email, customer_first_name,
       customer_last_name, customer_phone, expires_at, created_at)
     VALUES (?, ?, ?, ?, 'ACTIVE', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      input.merchantId,
      input.mode,
      input.type,
      input.accountName,
      freshAccountNumber(db),
      virtualAccountBank.name,
      randomId('prv_'),
      input.amountKobo,
      input.customer.email,
      input.customer.firstName,
      input.customer.lastName,
      input.customer.phone,
      input.expiresAt === null ? null : input.expiresAt.toISOString(),
      input.now.toISOString(),
    ],
  );
  return getVirtualAccountRow(db, id);
}

/** The account `id` whatever its owner. @throws Error when missing (a bug). */
export function getVirtualAccountRow(db: Db, id: string): VirtualAccountRow {
  const row = queryOne(
    db,
    'SELECT * FROM virtual_accounts WHERE id = ?',
    [id],
    virtualAccountRowSchema,
  );
  if (row === null) throw new Error(`Virtual account ${id} is missing`);
  return row;
}

/**
 * The accounts `ids` whatever their owner, by id, in one query (the accounts of a page of
 * payments, instead of one read per payment).
 * @throws Error when one is missing (a bug).
 */
export function getVirtualAccountRows(
  db: Db,
  ids: readonly string[],
): Map<string, VirtualAccountRow> {
  const rows = queryAll(
    db,
    'SELECT * FROM virtual_accounts WHERE id IN (SELECT value FROM json_each(?))',
    [JSON.stringify(ids)],
    virtualAccountRowSchema,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new Error(`Virtual account ${missing} is missing`);
  return byId;
}

/** The account `id` of this merchant and mode. @throws ApiError 404 otherwise. */
export function findVirtualAccount(
  db: Db,
  merchantId: string,
  mode: Mode,
  id: string,
): VirtualAccountRow {
  const row = queryOne(
    db,
    'SELECT * FROM virtual_accounts WHERE id = ? AND merchant_id = ? AND mode = ?',
    [id, merchantId, mode],
    virtualAccountRowSchema,
  );
  if (row === null) throw notFound(`No virtual account with id ${id}`);
  return row;
}

/** The documented API shape (amount in naira; reference equals id). */
export function renderVirtualAccount(row: VirtualAccountRow): VirtualAccount {
  return {
    id: row.id,
    reference: row.id,
    mode: row.mode,
    type: row.type,
    status: row.status,
    accountName: row.account_name,
    accountNumber: row.account_number,
    bankName: row.bank_name,
    providerReference: row.provider_reference,
    amount: row.amount_kobo === null ? null : koboToNaira(row.amount_kobo),
    currency: 'NGN',
    customer:
      row.customer_email === null && row.customer_phone === null
        ? null
        : {
            email: row.customer_email,
            firstName: row.customer_first_name,
            lastName: row.customer_last_name,
            phone: row.customer_phone,
          },
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

/**
 * Marks every ACTIVE dynamic account of `mode` whose window ended at or before `now` (that mode's
 * clock) as EXPIRED and returns them (the caller expires their payments). Run inside
 * `runDueWork`'s transaction.
 */
export function expireDueAccounts(db: Db, mode: Mode, now: Date): VirtualAccountRow[] {
  const due = queryAll(
    db,
    `SELECT * FROM virtual_accounts
     WHERE mode = ? AND status = 'ACTIVE' AND type = 'DYNAMIC' AND expires_at <= ?`,
    [mode, now.toISOString()],
    virtualAccountRowSchema,
  );
  for (const row of due) {
    execute(db, "UPDATE virtual_accounts SET status = 'EXPIRED' WHERE id = ?", [row.id]);
  }
  return due.map((row) => ({ ...row, status: 'EXPIRED' as const }));
}
