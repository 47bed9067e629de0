/**
 * How the pages write money, dates and times (product.md, "Money, phones, banks, time";
 * docs/decisions/0024-languages.md).
 *
 * Numbers in the page's active language where the browser's `Intl` supports it, else Nigerian
 * English (`en-NG`): Chromium, for one, has no Nigerian Pidgin, Hausa, Yoruba or Igbo data, and a
 * locale `Intl` does not know would silently become the phone's own. Dates take their words (the
 * month) and order from the active language's catalog (`common.date.*`, from CLDR), so a Hausa
 * page never says "Nov" whatever the browser knows; `Intl` only splits a moment into Lagos's day,
 * month, year and time. Amounts arrive in naira (the major
 * unit, at most 2 decimals) and are always written in naira with the ₦ sign (₦5,000.00), whatever
 * the language's own currency habits. Times are written in Africa/Lagos whatever the phone's own
 * time zone. Formatters are built once per locale: constructing `Intl` objects is slow on low-end
 * phones.
 */
import type { Language } from '../../contract/hosted-common';
import { getLanguageState, translate } from '../messages/i18n';
import { lagosPartsFormat, nairaFormat } from './intl-formats';

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
}

const formattersByLanguage = new Map<Language, Formatters>();

function formatters(language: Language): Formatters {
  const cached = formattersByLanguage.get(language);
  if (cached !== undefined) return cached;
  const made: Formatters = {
    naira: new Intl.NumberFormat(intlLocale(language), nairaFormat),
  };
  formattersByLanguage.set(language, made);
  return made;
}

function active(language: Language | undefined): Formatters {
  return formatters(language ?? getLanguageState().active);
}

// Numeric parts only, in Lagos (or, for a calendar date, in UTC: a `YYYY-MM-DD` is already a
// Lagos date, and its UTC midnight in UTC is exactly that day whatever the offset). Built on first
// use, not at load: the carried code's first task stays short (decision 0043).
let lagosFormat: Intl.DateTimeFormat | undefined;
let utcDateFormat: Intl.DateTimeFormat | undefined;

function lagosParts(): Intl.DateTimeFormat {
  lagosFormat ??= new Intl.DateTimeFormat('en-NG', lagosPartsFormat);
  return lagosFormat;
}

function utcDateParts(): Intl.DateTimeFormat {
  utcDateFormat ??= new Intl.DateTimeFormat('en-NG', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  return utcDateFormat;
}

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

function partsOf(format: Intl.DateTimeFormat, epochMs: number): Record<Part, string> {
  const parts: Record<Part, string> = {
    year: '',
    month: '',
    day: '',
    hour: '',
    minute: '',
    second: '',
  };
  for (const { type, value } of format.formatToParts(epochMs)) {
    if (type in parts) parts[type as Part] = value;
  }
  return parts;
}

/** "27 Nov 2026" in the active language's words and order (`common.date.*`). */
function writtenDate({ day, month, year }: Record<Part, string>): string {
  return translate('common.date.calendar', {
    day: Number(day),
    month: translate('common.date.month', { month: `m${Number(month)}` }),
    year,
  });
}

/** `amount` in naira as ₦5,000.00, in `language` (default: the page's active language). */
export function formatNaira(amount: number, language?: Language): string {
  return active(language).naira.format(amount);
}

/**
 * A calendar date `YYYY-MM-DD` (Africa/Lagos) as "15 Dec 2026", in the active language's month
 * names and order; the input if unreadable.
 */
export function formatCalendarDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : writtenDate(partsOf(utcDateParts(), time));
}

/**
 * An ISO timestamp or epoch milliseconds as "15 Dec 2026, 14:05" in Africa/Lagos, in the active
 * language's month names and order; the input if unreadable.
 */
export function formatDateTime(value: string | number): string {
  const time = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(time)) return String(value);
  const parts = partsOf(lagosParts(), time);
  return translate('common.date.dateTime', {
    date: writtenDate(parts),
    time: `${parts.hour}:${parts.minute}`,
  });
}

/** Epoch milliseconds as "14:05:09" (24-hour) in Africa/Lagos. */
export function formatTime(epochMs: number): string {
  const { hour, minute, second } = partsOf(lagosParts(), epochMs);
  return `${hour}:${minute}:${second}`;
}
