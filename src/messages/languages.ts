/**
 * The languages of the hosted pages and how one is chosen (product.md, "Every page";
 * docs/decisions/0024-languages.md). Pure: no storage, no DOM.
 */
import { languageSchema, type Language } from '../../contract/hosted-common';

/** Every language the pages speak, English first (contract/hosted-common.ts). */
export const languages: readonly Language[] = languageSchema.options;

/** Each language in its own name, as the language switch offers it. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  pcm: 'Naijá (Pidgin)',
  ha: 'Hausa',
  yo: 'Yorùbá',
  ig: 'Igbo',
};

/**
 * The `lang` of a page in each language (`<html lang>`, BCP 47). English is Nigerian English;
 * the others are the languages' own subtags.
 */
export const htmlLang: Record<Language, string> = {
  en: 'en-NG',
  pcm: 'pcm',
  ha: 'ha',
  yo: 'yo',
  ig: 'ig',
};

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) whose primary
 * subtag is one of `available`: `yo-NG` and `yo` are Yoruba, `ha-Latn-NG` Hausa, `en-GB`
 * English. Null when none matches.
 */
export function matchBrowserLanguage(
  tags: readonly string[],
  available: readonly Language[],
): Language | null {
  for (const tag of tags) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase();
    const match = available.find((language) => language === primary);
    if (match !== undefined) return match;
  }
  return null;
}

/** What decides a page's language, strongest first. */
export interface LanguageSources {
  /** The customer's explicit choice on the switch, kept for the tab; null when none. */
  chosen: Language | null;
  /** The merchant's `preferredLanguage` on the link (the page's hosted read); null when none. */
  preferred: Language | null;
  /** `navigator.languages`. */
  browser: readonly string[];
  /** The languages whose catalogs this build carries (English always). */
  available: readonly Language[];
}

/**
 * The page's language: the customer's choice, else the merchant's preference, else the first
 * browser language the pages speak, else English. A language without catalogs in this build is
 * skipped.
 */
export function resolveLanguage({
  chosen,
  preferred,
  browser,
  available,
}: LanguageSources): Language {
  const usable = (language: Language | null) =>
    language !== null && available.includes(language) ? language : null;
  return usable(chosen) ?? usable(preferred) ?? matchBrowserLanguage(browser, available) ?? 'en';
}
