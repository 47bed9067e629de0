/**
 * The hosted pages' first reads as plain values: the capability-token headers and the paths of
 * the reads a page makes as soon as it opens (service-api.md, "Hosted customer setup";
 * product.md, "Links and tokens"). No schemas live here, so the SPA's entry can send these reads
 * before the app's code (and its schemas) has downloaded (src/lib/first-reads.ts). The route
 * tables use these same values (routes-setup.ts, routes-checkout.ts).
 */

/** Header that carries the setup link's capability token on every hosted setup call. */
export const directDebitTokenHeader = 'x-direct-debit-token';

/** Header that carries a checkout or invoice link's capability token. */
export const checkoutTokenHeader = 'x-checkout-token';

/** Paths of the reads each hosted page starts with (`:name` are path parameters). */
export const hostedReadPaths = {
  /** The direct-debit setup state. */
  getSetup: '/direct-debit/setup',
  /** The banks offered for direct debit. */
  listSetupBanks: '/direct-debit/setup/banks',
  /** A payment's checkout state. */
  getCheckout: '/checkout/:paymentId',
  /** An invoice's hosted state. */
  getInvoice: '/invoices/:invoiceId',
} as const;
