import { expect, test, vi } from 'vitest';
import { formatCalendarDate, formatDateTime, formatNaira, formatTime, intlLocale } from './format';

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

test('in a language Intl supports, dates are written in it; amounts stay in naira with ₦', () => {
  // Node's ICU has Yoruba and Hausa data (Chromium's has not: see the next test).
  expect(Intl.DateTimeFormat.supportedLocalesOf(['ha'])).toEqual(['ha']);
  expect(formatCalendarDate('2026-12-15', 'ha')).toBe(
    new Intl.DateTimeFormat('ha', { timeZone: 'UTC', dateStyle: 'medium' }).format(
      Date.parse('2026-12-15'),
    ),
  );
  expect(formatCalendarDate('2026-12-15', 'ha')).not.toBe('15 Dec 2026');
  expect(formatNaira(5000, 'yo')).toMatch(/^₦\s?5,000\.00$/);
  expect(intlLocale('yo')).toBe('yo');
});

test('in a language Intl does not support, everything is written as in Nigerian English', () => {
  vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockReturnValue([]);
  vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
  expect(intlLocale('ig')).toBe('en-NG');
  expect(intlLocale('pcm')).toBe('en-NG');
});

test('English is always Nigerian English', () => {
  expect(intlLocale('en')).toBe('en-NG');
  expect(formatNaira(5000, 'en')).toBe('₦5,000.00');
});

test('by default the page’s active language is used', async () => {
  const { activateLanguage, loadLanguage } = await import('../messages/i18n');
  expect(formatCalendarDate('2026-12-15')).toBe('15 Dec 2026');
  // English is loaded; activating Hausa's formatters needs no catalog.
  await loadLanguage('en');
  activateLanguage('ha');
  expect(formatCalendarDate('2026-12-15')).toBe(formatCalendarDate('2026-12-15', 'ha'));
  activateLanguage('en');
});
