/**
 * What this tab remembers of the setup form for one link, so that a reload, or leaving the page
 * and coming back through the history, resumes as if the customer had never left (issue 27,
 * point 4; decision 0039):
 *
 * - `draft`: the flow's bank and account number at its last form step (the digits typed at the
 *   account step too, as they are typed);
 * - `bankStep`: the bank step's own unconfirmed choice (a bank id from the list and the digits
 *   typed above it), before Continue tells the flow;
 * - `lookups`: the account lookups made for this link in this tab, by `lookupKey`: the resolved
 *   name, or null when the bank has no such account. A pair in here is never looked up again, so
 *   a reload of the confirm step spends none of the customer's rate-limited lookups
 *   (service-api.md, "Hosted customer setup", rule 1; "Limits").
 *
 * The name is kept for display only: the browser never sends it (the authorization carries the
 * bank id and the number; the service resolves the name again before submitting, rule 2).
 * sessionStorage (this tab only), one entry per link, keyed by a fingerprint of the link's
 * capability token (`dd-form:<16 hex>`), so the key does not repeat the token and a newer link
 * opened in the tab never resumes an older one's form. Forgotten once the link's setup cannot go
 * on (`useSetupMemory`). A tab without storage simply does not remember; nothing here throws.
 */
import { useLayoutEffect } from 'react';
import { z } from 'zod/mini';
import { bankSchema, type Bank } from '../../../contract/banks';
import type { Lookups } from './flow-state';
import type { SetupView } from './page-state';

const draftSchema = z.object({ bank: bankSchema, accountNumber: z.nullable(z.string()) });
const bankStepSchema = z.object({ bankId: z.nullable(z.string()), digits: z.string() });
/** Lookups by pair: each value a name or null. (zod's record type costs the first load ~0.6 KB.) */
function isLookups(value: unknown): value is Lookups {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((name) => name === null || typeof name === 'string')
  );
}
const memorySchema = z.object({
  draft: z.nullable(draftSchema),
  bankStep: z.nullable(bankStepSchema),
  lookups: z.custom<Lookups>(isLookups),
});

/** The bank step's unconfirmed choice: a bank id from the list (or none) and digits ('' = none). */
export type BankStepMemory = z.infer<typeof bankStepSchema>;

/** The flow's bank and number at its last form step. */
export type DraftMemory = z.infer<typeof draftSchema>;

/** Everything the tab remembers of one link's form. */
export type SetupMemory = z.infer<typeof memorySchema>;

const empty: SetupMemory = { draft: null, bankStep: null, lookups: {} };

/**
 * The sessionStorage key of the link whose capability token is `token`: a 64-bit fingerprint
 * (two 32-bit FNV-1a style mixes), not a secret and not the token; '' when there is no token.
 */
export function setupMemoryKey(token: string): string {
  if (token === '') return '';
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < token.length; i += 1) {
    const code = token.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return `dd-form:${hex(a)}${hex(b)}`;
}

/** What the tab remembers for the link of `key` ({@link setupMemoryKey}); null when nothing. */
export function recallSetup(key: string): SetupMemory | null {
  if (key === '') return null;
  try {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return null;
    const parsed = memorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Remembers `changes` for the link of `key`, keeping the rest. */
export function rememberSetup(key: string, changes: Partial<SetupMemory>): void {
  if (key === '') return;
  try {
    const next = { ...(recallSetup(key) ?? empty), ...changes };
    window.sessionStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Without storage a reload starts the form again; nothing else changes.
  }
}

/** Forgets everything the tab remembers for the link of `key`. */
export function forgetSetup(key: string): void {
  if (key === '') return;
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}

/** What the tab remembers of the bank step for the link of `key`; null when nothing. */
export function recallBankStep(key: string): BankStepMemory | null {
  return recallSetup(key)?.bankStep ?? null;
}

/** Remembers the bank step's current choice for the link of `key`. */
export function rememberBankStep(key: string, bankStep: BankStepMemory): void {
  rememberSetup(key, { bankStep });
}

/**
 * Keeps the digits the customer is typing at the account step (`bank` chosen), so a reload
 * before Continue resumes with them too. Called from the input's own event: an effect runs a
 * frame later under Preact (decision 0027).
 */
export function keepTypedNumber(key: string, bank: Bank, digits: string): void {
  rememberSetup(key, { draft: { bank, accountNumber: digits === '' ? null : digits } });
}

/** Whether `view` means the link's setup cannot go on in this tab's form any more. */
function finished(view: SetupView): boolean {
  switch (view.kind) {
    case 'status': // the mandate was submitted: the service's status view from now on
    case 'closed': // setup is no longer open for the link
      return true;
    case 'invalidLink':
      // Refused by the service (expired, revoked, unknown); a link without a usable token
      // (missing, malformed) names no link's memory.
      return view.reason === 'expired' || view.reason === 'revoked' || view.reason === 'unknown';
    default:
      return false;
  }
}

/**
 * Keeps the tab's memory of the link of `key` in step with the page: while a form step shows,
 * its bank and number (none at the bank step before a bank was chosen) and `lookups`; once the
 * setup cannot go on (the status view, a closed setup, a link refused), forgets it all. A layout
 * effect, so a reload in the frame after a step shows still finds it.
 */
export function useSetupMemory(key: string, view: SetupView, lookups: Lookups): void {
  const done = finished(view);
  const atStep =
    view.kind === 'chooseBank' || view.kind === 'enterAccount' || view.kind === 'confirm';
  const bank = atStep ? view.bank : null;
  const accountNumber = atStep ? view.accountNumber : null;
  useLayoutEffect(() => {
    if (done) forgetSetup(key);
    else if (atStep) {
      rememberSetup(key, {
        draft: bank === null ? null : { bank, accountNumber },
        lookups: { ...lookups },
      });
    }
  }, [key, done, atStep, bank, accountNumber, lookups]);
}
