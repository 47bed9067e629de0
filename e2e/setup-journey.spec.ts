/**
 * The setup journey on a 360 px phone (issue 14, points 2 and 3; product.md, "Direct-debit setup:
 * the flow"): each step is a browser history entry, so Back and Forward move between steps and
 * never send anything again; a reload resumes at the step with the bank and number, and at the
 * confirm step with the name already looked up, without another lookup (never in the URL); after the status view, Back does not re-enter the steps; the automatic
 * return happens at most once per link per tab, and never after "Stay here". axe-clean throughout.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { createSubscriptionWithSetupLink } from './merchant-api';
import {
  authorize,
  chooseGtBank,
  enterAccount,
  expectHeading,
  fakeMerchantSite,
  merchantReturnUrl,
  openSetupLink,
  testAccounts,
} from './setup-flow';

/** Counts the page's requests, as "METHOD /path". */
function recordRequests(page: Page): (request: string) => number {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch') {
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    }
  });
  return (wanted) => sent.filter((request) => request === wanted).length;
}

/** No token, name or number in the address bar. */
function expectCleanUrl(page: Page) {
  const url = new URL(page.url());
  expect(url.pathname).toBe('/direct-debit/setup');
  expect(url.search + url.hash).toBe('');
}

const account = testAccounts.verified;
const name = 'TEST ACCOUNT 0025 (sandbox data)';

test('Back, Forward and reload at every step of setup; nothing is sent twice', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  const count = recordRequests(page);
  await openSetupLink(page, setupUrl);

  // Bank step, then a reload there.
  await expectHeading(page, 'Choose your bank');
  await expectNoAxeViolations(page);
  await page.reload();
  await expectHeading(page, 'Choose your bank');

  // Account step; a reload keeps the bank.
  await chooseGtBank(page);
  await expectHeading(page, 'Enter your account number');
  expectCleanUrl(page);
  await page.reload();
  await expectHeading(page, 'Enter your account number');
  await expect(page.getByText('Bank: Guaranty Trust Bank')).toBeVisible();
  await expectNoAxeViolations(page);

  // Confirm step; a reload shows the name the tab kept: no lookup is spent again.
  await enterAccount(page, account);
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expectCleanUrl(page);
  const lookupsBefore = count('POST /direct-debit/setup/resolve-account');
  await page.reload();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expect(count('POST /direct-debit/setup/resolve-account')).toBe(lookupsBefore);
  await expectNoAxeViolations(page);

  // Back to the account step (number kept), Back to the bank step, Forward twice.
  const lookups = count('POST /direct-debit/setup/resolve-account');
  await page.goBack();
  await expectHeading(page, 'Enter your account number');
  await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue(account);
  await page.goBack();
  await expectHeading(page, 'Choose your bank');
  await page.goForward();
  await expectHeading(page, 'Enter your account number');
  await page.goForward();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expect(count('POST /direct-debit/setup/resolve-account')).toBe(lookups);
  expect(count('POST /direct-debit/setup')).toBe(0);

  // The authorization, once; Back and reload afterwards stay on the status view.
  await authorize(page);
  await expectHeading(page, 'Direct debit is set up');
  await expectNoAxeViolations(page);
  await page.goBack();
  await expectHeading(page, 'Direct debit is set up');
  await page.reload();
  await expectHeading(page, 'Direct debit is set up');
  await page.goBack();
  await expectHeading(page, 'Direct debit is set up');
  expect(count('POST /direct-debit/setup')).toBe(1);
  expectCleanUrl(page);
});

test('the automatic return happens once: Back from the merchant stays on the status', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  const merchant = await fakeMerchantSite(page);
  // The page's timers run on Playwright's clock: "later" is reached without waiting for it.
  await page.clock.install();
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, account);
  await authorize(page);
  await expectHeading(page, 'Direct debit is set up');
  await expect(page.getByRole('timer')).toContainText('Returning to Adaeze Fitness');
  await expectNoAxeViolations(page);
  // The 5-second countdown ends: the one return.
  await page.clock.runFor(6_000);
  await page.waitForURL(merchantReturnUrl);
  expect(merchant.visited()).toBe(true);

  await page.goBack();
  await expectHeading(page, 'Direct debit is set up');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  // Well past another 5 seconds: still here, the way back offered, never taken.
  await page.clock.runFor(10_000);
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  expectCleanUrl(page);
});

test('after "Stay here" a reload never returns the customer by itself', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  const merchant = await fakeMerchantSite(page);
  await page.clock.install();
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, account);
  await authorize(page);
  await expectHeading(page, 'Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByRole('timer')).toHaveCount(0);

  await page.reload();
  await expectHeading(page, 'Direct debit is set up');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Well past a countdown's 5 seconds: still here, the way back offered, never taken.
  await page.clock.runFor(10_000);
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  expect(merchant.visited()).toBe(false);
  expectCleanUrl(page);
});

test('the countdown holds while the pointer is on it (WCAG 2.2.1)', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  const merchant = await fakeMerchantSite(page);
  await page.clock.install();
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, account);
  await authorize(page);
  const timer = page.getByRole('timer');
  await timer.hover();
  await expect(timer).toContainText('(paused)');
  // Past the countdown's 5 seconds with the pointer on it: held, still counting nothing down.
  await page.clock.runFor(6_500);
  await expect(timer).toContainText('(paused)');
  expect(merchant.visited()).toBe(false);
  expectCleanUrl(page);
  await page.mouse.move(0, 0);
  await page.clock.runFor(6_000);
  await page.waitForURL(merchantReturnUrl);
});

test('digits typed at the account step but not yet sent survive a reload, for this tab only', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await expectHeading(page, 'Enter your account number');
  await page.getByLabel('Account number').fill('01234');
  await page.reload();
  await expectHeading(page, 'Enter your account number');
  await expect(page.getByLabel('Account number')).toHaveValue('01234');
  expectCleanUrl(page);
});
