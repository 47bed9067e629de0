/**
 * Money on the wire (product.md, "Money, phones, banks, time").
 *
 * Amounts cross the API as JSON numbers in naira (the major unit) with at most two decimals. The
 * sandbox stores integer kobo (1 naira = 100 kobo). Non-positive, non-finite and over-precise
 * amounts are rejected, and so is anything below one kobo (₦0.01: `1e-9` would pass the
 * two-decimals tolerance yet store as 0 kobo; issue 26) or above {@link maxNaira}.
 */
import { z } from 'zod';

/** Largest amount one record may carry, in naira (₦1 billion). Ours: the document sets no bound. */
export const maxNaira = 1_000_000_000;

/** True when `naira` has at most two decimals (allowing for binary floating point). */
function hasAtMostTwoDecimals(naira: number): boolean {
  const kobo = naira * 100;
  return Math.abs(kobo - Math.round(kobo)) < 1e-6;
}

/** Smallest amount, in naira: one kobo. */
export const minNaira = 0.01;

/**
 * False for a positive `naira` that rounds to 0 kobo, the unit the sandbox stores (other amounts
 * are left to the other checks, so a zero is told "greater than zero" once).
 */
function isAtLeastOneKobo(naira: number): boolean {
  return naira <= 0 || nairaToKobo(naira) >= 1;
}

/**
 * A naira amount: positive, finite (zod 4 numbers reject Infinity), at least one kobo
 * ({@link minNaira}), at most 2 decimals, at most {@link maxNaira}. Every money field of the
 * route table uses it, so every route refuses the same amounts with `400 VALIDATION_FAILED`.
 */
export const nairaAmountSchema = z
  .number({ error: 'amount must be a number in naira' })
  .positive({ error: 'amount must be greater than zero' })
  .refine(isAtLeastOneKobo, { error: `amount must be at least ${minNaira} naira (one kobo)` })
  .max(maxNaira, { error: `amount must be at most ${maxNaira} naira` })
  .refine(hasAtMostTwoDecimals, { error: 'amount must have at most 2 decimal places (kobo)' });

/** The only currency the service uses. */
export const currencySchema = z.literal('NGN', { error: 'currency must be NGN' });

/** Naira (validated by {@link nairaAmountSchema}) to integer kobo. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Integer kobo to naira, exact to two decimals. */
export function koboToNaira(kobo: number): number {
  return Math.round(kobo) / 100;
}
