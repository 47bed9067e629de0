/**
 * `POST /checkout/:paymentId/customer`: the payer's missing details (product.md, "Checkout
 * pages"). Its own module because the phone parser it needs (contract/phone.ts, about 12 KB of
 * gzip JavaScript) belongs to the details step only, not to the checkout page's first load
 * (docs/decisions/0018-first-load-bytes.md). contract/checkout.ts re-exports its type. `zod/mini`,
 * as are the e-mail and phone schemas it uses: a hosted page reaches no classic zod (the same
 * decision, "Why not 100 KB").
 */
import { z } from 'zod/mini';
import { emailSchema } from './email';
import { nigerianPhoneSchema } from './phone';

/** The payer's missing details. Phone is Nigerian, E.164. */
export const checkoutCustomerRequestSchema = z.strictObject({
  email: z.optional(emailSchema),
  phone: z.optional(nigerianPhoneSchema),
});
export type CheckoutCustomerRequest = z.infer<typeof checkoutCustomerRequestSchema>;
