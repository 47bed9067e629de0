/**
 * Money on the wire (product.md, "Money, phones, banks, time").
 *
 * Amounts cross the API as JSON numbers in naira (the major unit) with at most two decimals. The
 * sandbox stores integer kobo (1 naira = 100 kobo). Non-positive, non-finite and over-precise
 * amounts are rejected, and so is anything above {@link maxNaira}.
 */
import { z } from 'zod';

/** Largest amount one record may carry, in naira (₦1 billion). Ours: the document sets no bound. */
export const maxNaira = 1_000_000_000;

/** True when `naira` has at most two decimals (allowing for binary floating point). */
function hasAtMostTwoDecimals(naira: number): boolean {
  const kobo = naira * 100;
  return Math.abs(kobo - Math.round(kobo)) < 1e-6;
}

/** A naira amount: positive, finite (zod 4 numbers reject Infinity), at most 2 decimals, at most {@link maxNaira}. */
export const nairaAmountSchema = z
  .number({ error: 'amount must be a number in naira' })
  .positive({ error: 'amount must be greater than zero' })
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
