/**
 * `npm run bench`: how big and how fast the hosted pages are for a customer on a cheap Android
 * phone on a weak network. Builds the SPA, starts a sandbox on 127.0.0.1 with a throwaway data
 * directory, then, for the direct-debit setup page and the payment checkout page, creates a real
 * link through the merchant API and loads it in Chromium five times with a cold cache under a
 * throttled profile (4× CPU slowdown; 300 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). For each
 * page it reports:
 *
 * - first-load JavaScript and CSS (bytes as sent, gzip level 9 from dist/);
 * - first contentful paint, and the time until the page is usable (ms from the navigation's
 *   start, measured inside the page; median of 5): the setup page's bank search box, the
 *   checkout page's account number to pay into.
 *
 * Numbers go to stdout as a table and as JSON on the last line. Nothing is asserted here: the
 * size budget is a test (e2e/bundle-budget.spec.ts); timings are measurements, not tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';
import { createCheckoutPayment } from '../e2e/checkout-api';
import { createDemoSetupLink } from '../sandbox/demo';
import { startServer } from '../sandbox/server';

const runs = 5;
const profile = '4x CPU, 300 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cold cache, 360x740';
const root = new URL('..', import.meta.url).pathname;
const distDir = join(root, 'dist');

const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
// The merchant-API helpers of the e2e specs find the sandbox through its credentials file.
process.env.E2E_SANDBOX_DATA_DIR = dataDir;
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

/** One page to measure: a fresh link per run, and the element whose arrival makes it usable. */
interface PageUnderTest {
  name: string;
  /** A new link (absolute URL with its `#token=…`). */
  newLink: () => Promise<string>;
  /** CSS selector of the element that makes the page usable. */
  usableSelector: string;
}

interface PageFigures {
  jsGzipBytes: number;
  cssGzipBytes: number;
  firstContentfulPaintMsMedian: number;
  usableMsMedian: number;
}

async function measure(target: Browser, subject: PageUnderTest): Promise<PageFigures> {
  const fcp: number[] = [];
  const usable: number[] = [];
  const assets = new Map<string, { type: string; gzip: number }>();

  for (let run = 0; run < runs; run += 1) {
    const link = new URL(await subject.newLink());
    const context = await target.newContext({ viewport: { width: 360, height: 740 } });
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
    await page.addInitScript((selector: string) => {
      const marks = window as unknown as { benchUsableAt?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelector(selector) === null) return;
        marks.benchUsableAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true });
    }, subject.usableSelector);

    await page.goto(new URL(link.pathname + link.hash, server.url).href, { waitUntil: 'commit' });
    await page.locator(subject.usableSelector).waitFor({ state: 'visible', timeout: 60_000 });
    usable.push(
      await page.evaluate(() =>
        Math.round((window as unknown as { benchUsableAt: number }).benchUsableAt),
      ),
    );
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    fcp.push(Math.round(paint));
    await context.close();
  }

  const bytesOf = (type: string) =>
    [...assets.values()].filter((a) => a.type === type).reduce((s, a) => s + a.gzip, 0);
  return {
    jsGzipBytes: bytesOf('script'),
    cssGzipBytes: bytesOf('stylesheet'),
    firstContentfulPaintMsMedian: median(fcp),
    usableMsMedian: median(usable),
  };
}

try {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    testSecretKey: string;
  };
  const subjects: PageUnderTest[] = [
    {
      name: 'Direct-debit setup (usable: bank search)',
      newLink: async () =>
        (await createDemoSetupLink(server.url, credentials.testSecretKey)).setupUrl,
      usableSelector: 'input[type="search"]',
    },
    {
      name: 'Payment checkout (usable: account number shown)',
      newLink: async () => (await createCheckoutPayment({})).checkoutUrl,
      usableSelector: '.digits',
    },
  ];

  const results: Record<string, PageFigures> = {};
  for (const subject of subjects) {
    const figures = await measure(browser, subject);
    results[subject.name] = figures;
    console.log(`\n${subject.name}, first visit`);
    console.log(`  JavaScript (gzip)        ${(figures.jsGzipBytes / 1024).toFixed(1)} KB`);
    console.log(`  CSS (gzip)               ${(figures.cssGzipBytes / 1024).toFixed(1)} KB`);
    console.log(
      `  First contentful paint   ${figures.firstContentfulPaintMsMedian} ms (median of ${runs})`,
    );
    console.log(`  Usable                   ${figures.usableMsMedian} ms (median of ${runs})`);
  }
  console.log(JSON.stringify({ profile, runs, pages: results }));
} finally {
  await browser.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
