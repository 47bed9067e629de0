/**
 * How the pages write money, dates and times (product.md, "Money, phones, banks, time";
 * docs/decisions/0024-languages.md).
 *
 * In the page's active language where the browser's `Intl` supports it, else Nigerian English
 * (`en-NG`): Chromium, for one, has no Nigerian Pidgin, Hausa, Yoruba or Igbo data, and a locale
 * `Intl` does not know would silently become the phone's own. Amounts arrive in naira (the major
 * unit, at most 2 decimals) and are always written in naira with the ₦ sign (₦5,000.00), whatever
 * the language's own currency habits. Times are written in Africa/Lagos whatever the phone's own
 * time zone. Formatters are built once per locale: constructing `Intl` objects is slow on low-end
 * phones.
 */
import type { Language } from '../../contract/hosted-common';
import { getLanguageState } from '../messages/i18n';

const lagos = 'Africa/Lagos';

/**
 * The `Intl` locale for `language`: the language itself when every `Intl` formatter the pages use
 * supports it, else `en-NG`.
 */
export function intlLocale(language: Language): string {
  if (language === 'en') return 'en-NG';
  const supported =
    Intl.NumberFormat.supportedLocalesOf([language]).length > 0 &&
    Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0;
  return supported ? language : 'en-NG';
}

interface Formatters {
  naira: Intl.NumberFormat;
  dateTime: Intl.DateTimeFormat;
  time: Intl.DateTimeFormat;
  calendarDate: Intl.DateTimeFormat;
}

const formattersByLanguage = new Map<Language, Formatters>();

function formatters(language: Language): Formatters {
  const cached = formattersByLanguage.get(language);
  if (cached !== undefined) return cached;
  const locale = intlLocale(language);
  const made: Formatters = {
    // `currencyDisplay: 'narrowSymbol'`: ₦ in every locale, never "NGN".
    naira: new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'NGN',
      currencyDisplay: 'narrowSymbol',
    }),
    dateTime: new Intl.DateTimeFormat(locale, {
      timeZone: lagos,
      dateStyle: 'medium',
      timeStyle: 'short',
    }),
    time: new Intl.DateTimeFormat(locale, {
      timeZone: lagos,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
    // A calendar date (YYYY-MM-DD) is already a Lagos date; formatting its UTC midnight in UTC
    // writes exactly that day, whatever the offset. Same date style as `dateTime`: one date
    // format on every page ("15 Dec 2026").
    calendarDate: new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle: 'medium' }),
  };
  formattersByLanguage.set(language, made);
  return made;
}

function active(language: Language | undefined): Formatters {
  return formatters(language ?? getLanguageState().active);
}

/** `amount` in naira as ₦5,000.00, in `language` (default: the page's active language). */
export function formatNaira(amount: number, language?: Language): string {
  return active(language).naira.format(amount);
}

/** A calendar date `YYYY-MM-DD` (Africa/Lagos) as "15 Dec 2026"; the input if unreadable. */
export function formatCalendarDate(isoDate: string, language?: Language): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : active(language).calendarDate.format(time);
}

/** An ISO timestamp or epoch milliseconds as "15 Dec 2026, 14:05" in Africa/Lagos. */
export function formatDateTime(value: string | number, language?: Language): string {
  const time = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(time) ? String(value) : active(language).dateTime.format(time);
}

/** Epoch milliseconds as "14:05:09" in Africa/Lagos. */
export function formatTime(epochMs: number, language?: Language): string {
  return active(language).time.format(epochMs);
}
