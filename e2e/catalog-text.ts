/**
 * The pages' words as the e2e specs look for them, in any language (docs/decisions/0024-languages.md):
 * read from the PO catalogs (every PO file of src/messages/locales/{language}/, through
 * src/messages/catalog-files.ts) and rendered with Lingui as the pages render them, so a spec drives
 * the flows by the text a customer sees in that language; and the check that no English is left
 * on a page in another language (issue 17, "Done when").
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { expect, type Page } from '@playwright/test';
import { languageSchema, type Language } from '../contract/hosted-common';
import bankSeed from '../sandbox/seed/ng-banks.json' with { type: 'json' };
import { demoMerchantProfile } from '../sandbox/features/merchants/demo-merchant';
import { literalParts, readMessages } from '../src/messages/catalog-files';
import { languageNames } from '../src/messages/languages';
import { sameAsEnglishReason } from '../src/messages/same-as-english';

/** `<html lang>` of each language (src/messages/languages.ts). */
export const htmlLangOf: Record<Language, string> = {
  en: 'en-NG',
  pcm: 'pcm',
  ha: 'ha',
  yo: 'yo',
  ig: 'ig',
};

/**
 * Every language of the pages (the contract's list). Not filtered by the catalogs on disk: a
 * language whose catalogs are missing fails its specs instead of being skipped.
 */
export const pageLanguages: readonly Language[] = languageSchema.options;

const catalogs = new Map<Language, Map<string, string>>();

/** Every message (id → ICU text) of `language`, all parts. @throws Error when it has none. */
export function catalogOf(language: Language): Map<string, string> {
  const cached = catalogs.get(language);
  if (cached !== undefined) return cached;
  const messages = readMessages(language);
  if (messages.size === 0) throw new Error(`no catalogs for ${language}`);
  catalogs.set(language, messages);
  return messages;
}

const instances = new Map<Language, I18n>();

/** The message `id` in `language` with ICU `values`, as the page shows it. */
export function say(
  language: Language,
  id: string,
  values?: Record<string, string | number>,
): string {
  let i18n = instances.get(language);
  if (i18n === undefined) {
    const compiled = Object.fromEntries(
      [...catalogOf(language)].map(([messageId, text]) => [messageId, compileMessageOrThrow(text)]),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    instances.set(language, i18n);
  }
  if (!catalogOf(language).has(id)) throw new Error(`no message ${id} in ${language}`);
  return i18n._(id, values);
}

/**
 * Text on the pages that is not ours to translate: bank names (the sandbox's list), the demo
 * merchant's name and the specs' merchant data (plan, order), the languages' own names on the
 * switch. Removed from a page's text before it is searched for English.
 */
const properNames: string[] = [
  ...bankSeed.flatMap((bank) => [bank.name, bank.shortName]),
  demoMerchantProfile.name,
  demoMerchantProfile.supportEmail,
  'Gym membership',
  'Premium membership',
  'Order #42',
  ...Object.values(languageNames),
].sort((a, b) => b.length - a.length);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The English a `language` page must not show, by message id: for each English message not
 * allowed by src/messages/same-as-english.ts, its whole text when it has no arguments (at any
 * length: "Copy", "Pay now"), else each of its literal stretches of two words or more ("to collect",
 * "every month from this account"; one word between arguments, such as "logo" in "{merchant}
 * logo", is too common to tell English from a word the language shares). The English of an
 * allowed message is a word the language shares, so a stretch that is only such words ("every
 * month" inside the mandate's consent, "(Lagos time)." after a time) is not looked for either.
 * Case-sensitive and bounded by non-letters, so "Bank" does not match "Banki", and an English
 * label does not match the same word inside a sentence.
 */
export function englishToFind(language: Language): { id: string; text: string; pattern: RegExp }[] {
  const english = catalogOf('en');
  const shared = [...english]
    .filter(([id]) => sameAsEnglishReason(language, id) !== null)
    .flatMap(([, message]) => literalParts(message))
    .sort((a, b) => b.length - a.length);
  const onlyShared = (text: string): boolean =>
    !/\p{L}/u.test(shared.reduce((rest, words) => rest.split(words).join(' '), text));
  const found: { id: string; text: string; pattern: RegExp }[] = [];
  for (const [id, message] of english) {
    if (sameAsEnglishReason(language, id) !== null) continue;
    const parts = literalParts(message);
    const whole = parts.length === 1 && parts[0] === message.trim();
    for (const text of whole ? parts : parts.filter((part) => /\s/.test(part)))
      if (!onlyShared(text))
        found.push({
          id,
          text,
          pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'u'),
        });
  }
  return found;
}

/**
 * Everything a customer can read or hear on the page now: the visible text (without any element
 * marked `lang="en"`: the mandate's English shown on request), the accessibility tree
 * (`ariaSnapshot()`: accessible names, aria-labels, alt text, busy labels), every placeholder and
 * `document.title`, with {@link properNames} and `names` (the view's own merchant data) removed.
 */
export async function readablePageText(page: Page, names: readonly string[] = []): Promise<string> {
  const visible = await page.evaluate(() => {
    let text = document.body.innerText;
    for (const element of document.querySelectorAll<HTMLElement>('body [lang="en"]'))
      if (element.innerText.trim() !== '') text = text.split(element.innerText).join('\n');
    const placeholders = [...document.querySelectorAll('[placeholder]')].map(
      (element) => element.getAttribute('placeholder') ?? '',
    );
    return [text, ...placeholders, document.title].join('\n');
  });
  const aria = await page.locator('body').ariaSnapshot();
  let text = `${visible}\n${aria}`;
  for (const name of [...names, ...properNames]) text = text.split(name).join(' ');
  return text;
}

/**
 * Expects no English left on a `language` page (issue 17, "Done when"): fails listing each
 * English message id and the words of it found in {@link readablePageText}. A no-op for English.
 */
export async function expectNoEnglishLeft(
  page: Page,
  language: Language,
  names: readonly string[] = [],
): Promise<void> {
  if (language === 'en') return;
  const text = await readablePageText(page, names);
  const left = englishToFind(language)
    .filter(({ pattern }) => pattern.test(text))
    .map(({ id, text: words }) => `${id}: ${words}`);
  expect(left, `English left on a ${language} page`).toEqual([]);
}

/**
 * A calendar date `YYYY-MM-DD` as the pages write it in `language` ("22 Nov 2026", "22 Nuw,
 * 2026"): from the catalogs' `common.date.*`, as src/lib/format.ts `formatCalendarDate` does.
 */
export function writtenCalendarDate(language: Language, isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return say(language, 'common.date.calendar', {
    day: day ?? 0,
    month: say(language, 'common.date.month', { month: `m${String(month)}` }),
    year: String(year),
  });
}
