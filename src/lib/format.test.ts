import { expect, test } from 'vitest';
import { formatCalendarDate, formatDateTime, formatNaira, formatTime } from './format';

test('amounts in naira are written the Nigerian way', () => {
  expect(formatNaira(5000)).toBe('₦5,000.00');
  expect(formatNaira(1234567.5)).toBe('₦1,234,567.50');
  expect(formatNaira(0.01)).toBe('₦0.01');
});

test('calendar dates keep their day whatever the time zone', () => {
  expect(formatCalendarDate('2026-12-15')).toBe('15 Dec 2026');
  expect(formatCalendarDate('2027-01-01')).toBe('1 Jan 2027');
});

test('times are written in Africa/Lagos (UTC+1, no daylight saving)', () => {
  expect(formatTime(Date.parse('2026-12-15T13:05:09Z'))).toBe('14:05:09');
  expect(formatDateTime('2026-12-15T23:30:00Z')).toBe('16 Dec 2026, 00:30');
});

test('unreadable dates are shown as given rather than as "Invalid Date"', () => {
  expect(formatCalendarDate('soon')).toBe('soon');
  expect(formatDateTime('later')).toBe('later');
});
