/**
 * Small schemas shared by every resource: identifiers, text bounds, e-mail, ISO times, the `mode`
 * of a key or record (service-api.md, "Authentication": test and live are separate).
 *
 * The ones a hosted page reads (mode, interval, ISO times, the hosted merchant, the languages:
 * contract/hosted-common.ts; the e-mail its checkout details step sends: contract/email.ts) are
 * defined with `zod/mini` and re-exported here; the merchant-side helpers below stay classic zod
 * (docs/decisions/0018-first-load-bytes.md). Wrap a mini schema the functional way
 * (`z.optional(emailSchema)`): it has no `.optional()` method.
 */
import { z } from 'zod';

export { emailSchema } from './email';

export {
  hostedMerchantSchema,
  intervalSchema,
  isoDateSchema,
  isoTimestampSchema,
  languageSchema,
  modeSchema,
  type HostedMerchant,
  type Interval,
  type Language,
  type Mode,
} from './hosted-common';

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

/** A free-form metadata map supplied by a merchant: at most 50 keys, short string values. */
export const metadataSchema = z
  .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 50, { error: 'at most 50 metadata keys' });

/** Wraps a response payload in the `{ data }` envelope the API uses. */
export function envelope<T extends z.core.$ZodType>(data: T) {
  return z.object({ data });
}
