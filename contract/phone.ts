/**
 * Nigerian phone numbers (product.md, "Money, phones, banks, time"; service-api.md, "Virtual
 * account" and "Subscription": a customer phone must be a valid Nigerian number, E.164 is
 * recommended and local formats are normalized).
 *
 * Imports: `zod/mini`, and `libphonenumber-js/core` fed with NG-only metadata. Those are the only
 * libraries `contract/` uses. Mini because the checkout's details step uses the schema
 * (contract/checkout-customer.ts) and a hosted page must reach no classic zod
 * (docs/decisions/0018-first-load-bytes.md); classic modules wrap it the functional way
 * (`z.optional(nigerianPhoneSchema)`). The metadata (`ng-phone-metadata.json`) is the library's full
 * ("max") metadata cut down to Nigeria by `scripts/make-ng-phone-metadata.mjs`: the default
 * ("min") metadata only checks lengths and accepts numbers in unallocated ranges, while full
 * validation for Nigeria alone is under 1 kB. Regenerate it when upgrading libphonenumber-js.
 */
import {
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import { z } from 'zod/mini';
import ngMetadataJson from './ng-phone-metadata.json' with { type: 'json' };

/** Longest accepted input, in characters (before any normalization). */
export const maxPhoneInputLength = 32;

// The JSON's inferred type says `string[]` where the library wants its `CountryCode[]`; the file
// holds Nigeria only (the script checks that 234 is not shared), so state that here.
const ngMetadata: MetadataJson = {
  version: ngMetadataJson.version,
  country_calling_codes: { '234': ['NG'] },
  countries: { NG: ngMetadataJson.countries.NG },
  nonGeographic: {},
};

/** Why an input is not a Nigerian phone number. */
export type NigerianPhoneRejection =
  'empty' | 'too_long' | 'invalid_characters' | 'not_nigerian' | 'too_short' | 'invalid';

/** Outcome of {@link parseNigerianPhone}. `e164` is `+234` followed by the national number. */
export type NigerianPhoneResult =
  { ok: true; e164: string } | { ok: false; reason: NigerianPhoneRejection };

/** One sentence per rejection, for form errors and API error messages. */
export const nigerianPhoneMessages: Record<NigerianPhoneRejection, string> = {
  empty: 'Enter a phone number.',
  too_long: 'This phone number is too long.',
  invalid_characters:
    'A phone number may contain only digits, spaces, dashes, brackets and a leading +.',
  not_nigerian: 'Enter a Nigerian phone number (+234).',
  too_short: 'This phone number is too short.',
  invalid: 'This is not a valid Nigerian phone number.',
};

// Digits (ASCII only), the separators people type, and one leading "+". Letters, extensions
// ("x12", ";ext=12"), "tel:" and other text are refused rather than extracted.
const allowedCharacters = /^\+?[\d\s().-]*$/;

/**
 * Parses a Nigerian phone number typed or sent in any common form and returns it in E.164.
 *
 * Accepts `+234 803 123 4567`, `2348031234567`, `08031234567`, `0803 123 4567`,
 * `(0803) 123-4567`, `+234 (0) 803 123 4567`; the default country is NG. Rejects, with a reason:
 * empty input; input over {@link maxPhoneInputLength} characters (`too_long`); characters other
 * than digits, spaces, `-`, `.`, brackets and a leading `+`; numbers of another country
 * (`not_nigerian`); and numbers that full NG metadata does not validate (`isValid`, which checks
 * the allocated ranges, not only the length), reported as `too_short`, `too_long` or `invalid`.
 * Never throws.
 */
export function parseNigerianPhone(input: string): NigerianPhoneResult {
  if (input.length > maxPhoneInputLength) return { ok: false, reason: 'too_long' };
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  if (!allowedCharacters.test(text)) return { ok: false, reason: 'invalid_characters' };

  let number: PhoneNumber;
  try {
    number = parsePhoneNumberWithError(text, 'NG', ngMetadata);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    // With NG-only metadata, any other calling code is an unknown country.
    if (error.message === 'INVALID_COUNTRY') return { ok: false, reason: 'not_nigerian' };
    if (error.message === 'TOO_SHORT') return { ok: false, reason: 'too_short' };
    if (error.message === 'TOO_LONG') return { ok: false, reason: 'too_long' };
    return { ok: false, reason: 'invalid' };
  }

  if (number.country !== 'NG' || number.countryCallingCode !== '234') {
    return { ok: false, reason: 'not_nigerian' };
  }
  if (!number.isValid()) {
    // A length NG never uses gets a more helpful reason; a possible length in an unallocated
    // range (what "min" metadata would have let through) is simply invalid.
    const length = validatePhoneNumberLength(text, 'NG', ngMetadata);
    if (length === 'TOO_SHORT') return { ok: false, reason: 'too_short' };
    if (length === 'TOO_LONG') return { ok: false, reason: 'too_long' };
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, e164: number.number };
}

/**
 * A Nigerian phone number as a string in any form {@link parseNigerianPhone} accepts, output as
 * E.164 (`+2348031234567`). Fails with one of {@link nigerianPhoneMessages}.
 */
export const nigerianPhoneSchema = z.pipe(
  z.string({ error: 'phone must be a string' }),
  z.transform((value: string, ctx) => {
    const result = parseNigerianPhone(value);
    if (result.ok) return result.e164;
    ctx.issues.push({
      code: 'custom',
      message: nigerianPhoneMessages[result.reason],
      input: value,
      params: { reason: result.reason },
    });
    return z.NEVER;
  }),
);
