/**
 * Size budget: the JavaScript a phone downloads to show the direct-debit setup page for the first
 * time, measured as the browser loads it (entry, vendor and lazy route chunks), gzip-compressed
 * from `dist/` as a server would send it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createSubscriptionWithSetupLink } from './merchant-api';

const budgetBytes = 150 * 1024;

test('the setup page loads at most 150 KB of gzipped JavaScript on first visit', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.add(new URL(response.url()).pathname);
  });
  await page.goto(new URL(setupUrl).pathname + new URL(setupUrl).hash);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(scripts.size).toBeGreaterThan(0);
  let total = 0;
  for (const path of scripts) {
    total += gzipSync(readFileSync(join(process.env.E2E_DIST_DIR ?? 'dist', path)), {
      level: 9,
    }).length;
  }
  test.info().annotations.push({
    type: 'setup-first-load-js-gzip',
    description: `${(total / 1024).toFixed(1)} KB in ${scripts.size} files`,
  });
  console.log(
    `setup page first-load JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`,
  );
  expect(total).toBeLessThanOrEqual(budgetBytes);
});
