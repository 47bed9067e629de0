/**
 * What this tab remembers of the bank step while the customer is on it (issue 27.4): the bank
 * picked in the list and the account number typed above it, before Continue tells the flow.
 * A reload of the bank step (or coming back to the page) would otherwise show an empty step.
 *
 * sessionStorage (this tab only), one entry per link (keyed by the subscription's id), holding
 * the bank's id (resolved against the service's bank list again) and the digits; never an
 * account name: the service looks it up, and resolves it again when the authorization arrives
 * (service-api.md, "Direct-debit setup"). A tab without storage simply does not remember.
 */
import { z } from 'zod/mini';

const memorySchema = z.object({ bankId: z.nullable(z.string()), digits: z.string() });

/** The bank step's unconfirmed choice: a bank id from the list (or none) and digits ('' = none). */
export type BankStepMemory = z.infer<typeof memorySchema>;

function keyFor(subscriptionId: string): string {
  return `dd-bank-step:${subscriptionId}`;
}

/** What the tab remembers of the bank step for this link; null when nothing. Never throws. */
export function recallBankStep(subscriptionId: string): BankStepMemory | null {
  try {
    const raw = window.sessionStorage.getItem(keyFor(subscriptionId));
    if (raw === null) return null;
    const parsed = memorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers the bank step's current choice for this link. Never throws. */
export function rememberBankStep(subscriptionId: string, memory: BankStepMemory): void {
  try {
    window.sessionStorage.setItem(keyFor(subscriptionId), JSON.stringify(memory));
  } catch {
    // Without storage a reload shows the bank step empty again; nothing else changes.
  }
}
