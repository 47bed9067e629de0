/**
 * The small schemas shared by every resource that a hosted page also reads on its first load:
 * the `mode` of a key or record (service-api.md, "Authentication": test and live are separate),
 * a plan's interval, ISO times and the merchant as the hosted pages show it.
 *
 * Written with `zod/mini` (docs/decisions/0018-first-load-bytes.md): a page's first load then
 * carries no classic zod. The merchant-side helpers (free text, https URL, metadata) stay classic
 * in contract/common.ts, which re-exports these: one definition each. The e-mail is mini too, in
 * contract/email.ts, as only the checkout's details step needs it. Classic and mini
 * schemas interoperate, but a mini schema has no `.nullable()`/`.optional()` methods: wrap it
 * with `z.nullable(schema)` / `z.optional(schema)`.
 */
import { z } from 'zod/mini';

/** Test or live: which kind of key made a record. Records of one mode are invisible to the other. */
export const modeSchema = z.enum(['test', 'live']);
export type Mode = z.infer<typeof modeSchema>;

/** How often a plan bills (service-api.md, "Subscription plan"). */
export const intervalSchema = z.enum(['weekly', 'monthly', 'quarterly', 'yearly']);
export type Interval = z.infer<typeof intervalSchema>;

/** An ISO 8601 timestamp with time zone, as the API returns times. */
export const isoTimestampSchema = z.iso.datetime({ offset: true });

/** A calendar date YYYY-MM-DD (Africa/Lagos). */
export const isoDateSchema = z.iso.date();

/**
 * A merchant as the hosted pages show it (setup, checkout and invoice pages): name, optional
 * logo (a path on the pages' own origin, `/sandbox/v1/logos/…`, whether uploaded or fetched once
 * from the merchant's URL; contract/branding.ts), brand colour `#rrggbb` and support e-mail.
 */
export const hostedMerchantSchema = z.object({
  name: z.string(),
  logoUrl: z.nullable(z.string()),
  /** #rrggbb */
  brandColor: z.nullable(z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/))),
  supportEmail: z.nullable(z.string()),
});
export type HostedMerchant = z.infer<typeof hostedMerchantSchema>;

/**
 * The languages the hosted pages speak (product.md, "Every page"): English (Nigeria), Nigerian
 * Pidgin, Hausa, Yoruba and Igbo, as BCP 47 codes. A merchant may name one as the preferred
 * language of a subscription or payment; the customer's own choice still wins
 * (docs/decisions/0024-languages.md).
 */
export const languageSchema = z.enum(['en', 'pcm', 'ha', 'yo', 'ig']);
export type Language = z.infer<typeof languageSchema>;
