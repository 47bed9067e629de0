/**
 * `npm run screenshots`: a picture of every view of the hosted pages at 360 px, in light and in
 * dark (`prefers-color-scheme`), for a reviewer to look at (issue 14). Not part of `npm test`.
 *
 * Builds the SPA into `dist-screenshots/`, starts a sandbox on a free 127.0.0.1 port with a
 * throwaway data directory, walks each view as a customer would (links made through the merchant
 * API, transfers and statuses played through the sandbox's controls) and writes full-page PNGs
 * named `<nn>-<view>-<light|dark>.png` to `screenshots/` (git-ignored). Exits non-zero when a view
 * cannot be reached.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';
import {
  createCheckoutPayment,
  createInvoiceSubscription,
  expireVirtualAccount,
  getCheckoutPayment,
  pathOf,
  simulateTransfer,
} from '../e2e/checkout-api';
import { createSubscriptionWithSetupLink } from '../e2e/merchant-api';
import { testAccounts } from '../e2e/setup-flow';
import { startServer } from '../sandbox/server';

const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, 'dist-screenshots');
const outDir = join(root, 'screenshots');

const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (build.status !== 0) process.exit(build.status ?? 1);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'screenshots-sandbox-'));
// The merchant-API helpers of the e2e specs find the sandbox through its credentials file.
process.env.E2E_SANDBOX_DATA_DIR = dataDir;
const server = await startServer({ host: '127.0.0.1', port: 0, dataDir, distDir });
const executablePath = resolveChromiumExecutable();
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: chromiumArgs,
});
const context = await browser.newContext({
  baseURL: server.url,
  viewport: { width: 360, height: 740 },
});
// The merchant's site is not on this machine: returns land on a stand-in page.
await context.route('https://merchant.example.com/**', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<h1>Merchant</h1>' }),
);
const page = await context.newPage();
let shot = 0;

/** Waits for the view's `<h1>`, then writes it in light and in dark. */
async function snap(name: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  shot += 1;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const file = `${String(shot).padStart(2, '0')}-${name}-${colorScheme}.png`;
    await page.screenshot({ path: join(outDir, file), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function openSetup(): Promise<void> {
  const { setupUrl } = await createSubscriptionWithSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  await page.goto(pathOf(setupUrl));
}

/** Bank, account and consent, up to the status the account number decides. */
async function setupUntilStatus(accountNumber: string): Promise<void> {
  await openSetup();
  await page.getByRole('combobox', { name: 'Search banks' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I authorize/ }).check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).click();
}

async function views(): Promise<void> {
  await openSetup();
  await snap('setup-bank', 'Choose your bank');
  await page
    .getByRole('textbox', { name: 'Account number (optional)' })
    .fill(testAccounts.verified);
  await page.getByRole('combobox', { name: 'Search banks' }).fill('bank');
  await snap('setup-bank-search', 'Choose your bank');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The number typed on the bank step is already in the box.
  await snap('setup-account', 'Enter your account number');
  await page.getByRole('button', { name: 'Continue' }).click();
  await snap('setup-confirm', 'Confirm your direct debit');

  await setupUntilStatus(testAccounts.pendingWithActivation);
  await snap('setup-pending-activation', 'Waiting for your bank');
  await setupUntilStatus(testAccounts.verified);
  await snap('setup-verified', 'Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();
  await snap('setup-verified-stayed', 'Direct debit is set up');
  await setupUntilStatus(testAccounts.rejected);
  await snap('setup-rejected', /did not approve/);
  await page.goto('/direct-debit/setup#token=abc');
  await snap('setup-invalid-link', /not valid/);

  await page.goto(pathOf((await createCheckoutPayment({ customer: {} })).checkoutUrl));
  await snap('checkout-details', 'Your contact details');
  const payment = await createCheckoutPayment({});
  await page.goto(pathOf(payment.checkoutUrl));
  await snap('checkout-pending', 'Pay by bank transfer');
  await simulateTransfer(payment.virtualAccount.id, 2000);
  await page
    .getByText(/₦2,000\.00/)
    .first()
    .waitFor({ timeout: 20_000 });
  await snap('checkout-part-paid', 'Pay by bank transfer');
  await simulateTransfer(payment.virtualAccount.id, 3000);
  await snap('checkout-paid', 'Payment received');
  const expiring = await createCheckoutPayment({});
  await expireVirtualAccount(expiring.virtualAccount.id);
  await page.goto(pathOf(expiring.checkoutUrl));
  await snap('checkout-expired', 'This account has expired');

  const subscription = await createInvoiceSubscription({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('the initial invoice has no checkoutUrl');
  await page.goto(pathOf(invoiceUrl));
  await snap('invoice-pending', 'Pay your invoice');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/checkout\/osp_/);
  const invoicePaymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const invoicePayment = await getCheckoutPayment(invoicePaymentId);
  await simulateTransfer(invoicePayment.virtualAccount.id, invoicePayment.amount);
  await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
  await page.goto(pathOf(invoiceUrl));
  await snap('invoice-paid', /paid/i);
}

let failed = false;
try {
  await views();
  console.log(`${shot * 2} screenshots in ${outDir}`);
} catch (error) {
  failed = true;
  console.error(error);
  await page.screenshot({ path: join(outDir, 'failed-here.png'), fullPage: true });
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
