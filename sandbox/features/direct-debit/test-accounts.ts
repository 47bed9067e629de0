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

/** One documented test account. */
export interface TestAccount {
  accountNumber: string;
  outcome: TestAccountOutcome;
  /**
   * Rejected accounts only: the bank's words the mandate's `rejectionReason` carries, phrased as
   * Nigerian banks phrase a refused mandate, one per category the setup page tells apart
   * (docs/decisions/0040-bank-rejection-reasons.md).
   */
  rejectionReason?: string;
  description: string;
}

/** The documented test accounts, in the order the README lists them. */
export const testAccounts: readonly TestAccount[] = [
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
    rejectionReason: 'Mandate rejected: account type does not permit direct debit (sandbox data)',
    description: 'rejected: the account type does not allow direct debits',
  },
  {
    accountNumber: withCheckDigit('000000006'),
    outcome: 'account_not_found',
    description: 'account lookup answers 404 ACCOUNT_NOT_FOUND',
  },
  {
    accountNumber: withCheckDigit('000000007'),
    outcome: 'rejected',
    rejectionReason: 'Mandate rejected: Account Closed (sandbox data)',
    description: 'rejected: the account is closed',
  },
  {
    accountNumber: withCheckDigit('000000008'),
    outcome: 'rejected',
    rejectionReason: 'Mandate rejected: Dormant Account - reactivation required (sandbox data)',
    description: 'rejected: the account is dormant',
  },
  {
    accountNumber: withCheckDigit('000000009'),
    outcome: 'rejected',
    rejectionReason: 'Mandate rejected: Post No Debit (PND) on account (sandbox data)',
    description: 'rejected: the account is restricted (post no debit)',
  },
  {
    accountNumber: withCheckDigit('000000010'),
    outcome: 'rejected',
    rejectionReason: 'Mandate rejected: BVN / account name mismatch (sandbox data)',
    description: 'rejected: the name or BVN does not match',
  },
  {
    accountNumber: withCheckDigit('000000011'),
    outcome: 'rejected',
    rejectionReason: 'Mandate declined by customer at authorisation (sandbox data)',
    description: 'rejected: the account holder declined the mandate',
  },
  {
    accountNumber: withCheckDigit('000000012'),
    outcome: 'rejected',
    rejectionReason: 'Mandate rejected: Do not honour (sandbox data)',
    description: 'rejected with a reason of no other category ("Do not honour")',
  },
];

/** A rejected test account's reason when its entry lacks one (none does; a safeguard). */
const fallbackRejectionReason = 'Mandate rejected by the bank (sandbox data)';

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

/**
 * The bank's words for a test-mode authorization with `accountNumber` that the bank rejects
 * (`outcome` `rejected`): the table's `rejectionReason`.
 */
export function testAccountRejectionReason(accountNumber: string): string {
  return (
    testAccounts.find((account) => account.accountNumber === accountNumber)?.rejectionReason ??
    fallbackRejectionReason
  );
}

/**
 * The account number for `outcome`, the first in the table (for `rejected`: the account type one;
 * tests and docs). @throws Error when the table lacks it.
 */
export function testAccountFor(outcome: TestAccountOutcome): string {
  const account = testAccounts.find((entry) => entry.outcome === outcome);
  if (account === undefined) throw new Error(`No test account for ${outcome}`);
  return account.accountNumber;
}
