/**
 * Issue 14, points 1, 5 and 6, in Chromium at 360 px: the bank combobox (by typing, by keyboard,
 * suggestions from a typed NUBAN, Continue within reach), dark mode and 200 % text with no
 * horizontal scroll (WCAG 1.4.10, 1.4.4), and axe clean on every view in light and in dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  createCheckoutPayment,
  createInvoiceSubscription,
  pathOf,
  simulateTransfer,
} from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';
import {
  authorize,
  completeSetup,
  enterAccount,
  expectHeading,
  fakeMerchantSite,
  merchantReturnUrl,
  openSetupLink,
  testAccounts,
} from './setup-flow';

/** No content wider than the viewport: nothing to scroll sideways. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.content).toBeLessThanOrEqual(widths.viewport);
}

/** The view as it is now passes axe and has no sideways scroll, in light and in dark. */
async function expectViewWorksInBothSchemes(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The browser's own text size at 200 % (as a person sets it), not a page zoom. */
async function setTextSize200(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
}

test('a bank is chosen by typing part of its name and tapping it; Continue is within reach', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'Choose your bank');
  const combobox = page.getByRole('combobox', { name: 'Search banks' });
  // The most used banks are offered before anything is typed; the list stays short.
  await expect(page.getByRole('group', { name: 'Most used banks' })).toBeVisible();
  expect(
    await page.getByRole('listbox', { name: 'Your bank' }).getByRole('option').count(),
  ).toBeLessThanOrEqual(8);

  await combobox.fill('zen');
  await expect(page.getByRole('status').filter({ hasText: /bank(s)? match/ })).toBeVisible();
  await page.getByRole('option', { name: 'Zenith Bank', exact: true }).click();
  await expect(combobox).toHaveValue('Zenith Bank');
  await expect(page.getByText('Selected: Zenith Bank')).toBeVisible();

  const continueButton = page.getByRole('button', { name: 'Continue' });
  const [comboboxBox, continueBox] = await Promise.all([
    combobox.boundingBox(),
    continueButton.boundingBox(),
  ]);
  const viewport = page.viewportSize();
  expect(comboboxBox && continueBox && viewport).toBeTruthy();
  if (comboboxBox && continueBox && viewport) {
    expect(continueBox.y + continueBox.height - comboboxBox.y).toBeLessThan(viewport.height);
  }
  await continueButton.click();
  await expectHeading(page, 'Enter your account number');
  await expect(page.getByText('Bank: Zenith Bank')).toBeVisible();
});

test('a bank is chosen with the keyboard alone in the combobox', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'Choose your bank');
  const combobox = page.getByRole('combobox', { name: 'Search banks' });
  await combobox.focus();
  await page.keyboard.type('bank');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const options = page.getByRole('listbox', { name: 'Your bank' }).getByRole('option');
  const second = options.nth(1);
  await expect(combobox).toHaveAttribute(
    'aria-activedescendant',
    (await second.getAttribute('id')) ?? '',
  );
  const secondName = (await second.textContent()) ?? '';
  await page.keyboard.press('ArrowUp');
  await expect(combobox).toHaveAttribute(
    'aria-activedescendant',
    (await options.first().getAttribute('id')) ?? '',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveValue(secondName);
  await expect(page.getByText(`Selected: ${secondName}`)).toBeVisible();
  // Escape clears the search; the choice stays.
  await page.keyboard.press('Escape');
  await expect(combobox).toHaveValue('');
  await expect(page.getByText(`Selected: ${secondName}`)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Enter your account number');
});

test('an account number typed first puts the banks whose check digit fits on top', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await page
    .getByRole('textbox', { name: 'Account number (optional)' })
    .fill(testAccounts.verified);
  const suggested = page.getByRole('group', { name: 'Suggested for this account number' });
  await expect(suggested.getByRole('option', { name: 'Guaranty Trust Bank' })).toBeVisible();
  await expect(
    page.getByRole('listbox', { name: 'Your bank' }).getByRole('option').first(),
  ).toHaveText((await suggested.getByRole('option').first().textContent()) ?? '');
});

test('every setup view: axe clean and no sideways scroll in light and dark, and at 200 % text', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'Choose your bank');
  await expectViewWorksInBothSchemes(page);
  await page.getByRole('combobox', { name: 'Search banks' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await expectViewWorksInBothSchemes(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterAccountAndCheck(page, testAccounts.verified);
  await authorize(page);
  await expectHeading(page, 'Direct debit is set up', 20_000);
  await expectViewWorksInBothSchemes(page);

  await setTextSize200(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectViewWorksInBothSchemes(page);
  await openSetupLink(page, (await createSubscriptionWithSetupLink({})).setupUrl);
  await expectHeading(page, 'Choose your bank');
  await expectViewWorksInBothSchemes(page);
});

async function enterAccountAndCheck(page: Page, accountNumber: string): Promise<void> {
  await expectHeading(page, 'Enter your account number');
  await expectViewWorksInBothSchemes(page);
  await enterAccount(page, accountNumber);
  await expectHeading(page, 'Confirm your direct debit');
  await expectViewWorksInBothSchemes(page);
}

test('checkout and invoice views: axe clean and no sideways scroll in light, dark and 200 % text', async ({
  page,
}) => {
  await page.route('https://merchant.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Merchant</h1>' }),
  );
  const subscription = await createInvoiceSubscription({
    callbackUrl: 'https://merchant.example/billing/return',
  });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  await page.goto(pathOf(invoiceUrl));
  await expectHeading(page, 'Pay your invoice');
  await expectViewWorksInBothSchemes(page);

  const payment = await createCheckoutPayment({});
  await page.goto(pathOf(payment.checkoutUrl));
  await expectHeading(page, 'Pay by bank transfer');
  await expectViewWorksInBothSchemes(page);
  await setTextSize200(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectViewWorksInBothSchemes(page);

  await simulateTransfer(payment.virtualAccount.id, 5000);
  await expectHeading(page, 'Payment received', 15_000);
  await expectViewWorksInBothSchemes(page);

  await page.goto('/direct-debit/setup#token=abc');
  await expectHeading(page, /./);
  await expect(page.getByText(/damaged/i).first()).toBeVisible();
  await expectViewWorksInBothSchemes(page);
});

/** The switch shows its whole label: as wide as its widest language needs, inside the bar. */
async function expectWholeLanguageSwitch(page: Page): Promise<void> {
  const layout = await page.evaluate(() => {
    const select = document.querySelector<HTMLSelectElement>('.language-switch__select');
    const name = document.querySelector('.merchant-header__name');
    if (!select || !name) return null;
    const width = select.getBoundingClientRect().width;
    select.style.width = 'max-content';
    const wanted = select.getBoundingClientRect().width;
    select.style.width = '';
    const a = name.getBoundingClientRect();
    const b = select.getBoundingClientRect();
    const overlaps = a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
    return {
      width,
      wanted,
      right: b.right,
      viewport: document.documentElement.clientWidth,
      overlaps,
    };
  });
  expect(layout).not.toBeNull();
  if (layout === null) return;
  expect(layout.width).toBeGreaterThanOrEqual(layout.wanted - 0.5);
  expect(layout.right).toBeLessThanOrEqual(layout.viewport);
  expect(layout.overlaps).toBe(false);
}

/** The element's text is laid out on one line (an amount or account number not cut in two). */
async function expectOnOneLine(page: Page, selector: string): Promise<void> {
  const lines = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      ).size;
    });
  expect(lines, selector).toBe(1);
}

/** No word of the element's text is cut across two lines (a name may wrap between words). */
async function expectNoWordCut(page: Page, selector: string): Promise<void> {
  const cut = await page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const text = element.firstChild;
      if (text === null || text.nodeType !== Node.TEXT_NODE) return ['(no text)'];
      const words: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set(
          Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)),
        );
        if (tops.size > 1) words.push(match[0]);
      }
      return words;
    });
  expect(cut, selector).toEqual([]);
}

test('the language switch is never squeezed, and 200 % text on 320 px keeps the amount and the account number whole', async ({
  page,
}) => {
  // Naijá (Pidgin) is the switch's longest label; the bar once cut it to "Naijá (Pidgi" at 320 px.
  const payment = await createCheckoutPayment({ preferredLanguage: 'pcm' });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.locator('html')).toHaveAttribute('lang', 'pcm');
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  await expectWholeLanguageSwitch(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectWholeLanguageSwitch(page);

  // Large text on a small screen: the switch takes its own line rather than cutting the name
  // mid-word, and the amount and the account number stay on one line each.
  await setTextSize200(page);
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 740 });
    await expectWholeLanguageSwitch(page);
    await expectNoWordCut(page, '.merchant-header__name');
    await expectOnOneLine(page, '.amount');
    await expectOnOneLine(page, '.digits--key');
    await expectViewWorksInBothSchemes(page);
  }
});

test('"Stay here" leaves focus on "Return to", which comes before "Turn off automatic debit"', async ({
  page,
}) => {
  await fakeMerchantSite(page);
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();
  const back = page.getByRole('link', { name: 'Return to Adaeze Fitness' });
  await expect(back).toBeFocused();
  const order = await page
    .getByRole('link', { name: 'Return to Adaeze Fitness' })
    .or(page.getByRole('button', { name: 'Turn off automatic debit' }))
    .allTextContents();
  expect(order).toEqual(['Return to Adaeze Fitness', 'Turn off automatic debit']);
});

test('"I\'ve sent the money" keeps focus on itself once its check is done', async ({ page }) => {
  const payment = await createCheckoutPayment({});
  await page.goto(pathOf(payment.checkoutUrl));
  await expectHeading(page, 'Pay by bank transfer');
  const sent = page.getByRole('button', { name: 'I’ve sent the money' });
  await sent.click();
  await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
  await expect(sent).toBeEnabled();
  await expect(sent).toBeFocused();
});
