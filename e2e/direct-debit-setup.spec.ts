/**
 * The first slice end to end: a merchant creates a plan, a subscription and a direct-debit setup
 * link through the sandbox's merchant API; a customer opens the link in Chromium, authorizes a
 * mandate, waits for the bank's approval and is returned to the merchant's `returnUrl`
 * (service-api.md, "Hosted customer setup"; product.md, "The setup flow").
 */
import { expect, test } from '@playwright/test';
import { directDebitTokenHeader } from '../contract/hosted-reads';
import { expectTokenOnlyInHeader, recordApiCalls } from './api-calls';
import { createSubscriptionWithSetupLink } from './merchant-api';

const merchantReturnUrl = 'https://merchant.example.com/billing/return';

test('a customer authorizes a mandate and is returned to the merchant', async ({ page }) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  // The merchant's site is not on this machine: answer for it, and record that we arrived.
  await page.route('https://merchant.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back at Adaeze Fitness</h1>' }),
  );

  // The API calls the page makes: the token travels in its header only, never in a URL.
  const apiCalls = recordApiCalls(page, directDebitTokenHeader);

  const url = new URL(setupUrl);
  expect(url.search).toBe('');
  expect(url.hash).toMatch(/^#token=/);
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  await page.goto(url.pathname + url.hash);

  await expect(page.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  const origin = new URL(page.url()).origin;
  // Started by the entry while the page's code downloads, and not asked again by the page.
  expect(apiCalls).toEqual([
    { method: 'GET', url: `${origin}/direct-debit/setup`, token },
    { method: 'GET', url: `${origin}/direct-debit/setup/banks`, token },
  ]);
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(page.getByText('₦15,000.00')).toBeVisible();

  await page.getByRole('combobox', { name: 'Search banks' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Enter your account number' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Account number' }).fill('0000000018');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Confirm your direct debit' }),
  ).toBeVisible();
  await expect(page.getByText('TEST ACCOUNT 0018 (sandbox data)')).toBeVisible();
  await page
    .getByRole('checkbox', { name: /I authorize Adaeze Fitness to collect ₦15,000\.00/ })
    .check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Waiting for your bank' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Direct debit is set up' })).toBeVisible(
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByText(/Returning to Adaeze Fitness in [1-5] s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stay here' })).toBeVisible();

  await page.waitForURL(merchantReturnUrl, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Back at Adaeze Fitness' })).toBeVisible();
  expect(subscription.id).toMatch(/^sub_/);
  // Every call of the whole setup, the lookup and the authorization included, went to exactly
  // its path, with the token in its header.
  expectTokenOnlyInHeader(apiCalls, origin, token, [
    'GET /direct-debit/setup',
    'GET /direct-debit/setup/banks',
    'POST /direct-debit/setup/resolve-account',
    'POST /direct-debit/setup',
  ]);
});

test('"Stay here" keeps the customer on the approved status', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  let leftForMerchant = false;
  await page.route('https://merchant.example.com/**', (route) => {
    leftForMerchant = true;
    return route.fulfill({ contentType: 'text/html', body: '<h1>Merchant</h1>' });
  });
  // The page's timers run on Playwright's clock, so "later" can be reached without waiting.
  await page.clock.install();
  const url = new URL(setupUrl);
  await page.goto(url.pathname + url.hash);
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Account number' }).fill('0000000025');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ }).check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: 'Direct debit is set up' }),
  ).toBeVisible();
  // The tab says the outcome too, for a customer who switched to another app.
  await expect(page).toHaveTitle('Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByText(/Returning to Adaeze Fitness in/)).toBeHidden();
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  // Well past the 5-second countdown: still here.
  await page.clock.runFor(10_000);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Direct debit is set up' }),
  ).toBeVisible();
  expect(leftForMerchant).toBe(false);
  await expect(page).toHaveURL(/\/direct-debit\/setup/);
});

test('a link without a token, or with an unknown one, shows "This link is not valid"', async ({
  page,
}) => {
  await page.goto('/direct-debit/setup');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link is not valid' }),
  ).toBeVisible();
  await expect(page.getByText('The link is incomplete: it has no access code.')).toBeVisible();

  await page.goto('/direct-debit/setup#token=ddt_test_doesnotexist0000000000000000000000');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link is not valid' }),
  ).toBeVisible();
});

test('a link that a mail app ended with "." or a chat app wrapped in ")" opens the setup', async ({
  page,
}) => {
  for (const tail of ['.', ').']) {
    const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
    const url = new URL(setupUrl);
    await page.goto(url.pathname + url.hash + tail);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBeVisible();
    await expect(page.getByText('Gym membership').first()).toBeVisible();
  }
});
