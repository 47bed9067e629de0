import { expect, test } from 'vitest';
import {
  bankWordsForDisplay,
  bankWordsMaxLength,
  rejectionCategoryOf,
  type RejectionCategory,
} from './rejection-reason';

// Reasons as Nigerian banks and NIBSS word them when they refuse a mandate.
test.each<[string, RejectionCategory]>([
  ['Mandate rejected: Account Closed', 'closed'],
  ['A/C CLOSED', 'closed'],
  ['Closed account', 'closed'],
  ['Dormant Account - reactivation required', 'dormant'],
  ['Account is inactive', 'dormant'],
  ['Post No Debit restriction on account', 'restricted'],
  ['PND placed on account', 'restricted'],
  ['Account frozen by order of court', 'restricted'],
  ['Account blocked', 'restricted'],
  ['BVN/account name mismatch', 'details_mismatch'],
  ['Account name does not match mandate', 'details_mismatch'],
  ['Invalid BVN', 'details_mismatch'],
  ['Signature on mandate not verified', 'details_mismatch'],
  ['Mandate declined by customer', 'customer_declined'],
  ['Customer did not approve the mandate', 'customer_declined'],
  ['Payer rejected the e-mandate on USSD', 'customer_declined'],
  [
    'The bank declined the mandate: the account does not allow direct debits (sandbox test account).',
    'account_not_eligible',
  ],
  ['Account type not eligible for direct debit', 'account_not_eligible'],
  ['Direct debit not permitted on this account', 'account_not_eligible'],
  ['Do not honour', 'general'],
  ['The bank declined the mandate (sandbox bank answer).', 'general'],
  ['', 'general'],
])('the bank saying %j is %s', (reason, category) => {
  expect(rejectionCategoryOf(reason)).toBe(category);
});

test('no reason at all is the general category', () => {
  expect(rejectionCategoryOf(null)).toBe('general');
});

test('the bank’s words are shown on one line, without control characters, or not at all when blank', () => {
  expect(bankWordsForDisplay('  Account\n\tclosed\u0007 ')).toBe('Account closed');
  expect(bankWordsForDisplay(' \n ')).toBeNull();
  expect(bankWordsForDisplay(null)).toBeNull();
});

test('long words from the bank are cut at a word, with an ellipsis, within the bound', () => {
  const long = `${'Mandate rejected because '.repeat(20)}end`;
  const shown = bankWordsForDisplay(long);
  expect(shown).not.toBeNull();
  expect(Array.from(shown ?? '').length).toBeLessThanOrEqual(bankWordsMaxLength);
  // Ends on a whole word of the bank’s text.
  expect(shown).toMatch(/ (Mandate|rejected|because)…$/);
  expect(bankWordsForDisplay('x'.repeat(400))).toBe(`${'x'.repeat(bankWordsMaxLength - 1)}…`);
});
