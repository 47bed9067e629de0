/**
 * Invoice page end to end (service-api.md, "Invoice", "Subscriptions"; product.md, "Checkout
 * pages"): a merchant creates a subscription, the customer opens the initial invoice's
 * `checkoutUrl`, presses "Pay now", pays the checkout by (simulated) transfer, returns to the
 * merchant's callbackUrl, and the invoice page then says it is paid and offers no payment.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkoutTokenHeader } from '../contract/hosted-reads';
import { expectTokenOnlyInHeader, recordApiCalls } from './api-calls';
import { expectNoAxeViolations } from './axe';
import { writtenCalendarDate } from './catalog-text';
import {
  createInvoiceSubscription,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from './checkout-api';
import { callMerchantApi } from './merchant-api';

const callbackUrl = 'https://merchant.example.com/billing/return';

test('a customer pays an invoice through "Pay now" and returns to the merchant', async ({
  page,
}) => {
  await page.route('https://merchant.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back at Adaeze Fitness</h1>' }),
  );
  const subscription = await createInvoiceSubscription({ callbackUrl, amount: 15000 });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  const apiCalls = recordApiCalls(page, checkoutTokenHeader);

  await page.goto(pathOf(invoiceUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBeVisible();
  await expect(page.getByText('₦15,000.00').first()).toBeVisible();
  await expect(page.getByText('Awaiting payment')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/osp_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  // What the payment is for: the plan and its period in written dates, never ISO ones.
  const { periodStart, periodEnd } = subscription.invoice;
  await expect(
    page.getByText(
      `Premium membership · ${writtenCalendarDate('en', periodStart)} – ${writtenCalendarDate('en', periodEnd)}`,
    ),
  ).toBeVisible();
  await expect(page.getByText(periodStart)).toHaveCount(0);
  await expectNoAxeViolations(page);
  const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  // The invoice page's read and its "Pay now" write: the token only in its header.
  expectTokenOnlyInHeader(
    apiCalls.filter((call) => new URL(call.url).pathname.startsWith('/invoices/')),
    new URL(page.url()).origin,
    new URLSearchParams(new URL(invoiceUrl).hash.slice(1)).get('token'),
    [`GET /invoices/${subscription.invoice.id}`, `POST /invoices/${subscription.invoice.id}/pay`],
  );
  const payment = await getCheckoutPayment(paymentId);
  expect(payment.invoiceId).toBe(subscription.invoice.id);
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();

  await simulateTransfer(payment.virtualAccount.id, 15000);
  await page.getByRole('button', { name: 'I’ve sent the money' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForURL(callbackUrl, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Back at Adaeze Fitness' })).toBeVisible();

  const invoice = await callMerchantApi('getInvoice', {
    params: { invoiceId: subscription.invoice.id },
  });
  expect(invoice.data.status).toBe('paid');

  // The invoice link now says it is paid and offers no payment.
  await page.goto(pathOf(invoiceUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'This invoice is paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeHidden();
  await expectNoAxeViolations(page);
});

test('an invoice link with an unknown token shows "This invoice link is not valid"', async ({
  page,
}) => {
  const subscription = await createInvoiceSubscription({ callbackUrl });
  await page.goto(`/invoices/${subscription.invoice.id}#token=${'A'.repeat(43)}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invoice link is not valid' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

/**
 * A new ₦15,000 subscription's first invoice (its page's address), and the paths of the POSTs
 * `page` sends from now on.
 */
async function newInvoiceWatchingPosts(
  page: Page,
): Promise<{ invoiceUrl: string; posts: string[] }> {
  const subscription = await createInvoiceSubscription({ callbackUrl, amount: 15000 });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return { invoiceUrl, posts };
}

test('"Pay now" offline changes nothing and says so; back online it opens the checkout page', async ({
  page,
  context,
}) => {
  const { invoiceUrl, posts } = await newInvoiceWatchingPosts(page);
  await page.goto(pathOf(invoiceUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Nothing has changed' });
  await expect(notice).toBeVisible();
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL(/\/checkout\/osp_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
});

test('a live page that cannot be downloaded leaves the invoice standing; "Pay now" says it was not sent, and sends once it can', async ({
  page,
}) => {
  const { invoiceUrl, posts } = await newInvoiceWatchingPosts(page);
  // A weak network drops the download of the page's live half, every time until it recovers.
  let dropped = 0;
  const liveHalf = /\/assets\/live-invoice-[^/]+\.js$/;
  await page.route(liveHalf, async (route) => {
    dropped += 1;
    await route.abort('connectionreset');
  });
  await page.goto(pathOf(invoiceUrl));
  const heading = page.getByRole('heading', { level: 1, name: 'Pay your invoice' });
  await expect(heading).toBeVisible();
  await expect.poll(() => dropped).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not reach the server');
  await expect(heading).toBeVisible();
  expect(posts).toEqual([]);

  await page.unroute(liveHalf);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/osp_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  expect(posts).toHaveLength(1);
});
