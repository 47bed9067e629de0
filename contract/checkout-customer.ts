/**
 * `POST /checkout/:paymentId/customer`: the payer's missing details (product.md, "Checkout
 * pages"). Its own module because the phone parser it needs (contract/phone.ts, about 12 KB of
 * gzip JavaScript) belongs to the details step only, not to the checkout page's first load
 * (docs/decisions/0018-first-load-bytes.md). contract/checkout.ts re-exports its type.
 */
import { z } from 'zod';
import { emailSchema } from './common';
import { nigerianPhoneSchema } from './phone';

/** The payer's missing details. Phone is Nigerian, E.164. */
export const checkoutCustomerRequestSchema = z.strictObject({
  email: emailSchema.optional(),
  phone: nigerianPhoneSchema.optional(),
});
export type CheckoutCustomerRequest = z.infer<typeof checkoutCustomerRequestSchema>;
