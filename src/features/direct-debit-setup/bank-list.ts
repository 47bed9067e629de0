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

// The name from each of its words on, normalized: "MoMo Payment Service Bank" gives
// "momopaymentservicebank", "paymentservicebank", "servicebank" and "bank".
function wordStarts(name: string): string[] {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .map(normalize)
    .filter((word) => word !== '');
  return words.map((_, index) => words.slice(index).join(''));
}

/**
 * Banks whose name or short name has a word that starts with `query` (typed across words too:
 * "guaranty trust"), all of them for an empty query, in order. Only from the start of a word:
 * "opay" finds OPay, not "MoMo Payment Service Bank".
 */
export function filterBanks(banks: readonly Bank[], query: string): Bank[] {
  const needle = normalize(query);
  if (needle === '') return [...banks];
  return banks.filter((bank) =>
    [...wordStarts(bank.name), ...wordStarts(bank.shortName)].some((from) =>
      from.startsWith(needle),
    ),
  );
}

/**
 * The account number's input, on the bank step and the account step alike: digits' font, the
 * numeric keypad, no autofill or spell check, and room for ten digits with spaces or dashes.
 */
export const accountNumberInput = {
  className: 'input input--digits',
  type: 'text',
  inputMode: 'numeric',
  autoComplete: 'off',
  // The string, not the boolean: Preact drops an attribute whose value is false, and the browser's
  // default (spell check on) would underline digits (docs/decisions/0027-preact-renderer.md).
  spellCheck: 'false',
  maxLength: 14,
} as const;

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

/**
 * The banks most Nigerian customers hold an account with, by their `id` (NIP institution code),
 * most used first. Shown before the rest so the common choice needs no typing (issue 14, point 1);
 * an id the list from the service does not contain is simply skipped.
 */
export const mostUsedBankIds: readonly string[] = [
  '000013', // Guaranty Trust Bank
  '000014', // Access Bank
  '000015', // Zenith Bank
  '000016', // First Bank of Nigeria
  '000004', // United Bank for Africa
  '100004', // OPay
];

/**
 * At most this many banks are listed at once, so Continue stays about one screen below the
 * search box on a 360 px phone; typing narrows the rest.
 */
export const maxListed = 8;

/** The bank choices in the order the combobox lists them, in three labelled groups. */
export interface RankedBanks {
  /** Banks where the typed account number passes the NUBAN check digit ({@link suggestBanks}). */
  suggested: Bank[];
  /** Of {@link mostUsedBankIds}, those matching the search and not already suggested. */
  mostUsed: Bank[];
  /** The other matches, in the service's order; none while the search is empty. */
  others: Bank[];
  /** How many banks match the search in all, listed or not (for the announced count). */
  total: number;
}

/**
 * Orders the banks for the combobox: those whose NUBAN check digit fits `accountNumber` first,
 * then the most used, then the rest, each filtered by `query` ({@link filterBanks}). With an
 * empty query only the first two groups are listed; with a query, the rest follow. At most
 * {@link maxListed} banks are listed in all, taken in that order; `total` counts every match.
 */
export function rankBanks(
  banks: readonly Bank[],
  accountNumber: string,
  query: string,
): RankedBanks {
  const matching = filterBanks(banks, query);
  const suggestedIds = new Set(suggestBanks(banks, accountNumber).map((bank) => bank.id));
  const suggested = matching.filter((bank) => suggestedIds.has(bank.id));
  const mostUsed = mostUsedBankIds
    .map((id) => matching.find((bank) => bank.id === id))
    .filter((bank): bank is Bank => bank !== undefined && !suggestedIds.has(bank.id));
  const shownIds = new Set([...suggested, ...mostUsed].map((bank) => bank.id));
  const searching = normalize(query) !== '';
  const others = searching ? matching.filter((bank) => !shownIds.has(bank.id)) : [];
  let room = maxListed;
  const take = (group: Bank[]) => {
    const taken = group.slice(0, Math.max(room, 0));
    room -= taken.length;
    return taken;
  };
  return {
    suggested: take(suggested),
    mostUsed: take(mostUsed),
    others: take(others),
    total: searching ? matching.length : suggested.length + mostUsed.length,
  };
}
