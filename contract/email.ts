/**
 * The contract's e-mail address: what a merchant sends for a customer and what a payer gives on
 * the checkout page's details step (contract/checkout-customer.ts).
 *
 * `zod/mini` (docs/decisions/0018-first-load-bytes.md): the checkout's details step needs it, and
 * a classic schema anywhere in the SPA keeps most of zod's core on every first load. Its own
 * module, not contract/hosted-common.ts, which every first load reads and which has no use for
 * it. contract/common.ts re-exports it for the merchant-side modules: one definition serves the
 * SPA and the sandbox. A classic module wraps it the functional way (`z.optional(emailSchema)`).
 */
import { z } from 'zod/mini';

/** An e-mail address, at most 254 characters. */
export const emailSchema = z
  .email({ error: 'must be a valid e-mail address' })
  .check(z.maxLength(254));
