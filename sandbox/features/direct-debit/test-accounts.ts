/**
 * Test account numbers and what a test-mode setup does with them (documented in
 * sandbox/README.md). One table, used by the test validator, by mandate creation, and by the docs
 * and tests. Live-mode links ignore it.
 *
 * All are valid NUBANs for Guaranty Trust Bank (CBN code 058, bank id `000013`); at banks with a
 * CBN code the check digit differs, so choose GTBank (or a bank without a CBN code).
 */
import { nubanCheckDigit } from '../../../contract/nuban';

/** What happens when a customer authorizes a mandate with a test account. */
export type TestAccountOutcome =
  | 'approved_after_delay'
  | 'verified'
  | 'pending_activation'
  | 'unknown'
  | 'rejected'
  | 'account_not_found';

/** Bank id (`bankId` in the hosted API) the test accounts are valid for. */
export const testAccountBankId = '000013';
/** CBN code of that bank, used for the check digits. */
export const testAccountBankCode = '058';

function withCheckDigit(serial: string): string {
  return serial + String(nubanCheckDigit(testAccountBankCode, serial));
}

/** The documented test accounts, in the order the README lists them. */
export const testAccounts: readonly {
  accountNumber: string;
  outcome: TestAccountOutcome;
  description: string;
}[] = [
  {
    accountNumber: withCheckDigit('000000001'),
    outcome: 'approved_after_delay',
    description: 'pending, then approved after the approval delay (3 s by default)',
  },
  {
    accountNumber: withCheckDigit('000000002'),
    outcome: 'verified',
    description: 'verified immediately',
  },
  {
    accountNumber: withCheckDigit('000000003'),
    outcome: 'pending_activation',
    description:
      'pending for good, with activation instructions (₦50.00 token transfer, reference, 48 h deadline)',
  },
  {
    accountNumber: withCheckDigit('000000004'),
    outcome: 'unknown',
    description: 'unknown: the result is being reconciled',
  },
  {
    accountNumber: withCheckDigit('000000005'),
    outcome: 'rejected',
    description: 'rejected, with a reason; the customer may try another account',
  },
  {
    accountNumber: withCheckDigit('000000006'),
    outcome: 'account_not_found',
    description: 'account lookup answers 404 ACCOUNT_NOT_FOUND',
  },
];

/**
 * The outcome of a test-mode authorization with `accountNumber`: the table's entry, else
 * `approved_after_delay` (any other valid number).
 */
export function testAccountOutcome(accountNumber: string): TestAccountOutcome {
  return (
    testAccounts.find((account) => account.accountNumber === accountNumber)?.outcome ??
    'approved_after_delay'
  );
}

/** The account number for `outcome` (tests and docs). @throws Error when the table lacks it. */
export function testAccountFor(outcome: TestAccountOutcome): string {
  const account = testAccounts.find((entry) => entry.outcome === outcome);
  if (account === undefined) throw new Error(`No test account for ${outcome}`);
  return account.accountNumber;
}
