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
  // One account per outcome; rejected ones differ by the bank's reason.
  const kinds = testAccounts.map(
    (account) => `${account.outcome} ${account.rejectionReason ?? ''}`,
  );
  expect(new Set(kinds).size).toBe(kinds.length);
  for (const account of testAccounts) {
    expect(account.rejectionReason !== undefined).toBe(account.outcome === 'rejected');
  }
});

test('sandbox/README.md lists every test account number, and the reason of each rejected one', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const account of testAccounts) {
    expect(readme).toContain(`\`${account.accountNumber}\``);
    // The reason a rejected account gives is documented word for word.
    if (account.rejectionReason !== undefined) {
      expect(readme).toContain(`"${account.rejectionReason}"`);
    }
  }
});
