/**
 * The sandbox console (issue 16) in Chromium against the running sandbox: a developer signs in
 * with the test key, creates a payment, opens its checkout, pays it with the console's simulated
 * transfer, sees the payment paid and its `payment.success` delivered to a receiver this test runs,
 * replays it and sees the second delivery in the log; a key without a scope sees the service's
 * refusal. Every console view passes axe, in light and dark; lists page by cursor; the subscriber
 * figures match the API's. The receiver binds 127.0.0.1 on a free port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { callMerchantApi, credentials } from './merchant-api';

/** A merchant's webhook receiver: answers 200 and keeps every body it was sent. */
async function startReceiver(): Promise<{ url: string; bodies: string[]; server: Server }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks`, bodies, server };
}

async function signIn(page: Page, secretKey: string) {
  await page.goto('/console');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to the sandbox console' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // By keyboard: the key typed, Enter sends the form.
  await page.getByLabel('Secret key').fill(secretKey);
  await page.getByLabel('Secret key').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
}

/** How many deliveries of `body`'s kind for `paymentId` the receiver got. */
/** The id of the `type` event about payment `paymentId` that reached the receiver first. */
function eventIdOf(bodies: string[], type: string, paymentId: string): string {
  for (const body of bodies) {
    const event = JSON.parse(body) as { id?: string; type?: string; data?: { id?: string } };
    if (event.type === type && event.data?.id === paymentId && event.id !== undefined) {
      return event.id;
    }
  }
  throw new Error(`no ${type} event about ${paymentId} reached the receiver`);
}

function deliveriesOf(bodies: string[], type: string, paymentId: string): number {
  return bodies.filter((body) => {
    const event = JSON.parse(body) as { type?: string; data?: { id?: string } };
    return event.type === type && event.data?.id === paymentId;
  }).length;
}

test('sign in, pay a payment from the console, and see its payment.success delivered, then replayed', async ({
  page,
  context,
}) => {
  const receiver = await startReceiver();
  try {
    await signIn(page, credentials().testSecretKey);
    await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
    // The key is kept for the tab, never in the URL nor in localStorage.
    expect(page.url()).not.toContain('osk_');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await expectNoAxeViolations(page);

    // The mode's webhook endpoint: our receiver.
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByLabel('Endpoint URL (blank removes it)').fill(receiver.url);
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(page.getByText(`Events are sent to ${receiver.url}`)).toBeVisible();

    // A payment from the form; the answer shows its request id.
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.getByLabel('Amount (naira)').fill('5000');
    await page.getByLabel('Customer e-mail (optional)').fill('ada@example.com');
    await page.getByLabel('Customer phone (optional)').fill('0803 123 4567');
    await page.getByRole('button', { name: 'Create payment' }).click();
    await expect(page.getByText('Done')).toBeVisible();
    await expect(page.locator('.console-result__request-id')).toHaveText(/\S{6,}/);
    const checkoutHref = await page
      .getByRole('link', { name: 'Open its hosted checkout' })
      .getAttribute('href');
    if (checkoutHref === null) throw new Error('the console gave no checkout link');

    // Its hosted checkout, as the payer sees it.
    const checkout = await context.newPage();
    await checkout.goto(new URL(checkoutHref).pathname + new URL(checkoutHref).hash);
    await expect(
      checkout.getByRole('heading', { level: 1, name: 'Pay by bank transfer' }),
    ).toBeVisible();

    // The exact transfer from the console: the payment is paid.
    await page.getByRole('link', { name: 'See the payment and simulate a transfer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Payment osp_/ })).toBeVisible();
    const paymentId = (
      await page.getByRole('heading', { level: 1 }).locator('code').innerText()
    ).trim();
    await expect(page.locator('.console-status')).toHaveText('pending');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Transfer the exact amount (₦5,000.00)' }).click();
    await expect(page.locator('.console-status')).toHaveText('paid');
    await expect(checkout.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible(
      { timeout: 15_000 },
    );

    // payment.success reached the receiver, and the log shows the attempt.
    await expect.poll(() => deliveriesOf(receiver.bodies, 'payment.success', paymentId)).toBe(1);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    // This payment's event, by its id: other tests' payments also reach this receiver while its
    // endpoint is set, and a newer event at the top must not take its place in the list.
    const eventId = eventIdOf(receiver.bodies, 'payment.success', paymentId);
    const event = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: `payment.success ${eventId}` }) });
    await expect(event.getByText('Delivery (event): succeeded').first()).toBeVisible();
    // The attempts, behind their disclosure, show the start of what the receiver answered.
    await event.getByText(/^Deliveries and attempts/).click();
    await expect(event.getByText('received', { exact: true }).first()).toBeVisible();
    await expect(event.getByText('HTTP 200')).toHaveCount(1);
    // The payload as delivered, behind its own.
    await event.getByText('Payload (as delivered and signed)').click();
    await expect(event.locator('pre')).toContainText(`"id": "${paymentId}"`);
    await expectNoAxeViolations(page);

    // Replay: a second delivery, a second attempt in the log, a second POST to the receiver.
    await event.getByRole('button', { name: /^Replay evt_/ }).click();
    await expect(event.getByText('Delivery (replay): succeeded').first()).toBeVisible();
    await expect(event.getByText('HTTP 200')).toHaveCount(2);
    // At 360 px nothing scrolls sideways, long ids and URLs included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expect.poll(() => deliveriesOf(receiver.bodies, 'payment.success', paymentId)).toBe(2);

    // The other views pass axe too.
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Keys and controls' }).click();
    await expect(page.getByText(/The test clock reads/)).toBeVisible();
    await expectNoAxeViolations(page);
  } finally {
    await page.request.put('/sandbox/v1/webhooks/endpoint', {
      headers: { authorization: `Bearer ${credentials().testSecretKey}` },
      data: { url: null },
    });
    receiver.server.close();
  }
});

test('a key without the scope sees the action refused with the service’s message', async ({
  page,
}) => {
  // A scoped key is a live-mode setting: a test key is told so, and refused by the service.
  await signIn(page, credentials().testSecretKey);
  await page.getByRole('link', { name: 'Keys and controls' }).click();
  const scopedKey = page.getByRole('region', { name: 'Create a scoped key' });
  await expect(scopedKey.getByText(/sign in with a live secret key/)).toBeVisible();
  // The IP whitelist, a live-mode setting too, says so instead of reading it and being refused.
  await expect(
    page.getByRole('region', { name: 'IP whitelist' }).getByText(/A live-mode setting/),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(
    page.getByRole('region', { name: 'Create a scoped key' }).getByRole('alert'),
  ).toContainText('LIVE_MODE_REQUIRED');
  // A payout use case needs payouts:create, which the test key lacks: the service refuses it.
  const useCaseText = 'We pay our delivery riders their weekly earnings to their own NUBANs.';
  const useCaseRegion = page.getByRole('region', { name: 'Submit a payout use case' });
  await useCaseRegion.getByLabel(/What you pay out/).fill(useCaseText);
  await useCaseRegion.getByRole('button', { name: 'Submit use case' }).click();
  await expect(useCaseRegion.getByRole('alert')).toContainText('INSUFFICIENT_SCOPE');
  await expect(useCaseRegion.getByRole('alert')).toContainText('payouts:create');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // Made with the live key: live, payouts:create only.
  await signIn(page, credentials().liveSecretKey);
  await page.getByRole('link', { name: 'Keys and controls' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const response = page
    .getByRole('region', { name: 'Create a scoped key' })
    .locator('.console-result__body');
  await expect(response).toContainText('osk_live_');
  const { data } = JSON.parse(await response.innerText()) as { data: { secretKey: string } };

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, data.secretKey);
  await expect(page.getByText('Live mode', { exact: true })).toBeVisible();

  // The scoped live key submits a payout use case: in review, listed with its status, axe clean.
  await page.getByRole('link', { name: 'Keys and controls' }).click();
  await useCaseRegion.getByLabel(/What you pay out/).fill(useCaseText);
  await useCaseRegion.getByLabel('Expected monthly volume in naira (optional)').fill('2500000');
  await useCaseRegion.getByRole('button', { name: 'Submit use case' }).click();
  await expect(useCaseRegion.locator('.console-result__body')).toContainText('"in_review"');
  const submitted = page.getByRole('region', { name: 'Submitted payout use cases' });
  await expect(submitted.getByRole('row', { name: /puc_.*in_review/ })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await page.getByLabel('Customer e-mail').fill('ada@example.com');
  await page.getByRole('button', { name: 'Create subscription' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('The service refused the request');
  await expect(refusal).toContainText('INSUFFICIENT_SCOPE');
  await expect(refusal).toContainText('subscriptions:write');
  await expect(refusal).toContainText('Request id');
  await expectNoAxeViolations(page);
  // Dark mode: the same view, the same contrast rules.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
});

/** The console's views, by their link in the navigation and their level-one heading. */
const views: [link: string, heading: string][] = [
  ['Payments', 'Payments'],
  ['Virtual accounts', 'Virtual accounts'],
  ['Subscriptions', 'Subscriptions'],
  ['Subscriber figures', 'Subscriber figures'],
  ['Webhooks', 'Webhooks'],
  ['Request log', 'Request log'],
  ['Payouts', 'Payouts'],
  ['Beneficiaries', 'Beneficiaries'],
  ['Keys and controls', 'Keys and controls'],
];

test('every console view and a detail page of each list pass axe, light and dark, by keyboard', async ({
  page,
}) => {
  // Records to show: a payment (and its virtual account) and a subscription.
  await callMerchantApi('createPayment', {
    body: {
      amount: { amount: 1200, currency: 'NGN' },
      paymentMethod: 'hosted_checkout',
      customer: { email: 'axe@example.com' },
    },
  });
  await signIn(page, credentials().testSecretKey);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [link, heading] of views) {
      const navLink = page
        .getByRole('navigation', { name: 'Console' })
        .getByRole('link', { name: link, exact: true });
      // By keyboard: focus the link and press Enter.
      await navLink.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
    }
  }
  // Detail pages from the lists: a virtual account, a request of the log.
  for (const [link, heading] of [
    ['Virtual accounts', /^Virtual account va_/],
    ['Request log', /^Request req_/],
  ] as const) {
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: link, exact: true })
      .click();
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Everything the API answered')).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('the payments list pages older and newer by cursor', async ({ page }) => {
  // Twelve new payments: more than the console's page of ten.
  const made: string[] = [];
  for (let i = 0; i < 12; i++) {
    const { data } = await callMerchantApi('createPayment', {
      body: { amount: { amount: 100 + i, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
    });
    made.push(data.id);
  }
  const newestFirst = [...made].reverse();
  await signIn(page, credentials().testSecretKey);
  const table = page.getByRole('region', { name: 'Recent payments', exact: true });
  const ids = () => table.getByRole('rowheader').allInnerTexts();
  await expect.poll(async () => (await ids()).slice(0, 10)).toEqual(newestFirst.slice(0, 10));
  const paging = page.getByRole('navigation', { name: 'Pages of recent payments' });
  await expect(paging.getByRole('link', { name: 'Newer' })).toHaveCount(0);

  await paging.getByRole('link', { name: 'Older' }).click();
  await expect.poll(async () => (await ids()).slice(0, 2)).toEqual(newestFirst.slice(10, 12));
  expect(page.url()).toContain(`after=${newestFirst[9]}`);
  await expectNoAxeViolations(page);

  await paging.getByRole('link', { name: 'Newer' }).click();
  await expect.poll(ids).toEqual(newestFirst.slice(0, 10));
  // A row opens its payment.
  await table.getByRole('link', { name: newestFirst[0] }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Payment ${newestFirst[0]}` }),
  ).toBeVisible();
});

test('the subscriber figures match the service’s, as a chart and as a table', async ({ page }) => {
  const { data } = await callMerchantApi('getSubscriptionMetrics');
  await signIn(page, credentials().testSecretKey);
  await page.getByRole('link', { name: 'Subscriber figures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriber figures' })).toBeVisible();
  const figure = (term: string) =>
    page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd');
  await expect(figure('Active subscribers')).toHaveText(String(data.activeSubscribers));
  await expect(page.getByRole('img', { name: /^Active subscribers: \d+ readings?/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^MRR: \d+ readings?/ })).toBeVisible();
  const readings = page.getByRole('region', { name: 'Readings', exact: true });
  await expect(readings.getByRole('row')).not.toHaveCount(1);
  await expect(readings.getByRole('columnheader', { name: 'ARR' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the webhook log’s filters and payload view, the request log’s filters and the clock pass axe, light and dark', async ({
  page,
}) => {
  await signIn(page, credentials().testSecretKey);
  // A test event to show: the sandbox queues it for an endpoint (here one that never answers).
  await page.request.put('/sandbox/v1/webhooks/endpoint', {
    headers: { authorization: `Bearer ${credentials().testSecretKey}` },
    data: { url: 'http://127.0.0.1:9/webhooks' },
  });
  try {
    await page.request.post('/sandbox/v1/webhooks/test', {
      headers: { authorization: `Bearer ${credentials().testSecretKey}` },
      data: { type: 'payout.failed' },
    });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      const events = page.getByRole('region', { name: 'Events and delivery attempts' });
      await events.getByLabel('Event type').selectOption('payout.failed');
      await expect(events.getByText(/events match the filters\.$/)).toBeVisible();
      const event = events.getByRole('article').first();
      await expect(event.getByRole('heading')).toHaveText(/^payout\.failed evt_/);
      await event.getByText('Payload (as delivered and signed)').click();
      await event.getByText(/^Deliveries and attempts/).click();
      await expect(event.locator('pre')).toContainText('"sample": true');
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );

      await page.getByRole('link', { name: 'Request log', exact: true }).click();
      await page.getByLabel('HTTP status (e.g. 404)').fill('202');
      await page.getByLabel('Method').selectOption('POST');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const table = page.getByRole('region', { name: 'Request log: table' });
      await expect(
        table.getByRole('row', { name: /\/sandbox\/v1\/webhooks\/test/ }).first(),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Keys and controls', exact: true }).click();
      await expect(page.getByText(/The test clock reads/)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await page.getByLabel('Advance by').fill('nonsense');
      await page.getByRole('button', { name: 'Advance the clock' }).click();
      await expect(page.getByText('Enter a duration such as 90s, 2h30m or 30d')).toBeVisible();
      await expectNoAxeViolations(page);
    }
  } finally {
    await page.request.put('/sandbox/v1/webhooks/endpoint', {
      headers: { authorization: `Bearer ${credentials().testSecretKey}` },
      data: { url: null },
    });
  }
});
