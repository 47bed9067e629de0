/**
 * Size budget: the JavaScript a phone downloads to show a hosted page for the first time, measured
 * as the browser loads it (entry, vendor and lazy route chunks), gzip-compressed from `dist/` as a
 * server would send it. The budget is what docs/decisions/0018-first-load-bytes.md reached, so the
 * first load cannot creep back; issue 13's goal is 100 KB.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createCheckoutPayment } from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';

const budgetKb = 125;
const budgetBytes = budgetKb * 1024;

/** Opens `link` and returns the gzip bytes of every script it loaded, once the page is idle. */
async function firstLoadScriptBytes(
  page: Page,
  link: string,
): Promise<{ total: number; files: number }> {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.size).toBeGreaterThan(0);
  let total = 0;
  for (const path of scripts) {
    total += gzipSync(readFileSync(join(process.env.E2E_DIST_DIR ?? 'dist', path)), {
      level: 9,
    }).length;
  }
  return { total, files: scripts.size };
}

function report(name: string, { total, files }: { total: number; files: number }): void {
  const figure = `${(total / 1024).toFixed(1)} KB in ${files} files`;
  test.info().annotations.push({ type: `${name}-first-load-js-gzip`, description: figure });
  console.log(`${name} page first-load JS: ${figure} gzip`);
}

test(`the setup page loads at most ${budgetKb} KB of gzipped JavaScript on first visit`, async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const loaded = await firstLoadScriptBytes(page, setupUrl);
  report('setup', loaded);
  expect(loaded.total).toBeLessThanOrEqual(budgetBytes);
});

test(`the checkout page loads at most ${budgetKb} KB of gzipped JavaScript on first visit`, async ({
  page,
}) => {
  const { checkoutUrl } = await createCheckoutPayment({});
  const loaded = await firstLoadScriptBytes(page, checkoutUrl);
  report('checkout', loaded);
  expect(loaded.total).toBeLessThanOrEqual(budgetBytes);
});
