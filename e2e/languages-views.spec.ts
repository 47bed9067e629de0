/**
 * Every other view of the hosted pages in each language but English (issue 17, "Done when": "no
 * English left on any view of a non-English page"; docs/decisions/0024-languages.md): the invoice
 * page pending and paid, the three invalid links, the checkout's details form with a validation
 * error, a part payment, an expired checkout, and the setup's closed view, each axe clean and
 * with no English left (e2e/catalog-text.ts, expectNoEnglishLeft). The language comes from the
 * browser's locale (the specs' merchant data has no preference on invoices). Then the language's
 * sources in conflict: the merchant's over the browser's, the customer's choice over the
 * merchant's for the tab only.
 */
import { expect, test } from '@playwright/test';
import type { Language } from '../contract/hosted-common';
import { htmlLangOf, pageLanguages, say, writtenCalendarDate } from './catalog-text';
import {
  createCheckoutPayment,
  createInvoiceSubscription,
  expireVirtualAccount,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from './checkout-api';
import { browserLocale, expectHeading, expectViewIn, switchTo } from './language-pages';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { disableAsMerchant, openSetupLink } from './setup-flow';

const callbackUrl = 'https://merchant.example.com/billing/return';
const badToken = 'A'.repeat(43);

for (const language of pageLanguages.filter((l): l is Exclude<Language, 'en'> => l !== 'en')) {
  test.describe(`every view in ${language}`, () => {
    test.use({ locale: browserLocale[language] });

    test(`the invoice page, pending then paid, in ${language}`, async ({ page }) => {
      const subscription = await createInvoiceSubscription({ callbackUrl, amount: 15000 });
      const invoiceUrl = subscription.invoice.checkoutUrl;
      if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
      await page.goto(pathOf(invoiceUrl));
      await expectHeading(page, language, 'invoice.pendingTitle');
      await expect(page.getByText(say(language, 'invoice.statuses.pending'))).toBeVisible();
      await expectViewIn(page, language);

      await page.getByRole('button', { name: say(language, 'invoice.payNow') }).click();
      await page.waitForURL(/\/checkout\/osp_/);
      await expectHeading(page, language, 'checkout.pending.title');
      // The invoice's plan and period, with the language's month names (issue 27.8).
      await expect(
        page.getByText(
          say(language, 'checkout.pending.invoicePeriod', {
            plan: 'Premium membership',
            start: writtenCalendarDate(language, subscription.invoice.periodStart),
            end: writtenCalendarDate(language, subscription.invoice.periodEnd),
          }),
        ),
      ).toBeVisible();
      await expectViewIn(page, language, ['Premium membership']);
      const payment = await getCheckoutPayment(new URL(page.url()).pathname.split('/').pop() ?? '');
      // The transfer settles the invoice at once; its page then says so (the checkout's own
      // paid view is walked by languages.spec.ts).
      await simulateTransfer(payment.virtualAccount.id, 15000);
      await expect.poll(async () => (await getCheckoutPayment(payment.id)).status).toBe('paid');
      await page.goto(pathOf(invoiceUrl));
      await expectHeading(page, language, 'invoice.paidTitle');
      await expect(
        page.getByRole('button', { name: say(language, 'invoice.payNow') }),
      ).toBeHidden();
      await expectViewIn(page, language);
    });

    test(`the invalid links of setup, checkout and invoice in ${language}`, async ({ page }) => {
      await page.goto('/direct-debit/setup');
      await expectHeading(page, language, 'setup.invalidLink.title');
      await expectViewIn(page, language);

      const payment = await createCheckoutPayment({ callbackUrl });
      await page.goto(`/checkout/${payment.id}#token=${badToken}`);
      await expectHeading(page, language, 'checkout.invalidLink.title');
      await expect(page).toHaveTitle(say(language, 'checkout.invalidLink.documentTitle'));
      await expectViewIn(page, language);

      const subscription = await createInvoiceSubscription({ callbackUrl });
      await page.goto(`/invoices/${subscription.invoice.id}#token=${badToken}`);
      await expectHeading(page, language, 'invoice.invalidLink.title');
      await expectViewIn(page, language);
    });

    test(`the checkout's details form and its validation error in ${language}`, async ({
      page,
    }) => {
      const payment = await createCheckoutPayment({
        callbackUrl,
        customer: { email: 'tunde@example.com' },
      });
      await page.goto(pathOf(payment.checkoutUrl));
      await expectHeading(page, language, 'checkout.details.title');
      await expectViewIn(page, language);

      await page
        .getByRole('textbox', { name: say(language, 'checkout.details.phoneLabel') })
        .fill('+1 415 555 2671');
      await page.getByRole('button', { name: say(language, 'checkout.details.submit') }).click();
      await expect(
        page.getByText(say(language, 'checkout.details.phoneErrors.not_nigerian')),
      ).toBeVisible();
      await expectViewIn(page, language);
    });

    test(`a part payment, then an expired checkout, in ${language}`, async ({ page }) => {
      const payment = await createCheckoutPayment({ callbackUrl, amount: 5000 });
      const names = [payment.virtualAccount.accountName];
      await page.goto(pathOf(payment.checkoutUrl));
      await expectHeading(page, language, 'checkout.pending.title');

      await simulateTransfer(payment.virtualAccount.id, 3000);
      await page.getByRole('button', { name: say(language, 'checkout.pending.sentMoney') }).click();
      await expect(page.getByText(say(language, 'checkout.pending.partialTitle'))).toBeVisible({
        timeout: 20_000,
      });
      await expectViewIn(page, language, names);

      await expireVirtualAccount(payment.virtualAccount.id);
      await page.reload();
      await expectHeading(page, language, 'checkout.expired.title');
      await expect(page.getByText(say(language, 'checkout.expired.doNotTransfer'))).toBeVisible();
      await expectViewIn(page, language, names);
    });

    test(`the setup's closed view in ${language}`, async ({ page }) => {
      const { setupUrl, subscription } = await createSubscriptionWithSetupLink({ callbackUrl });
      await disableAsMerchant(subscription.id);
      await openSetupLink(page, setupUrl);
      await expectHeading(page, language, 'setup.closed.title');
      await expectViewIn(page, language);
    });
  });
}

test.describe('the language’s sources in conflict', () => {
  test.use({ locale: browserLocale.ha });

  test('a Hausa browser on a link whose merchant prefers Yoruba: Yoruba', async ({ page }) => {
    const payment = await createCheckoutPayment({ preferredLanguage: 'yo' });
    await page.goto(pathOf(payment.checkoutUrl));
    await expectHeading(page, 'yo', 'checkout.pending.title');
    await expectViewIn(page, 'yo', [payment.virtualAccount.accountName]);
  });

  test('Igbo chosen on the switch stays after a reload over the merchant’s Yoruba; a new tab is Yoruba again', async ({
    page,
    browser,
    baseURL,
  }) => {
    const payment = await createCheckoutPayment({ preferredLanguage: 'yo' });
    await page.goto(pathOf(payment.checkoutUrl));
    await expectHeading(page, 'yo', 'checkout.pending.title');
    await switchTo(page, 'ig', 'yo');
    await expectHeading(page, 'ig', 'checkout.pending.title');

    await page.reload();
    await expectHeading(page, 'ig', 'checkout.pending.title');
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLangOf.ig);
    await expectViewIn(page, 'ig', [payment.virtualAccount.accountName]);

    const other = await browser.newContext({ baseURL, locale: browserLocale.ha });
    try {
      const tab = await other.newPage();
      await tab.goto(pathOf(payment.checkoutUrl));
      await expectHeading(tab, 'yo', 'checkout.pending.title');
      await expect(tab.locator('html')).toHaveAttribute('lang', htmlLangOf.yo);
    } finally {
      await other.close();
    }
  });
});
