/**
 * The hosted pages in each of their five languages (issue 17; docs/decisions/0024-languages.md):
 * the setup flow and a checkout payment completed in the built app against the running sandbox,
 * at 360 px, with the language chosen by the browser's locale, by the page's language switch and
 * by the merchant's `preferredLanguage` on the subscription or payment. Every view is axe clean,
 * has the right `<html lang>`, and shows no English catalog text (proper names, bank and merchant
 * data are not in the catalogs). Runs for every language whose catalogs are in the repository.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../contract/hosted-common';
import { expectNoAxeViolations } from './axe';
import { englishLeftovers, htmlLangOf, presentLanguages, say } from './catalog-text';
import { createCheckoutPayment, pathOf, simulateTransfer } from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { openSetupLink, testAccounts } from './setup-flow';

type Chooser = 'browser' | 'switch' | 'merchant';

/** A browser locale of each language, as a phone set to it would send. */
const browserLocale: Record<Language, string> = {
  en: 'en-GB',
  pcm: 'pcm-NG',
  ha: 'ha-NG',
  yo: 'yo-NG',
  ig: 'ig-NG',
};

/** The view is in `language`: `<html lang>`, axe, and no English left in its visible text. */
async function expectViewIn(page: Page, language: Language): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLangOf[language]);
  await expectNoAxeViolations(page);
  if (language === 'en') return;
  const text = await page.locator('body').innerText();
  expect(englishLeftovers(language).filter((english) => text.includes(english))).toEqual([]);
}

/** The step's `<h1>` in `language`, once visible. */
async function expectHeading(page: Page, language: Language, id: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: say(language, id) })).toBeVisible({
    timeout: 15_000,
  });
}

/** Chooses `language` on the page's switch (labelled in the page's current language, English). */
async function switchTo(page: Page, language: Language): Promise<void> {
  await page
    .getByRole('combobox', { name: say('en', 'common.language.label') })
    .selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', htmlLangOf[language]);
}

async function completeSetup(page: Page, language: Language, chooser: Chooser): Promise<void> {
  const { setupUrl } = await createSubscriptionWithSetupLink(
    chooser === 'merchant' ? { preferredLanguage: language } : {},
  );
  await openSetupLink(page, setupUrl);
  if (chooser === 'switch') {
    await expectHeading(page, 'en', 'setup.bank.title');
    await switchTo(page, language);
  }
  await expectHeading(page, language, 'setup.bank.title');
  await expectViewIn(page, language);
  await page
    .getByRole('combobox', { name: say(language, 'setup.bank.searchLabel') })
    .fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page
    .getByRole('button', { name: say(language, 'setup.bank.continue'), exact: true })
    .click();

  await expectHeading(page, language, 'setup.account.title');
  await expectViewIn(page, language);
  await page
    .getByRole('textbox', { name: say(language, 'setup.account.label'), exact: true })
    .fill(testAccounts.verified);
  await page
    .getByRole('button', { name: say(language, 'setup.account.continue'), exact: true })
    .click();

  await expectHeading(page, language, 'setup.confirm.title');
  await expectViewIn(page, language);
  await page.getByRole('checkbox').check();
  await page
    .getByRole('button', { name: say(language, 'setup.confirm.submit'), exact: true })
    .click();

  await expectHeading(page, language, 'setup.status.titles.approved');
  await expectViewIn(page, language);
}

async function payAtCheckout(page: Page, language: Language, chooser: Chooser): Promise<void> {
  const payment = await createCheckoutPayment(
    chooser === 'merchant' ? { preferredLanguage: language } : {},
  );
  await page.goto(pathOf(payment.checkoutUrl));
  if (chooser === 'switch') {
    await expectHeading(page, 'en', 'checkout.pending.title');
    await switchTo(page, language);
  }
  await expectHeading(page, language, 'checkout.pending.title');
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  await expectViewIn(page, language);

  await simulateTransfer(payment.virtualAccount.id, payment.amount);
  await page.getByRole('button', { name: say(language, 'checkout.pending.sentMoney') }).click();
  await expectHeading(page, language, 'checkout.paid.title');
  await expectViewIn(page, language);
}

for (const language of presentLanguages) {
  test.describe(`${language}, chosen by the browser's locale`, () => {
    test.use({ locale: browserLocale[language] });

    test(`the setup flow in ${language}`, async ({ page }) => {
      await completeSetup(page, language, 'browser');
    });

    test(`a checkout payment in ${language}`, async ({ page }) => {
      await payAtCheckout(page, language, 'browser');
    });
  });

  if (language === 'en') continue;

  test(`the setup flow in ${language}, chosen on the switch`, async ({ page }) => {
    await completeSetup(page, language, 'switch');
  });

  test(`a checkout payment in ${language}, chosen on the switch`, async ({ page }) => {
    await payAtCheckout(page, language, 'switch');
  });

  test(`the setup flow in ${language}, the merchant's preferred language`, async ({ page }) => {
    await completeSetup(page, language, 'merchant');
  });

  test(`a checkout payment in ${language}, the merchant's preferred language`, async ({ page }) => {
    await payAtCheckout(page, language, 'merchant');
  });
}

test('the English text of the mandate consent is one tap away on a Yoruba page', async ({
  page,
}) => {
  test.skip(!presentLanguages.includes('yo'), 'no Yoruba catalogs yet');
  const { setupUrl } = await createSubscriptionWithSetupLink({ preferredLanguage: 'yo' });
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'yo', 'setup.bank.title');
  await page.getByRole('combobox', { name: say('yo', 'setup.bank.searchLabel') }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: say('yo', 'setup.bank.continue'), exact: true }).click();
  await page
    .getByRole('textbox', { name: say('yo', 'setup.account.label'), exact: true })
    .fill(testAccounts.verified);
  await page
    .getByRole('button', { name: say('yo', 'setup.account.continue'), exact: true })
    .click();
  await expectHeading(page, 'yo', 'setup.confirm.title');

  const english = page.locator('p[lang="en"]');
  await expect(english).toBeHidden();
  await page.getByRole('button', { name: say('yo', 'setup.confirm.showEnglish') }).click();
  await expect(english).toBeVisible();
  await expect(english).toHaveText(
    /^I authorize .+ to collect ₦15,000\.00 every month from this account/,
  );
  await expectNoAxeViolations(page);
});

test.describe('a page without a link', () => {
  test.use({ locale: 'ha-NG' });

  test('is in the browser’s language, with the switch, and changes on it', async ({ page }) => {
    test.skip(!presentLanguages.includes('ha'), 'no Hausa catalogs yet');
    await page.goto('/no-such-page');
    await expectHeading(page, 'ha', 'common.notFound.title');
    await expectViewIn(page, 'ha');
    await expect(page).toHaveTitle(say('ha', 'common.notFound.documentTitle'));
    await page
      .getByRole('combobox', { name: say('ha', 'common.language.label') })
      .selectOption('en');
    await expectHeading(page, 'en', 'common.notFound.title');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
    await expect(page).toHaveTitle(say('en', 'common.notFound.documentTitle'));
  });
});
