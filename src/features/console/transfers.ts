/**
 * The three transfers the console offers for a pending payment (sandbox/README.md, "A checkout
 * payment"): the exact amount still outstanding (the payment is paid), too little (half of it,
 * rounded down to the kobo: it stays pending, part paid), and too much (₦100 over: paid, with the
 * excess owed back). Naira in, naira out; null where that transfer makes no sense.
 */
export type TransferKind = 'exact' | 'short' | 'excess';

/** Naira added to the outstanding amount by an excess transfer. */
export const excessNaira = 100;

export function transferAmounts(outstandingNaira: number): Record<TransferKind, number | null> {
  const kobo = Math.round(outstandingNaira * 100);
  if (kobo <= 0) return { exact: null, short: null, excess: null };
  const halfKobo = Math.floor(kobo / 2);
  return {
    exact: kobo / 100,
    short: halfKobo > 0 ? halfKobo / 100 : null,
    excess: (kobo + excessNaira * 100) / 100,
  };
}
