/**
 * The customer-details form's schema (product.md, "Checkout pages": a short form asks for the
 * payer's missing e-mail or phone; "Money, phones, banks, time": phones are Nigerian, validated
 * exactly and sent in E.164). Built for what the payment lacks, so the form asks only for that.
 *
 * The phone goes through `parseNigerianPhone` (contract/phone.ts, the same rule as the service's
 * `nigerianPhoneSchema`), with this page's catalog messages; the output is E.164. The API client
 * checks the resulting body once more with `checkoutCustomerRequestSchema` before sending it.
 *
 * `zod/mini`, as all of the hosted pages' code (docs/decisions/0018-first-load-bytes.md, "Why not
 * 100 KB"): a classic schema anywhere in the SPA keeps most of zod's core on every first load.
 */
import { z } from 'zod/mini';
import type { CheckoutCustomerRequest, CheckoutState } from '../../../contract/checkout';
import {
  maxPhoneInputLength,
  parseNigerianPhone,
  type NigerianPhoneRejection,
} from '../../../contract/phone';
import { errorId } from '../../messages/i18n';

/** What the form's inputs hold: text as typed. Fields that are not asked stay undefined. */
export interface DetailsFormInput {
  email?: string;
  phone?: string;
}

// Message ids (src/messages/i18n.ts, `translateFormError`): the form says them in its language.
const phoneErrors: Record<NigerianPhoneRejection, string> = {
  empty: errorId('checkout.details.phoneErrors.empty'),
  too_long: errorId('checkout.details.phoneErrors.too_long'),
  invalid_characters: errorId('checkout.details.phoneErrors.invalid_characters'),
  not_nigerian: errorId('checkout.details.phoneErrors.not_nigerian'),
  too_short: errorId('checkout.details.phoneErrors.too_short'),
  invalid: errorId('checkout.details.phoneErrors.invalid'),
};

// Same bound as the contract's `emailSchema`; the message comes from the catalog.
const maxEmailLength = 254;

const emailField = z.pipe(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: errorId('checkout.details.emailRequired') }),
      z.maxLength(maxEmailLength, { error: errorId('checkout.details.emailInvalid') }),
    ),
  z.email({ error: errorId('checkout.details.emailInvalid') }),
);

const phoneField = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const result = parseNigerianPhone(value);
    if (result.ok) return result.e164;
    ctx.issues.push({ code: 'custom', message: phoneErrors[result.reason], input: value });
    return z.NEVER;
  }),
);

/**
 * The schema for `needs` (the payment's `needsCustomerDetails`): only the missing fields, each
 * required. Output: a `CheckoutCustomerRequest` with the e-mail trimmed and the phone in E.164.
 */
export function detailsFormSchema(
  needs: CheckoutState['needsCustomerDetails'],
): z.ZodMiniType<CheckoutCustomerRequest, DetailsFormInput> {
  const fields = z.object({
    email: needs.email ? emailField : z.optional(z.undefined()),
    phone: needs.phone ? phoneField : z.optional(z.undefined()),
  });
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>): CheckoutCustomerRequest => {
      const request: CheckoutCustomerRequest = {};
      if (values.email !== undefined) request.email = values.email;
      if (values.phone !== undefined) request.phone = values.phone;
      return request;
    }),
  );
}

/** Longest phone input the field accepts, in characters (the parser refuses longer ones). */
export const phoneInputMaxLength = maxPhoneInputLength;
