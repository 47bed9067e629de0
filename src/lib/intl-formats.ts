/**
 * The `Intl` options the pages write money and Lagos times with (product.md, "Money, phones,
 * banks, time"): `src/lib/format.ts` builds its formatters with them, and the documents' inline
 * script has a worker start ICU with the same (src/app/first-intl.ts), in `en-NG`: ICU's start and
 * the naira and Lagos data are then what the first view uses (its locale's own data, where the
 * customer's language is not English, is a fraction of a millisecond). No imports: the inline
 * script carries this module.
 */

/** Naira with the ₦ sign in every locale (`narrowSymbol`: never "NGN"). */
export const nairaFormat: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'NGN',
  currencyDisplay: 'narrowSymbol',
};

/** The numeric parts of a moment in Africa/Lagos, 24-hour. */
export const lagosPartsFormat: Intl.DateTimeFormatOptions = {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
