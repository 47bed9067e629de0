/**
 * Settlement of collections into the payout balance (service-api.md, "Events":
 * `settlement.completed`; docs/decisions/0008 and 0021; sandbox/README.md, "Payouts and
 * settlements").
 *
 * Schedule (ours; the document shows none): **T+1 at 00:00 Africa/Lagos** by the mode's clock
 * (docs/decisions/0004). Every collection (an inbound transfer to a virtual account, a successful
 * mandate debit: transactions of kind `transfer` or `debit`) not yet settled and made on an
 * earlier Lagos day than now is settled by the due work: one settlement per merchant and mode,
 * naming its transactions, added to the balance, with one `settlement.completed` event. Advancing
 * the test clock past midnight Lagos therefore settles test collections; live ones follow the
 * base clock. Amounts are integer kobo here, naira in the event.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import type { Settlement } from '../../../contract/payouts';
import { randomId } from '../../core/crypto';
import { execute, queryAll, type Db } from '../../db/database';
import { lagosDate } from '../subscriptions/billing-dates';
import { recordEvent } from '../webhooks/events';
import { adjustBalance } from './payout-rules';

// Row schemas built once: building a zod object costs far more than parsing with it.
const dueCollectionRowSchema = z.object({
  merchant_id: z.string(),
  total: z.number().int(),
  last_rowid: z.number().int(),
});

/**
 * Records a settlement of `amountKobo` for the merchant in `mode` at `now`: the row, the balance
 * and the `settlement.completed` event (call inside the request's or due work's transaction).
 * @returns the settlement as the API and the event show it (naira).
 */
export function recordSettlement(
  db: Db,
  input: { merchantId: string; mode: Mode; amountKobo: number; now: Date },
): Settlement {
  const id = randomId('stl_');
  const createdAt = input.now.toISOString();
  execute(
    db,
    `INSERT INTO settlements (id, merchant_id, mode, amount_kobo, created_at)
     VALUES (?, ?, ?, ?, ?)`,
    [id, input.merchantId, input.mode, input.amountKobo, createdAt],
  );
  const balance = adjustBalance(db, input.merchantId, input.mode, input.amountKobo);
  const settlement: Settlement = {
    id,
    mode: input.mode,
    amount: koboToNaira(input.amountKobo),
    currency: 'NGN',
    status: 'completed',
    availableBalance: koboToNaira(balance),
    createdAt,
  };
  recordEvent(db, {
    merchantId: input.merchantId,
    mode: input.mode,
    type: 'settlement.completed',
    data: settlement,
    now: input.now,
  });
  return settlement;
}

/** The UTC instant of 00:00 Africa/Lagos (UTC+1, no daylight saving) on the Lagos day of `now`. */
function startOfLagosDay(now: Date): string {
  return new Date(`${lagosDate(now)}T00:00:00+01:00`).toISOString();
}

/**
 * Due work (from the core's `runDueWork`, once per mode, `now` from that mode's clock): settles
 * every unsettled collection of `mode` made before today's 00:00 Lagos, one settlement per
 * merchant. @throws Error from the database.
 */
export function settleDueCollections(db: Db, mode: Mode, now: Date): void {
  const due = queryAll(
    db,
    `SELECT merchant_id, SUM(amount_kobo) AS total, MAX(rowid) AS last_rowid FROM transactions
     WHERE mode = ? AND kind IN ('transfer', 'debit') AND settlement_id IS NULL
       AND created_at < ?
     GROUP BY merchant_id`,
    [mode, startOfLagosDay(now)],
    dueCollectionRowSchema,
  );
  for (const row of due) {
    const settlement = recordSettlement(db, {
      merchantId: row.merchant_id,
      mode,
      amountKobo: row.total,
      now,
    });
    execute(
      db,
      `UPDATE transactions SET settlement_id = ?
       WHERE mode = ? AND merchant_id = ? AND kind IN ('transfer', 'debit')
         AND settlement_id IS NULL AND created_at < ? AND rowid <= ?`,
      [settlement.id, mode, row.merchant_id, startOfLagosDay(now), row.last_rowid],
    );
  }
}
