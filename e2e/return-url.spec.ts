/**
 * Safe returns end to end (issue 11; docs/decisions/0011-return-url-rule.md): the forged NUL
 * callbackUrl is refused by the API, and no page ever navigates off its origin to anything but a
 * `ReturnUrl` (the parser's normalized href), whatever https address the merchant gave.
 */
import { expect, test, type Page } from '@playwright/test';
import { parseReturnUrl } from '../contract/return-url';
import {
  createCheckoutPayment,
  createInvoiceSubscription,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from './checkout-api';

/**
 * Records every top-level navigation of `page`, answers every other origin with a stub page (the
 * merchants' sites are not on this machine), and returns the addresses that left the origin.
 */
async function watchExits(page: Page, origin: string): Promise<string[]> {
  const exits: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      if (new URL(request.url()).origin !== origin) exits.push(request.url());
    }
  });
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Elsewhere</h1>' }),
  );
  return exits;
}

/** Every exit is a ReturnUrl, exactly as the parser normalized it. */
function expectOnlyReturnUrls(exits: readonly string[]) {
  for (const exit of exits) expect(parseReturnUrl(exit)).toEqual({ ok: true, url: exit });
}

async function payInFull(page: Page, virtualAccountId: string, amount: number) {
  // The payer sees the account first; a transfer before the page's first read would open it paid.
  const sent = page.getByRole('button', { name: 'I’ve sent the money' });
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await simulateTransfer(virtualAccountId, amount);
  await sent.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
}

test('the forged NUL callbackUrl is refused by the API and nothing is created', async () => {
  await expect(
    createCheckoutPayment({ callbackUrl: 'https://evil.com\u0000@good-merchant.com/orders/42' }),
  ).rejects.toThrow(/createPayment failed: 400 .*callbackUrl: must not contain control characters/);
});

test('a paid checkout leaves only for the normalized ReturnUrl', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const exits = await watchExits(page, origin);
  const payment = await createCheckoutPayment({
    callbackUrl: 'https://Shop.Example.com/a/../orders/7',
  });
  await page.goto(pathOf(payment.checkoutUrl));
  await payInFull(page, payment.virtualAccount.id, 5000);
  await page.waitForURL('https://shop.example.com/orders/7', { timeout: 15_000 });
  expect(exits).toEqual(['https://shop.example.com/orders/7']);
  expectOnlyReturnUrls(exits);
});

for (const [name, callbackUrl] of [
  ['a special-use name', 'https://merchant.example/orders/42'],
  ['a documentation address', 'https://203.0.113.9/orders/42'],
  ['a trailing-dot host', 'https://shop.example.com./orders/42'],
] as const) {
  test(`a paid checkout whose https callbackUrl is ${name} never leaves the origin`, async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    const exits = await watchExits(page, origin);
    const payment = await createCheckoutPayment({ callbackUrl });
    // The page's timers run on Playwright's clock: "later" is reached without waiting for it.
    await page.clock.install();
    await page.goto(pathOf(payment.checkoutUrl));
    await payInFull(page, payment.virtualAccount.id, 5000);
    await expect(page.getByText('You can close this page.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Return to/ })).toHaveCount(0);
    // Longer than the automatic return's countdown: still here.
    await page.clock.runFor(6_500);
    await expect(page.getByText('You can close this page.')).toBeVisible();
    expect(exits).toEqual([]);
    expect(new URL(page.url()).origin).toBe(origin);
  });
}

test('the invoice page moves within the origin, then leaves only for the ReturnUrl', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const exits = await watchExits(page, origin);
  const callbackUrl = 'https://merchant.example.com/billing/return';
  const subscription = await createInvoiceSubscription({ callbackUrl, amount: 15000 });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  await page.goto(pathOf(invoiceUrl));
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/osp_/);
  expect(exits).toEqual([]);
  const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await payInFull(page, (await getCheckoutPayment(paymentId)).virtualAccount.id, 15000);
  await page.waitForURL(callbackUrl, { timeout: 15_000 });
  expect(exits).toEqual([callbackUrl]);
  expectOnlyReturnUrls(exits);
});
