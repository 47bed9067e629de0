/**
 * Small schemas shared by every resource: identifiers, text bounds, e-mail, ISO times, the `mode`
 * of a key or record (service-api.md, "Authentication": test and live are separate).
 */
import { z } from 'zod';

/** Test or live: which kind of key made a record. Records of one mode are invisible to the other. */
export const modeSchema = z.enum(['test', 'live']);
export type Mode = z.infer<typeof modeSchema>;

/** How often a plan bills (service-api.md, "Subscription plan"). */
export const intervalSchema = z.enum(['weekly', 'monthly', 'quarterly', 'yearly']);
export type Interval = z.infer<typeof intervalSchema>;

/** Free text given by a merchant (names, descriptions): trimmed, 1 to `max` characters. */
export function text(max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, {
      error: `must be at most ${max} characters`,
    });
}

/** An e-mail address, at most 254 characters. */
export const emailSchema = z.email({ error: 'must be a valid e-mail address' }).max(254);

/** An absolute https URL given by a merchant (callbackUrl), at most 2048 characters. */
export const httpsUrlSchema = z
  .string()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine(
    (value) => {
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute https URL' },
  );

/** An ISO 8601 timestamp with time zone, as the API returns times. */
export const isoTimestampSchema = z.iso.datetime({ offset: true });

/** A calendar date YYYY-MM-DD (Africa/Lagos). */
export const isoDateSchema = z.iso.date();

/** A free-form metadata map supplied by a merchant: at most 50 keys, short string values. */
export const metadataSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, { error: 'at most 50 metadata keys' });

/** Wraps a response payload in the `{ data }` envelope the API uses. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

/**
 * A merchant as the hosted pages show it (setup, checkout and invoice pages): name, optional
 * https logo, brand colour `#rrggbb` and support e-mail.
 */
export const hostedMerchantSchema = z.object({
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** #rrggbb */
  brandColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
  supportEmail: z.string().nullable(),
});
export type HostedMerchant = z.infer<typeof hostedMerchantSchema>;
