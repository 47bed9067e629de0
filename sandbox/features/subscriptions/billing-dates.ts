/**
 * Calendar arithmetic for billing periods. Dates are `YYYY-MM-DD` in Africa/Lagos (product.md,
 * "Money, phones, banks, time"), which is UTC+1 all year (no daylight saving time).
 */
import type { Interval } from '../../../contract/common';

const lagosOffsetMs = 60 * 60 * 1000;

/** The calendar date in Lagos at `instant`. */
export function lagosDate(instant: Date): string {
  return new Date(instant.getTime() + lagosOffsetMs).toISOString().slice(0, 10);
}

function parseDate(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  return { year, month, day };
}

function format(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** `date` plus `days` days (negative moves back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return format(year, month, day + days);
}

/**
 * `date` plus `months` months; a day that the target month lacks becomes its last day
 * (2026-01-31 + 1 month = 2026-02-28).
 */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return format(year, month + months, Math.min(day, lastDay));
}

/** The first day of the period after the one that starts on `start`. */
export function nextPeriodStart(start: string, interval: Interval): string {
  switch (interval) {
    case 'weekly':
      return addDays(start, 7);
    case 'monthly':
      return addMonths(start, 1);
    case 'quarterly':
      return addMonths(start, 3);
    case 'yearly':
      return addMonths(start, 12);
  }
}

/**
 * The first period of the billing cycle through `start` (the period that starts on `start`, then
 * each next one) that is not over on `date` (`YYYY-MM-DD`, Lagos): its last day is `date` or
 * later. That is `start`'s own period whenever it has not ended, even if it has not begun.
 */
export function firstPeriodNotOver(
  start: string,
  interval: Interval,
  date: string,
): { start: string; end: string; nextBillingDate: string } {
  let period = billingPeriod(start, interval);
  while (period.end < date) period = billingPeriod(period.nextBillingDate, interval);
  return period;
}

/**
 * The billing period that starts on `start`: `end` is its last day (inclusive) and
 * `nextBillingDate` the first day of the next period, when the renewal invoice falls due.
 */
export function billingPeriod(
  start: string,
  interval: Interval,
): { start: string; end: string; nextBillingDate: string } {
  const next = nextPeriodStart(start, interval);
  return { start, end: addDays(next, -1), nextBillingDate: next };
}
