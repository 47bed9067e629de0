/**
 * The hosted pages in each of their five languages (issue 17; docs/decisions/0024-languages.md):
 * the setup flow and a checkout payment completed in the built app against the running sandbox,
 * at 360 px, with the language chosen by the browser's locale, by the page's language switch and
 * by the merchant's `preferredLanguage` on the subscription or payment. Every view is axe clean,
 * has the right `<html lang>`, and shows no English catalog text (proper names, bank and merchant
 * data are not in the catalogs). Runs for every language of the contract's list: a language whose
 * catalogs are missing fails.
 */
import { expect, test, type Page } from '@playwright/test';
import { directDebitTokenHeader } from '../contract/direct-debit';
import type { Language } from '../contract/hosted-common';
import { expectNoAxeViolations } from './axe';
import { pageLanguages, say } from './catalog-text';
import { createCheckoutPayment, pathOf, simulateTransfer } from './checkout-api';
import { browserLocale, expectHeading, expectViewIn, switchTo } from './language-pages';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { openSetupLink, testAccounts, tokenOf } from './setup-flow';

type Chooser = 'browser' | 'switch' | 'merchant';

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

  // The customer says so, then the transfer lands: in the other order the page's own check may
  // find the money first and take the button away before the click.
  await page.getByRole('button', { name: say(language, 'checkout.pending.sentMoney') }).click();
  await simulateTransfer(payment.virtualAccount.id, payment.amount);
  await expectHeading(page, language, 'checkout.paid.title');
  await expectViewIn(page, language);
}

for (const language of pageLanguages) {
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

test('dates are written with the page language’s own month names, which the browser lacks', async ({
  page,
}) => {
  // Hausa, from its catalog (CLDR's abbreviated months): Chromium has no Hausa date data.
  const hausaMonths = 'Jan Fab Mar Afi May Yun Yul Agu Sat Okt Nuw Dis'.split(' ');
  const { subscription, setupUrl } = await createSubscriptionWithSetupLink({
    preferredLanguage: 'ha',
  });
  const [year, month, day] = subscription.nextBillingDate.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'ha', 'setup.bank.title');
  await expect(page.getByText(`${day} ${hausaMonths[month - 1]}, ${year}`)).toBeVisible();
});

test('the catalogs of the merchant’s language start downloading before the page’s own code has run', async ({
  page,
}) => {
  const { checkoutUrl } = await createCheckoutPayment({ preferredLanguage: 'ha' });
  // The page's own code (its route's file) is held back until a catalog of another language
  // than English has been asked for: a page that asked only once it had rendered would never
  // show (issue 27.7: no round trip more of English "Loading…" on a slow network).
  let catalogAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => {
    catalogAsked = resolve;
  });
  page.on('request', (request) => {
    if (/\/assets\/common-[\w-]+\.js$/.test(new URL(request.url()).pathname)) catalogAsked();
  });
  await page.route(
    (url) => /\/assets\/checkout-route-[\w-]+\.js$/.test(url.pathname),
    async (route) => {
      await asked;
      await route.continue();
    },
  );
  await page.goto(pathOf(checkoutUrl));
  await expectHeading(page, 'ha', 'checkout.pending.title');
  await expectViewIn(page, 'ha');
});

test('a rejected mandate says why in Hausa; the bank’s own words follow as the bank wrote them', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ preferredLanguage: 'ha' });
  // The customer authorized a dormant account (in another tab): the bank refused it.
  const submitted = await fetch(new URL('/direct-debit/setup', setupUrl), {
    method: 'POST',
    headers: { [directDebitTokenHeader]: tokenOf(setupUrl), 'content-type': 'application/json' },
    body: JSON.stringify({
      bankId: '000013',
      bankAccountNumber: testAccounts.rejectedDormant,
      consent: true,
    }),
  });
  expect(submitted.status).toBe(201);
  const bankWords = 'Mandate rejected: Dormant Account - reactivation required (sandbox data)';

  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'ha', 'setup.status.titles.rejected');
  await expect(page.getByText(say('ha', 'setup.status.rejection.dormant'))).toBeVisible();
  await expect(
    page.getByText(say('ha', 'setup.status.rejectedReason', { reason: bankWords })),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: say('ha', 'setup.status.tryAnotherAccount') }),
  ).toBeVisible();
  // Nothing else is English: the bank's words are the bank's, like a merchant's name.
  await expectViewIn(page, 'ha', [bankWords]);
});
