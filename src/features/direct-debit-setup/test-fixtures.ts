/**
 * Fixtures of the setup flow's tests (`machine.test.ts`, `page-state.test.ts`): banks, account
 * numbers with and without a valid NUBAN check digit, mandates and setup states as the contract's
 * schema parses them. Amounts are naira; times are epoch ms.
 */
import type { Bank } from '../../../contract/banks';
import type { Mandate, MandateStatus, SetupState } from '../../../contract/direct-debit';
import { nubanCheckDigit } from '../../../contract/nuban';
import { returnUrlOrNull } from '../../../contract/return-url';
import type { PageFailure } from './flow-state';

export const gtb: Bank = {
  id: '000013',
  name: 'GTBank',
  shortName: 'GTBank',
  cbnCode: '058',
  type: 'commercial',
};
export const wallet: Bank = {
  id: 'wallet-x',
  name: 'Wallet X',
  shortName: 'Wallet X',
  cbnCode: null,
  type: 'mobile-money',
};
export const gtbAccount = `012345678${nubanCheckDigit('058', '012345678')}`;
export const gtbOtherAccount = `087654321${nubanCheckDigit('058', '087654321')}`;
export const gtbBadAccount = `012345678${(nubanCheckDigit('058', '012345678') + 1) % 10}`;
export const at = 1_800_000_000_000;
export const network: PageFailure = { kind: 'network' };

/** A mandate of the test subscription at GTBank. */
export function mandate(status: MandateStatus, overrides: Partial<Mandate> = {}): Mandate {
  return {
    id: 'mdt_1',
    subscriptionId: 'sub_1',
    mode: 'test',
    status,
    bank: { id: gtb.id, name: gtb.name },
    accountNumberMasked: '******7890',
    accountName: 'Test Account Holder',
    rejectionReason: null,
    activation: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** Changes to {@link setup}; `returnUrl` as the wire carries it, parsed as the schema does. */
export type SetupOverrides = Partial<Omit<SetupState, 'returnUrl'>> & { returnUrl?: string | null };

/** An open setup of a ₦15,000 monthly gym membership, with a valid return URL. */
export function setup({
  returnUrl = 'https://merchant.example.com/billing/return',
  ...overrides
}: SetupOverrides = {}): SetupState {
  return {
    mode: 'test',
    merchant: { name: 'Gym Co', logoUrl: null, brandColor: null, supportEmail: 'help@gym.example' },
    preferredLanguage: null,
    subscription: {
      id: 'sub_1',
      planName: 'Gym membership',
      amount: 15000,
      currency: 'NGN',
      interval: 'monthly',
      nextBillingDate: '2026-12-22',
    },
    automaticDebitEnabled: true,
    returnUrl: returnUrlOrNull(returnUrl),
    setupOpen: true,
    expiresAt: '2026-12-22T10:00:00.000Z',
    mandate: null,
    serverTime: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

export const open = setup();

/** A setup whose mandate (mdt_1) has `status`. */
export function withMandate(status: MandateStatus, overrides: SetupOverrides = {}): SetupState {
  return setup({ mandate: mandate(status), ...overrides });
}

/** The setup once the customer turned automatic debit off. */
export const disabledSetup = withMandate('revocation_requested', {
  automaticDebitEnabled: false,
  setupOpen: false,
});
