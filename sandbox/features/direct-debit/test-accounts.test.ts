import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { isValidNuban } from '../../../contract/nuban';
import { findBank } from './banks';
import { testAccountBankCode, testAccountBankId, testAccounts } from './test-accounts';

test('every test account is a valid NUBAN of the documented bank, one per outcome', () => {
  expect(findBank(testAccountBankId)?.cbnCode).toBe(testAccountBankCode);
  for (const account of testAccounts) {
    expect(isValidNuban(testAccountBankCode, account.accountNumber)).toBe(true);
  }
  const outcomes = testAccounts.map((account) => account.outcome);
  expect(new Set(outcomes).size).toBe(outcomes.length);
});

test('sandbox/README.md lists every test account number', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const account of testAccounts) {
    expect(readme).toContain(`\`${account.accountNumber}\``);
  }
});
