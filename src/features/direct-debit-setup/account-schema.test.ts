import { expect, test } from 'vitest';
import type { Bank } from '../../../contract/banks';
import { nubanCheckDigit } from '../../../contract/nuban';
import { translateFormError } from '../../messages/i18n';
import { accountFormSchema } from './account-schema';

const gtb: Bank = {
  id: '000013',
  name: 'GTBank',
  shortName: 'GTBank',
  cbnCode: '058',
  type: 'commercial',
};
const wallet: Bank = {
  id: 'w',
  name: 'Wallet',
  shortName: 'Wallet',
  cbnCode: null,
  type: 'mobile-money',
};
const valid = `012345678${nubanCheckDigit('058', '012345678')}`;
const wrongDigit = `012345678${(nubanCheckDigit('058', '012345678') + 1) % 10}`;

function firstError(bank: Bank, accountNumber: string): string | undefined {
  const result = accountFormSchema(bank).safeParse({ accountNumber });
  const message = result.success ? undefined : result.error.issues[0]?.message;
  // The schema's errors are message ids; the customer reads them in the page's language.
  return message === undefined ? undefined : translateFormError(message, { bank: bank.name });
}

test('a valid NUBAN passes and comes out as ten digits', () => {
  expect(
    accountFormSchema(gtb).parse({ accountNumber: ` ${valid.slice(0, 4)} ${valid.slice(4)} ` }),
  ).toEqual({
    accountNumber: valid,
  });
});

test.each([
  ['empty', '', 'Enter your account number.'],
  ['nine digits', '012345678', 'Enter exactly 10 digits.'],
  ['eleven digits', '01234567890', 'Enter exactly 10 digits.'],
  ['letters', '01234567ab', 'Enter exactly 10 digits.'],
  [
    'a wrong check digit',
    wrongDigit,
    'This is not a valid GTBank account number. Check the number, or change the bank.',
  ],
])('%s is refused with one clear message', (_name, input, message) => {
  expect(firstError(gtb, input)).toBe(message);
});

test('a bank without a CBN code takes any ten digits (the lookup decides)', () => {
  expect(firstError(wallet, wrongDigit)).toBeUndefined();
});
