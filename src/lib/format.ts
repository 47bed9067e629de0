/**
 * How the pages write money, dates and times (product.md, "Money, phones, banks, time").
 *
 * Amounts arrive in naira (the major unit, at most 2 decimals) and are written with the Nigerian
 * English currency format: ₦5,000.00. Times are written in Africa/Lagos whatever the phone's own
 * time zone. Formatters are built once: constructing `Intl` objects is slow on low-end phones.
 */

const nairaFormat = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

const lagos = 'Africa/Lagos';

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: lagos,
  dateStyle: 'medium',
  timeStyle: 'short',
});

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: lagos,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// A calendar date (YYYY-MM-DD) is already a Lagos date; formatting its UTC midnight in UTC writes
// exactly that day, whatever the offset. Same date style as `dateTimeFormat`: one date format on
// every page ("15 Dec 2026").
const calendarDateFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: 'UTC',
  dateStyle: 'medium',
});

/** `amount` in naira as ₦5,000.00. */
export function formatNaira(amount: number): string {
  return nairaFormat.format(amount);
}

/** A calendar date `YYYY-MM-DD` (Africa/Lagos) as "15 Dec 2026"; the input if unreadable. */
export function formatCalendarDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : calendarDateFormat.format(time);
}

/** An ISO timestamp or epoch milliseconds as "15 Dec 2026, 14:05" in Africa/Lagos. */
export function formatDateTime(value: string | number): string {
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? String(value) : dateTimeFormat.format(time);
}

/** Epoch milliseconds as "14:05:09" in Africa/Lagos. */
export function formatTime(epochMs: number): string {
  return timeFormat.format(epochMs);
}
