/**
 * The console's form schemas (react-hook-form + zod, one schema per form): what the inputs hold
 * (text as typed) and the request body each produces, built from the contract's own schemas so
 * that the console accepts exactly what the service accepts. Amounts are typed in naira and sent
 * in naira (contract/money.ts); the test clock is moved by a duration (90s, 2h30m, 30d) or to a
 * date and time, and sent in seconds.
 */
import { z } from 'zod';
import {
  brandColorSchema,
  logoUpdateSchema,
  maxDisplayNameLength,
  type BrandingUpdate,
} from '../../../contract/branding';
import { emailSchema, httpsUrlSchema, intervalSchema, text } from '../../../contract/common';
import { nairaAmountSchema } from '../../../contract/money';
import type { PaymentCreateRequest } from '../../../contract/payments';
import {
  payoutUseCaseCreateRequestSchema,
  type PayoutUseCaseCreateRequest,
} from '../../../contract/payouts';
import { nigerianPhoneSchema } from '../../../contract/phone';
import type { MandateBankAnswer } from '../../../contract/sandbox-controls';
import type { PlanCreateRequest, SubscriptionCreateRequest } from '../../../contract/subscriptions';
import { webhookUrlSchema } from '../../../contract/webhooks';

/** An optional input: blank is absent, anything else must pass `inner`. */
function optional<T extends z.core.$ZodType<unknown, string>>(inner: T) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.optional(inner));
}

/** Naira as typed ("5000", "49.99"), checked by the contract's naira rule. */
const nairaField = z
  .string()
  .trim()
  .min(1, { error: 'Enter an amount in naira' })
  .transform(Number)
  .pipe(nairaAmountSchema);

/** `POST /api/v1/payments` (hosted checkout) from the create-payment form. */
export const paymentFormSchema = z
  .object({
    amount: nairaField,
    email: optional(emailSchema),
    phone: optional(nigerianPhoneSchema),
    callbackUrl: optional(httpsUrlSchema),
  })
  .transform(({ amount, email, phone, callbackUrl }): PaymentCreateRequest => ({
    amount: { amount, currency: 'NGN' },
    paymentMethod: 'hosted_checkout',
    ...(email !== undefined || phone !== undefined
      ? {
          customer: {
            ...(email !== undefined && { email }),
            ...(phone !== undefined && { phone }),
          },
        }
      : {}),
    ...(callbackUrl !== undefined && { callbackUrl }),
  }));
export type PaymentFormInput = z.input<typeof paymentFormSchema>;

/** A plan and a subscription to it, from the create-subscription form. */
export const subscriptionFormSchema = z
  .object({
    planName: text(120),
    amount: nairaField,
    interval: intervalSchema,
    email: emailSchema,
    firstName: optional(text(100)),
    callbackUrl: optional(httpsUrlSchema),
  })
  .transform(({ planName, amount, interval, email, firstName, callbackUrl }) => ({
    plan: { name: planName, amount, currency: 'NGN', interval } satisfies PlanCreateRequest,
    /** The subscription's body without its `planId`, which the plan's creation gives. */
    subscription: {
      paymentMethod: 'customer_choice',
      customer: { email, ...(firstName !== undefined && { firstName }) },
      ...(callbackUrl !== undefined && { callbackUrl }),
    } satisfies Omit<SubscriptionCreateRequest, 'planId'>,
  }));
export type SubscriptionFormInput = z.input<typeof subscriptionFormSchema>;
export type SubscriptionFormOutput = z.output<typeof subscriptionFormSchema>;

/** Largest step of the test clock the sandbox accepts, in seconds (400 days). */
export const maxClockSeconds = 400 * 24 * 3600;

const durationUnits = { d: 86_400, h: 3_600, m: 60, s: 1 } as const;
const durationPattern = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * Seconds of a duration written as days, hours, minutes and seconds in that order, each optional
 * but at least one given: `90s`, `45m`, `2h30m`, `30d`, `1d12h` (spaces and case ignored).
 * Returns null for anything else.
 */
export function parseDuration(text: string): number | null {
  const compact = text.replace(/\s+/g, '').toLowerCase();
  const match = durationPattern.exec(compact);
  if (compact === '' || match === null) return null;
  const [, days, hours, minutes, seconds] = match;
  return (
    Number(days ?? 0) * durationUnits.d +
    Number(hours ?? 0) * durationUnits.h +
    Number(minutes ?? 0) * durationUnits.m +
    Number(seconds ?? 0) * durationUnits.s
  );
}

/** `POST /sandbox/v1/clock/advance` by a duration as typed (parseDuration), sent as `{ seconds }`. */
export const clockFormSchema = z
  .object({
    duration: z.string().transform((typed, context) => {
      const seconds = parseDuration(typed);
      if (seconds === null) {
        context.addIssue({ code: 'custom', message: 'Enter a duration such as 90s, 2h30m or 30d' });
        return z.NEVER;
      }
      if (seconds < 1) {
        context.addIssue({ code: 'custom', message: 'Enter at least 1 second' });
        return z.NEVER;
      }
      if (seconds > maxClockSeconds) {
        context.addIssue({ code: 'custom', message: 'At most 400 days' });
        return z.NEVER;
      }
      return seconds;
    }),
  })
  .transform(({ duration }) => ({ seconds: duration }));

/**
 * The test clock moved to a date and time (`<input type="datetime-local">`, this device's time
 * zone): the instant; the seconds to advance are counted from the clock's reading when sent.
 */
export const clockTargetFormSchema = z.object({
  at: z
    .string()
    .min(1, { error: 'Enter a date and time' })
    .transform((typed, context) => {
      const at = new Date(typed);
      if (Number.isNaN(at.getTime())) {
        context.addIssue({ code: 'custom', message: 'Enter a date and time' });
        return z.NEVER;
      }
      return at;
    }),
});

/**
 * `POST /api/v1/payout-use-cases` (service-api.md, "Authentication" rule 7): the use case as
 * typed (20 to 2000 characters, the contract's rule) and an optional monthly volume in naira.
 */
export const payoutUseCaseFormSchema = z
  .object({
    useCase: payoutUseCaseCreateRequestSchema.shape.useCase,
    expectedMonthlyVolume: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : Number(value)))
      .pipe(nairaAmountSchema.optional()),
  })
  .transform(({ useCase, expectedMonthlyVolume }): PayoutUseCaseCreateRequest => ({
    useCase,
    ...(expectedMonthlyVolume !== undefined && { expectedMonthlyVolume }),
  }));
export type PayoutUseCaseFormInput = z.input<typeof payoutUseCaseFormSchema>;

/** The bank's answer to a subscription's pending mandate. */
export const mandateAnswerFormSchema = z
  .object({
    subscriptionId: text(64),
    outcome: z.enum(['approved', 'rejected']),
    reason: optional(text(200)),
  })
  .transform(({ subscriptionId, outcome, reason }) => ({
    subscriptionId,
    answer: (outcome === 'approved'
      ? { outcome }
      : { outcome, ...(reason !== undefined && { reason }) }) satisfies MandateBankAnswer,
  }));

/** The webhook endpoint of the key's mode; blank removes it (`{ url: null }`). */
export const webhookEndpointFormSchema = z.object({
  url: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(webhookUrlSchema.nullable()),
});

/** Most addresses the IP whitelist holds (contract/payouts.ts). */
export const maxWhitelistEntries = 20;

/** The IP whitelist: exact IPv4 or IPv6 addresses separated by spaces, commas or new lines. */
export const ipWhitelistFormSchema = z.object({
  addresses: z
    .string()
    .transform((value) => value.split(/[\s,]+/).filter((entry) => entry !== ''))
    .pipe(
      z
        .array(
          z.union([z.ipv4(), z.ipv6()], { error: 'Each entry must be an IPv4 or IPv6 address' }),
        )
        .max(maxWhitelistEntries, { error: `At most ${maxWhitelistEntries} addresses` }),
    ),
});

/** A payment or event id typed to open it. */
export const openByIdFormSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^osp_\S+$/, { error: 'A payment id starts with osp_' }),
});

/** What the branding form does with the logo: keep it, remove it, a URL, or an uploaded file. */
export const logoChoices = ['keep', 'none', 'url', 'upload'] as const;

/**
 * `PUT /sandbox/v1/merchant/branding` from the branding form. `logoUpload` is the chosen file in
 * base64 (set by the file input, not typed); the URL or the file is checked only when chosen.
 */
export const brandingFormSchema = z
  .object({
    displayName: text(maxDisplayNameLength),
    brandColor: z
      .string()
      .trim()
      .transform((value) => (value === '' ? null : value))
      .pipe(brandColorSchema.nullable()),
    logoChoice: z.enum(logoChoices),
    logoUrl: z.string().trim(),
    logoUpload: z.string(),
  })
  .transform((form, context): BrandingUpdate => {
    const base = { displayName: form.displayName, brandColor: form.brandColor };
    if (form.logoChoice === 'keep') return base;
    if (form.logoChoice === 'none') return { ...base, logo: null };
    const field = form.logoChoice === 'url' ? 'logoUrl' : 'logoUpload';
    const logo = logoUpdateSchema.safeParse(
      form.logoChoice === 'url' ? { url: form.logoUrl } : { upload: form.logoUpload },
    );
    if (logo.success) return { ...base, logo: logo.data };
    const message =
      form.logoChoice === 'upload' && form.logoUpload === ''
        ? 'Choose a PNG or SVG file'
        : (logo.error.issues[0]?.message ?? 'is not valid');
    context.issues.push({ code: 'custom', message, input: form[field], path: [field] });
    return z.NEVER;
  });
export type BrandingFormInput = z.input<typeof brandingFormSchema>;
