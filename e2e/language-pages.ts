/**
 * Steps the language specs share (e2e/languages.spec.ts, e2e/languages-views.spec.ts; issue 17):
 * a view is in a language (`<html lang>`, axe clean, no English left), a heading in a language,
 * the switch, and the browser locale of each language.
 */
import { expect, type Page } from '@playwright/test';
import type { Language } from '../contract/hosted-common';
import { expectNoAxeViolations } from './axe';
import { expectNoEnglishLeft, htmlLangOf, say } from './catalog-text';

/** A browser locale of each language, as a phone set to it would send. */
export const browserLocale: Record<Language, string> = {
  en: 'en-GB',
  pcm: 'pcm-NG',
  ha: 'ha-NG',
  yo: 'yo-NG',
  ig: 'ig-NG',
};

/**
 * The view is in `language`: `<html lang>`, axe, and no English left in what a customer can read
 * or hear (e2e/catalog-text.ts, expectNoEnglishLeft); `names` are the view's own merchant data.
 */
export async function expectViewIn(
  page: Page,
  language: Language,
  names: readonly string[] = [],
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLangOf[language]);
  await expectNoAxeViolations(page);
  await expectNoEnglishLeft(page, language, names);
}

/** The step's `<h1>` in `language`, once visible. */
export async function expectHeading(page: Page, language: Language, id: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: say(language, id) })).toBeVisible({
    timeout: 15_000,
  });
}

/** Chooses `language` on the page's switch, labelled in the page's current language `from`. */
export async function switchTo(
  page: Page,
  language: Language,
  from: Language = 'en',
): Promise<void> {
  await page
    .getByRole('combobox', { name: say(from, 'common.language.label') })
    .selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLangOf[language]);
}
