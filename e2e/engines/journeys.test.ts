/**
 * The customer journeys in Gecko and WebKit (issue 27, point 9; conventions.md, "the main journeys
 * also run in Gecko and WebKit"), on a 360 px window, against a sandbox this file starts on
 * 127.0.0.1 with a fresh data directory and the built SPA of `dist/` (built here when missing):
 *
 * 1. setup: a setup link, Guaranty Trust Bank, a verified test account, consent, the status view;
 * 2. checkout: a payment's checkout page, its account number, a transfer of the exact amount
 *    (the sandbox's control), the page saying paid;
 * 3. invoice: an invoice's page, "Pay now", the payment's checkout page with its account number.
 *
 * Each journey also checks `<html lang>` and that no address the page requested carried the
 * link's capability token (the fragment is never sent: it is cut before the check). Firefox sees
 * every request through WebDriver BiDi; WebKit's driver cannot observe the network, so there the
 * check reads each document's Resource Timing (its navigation, subresources and `fetch` calls).
 *
 * Run by `npm run test:engines` (node's test runner); browsers: e2e/engines/browsers.ts.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../sandbox/server';
import {
  createCheckoutPayment,
  createInvoiceSubscription,
  getCheckoutPayment,
  simulateTransfer,
} from '../checkout-api';
import { callMerchantApi, createSubscriptionWithSetupLink } from '../merchant-api';
import { testAccounts } from '../test-accounts';
import { phoneWindow, startFirefox, startWebKit, type Engine } from './browsers';
import type { EnginePage } from './engine-page';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = join(repoRoot, 'dist');

/** Bound of one journey, in ms: three page loads and a few API round trips on a busy machine. */
const journeyTimeoutMs = 180_000;

/** The language of the pages when neither the merchant nor the customer chose one. */
const defaultDocumentLanguage = 'en-NG';

let sandbox: RunningServer | undefined;
let dataDir: string | undefined;

before(async () => {
  // `npm test` built dist/ for Playwright just before; alone, this step builds it itself.
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }
  const startedAt = performance.now();
  dataDir = mkdtempSync(join(tmpdir(), 'engines-sandbox-'));
  // Read by e2e/merchant-api.ts for the demo merchant's keys.
  process.env.E2E_SANDBOX_DATA_DIR = dataDir;
  sandbox = await startServer({
    host: '127.0.0.1',
    port: Number(process.env.ENGINES_PORT ?? 0),
    dataDir,
    distDir,
  });
  console.log(`sandbox: ${sandbox.url}, started in ${msSince(startedAt)} ms`);
});

after(async () => {
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The capability token of a hosted link (`…#token=…`). */
function tokenOf(link: string): string {
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token');
  if (!token) throw new Error(`${link} carries no token`);
  return token;
}

/**
 * Asserts that no address the page requested (fragment cut: a fragment is never sent) holds
 * one of `tokens`. Requires the page to have requested something from the sandbox at all.
 */
async function assertTokensNeverRequested(page: EnginePage<unknown>, tokens: string[]) {
  const requested = await page.requestedUrls();
  if (requested === null) return;
  const sent = requested.map((url) => url.split('#')[0] ?? url);
  assert.ok(
    sent.some((url) => url.startsWith(sandbox?.url ?? '-')),
    `${page.engine} saw no request to the sandbox: ${sent.join(', ')}`,
  );
  for (const token of tokens) {
    const leaked = sent.filter((url) => url.includes(token));
    assert.deepEqual(leaked, [], `${page.engine} requested the capability token in an address`);
  }
}

/** What the page's definition list shows for `term` (the first element of its `<dd>`). */
async function detailShown(page: EnginePage<unknown>, term: string): Promise<string> {
  const expression = `(() => {
    const term = Array.from(document.querySelectorAll('dt'))
      .find((dt) => dt.textContent.trim() === ${JSON.stringify(term)});
    const shown = term?.nextElementSibling?.firstElementChild?.textContent;
    return shown ? shown.trim() : null;
  })()`;
  return page.until(
    `the page to show its ${term}`,
    async () => (await page.evaluate<string | null>(expression)) ?? undefined,
  );
}

/** Checks the window is the phone's and the document's language the default one. */
async function assertPhoneAndLanguage(page: EnginePage<unknown>) {
  assert.equal(await page.evaluate<number>('window.innerWidth'), phoneWindow.width);
  assert.equal(await page.documentLanguage(), defaultDocumentLanguage);
}

/** Runs `journey` in a new tab of `engine`, closing the tab afterwards (also on failure). */
async function inNewPage(
  engine: Engine | undefined,
  journey: (page: EnginePage<unknown>) => Promise<void>,
) {
  if (!engine) throw new Error('The browser did not start');
  const page = await engine.newPage();
  try {
    await journey(page);
  } finally {
    await page.close();
  }
}

async function setupJourney(page: EnginePage<unknown>) {
  const { subscription, setupUrl } = await createSubscriptionWithSetupLink({});
  await page.goto(setupUrl);
  await page.waitForHeading('Choose your bank');
  await assertPhoneAndLanguage(page);

  await page.type({ role: 'combobox', name: 'Search banks' }, 'Guaranty');
  await page.click({ role: 'option', name: 'Guaranty Trust Bank' });
  await page.click({ role: 'button', name: 'Continue' });
  await page.waitForHeading('Enter your account number');
  await page.type({ role: 'textbox', name: 'Account number' }, testAccounts.verified);
  await page.click({ role: 'button', name: 'Continue' });

  await page.waitForHeading('Confirm your direct debit');
  await page.waitForText(/TEST ACCOUNT 0025/);
  await page.check({ role: 'checkbox', pattern: '^I authorize Adaeze Fitness' });
  await page.click({ role: 'button', name: 'Authorize direct debit' });
  await page.waitForHeading('Direct debit is set up');

  const address = new URL(await page.url());
  assert.equal(address.pathname + address.search + address.hash, '/direct-debit/setup');
  const mandate = await callMerchantApi('getSubscriptionMandate', {
    params: { subscriptionId: subscription.id },
  });
  // 0000000025 is the sandbox's account that the bank verifies at once (sandbox/README.md).
  assert.equal(mandate.data?.status, 'verified');
  await assertTokensNeverRequested(page, [tokenOf(setupUrl)]);
}

async function checkoutJourney(page: EnginePage<unknown>) {
  const payment = await createCheckoutPayment({ amount: 5000 });
  await page.goto(payment.checkoutUrl);
  await page.waitForHeading('Pay by bank transfer');
  await assertPhoneAndLanguage(page);
  await page.waitForText(/₦5,000\.00/);

  const accountNumber = await detailShown(page, 'Account number');
  assert.equal(accountNumber, payment.virtualAccount.accountNumber);
  await simulateTransfer(payment.virtualAccount.id, 5000);
  await page.click({ role: 'button', name: 'I’ve sent the money' });
  await page.waitForHeading('Payment received');

  assert.equal((await getCheckoutPayment(payment.id)).status, 'paid');
  await assertTokensNeverRequested(page, [tokenOf(payment.checkoutUrl)]);
}

async function invoiceJourney(page: EnginePage<unknown>) {
  const subscription = await createInvoiceSubscription({
    amount: 15000,
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  await page.goto(invoiceUrl);
  await page.waitForHeading('Pay your invoice');
  await assertPhoneAndLanguage(page);
  await page.waitForText(/₦15,000\.00/);

  await page.click({ role: 'button', name: 'Pay now' });
  const checkoutAddress = await page.waitForUrl(/\/checkout\/osp_/);
  await page.waitForHeading('Pay by bank transfer');
  await assertPhoneAndLanguage(page);
  const paymentId = checkoutAddress.pathname.split('/').pop() ?? '';
  const payment = await getCheckoutPayment(paymentId);
  assert.equal(payment.invoiceId, subscription.invoice.id);
  assert.equal(await detailShown(page, 'Account number'), payment.virtualAccount.accountNumber);
  await assertTokensNeverRequested(page, [tokenOf(invoiceUrl), tokenOf(payment.checkoutUrl)]);
}

/** Whole milliseconds since `start` (a `performance.now()` reading). */
function msSince(start: number): number {
  return Math.round(performance.now() - start);
}

const engines: { label: string; start: () => Promise<Engine> }[] = [
  { label: 'Gecko (firefox-esr, WebDriver BiDi)', start: startFirefox },
  { label: 'WebKit (MiniBrowser, WebKitWebDriver)', start: startWebKit },
];

for (const { label, start } of engines) {
  void describe(label, () => {
    let engine: Engine | undefined;
    before(async () => {
      const startedAt = performance.now();
      engine = await start();
      console.log(`${label}: ${engine.version}, started in ${msSince(startedAt)} ms`);
    });
    after(async () => {
      const stoppingAt = performance.now();
      await engine?.close();
      console.log(`${label}: stopped in ${msSince(stoppingAt)} ms`);
    });

    void it('sets up a direct debit up to the status view', { timeout: journeyTimeoutMs }, () =>
      inNewPage(engine, setupJourney),
    );
    void it('pays a checkout by a simulated transfer', { timeout: journeyTimeoutMs }, () =>
      inNewPage(engine, checkoutJourney),
    );
    void it('opens an invoice’s payment with "Pay now"', { timeout: journeyTimeoutMs }, () =>
      inNewPage(engine, invoiceJourney),
    );
  });
}
