/**
 * Payment checkout end to end (service-api.md, "Payments and virtual accounts"; product.md,
 * "Checkout pages"): a merchant creates a payment through the sandbox's API, the payer opens its
 * `checkoutUrl` in Chromium, the sandbox's test control plays the bank transfer, and the page
 * follows the payment to paid (and back to the merchant), to a part payment, or to expiry.
 * Every view is checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkoutTokenHeader } from '../contract/hosted-reads';
import { expectTokenOnlyInHeader, recordApiCalls } from './api-calls';
import { expectNoAxeViolations } from './axe';
import {
  createCheckoutPayment,
  expireVirtualAccount,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from './checkout-api';

const callbackUrl = 'https://shop.example.com/orders/42?paid=1';

/**
 * Answers for the merchant's site (not on this machine); `visits()` counts the pages of it the
 * browser opened.
 */
async function answerForMerchant(page: Page): Promise<{ visits: () => number }> {
  let visits = 0;
  await page.route('https://shop.example.com/**', (route) => {
    if (route.request().isNavigationRequest()) visits += 1;
    return route.fulfill({ contentType: 'text/html', body: '<h1>Back at the shop</h1>' });
  });
  return { visits: () => visits };
}

test('a payer transfers the exact amount, sees it paid and returns to the merchant', async ({
  page,
}) => {
  await answerForMerchant(page);
  const payment = await createCheckoutPayment({ callbackUrl });
  const url = new URL(payment.checkoutUrl);
  expect(url.search).toBe('');
  // The API calls the page makes: the token travels in its header only, never in a URL.
  const apiCalls = recordApiCalls(page, checkoutTokenHeader);
  const token = new URLSearchParams(url.hash.slice(1)).get('token');
  await page.goto(pathOf(payment.checkoutUrl));

  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await expect(page.getByText('Test mode: no real money moves')).toBeVisible();
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  const origin = new URL(page.url()).origin;
  // Started by the entry while the page's code downloads, and not asked again by the page.
  expect(apiCalls).toEqual([{ method: 'GET', url: `${origin}/checkout/${payment.id}`, token }]);
  await expect(page.getByText('₦5,000.00').first()).toBeVisible();
  await expect(page.getByText(/Time left to pay: (29|30):\d\d/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Copy account number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' }).first()).toBeVisible();

  await simulateTransfer(payment.virtualAccount.id, 5000);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);
  await page.waitForURL('https://shop.example.com/orders/42?paid=1', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  expect((await getCheckoutPayment(payment.id)).status).toBe('paid');
  // Every read of the payment, the checks after "I've sent the money" included.
  expectTokenOnlyInHeader(apiCalls, origin, token, [`GET /checkout/${payment.id}`]);
});

test('a short transfer keeps the page asking for the rest', async ({ page }) => {
  const payment = await createCheckoutPayment({ callbackUrl, amount: 5000 });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();

  await simulateTransfer(payment.virtualAccount.id, 3000);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();
  await expect(
    page
      .getByText('We received ₦3,000.00. Transfer the remaining ₦2,000.00 to the same account.')
      .first(),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeHidden();
  await expectNoAxeViolations(page);
  const verified = await getCheckoutPayment(payment.id);
  expect(verified).toMatchObject({
    status: 'pending',
    amountReceived: 3000,
    amountOutstanding: 2000,
  });
});

test('an expired account says not to transfer', async ({ page }) => {
  const payment = await createCheckoutPayment({ callbackUrl });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();

  await expireVirtualAccount(payment.virtualAccount.id);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This account has expired' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Do not transfer money to this account.')).toBeVisible();
  await expect(page).toHaveTitle('This account has expired');
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeHidden();
  await expectNoAxeViolations(page);

  // Opened again later, the link goes straight to the expired view.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'This account has expired' }),
  ).toBeVisible();
  expect((await getCheckoutPayment(payment.id)).status).toBe('expired');
});

test('a payment without the payer’s phone asks for it first, in E.164 for Nigeria', async ({
  page,
}) => {
  const payment = await createCheckoutPayment({
    callbackUrl,
    customer: { email: 'tunde@example.com' },
  });
  const apiCalls = recordApiCalls(page, checkoutTokenHeader);
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Your contact details' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Phone number' }).fill('+1 415 555 2671');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a Nigerian phone number (+234).')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  expect((await getCheckoutPayment(payment.id)).customer.phone).toBe('+2348031234567');
  // The details are a write: the token still only in its header.
  expectTokenOnlyInHeader(
    apiCalls,
    new URL(page.url()).origin,
    new URLSearchParams(new URL(payment.checkoutUrl).hash.slice(1)).get('token'),
    [`GET /checkout/${payment.id}`, `POST /checkout/${payment.id}/customer`],
  );
});

test('a link with an unknown token shows "This payment link is not valid"', async ({ page }) => {
  const payment = await createCheckoutPayment({ callbackUrl });
  await page.goto(`/checkout/${payment.id}#token=${'A'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This payment link is not valid' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the return to the merchant happens once: Back from the merchant shows the paid page, which stays', async ({
  page,
}) => {
  const merchant = await answerForMerchant(page);
  // The page's timers run on Playwright's clock: "later" is reached without waiting for it.
  await page.clock.install();
  const payment = await createCheckoutPayment({ callbackUrl });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await simulateTransfer(payment.virtualAccount.id, 5000);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();
  await expect(page.getByRole('timer')).toBeVisible({ timeout: 20_000 });
  // The 5-second countdown ends: the one return.
  await page.clock.runFor(6_000);
  await page.waitForURL(callbackUrl);
  expect(merchant.visits()).toBe(1);

  // Back from the merchant: the paid page, no second countdown, and long after, no second return.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(page.getByRole('link', { name: /Return to/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/checkout/${payment.id}`);
  expect(merchant.visits()).toBe(1);
});

test('after "Stay here" a reload of the paid page never returns to the merchant by itself', async ({
  page,
}) => {
  const merchant = await answerForMerchant(page);
  await page.clock.install();
  const payment = await createCheckoutPayment({ callbackUrl });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await simulateTransfer(payment.virtualAccount.id, 5000);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();
  await expect(page.getByRole('timer')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByRole('timer')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await expect(page).toHaveTitle('Payment received');
  await expect(page.getByRole('timer')).toHaveCount(0);
  // Well past a countdown's 5 seconds: still here, the way back offered, never taken.
  await page.clock.runFor(10_000);
  await expect(page.getByRole('link', { name: /Return to/ })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/checkout/${payment.id}`);
  expect(merchant.visits()).toBe(0);
  await expectNoAxeViolations(page);
});

test('a payment link that a mail app ended with "," opens the payment', async ({ page }) => {
  const payment = await createCheckoutPayment({ callbackUrl });
  const url = new URL(payment.checkoutUrl);
  await page.goto(`${url.pathname}${url.hash},`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This payment link is not valid' }),
  ).toHaveCount(0);
  await expect(page.getByText(payment.virtualAccount.accountNumber).first()).toBeVisible();
});
