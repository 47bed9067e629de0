/**
 * The sandbox's documented test accounts (sandbox/README.md; sandbox/features/direct-debit/
 * test-accounts.ts), by the outcome each gives a mandate at Guaranty Trust Bank. Free of any
 * browser driver, so that the Playwright specs (through e2e/setup-flow.ts) and the Gecko and
 * WebKit journeys (e2e/engines/) share them.
 */
export const testAccounts = {
  approvedAfterDelay: '0000000018',
  verified: '0000000025',
  pendingWithActivation: '0000000032',
  unknown: '0000000049',
  /** Rejected: the account type allows no direct debit. */
  rejected: '0000000056',
  notFound: '0000000063',
  /** Rejected: "Mandate rejected: Dormant Account - reactivation required (sandbox data)". */
  rejectedDormant: '0000000087',
} as const;
