/**
 * `npm run bench`: how big and how fast the setup page is for a customer on a cheap Android phone
 * on a weak network. Builds the SPA, starts a sandbox on 127.0.0.1 with a throwaway data
 * directory, creates a real setup link, then loads the page in Chromium five times with a cold
 * cache under a throttled profile (4× CPU slowdown; 300 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up) and reports:
 *
 * - first-load JavaScript and CSS of the setup page (bytes as sent, gzip level 9 from dist/);
 * - first contentful paint, and the time until the bank search box is in the page (ms from the
 *   navigation's start, measured inside the page; median of 5).
 *
 * Numbers go to stdout as a table and as JSON on the last line. Nothing is asserted here: the
 * size budget is a test (e2e/bundle-budget.spec.ts); timings are measurements, not tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';
import { createDemoSetupLink } from '../sandbox/demo';
import { startServer } from '../sandbox/server';

const runs = 5;
const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, 'dist');

const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
const server = await startServer({ host: '127.0.0.1', port: 0, dataDir, distDir });
const executablePath = resolveChromiumExecutable();
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: chromiumArgs,
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

try {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    testSecretKey: string;
  };
  const fcp: number[] = [];
  const ready: number[] = [];
  const assets = new Map<string, { type: string; gzip: number }>();

  for (let run = 0; run < runs; run += 1) {
    const { setupUrl } = await createDemoSetupLink(server.url, credentials.testSecretKey);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 300,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const path = new URL(response.url()).pathname;
      if ((type === 'script' || type === 'stylesheet') && !assets.has(path)) {
        const gzip = gzipSync(readFileSync(join(distDir, path)), { level: 9 }).length;
        assets.set(path, { type, gzip });
      }
    });

    // Timed inside the page, from the navigation's start: Playwright's own polling for the
    // element runs on the throttled CPU too and would add a few hundred milliseconds of its own.
    await page.addInitScript(() => {
      const marks = window as unknown as { benchSearchShownAt?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector('input[type="search"]') === null) return;
        marks.benchSearchShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true });
    });
    const link = new URL(setupUrl);
    await page.goto(new URL(link.pathname + link.hash, server.url).href, { waitUntil: 'commit' });
    await page
      .getByRole('searchbox', { name: 'Search banks' })
      .waitFor({ state: 'visible', timeout: 60_000 });
    ready.push(
      await page.evaluate(() =>
        Math.round((window as unknown as { benchSearchShownAt: number }).benchSearchShownAt),
      ),
    );
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    fcp.push(Math.round(paint));
    await context.close();
  }

  const js = [...assets.values()]
    .filter((a) => a.type === 'script')
    .reduce((s, a) => s + a.gzip, 0);
  const css = [...assets.values()]
    .filter((a) => a.type === 'stylesheet')
    .reduce((s, a) => s + a.gzip, 0);
  const result = {
    profile: '4x CPU, 300 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cold cache, 360x740',
    runs,
    setupFirstLoadJsGzipBytes: js,
    setupFirstLoadCssGzipBytes: css,
    firstContentfulPaintMsMedian: median(fcp),
    bankSearchUsableMsMedian: median(ready),
  };
  console.log('\nSetup page, first visit');
  console.log(`  JavaScript (gzip)        ${(js / 1024).toFixed(1)} KB`);
  console.log(`  CSS (gzip)               ${(css / 1024).toFixed(1)} KB`);
  console.log(
    `  First contentful paint   ${result.firstContentfulPaintMsMedian} ms (median of ${runs})`,
  );
  console.log(
    `  Bank search usable       ${result.bankSearchUsableMsMedian} ms (median of ${runs})`,
  );
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
