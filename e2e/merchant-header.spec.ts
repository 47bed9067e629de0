/**
 * A long merchant name and a wide logo in the header at 360 px (issue 27.6): the name breaks
 * between words, at most two lines, so the bar stays under a fifth of the screen; a wide logo is
 * drawn at the bar's height, not squeezed into a square. Measured with boundingBox in Chromium.
 *
 * Branding is the merchant's, shared by every page, so this spec runs its own sandbox (as
 * e2e/branding.spec.ts does) instead of repainting the demo merchant under the other specs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from '../sandbox/server';
import { base64Of } from '../sandbox/testing/logos';
import { pathOf } from './checkout-api';
import { callMerchantApi, createSubscriptionWithSetupLink, type Credentials } from './merchant-api';
import { expectHeading } from './setup-flow';

let server: RunningServer;
let dataDir: string;
let target: Credentials;

test.beforeAll(async () => {
  const distDir = process.env.E2E_DIST_DIR;
  if (distDir === undefined)
    throw new Error('E2E_DIST_DIR is not set: run through playwright.config.ts');
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-header-'));
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir });
  target = { ...server.sandbox.credentials, baseUrl: server.url };
});

test.afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A 68-character name, as issue 27.6 found it. */
const longName = 'Adaeze Fitness and Wellness Centre, Lekki Phase One: Premium Members';
/** A wordmark three times as wide as it is tall. */
const wideLogo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40" width="120" height="40"><rect width="120" height="40" fill="#0b5cad"/><text x="60" y="27" font-size="20" text-anchor="middle" fill="#ffffff">ADAEZE</text></svg>`;

test('a 68-character name and a wide logo: the header stays under a fifth of a 360 px screen', async ({
  page,
}) => {
  expect(longName).toHaveLength(68);
  await callMerchantApi('setBranding', {
    body: { displayName: longName, logo: { upload: base64Of(wideLogo) } },
    mode: 'live',
    target,
  });
  const { setupUrl } = await createSubscriptionWithSetupLink({ target });
  await page.goto(server.url + pathOf(setupUrl));
  await expectHeading(page, /Choose your bank/);

  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('No viewport');
  expect(viewport.width).toBe(360);
  const header = page.locator('.merchant-header');
  const logo = header.locator('img');
  await expect(logo).toHaveJSProperty('complete', true);
  const headerBox = await header.boundingBox();
  const logoBox = await logo.boundingBox();
  if (headerBox === null || logoBox === null) throw new Error('Header or logo not drawn');
  expect(headerBox.height).toBeLessThanOrEqual(viewport.height / 5);
  // Drawn at the bar's height (2.5rem) and its own proportions, up to 7.5rem wide.
  expect(logoBox.height).toBe(40);
  expect(logoBox.width).toBeGreaterThanOrEqual(110);

  // The name is whole for assistive technology and the pointer, and no line ends mid-word.
  const name = header.locator('.merchant-header__name');
  await expect(name).toHaveText(longName);
  await expect(name).toHaveAttribute('title', longName);
  const lineEnds = await name.evaluate((element) => {
    const text = element.firstChild;
    if (text === null) return [];
    const range = document.createRange();
    const ends: string[] = [];
    let lastTop: number | null = null;
    for (let i = 0; i < (text.textContent ?? '').length; i += 1) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const top = range.getBoundingClientRect().top;
      if (lastTop !== null && top > lastTop + 1) ends.push((text.textContent ?? '')[i - 1] ?? '');
      lastTop = top;
    }
    return ends;
  });
  // Every line break falls after a space: between words.
  expect(lineEnds.every((character) => character === ' ')).toBe(true);
});
