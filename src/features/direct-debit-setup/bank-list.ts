/**
 * Pure helpers of the bank step: searching the list, and suggesting the banks where a typed
 * account number is a valid NUBAN (product.md, flow step 3, and "Money, phones, banks, time").
 */
import type { Bank } from '../../../contract/banks';
import { isTenDigits, isValidNuban } from '../../../contract/nuban';

/** At most this many suggestions: a number valid at more banks says little about the bank. */
export const maxSuggestions = 5;

// Case- and accent-insensitive, punctuation ignored: "first bank", "FirstBank" and "First-Bank"
// all find First Bank of Nigeria.
function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Banks whose name or short name contains `query` (all of them for an empty query), in order. */
export function filterBanks(banks: readonly Bank[], query: string): Bank[] {
  const needle = normalize(query);
  if (needle === '') return [...banks];
  return banks.filter(
    (bank) => normalize(bank.name).includes(needle) || normalize(bank.shortName).includes(needle),
  );
}

/** Digits of what the customer typed (spaces and dashes dropped). */
export function digitsOf(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * The banks with a CBN code at which `accountNumber` (ten digits) passes the NUBAN check digit,
 * when there are 1 to {@link maxSuggestions} of them; otherwise none. Banks without a CBN code
 * cannot be checked and are never suggested (nor excluded from the list).
 */
export function suggestBanks(banks: readonly Bank[], accountNumber: string): Bank[] {
  if (!isTenDigits(accountNumber)) return [];
  const matches = banks.filter(
    (bank) => bank.cbnCode !== null && isValidNuban(bank.cbnCode, accountNumber),
  );
  return matches.length <= maxSuggestions ? matches : [];
}
