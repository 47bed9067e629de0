/**
 * A merchant's branding on the hosted pages (docs/decisions/0022-merchant-branding.md): set
 * through the sandbox's branding API, seen at 360 px on a setup link and a checkout link: the
 * display name, the brand colour with text that passes AA, the uploaded logo, axe clean in light
 * and dark; a logo that fails to load gives way to the name without moving it; a logo URL is
 * fetched once by the sandbox and shown from the pages' own origin (docs/decisions/0030); a colour
 * no text reads on leaves the pages' own colour.
 *
 * Branding is the merchant's, shared by every page, so this spec runs its own sandbox (same build,
 * its own data directory and port) instead of repainting the demo merchant under the other specs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { BrandingUpdate } from '../contract/branding';
import { startServer, type RunningServer } from '../sandbox/server';
import { base64Of, cleanSvg, testLogoFetcher } from '../sandbox/testing/logos';
import { expectNoAxeViolations } from './axe';
import { pathOf } from './checkout-api';
import { callMerchantApi, createSubscriptionWithSetupLink, type Credentials } from './merchant-api';
import { expectHeading } from './setup-flow';

test.describe.configure({ mode: 'serial' });

let server: RunningServer;
let dataDir: string;
let target: Credentials;

test.beforeAll(async () => {
  const distDir = process.env.E2E_DIST_DIR;
  if (distDir === undefined)
    throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts');
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-branding-'));
  // No internet here: a logo URL is "fetched" by the test fetcher (a 1×1 PNG).
  server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    distDir,
    logoFetcher: testLogoFetcher,
  });
  target = { ...server.sandbox.credentials, baseUrl: server.url };
});

test.afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function setBranding(body: BrandingUpdate) {
  return (await callMerchantApi('setBranding', { body, mode: 'live', target })).data;
}

/** A fresh setup link and checkout link of the merchant, as page addresses on this sandbox. */
async function hostedLinks(): Promise<{ setup: string; checkout: string }> {
  const { setupUrl } = await createSubscriptionWithSetupLink({ target });
  const payment = await callMerchantApi('createPayment', {
    target,
    body: {
      amount: { amount: 5000, currency: 'NGN' },
      paymentMethod: 'hosted_checkout',
      customer: { email: 'tunde@example.com', phone: '+2348031234567' },
    },
  });
  return {
    setup: server.url + pathOf(setupUrl),
    checkout: server.url + pathOf(payment.data.checkoutUrl),
  };
}

async function openPage(page: Page, address: string, heading: string | RegExp) {
  await page.goto(address);
  await expectHeading(page, heading);
}

const pages = [
  ['setup link', 'setup', /Choose your bank/],
  ['checkout link', 'checkout', 'Pay by bank transfer'],
] as const;

test('the name, the colour with readable text and the uploaded logo show on both pages, axe clean in light and dark', async ({
  page,
}) => {
  const branding = await setBranding({
    displayName: 'Ọja Foods',
    brandColor: '#ffd400',
    logo: { upload: base64Of(cleanSvg) },
  });
  expect(branding.logo?.source).toBe('upload');
  const links = await hostedLinks();
  for (const [, which, heading] of pages) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openPage(page, links[which], heading);
      const bar = page.getByRole('banner');
      await expect(bar.getByText('Ọja Foods')).toBeVisible();
      // Yellow takes near-black text (12.2:1); white would be 1.4:1.
      await expect(bar).toHaveCSS('background-color', 'rgb(255, 212, 0)');
      await expect(bar.getByText('Ọja Foods')).toHaveCSS('color', 'rgb(26, 26, 26)');
      const logo = bar.getByRole('img', { name: 'Ọja Foods logo' });
      await expect(logo).toBeVisible();
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await expectNoAxeViolations(page);
    }
  }
});

test('a logo that fails to load gives way to the name, which stays where the logo left it', async ({
  page,
  browser,
}) => {
  await setBranding({ logo: { upload: base64Of(cleanSvg) }, brandColor: '#1d6b3a' });
  const withLogo = await hostedLinks();
  await openPage(page, withLogo.setup, /Choose your bank/);
  const name = page.getByRole('banner').getByText('Ọja Foods');
  await expect(page.getByRole('banner').getByRole('img')).toBeVisible();
  const placeWithLogo = await name.boundingBox();

  // A logo URL is fetched once by the sandbox: the page asks nobody but its own origin for it.
  await setBranding({ logo: { url: 'https://cdn.ojafoods.example/logo.png' } });
  const broken = await hostedLinks();
  // In a context of its own, so that this page's cache does not hold the logo for what follows.
  const context = await browser.newContext();
  const fresh = await context.newPage();
  // By origin: a `blob:` URL the page made (its ICU worker's) has the page's own.
  const origins = new Set<string>();
  fresh.on('request', (request) => origins.add(new URL(request.url()).origin));
  await openPage(fresh, broken.setup, /Choose your bank/);
  await expect(fresh.getByRole('banner').getByRole('img')).toBeVisible();
  expect([...origins]).toEqual([new URL(server.url).origin]);
  await context.close();

  // Now its load fails.
  await page.route('**/sandbox/v1/logos/**', (route) => route.abort());
  for (const [, which, heading] of pages) {
    await openPage(page, broken[which], heading);
    const bar = page.getByRole('banner');
    await expect(bar.getByText('Ọja Foods')).toBeVisible();
    await expect(bar.getByRole('img')).toHaveCount(0);
    await expect(bar).toHaveCSS('background-color', 'rgb(29, 107, 58)');
    await expect(bar.getByText('Ọja Foods')).toHaveCSS('color', 'rgb(255, 255, 255)');
    if (which === 'setup')
      expect(await bar.getByText('Ọja Foods').boundingBox()).toEqual(placeWithLogo);
    await expectNoAxeViolations(page);
  }
});

test('a colour no text reads on leaves the pages’ own colour', async ({ page }) => {
  await setBranding({ brandColor: '#808080', logo: null });
  const links = await hostedLinks();
  await openPage(page, links.checkout, 'Pay by bank transfer');
  const bar = page.getByRole('banner');
  await expect(bar.getByText('Ọja Foods')).toBeVisible();
  await expect(bar).toHaveCSS('background-color', 'rgb(11, 92, 173)');
  await expect(bar.getByText('Ọja Foods')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expectNoAxeViolations(page);
});
