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

test('amounts stay in naira with ₦ in a language Intl supports', () => {
  expect(formatNaira(5000, 'yo')).toMatch(/^₦\s?5,000\.00$/);
  expect(intlLocale('yo')).toBe('yo');
});

test.each([
  ['ha', '15 Dis, 2026', '16 Dis, 2026, 00:30'],
  ['yo', '15 Ọ̀pẹ̀ 2026', '16 Ọ̀pẹ̀ 2026, 00:30'],
  ['ig', '15 Dis 2026', '16 Dis 2026, 00:30'],
  ['pcm', '15 Dis 2026', '16 Dis 2026, 00:30'],
  ['en', '15 Dec 2026', '16 Dec 2026, 00:30'],
] as const)(
  'dates in %s take their month names from its catalog, even where the browser has no date data',
  async (language, date, dateTime) => {
    // Chromium has no Hausa, Yoruba, Igbo or Pidgin date data.
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    const { activateLanguage, loadLanguage } = await import('../messages/i18n');
    await loadLanguage(language);
    activateLanguage(language);
    expect(formatCalendarDate('2026-12-15')).toBe(date);
    expect(formatDateTime('2026-12-15T23:30:00Z')).toBe(dateTime);
  },
);

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
