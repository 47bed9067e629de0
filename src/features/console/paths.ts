import type { consoleEn } from '../../messages/console-en';

/** The console's own paths, below `/console` (a navigation there gets the SPA's index.html). */
const under = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

export const consolePaths = {
  payments: '/console',
  payment: under('/console/payments'),
  virtualAccounts: '/console/virtual-accounts',
  virtualAccount: under('/console/virtual-accounts'),
  subscriptions: '/console/subscriptions',
  subscription: under('/console/subscriptions'),
  invoice: under('/console/invoices'),
  webhooks: '/console/webhooks',
  payouts: '/console/payouts',
  payout: under('/console/payouts'),
  payoutUseCase: under('/console/payout-use-cases'),
  beneficiaries: '/console/beneficiaries',
  beneficiary: under('/console/beneficiaries'),
  requests: '/console/requests',
  request: under('/console/requests'),
  figures: '/console/figures',
  controls: '/console/controls',
  branding: '/console/branding',
} as const;

/** A section of the console's navigation: its path in consolePaths, its name in consoleEn.nav. */
export type NavSection = keyof typeof consolePaths & keyof typeof consoleEn.nav;
