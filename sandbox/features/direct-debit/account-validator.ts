/**
 * Bank account name resolution behind one interface (service-api.md, "Rules for the hosted setup",
 * 2 and 3): live links use the provider's validation (here simulated), test links use a synthetic
 * validator that says its names are test data and never sends test details to live validation.
 *
 * `createSandbox({ validators })` can replace either side (tests inject spies to prove that a test
 * link never reaches the live validator).
 */
import type { BankAccountValidator } from '../../core/bank-account-validator';
import { testAccountOutcome } from './test-accounts';

/** The synthetic name a test link shows for `accountNumber`: labelled as sandbox data. */
export function syntheticAccountName(accountNumber: string): string {
  return `TEST ACCOUNT ${accountNumber.slice(-4)} (sandbox data)`;
}

/**
 * Test mode: a deterministic synthetic name for any valid number, except the documented
 * account-not-found number (sandbox/features/direct-debit/test-accounts.ts).
 */
export const testValidator: BankAccountValidator = {
  mode: 'test',
  resolve({ accountNumber }) {
    if (testAccountOutcome(accountNumber) === 'account_not_found') {
      return Promise.resolve({ found: false });
    }
    return Promise.resolve({ found: true, accountName: syntheticAccountName(accountNumber) });
  },
};

const firstNames = [
  'ADAEZE',
  'CHINEDU',
  'FUNMILAYO',
  'IBRAHIM',
  'NGOZI',
  'OLUWASEUN',
  'TUNDE',
  'ZAINAB',
];
const lastNames = ['ADEBAYO', 'BELLO', 'EZE', 'MUSA', 'NWOSU', 'OKAFOR', 'OKONKWO', 'YUSUF'];

/**
 * The sandbox's stand-in for the provider's live validation: a realistic, deterministic name per
 * bank and number, and "not found" for serials of one repeated digit (e.g. `1111111111`).
 */
export const simulatedLiveValidator: BankAccountValidator = {
  mode: 'live',
  resolve({ bank, accountNumber }) {
    if (/^(\d)\1{8}/.test(accountNumber)) return Promise.resolve({ found: false });
    let hash = 0;
    for (const char of bank.id + accountNumber) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    const first = firstNames[hash % firstNames.length] ?? 'ADAEZE';
    const last = lastNames[Math.floor(hash / firstNames.length) % lastNames.length] ?? 'OKAFOR';
    return Promise.resolve({ found: true, accountName: `${last} ${first}` });
  },
};
