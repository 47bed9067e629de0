import { expect, test } from 'vitest';
import { billingPeriod, lagosDate } from './billing-dates';

test('a monthly period from the 31st ends on the last day of the next month', () => {
  expect(billingPeriod('2026-01-31', 'monthly')).toEqual({
    start: '2026-01-31',
    end: '2026-02-27',
    nextBillingDate: '2026-02-28',
  });
});

test('weekly, quarterly and yearly periods end the day before the next billing date', () => {
  expect(billingPeriod('2026-03-10', 'weekly')).toEqual({
    start: '2026-03-10',
    end: '2026-03-16',
    nextBillingDate: '2026-03-17',
  });
  expect(billingPeriod('2026-11-30', 'quarterly').nextBillingDate).toBe('2027-02-28');
  expect(billingPeriod('2028-02-29', 'yearly').nextBillingDate).toBe('2029-02-28');
});

test('the Lagos date turns over at 23:00 UTC', () => {
  expect(lagosDate(new Date('2026-05-01T22:59:59Z'))).toBe('2026-05-01');
  expect(lagosDate(new Date('2026-05-01T23:00:00Z'))).toBe('2026-05-02');
});
