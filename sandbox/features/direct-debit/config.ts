/**
 * Per-merchant, per-mode direct-debit configuration (service-api.md, "Direct debit mandate": the
 * configuration object is `{ data: { enabled, mode } }`, disabled by default). The real service
 * turns it on for a merchant in its controlled rollout; the sandbox has a control for it
 * (`PUT /sandbox/v1/direct-debit/config`).
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { execute, queryOne, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const enabledRowSchema = z.object({ enabled: z.number() });

/** Whether direct debit is enabled for the merchant in `mode` (false when never set). */
export function isDirectDebitEnabled(db: Db, merchantId: string, mode: Mode): boolean {
  const row = queryOne(
    db,
    'SELECT enabled FROM direct_debit_configs WHERE merchant_id = ? AND mode = ?',
    [merchantId, mode],
    enabledRowSchema,
  );
  return row?.enabled === 1;
}

/** Enables or disables direct debit for the merchant in `mode`. */
export function setDirectDebitEnabled(
  db: Db,
  input: { merchantId: string; mode: Mode; enabled: boolean; now: Date },
): void {
  execute(
    db,
    `INSERT INTO direct_debit_configs (merchant_id, mode, enabled, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (merchant_id, mode) DO UPDATE SET enabled = excluded.enabled,
       updated_at = excluded.updated_at`,
    [input.merchantId, input.mode, input.enabled ? 1 : 0, input.now.toISOString()],
  );
}
