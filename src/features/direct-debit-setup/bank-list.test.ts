import { expect, test } from 'vitest';
import type { Bank } from '../../../contract/banks';
import { isValidNuban, nubanCheckDigit } from '../../../contract/nuban';
import {
  digitsOf,
  filterBanks,
  maxListed,
  maxSuggestions,
  mostUsedBankIds,
  rankBanks,
  suggestBanks,
} from './bank-list';

const bank = (id: string, name: string, cbnCode: string | null, shortName = name): Bank => ({
  id,
  name,
  shortName,
  cbnCode,
  type: 'commercial',
});

const banks = [
  bank('000014', 'Access Bank', '044', 'Access'),
  bank('000016', 'First Bank of Nigeria', '011', 'FirstBank'),
  bank('000013', 'Guaranty Trust Bank', '058', 'GTBank'),
  bank('000015', 'Zenith Bank', '057', 'Zenith'),
  bank('wallet', 'Wallet Ọ̀nà', null, 'Wallet'),
];

test('search matches name or short name, ignoring case, accents and punctuation', () => {
  expect(filterBanks(banks, 'gtb').map((b) => b.id)).toEqual(['000013']);
  expect(filterBanks(banks, 'first-bank').map((b) => b.id)).toEqual(['000016']);
  expect(filterBanks(banks, 'ona').map((b) => b.id)).toEqual(['wallet']);
  expect(filterBanks(banks, '  ')).toHaveLength(banks.length);
  expect(filterBanks(banks, 'nothing like it')).toEqual([]);
  expect(filterBanks(banks, 'trust bank').map((b) => b.id)).toEqual(['000013']);
});

test('search matches from the start of a word: "opay" finds OPay, not MoMo Payment Service Bank', () => {
  const wallets = [
    bank('100004', 'OPay (Paycom)', null, 'OPay'),
    bank('120003', 'MoMo Payment Service Bank', null, 'MoMo PSB'),
  ];
  expect(filterBanks(wallets, 'opay').map((b) => b.id)).toEqual(['100004']);
  expect(filterBanks(wallets, 'pay').map((b) => b.id)).toEqual(['100004', '120003']);
  expect(filterBanks(wallets, 'momo').map((b) => b.id)).toEqual(['120003']);
});

test('a number valid only at some banks suggests exactly those banks with a CBN code', () => {
  const account = `000001457${nubanCheckDigit('011', '000001457')}`;
  const suggested = suggestBanks(banks, account);
  expect(suggested.map((b) => b.id)).toContain('000016');
  for (const b of suggested)
    expect(b.cbnCode !== null && isValidNuban(b.cbnCode, account)).toBe(true);
  expect(suggested.some((b) => b.cbnCode === null)).toBe(false);
});

test('no suggestions for fewer than ten digits or a number valid nowhere', () => {
  expect(suggestBanks(banks, '000001457')).toEqual([]);
  const nowhere = Array.from({ length: 10 }, (_, d) => `000001457${d}`).find((account) =>
    banks.every((b) => b.cbnCode === null || !isValidNuban(b.cbnCode, account)),
  );
  expect(nowhere).toBeDefined();
  expect(suggestBanks(banks, nowhere ?? '')).toEqual([]);
});

test(`no suggestions when the number is valid at more than ${maxSuggestions} banks`, () => {
  const same = Array.from({ length: maxSuggestions + 1 }, (_, i) =>
    bank(`b${i}`, `Bank ${i}`, '011'),
  );
  const account = `000001457${nubanCheckDigit('011', '000001457')}`;
  expect(suggestBanks(same, account)).toEqual([]);
  expect(suggestBanks(same.slice(0, maxSuggestions), account)).toHaveLength(maxSuggestions);
});

test('digits typed with spaces or dashes are read as digits', () => {
  expect(digitsOf('0123 456-789')).toBe('0123456789');
});

const many = [
  ...banks,
  bank('000004', 'United Bank for Africa', '033', 'UBA'),
  bank('100004', 'OPay (Paycom)', null, 'OPay'),
  ...Array.from({ length: 20 }, (_, i) => bank(`mfb${i}`, `Microfinance Bank ${i}`, null)),
];
const ids = (list: readonly Bank[]) => list.map((b) => b.id);

test('with nothing typed, only the most used banks are listed, most used first', () => {
  const ranked = rankBanks(many, '', '');
  expect(ids(ranked.suggested)).toEqual([]);
  expect(ids(ranked.mostUsed)).toEqual(
    mostUsedBankIds.filter((id) => many.some((b) => b.id === id)),
  );
  expect(ranked.mostUsed[0]?.name).toBe('Guaranty Trust Bank');
  expect(ranked.others).toEqual([]);
});

test('banks where the typed number passes the check digit come first, then most used, then the rest', () => {
  const account = `000001457${nubanCheckDigit('011', '000001457')}`;
  const ranked = rankBanks(many, account, 'bank');
  expect(ids(ranked.suggested)).toContain('000016');
  expect(ids(ranked.mostUsed)).not.toContain('000016');
  expect(ranked.mostUsed.length).toBeGreaterThan(0);
  const listed = [...ranked.suggested, ...ranked.mostUsed, ...ranked.others];
  expect(new Set(ids(listed)).size).toBe(listed.length);
  expect(ranked.others.every((b) => !mostUsedBankIds.includes(b.id))).toBe(true);
});

test(`a search lists at most ${maxListed} banks but counts every match`, () => {
  const ranked = rankBanks(many, '', 'microfinance');
  expect(ranked.total).toBe(20);
  expect(ranked.others).toHaveLength(maxListed);
  const one = rankBanks(many, '', 'gtb');
  expect(ids(one.mostUsed)).toEqual(['000013']);
  expect(one.total).toBe(1);
});
