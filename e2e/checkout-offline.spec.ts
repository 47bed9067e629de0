/**
 * The checkout page on a phone that loses its connection (issue 14, point 4; product.md, "Every
 * page"): at 360 px, in Chromium, against the running sandbox. Offline, the page says so and keeps
 * the account on screen; back online, it checks at once and follows the service (here: the
 * transfer that arrived meanwhile). "Last checked" is the service's time of its answer
 * (`serverTime`), shown in Lagos time, never the phone's clock, which is set hours wrong here.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  createCheckoutPayment,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from './checkout-api';

const offlineNote = 'You are offline. We will check again when your connection is back.';

/** `epochMs` as the page shows a time: HH:MM:SS in Lagos time. */
function lagosTime(epochMs: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs);
}

test('offline, the checkout page says so; back online it checks again at once', async ({
  page,
  context,
}) => {
  const payment = await createCheckoutPayment({});
  const checks: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/checkout/${payment.id}`) checks.push(Date.now());
  });
  // The page's timers run on Playwright's clock: "a while offline" passes without waiting for it.
  await page.clock.install();
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await expect(page.getByText(offlineNote)).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: offlineNote })).toBeVisible();
  // The account stays on screen: being offline says nothing about the payment.
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  await expectNoAxeViolations(page);

  // The payer transfers while the phone is offline; the page cannot know yet, however many of its
  // checks fall due meanwhile, and none of them turns into an error.
  await simulateTransfer(payment.virtualAccount.id, 5000);
  await page.clock.runFor(30_000);
  await expect(page.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: offlineNote })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();

  const backOnline = Date.now();
  await context.setOffline(false);
  await expect(page.getByText(offlineNote)).toHaveCount(0);
  // Checked at once on reconnection, well before the back-off's next check would be due.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 2_500,
  });
  expect(checks.filter((at) => at >= backOnline).length).toBeGreaterThan(0);
});

test('"Last checked" shows the service’s time in Lagos time, not the phone’s clock', async ({
  page,
}) => {
  const payment = await createCheckoutPayment({});
  // The phone's clock is three hours and seven minutes fast.
  await page.clock.install({ time: new Date(Date.now() + 3 * 3_600_000 + 7 * 60_000) });
  const before = Date.now();
  await page.goto(pathOf(payment.checkoutUrl));
  const note = page.getByText(/^Last checked at \d\d:\d\d:\d\d \(Lagos time\)\.$/);
  await expect(note).toBeVisible();
  const after = Date.now();

  const shown = /(\d\d:\d\d:\d\d)/.exec((await note.textContent()) ?? '')?.[1];
  // The sandbox answered between `before` and `after` by the real clock (1 s of slack).
  const candidates = new Set<string>();
  for (let at = before - 1_000; at <= after + 1_000; at += 1_000) candidates.add(lagosTime(at));
  expect(candidates).toContain(shown);
});

test('the payer’s details sent offline change nothing and keep the input; sent again online they save', async ({
  page,
  context,
}) => {
  const payment = await createCheckoutPayment({ customer: { email: 'tunde@example.com' } });
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') saves.push(new URL(request.url()).pathname);
  });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Your contact details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Nothing has changed' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('0803 123 4567');
  expect(saves).toEqual([]);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  expect(saves).toHaveLength(1);
});

test('details whose answer was lost are sent again with the same idempotency key and saved once', async ({
  page,
}) => {
  const payment = await createCheckoutPayment({ customer: { email: 'tunde@example.com' } });
  const keys: (string | null)[] = [];
  let lose = true;
  // The service gets and applies the first save, but its answer never reaches the phone.
  await page.route(`**/checkout/${payment.id}/customer`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? null);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Your contact details' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0803 123 4567');
  await page.getByRole('button', { name: 'Continue' }).click();

  const notice = page.getByRole('alert').filter({ hasText: 'No answer from the service' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await getCheckoutPayment(payment.id)).customer.phone).toBe('+2348031234567');
});
