/**
 * `npm run bench`: how big and how fast the hosted pages are for a customer on a cheap Android
 * phone on a weak network. Builds the SPA, starts a sandbox on 127.0.0.1 with a throwaway data
 * directory, then, for the direct-debit setup page and the payment checkout page, creates a real
 * link through the merchant API and loads it in Chromium with a cold cache under each throttled
 * profile ({@link profiles}: today's slow 4G, and slow 3G).
 *
 * Each page is also held against its own static baseline: the same page's rendered HTML and CSS
 * with every script removed, captured once from the running app and served by the bench from the
 * same machine, compressed like the sandbox compresses (the limit for what the page can show; the
 * measure of issue 13). For each profile and page it reports:
 *
 * - first-load JavaScript and CSS (bytes as sent, gzip level 9 from dist/);
 * - first contentful paint, largest contentful paint, the time until the page is usable (ms from
 *   the navigation's start, measured inside the page; medians): the setup page's bank search box,
 *   the checkout page's account number to pay into; cumulative layout shift (unitless);
 * - the baseline's FCP and LCP, and the ratios of the page's LCP and usable time to the baseline's
 *   LCP.
 *
 * Numbers go to stdout as a table and as JSON on the last line. Nothing is asserted here: the
 * size budget is a test (e2e/bundle-budget.spec.ts); timings are measurements, not tests.
 * `BENCH_DIST_DIR` measures an existing build instead of building dist/. `BENCH_PORT` picks the sandbox's port (default: a free one); the baseline server takes the next.
 *
 * `npm run lighthouse` (`--lighthouse`): instead of the profiles above, runs Lighthouse's mobile
 * profile (scripts/lighthouse-figures.ts) three times against each page and its static baseline
 * and prints the medians of score, LCP, the baseline's LCP and their ratio, CLS, TBT and the
 * JavaScript transferred (issue 13's goals: ratio <= 1.8, CLS <= 0.01, TBT <= 50 ms, score >= 0.98).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';
import { createCheckoutPayment } from '../e2e/checkout-api';
import { createDemoSetupLink } from '../sandbox/demo';
import { securityHeaders } from '../sandbox/http/security-headers';
import { spaPages, type PagesEnv } from '../sandbox/http/spa-pages';
import { startServer } from '../sandbox/server';
import {
  launchChromeForLighthouse,
  lighthouseRun,
  type LighthouseFigures,
} from './lighthouse-figures';

/** A throttled device and network, as Chromium's DevTools protocol takes them. */
interface Profile {
  name: string;
  runs: number;
  cpuSlowdown: number;
  /** Added round-trip time, ms. */
  latencyMs: number;
  /** Bytes per second. */
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
}

const profiles: readonly Profile[] = [
  {
    name: 'slow 4G: 4x CPU, 300 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cold cache, 360x740',
    runs: 5,
    cpuSlowdown: 4,
    latencyMs: 300,
    downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
    uploadBytesPerSecond: (750 * 1024) / 8,
  },
  {
    // Chromium DevTools' "Slow 3G" preset (2 s RTT, 400 kbit/s each way) on the same phone.
    name: 'slow 3G: 4x CPU, 2000 ms RTT, 400 kbit/s down and up, cold cache, 360x740',
    runs: 3,
    cpuSlowdown: 4,
    latencyMs: 2000,
    downloadBytesPerSecond: (400 * 1000) / 8,
    uploadBytesPerSecond: (400 * 1000) / 8,
  },
];
const root = new URL('..', import.meta.url).pathname;
// `BENCH_DIST_DIR`: measure a build made elsewhere (another commit's, for a before-and-after).
const givenDist = process.env.BENCH_DIST_DIR;
const distDir = givenDist ?? join(root, 'dist');
const port = Number(process.env.BENCH_PORT ?? 0);

// The same two builds as `npm run build` (the hosted pages, then the console), so that a bench
// leaves dist/ as complete as it found it.
if (givenDist === undefined) {
  for (const config of ['vite.config.ts', 'vite.console.config.ts']) {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', config],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
// The merchant-API helpers of the e2e specs find the sandbox through its credentials file.
process.env.E2E_SANDBOX_DATA_DIR = dataDir;
const server = await startServer({ host: '127.0.0.1', port, dataDir, distDir });
const executablePath = resolveChromiumExecutable();
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: chromiumArgs,
});

/** Static baselines by path (`/baseline/<page>`), served with the app's CSS from dist/. */
const baselines = new Map<string, string>();
const baselineApp = new Hono<PagesEnv>();
baselineApp.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(securityHeaders)) c.header(name, value);
});
baselineApp.get('/baseline/*', (c, next) => {
  const html = baselines.get(new URL(c.req.url).pathname);
  if (html === undefined) return next();
  const accepts = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  return c.body(new Uint8Array(accepts ? gzipSync(html, { level: 9 }) : Buffer.from(html)), 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...(accepts ? { 'content-encoding': 'gzip' } : {}),
  });
});
baselineApp.use(...spaPages(distDir));
const baselineServer = await new Promise<ServerType>((resolve) => {
  const listening: ServerType = serve(
    { fetch: baselineApp.fetch, port: port === 0 ? 0 : port + 1, hostname: '127.0.0.1' },
    () => resolve(listening),
  );
});
const baselineAddress = baselineServer.address();
const baselineOrigin = `http://127.0.0.1:${typeof baselineAddress === 'object' && baselineAddress !== null ? baselineAddress.port : 0}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One page to measure: a fresh link per run, and the element whose arrival makes it usable. */
interface PageUnderTest {
  name: string;
  /** Path of its static baseline on the bench's baseline server. */
  baselinePath: string;
  /** A new link (absolute URL with its `#token=…`). */
  newLink: () => Promise<string>;
  /** CSS selector of the element that makes the page usable. */
  usableSelector: string;
}

/** What one load measured, ms from the navigation's start (CLS unitless). */
interface LoadTimings {
  fcp: number;
  lcp: number;
  cls: number;
  usable: number;
}

interface PageFigures {
  jsGzipBytes: number;
  cssGzipBytes: number;
  firstContentfulPaintMsMedian: number;
  largestContentfulPaintMsMedian: number;
  usableMsMedian: number;
  cumulativeLayoutShiftMedian: number;
  baselineFirstContentfulPaintMsMedian: number;
  baselineLargestContentfulPaintMsMedian: number;
  lcpToBaselineLcp: number;
  usableToBaselineLcp: number;
}

/** A fresh context and page with the profile's throttling and the paint observers installed. */
async function throttledPage(target: Browser, profile: Profile, usableSelector: string | null) {
  const context = await target.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  // Timed inside the page, from the navigation's start: Playwright's own polling for the element
  // runs on the throttled CPU too and would add a few hundred milliseconds of its own.
  await page.addInitScript((selector: string | null) => {
    const marks = window as unknown as {
      benchLcp?: number;
      benchCls?: number;
      benchUsable?: number;
    };
    marks.benchCls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.benchLcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) marks.benchCls = (marks.benchCls ?? 0) + shift.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    if (selector === null) return;
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector) === null) return;
      marks.benchUsable = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true });
  }, usableSelector);
  return { context, page };
}

/** Reads the marks once the page has settled (LCP and CLS keep updating until then). */
async function readTimings(page: Page): Promise<LoadTimings> {
  // Let the last paint's LCP and any late shift be reported before reading them.
  await page.waitForTimeout(1_000);
  return page.evaluate(() => {
    const marks = window as unknown as {
      benchLcp?: number;
      benchCls?: number;
      benchUsable?: number;
    };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return {
      fcp: Math.round(fcp ?? Number.NaN),
      lcp: Math.round(marks.benchLcp ?? Number.NaN),
      cls: marks.benchCls ?? Number.NaN,
      usable: Math.round(marks.benchUsable ?? Number.NaN),
    };
  });
}

/**
 * The page's static baseline: loads `link` unthrottled until usable, takes the rendered document
 * and removes its scripts (and their preloads), keeping its HTML and stylesheets.
 */
async function captureBaseline(target: Browser, subject: PageUnderTest): Promise<string> {
  const link = new URL(await subject.newLink());
  const context = await target.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(new URL(link.pathname + link.hash, server.url).href);
  await page.locator(subject.usableSelector).waitFor({ state: 'visible', timeout: 60_000 });
  const html = await page.evaluate(() => {
    for (const element of document.querySelectorAll('script, link[rel="modulepreload"]'))
      element.remove();
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  await context.close();
  return html;
}

async function measure(
  target: Browser,
  profile: Profile,
  subject: PageUnderTest,
): Promise<PageFigures> {
  const app: LoadTimings[] = [];
  const baseline: LoadTimings[] = [];
  const assets = new Map<string, { type: string; gzip: number }>();

  for (let run = 0; run < profile.runs; run += 1) {
    const link = new URL(await subject.newLink());
    const { context, page } = await throttledPage(target, profile, subject.usableSelector);
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const path = new URL(response.url()).pathname;
      if ((type === 'script' || type === 'stylesheet') && !assets.has(path)) {
        const gzip = gzipSync(readFileSync(join(distDir, path)), { level: 9 }).length;
        assets.set(path, { type, gzip });
      }
    });
    await page.goto(new URL(link.pathname + link.hash, server.url).href, { waitUntil: 'commit' });
    await page.locator(subject.usableSelector).waitFor({ state: 'visible', timeout: 120_000 });
    app.push(await readTimings(page));
    await context.close();

    const still = await throttledPage(target, profile, null);
    await still.page.goto(new URL(subject.baselinePath, baselineOrigin).href, {
      waitUntil: 'load',
      timeout: 120_000,
    });
    baseline.push(await readTimings(still.page));
    await still.context.close();
  }

  const bytesOf = (type: string) =>
    [...assets.values()].filter((a) => a.type === type).reduce((s, a) => s + a.gzip, 0);
  const of = (loads: LoadTimings[], key: keyof LoadTimings) => median(loads.map((l) => l[key]));
  const baselineLcp = of(baseline, 'lcp');
  return {
    jsGzipBytes: bytesOf('script'),
    cssGzipBytes: bytesOf('stylesheet'),
    firstContentfulPaintMsMedian: of(app, 'fcp'),
    largestContentfulPaintMsMedian: of(app, 'lcp'),
    usableMsMedian: of(app, 'usable'),
    cumulativeLayoutShiftMedian: Number(of(app, 'cls').toFixed(3)),
    baselineFirstContentfulPaintMsMedian: of(baseline, 'fcp'),
    baselineLargestContentfulPaintMsMedian: baselineLcp,
    lcpToBaselineLcp: Number((of(app, 'lcp') / baselineLcp).toFixed(2)),
    usableToBaselineLcp: Number((of(app, 'usable') / baselineLcp).toFixed(2)),
  };
}

/** Every profile's figures for each page; prints them and their JSON. */
async function profileReport(subjects: PageUnderTest[]): Promise<void> {
  const results: Record<string, Record<string, PageFigures>> = {};
  for (const profile of profiles) {
    console.log(`\n== ${profile.name}; medians of ${profile.runs}`);
    const byPage: Record<string, PageFigures> = {};
    for (const subject of subjects) {
      const f = await measure(browser, profile, subject);
      byPage[subject.name] = f;
      console.log(`\n${subject.name}, first visit`);
      console.log(`  JavaScript (gzip)         ${(f.jsGzipBytes / 1024).toFixed(1)} KB`);
      console.log(`  CSS (gzip)                ${(f.cssGzipBytes / 1024).toFixed(1)} KB`);
      console.log(
        `  First contentful paint    ${f.firstContentfulPaintMsMedian} ms (baseline ${f.baselineFirstContentfulPaintMsMedian} ms)`,
      );
      console.log(
        `  Largest contentful paint  ${f.largestContentfulPaintMsMedian} ms (baseline ${f.baselineLargestContentfulPaintMsMedian} ms; ratio ${f.lcpToBaselineLcp})`,
      );
      console.log(
        `  Usable                    ${f.usableMsMedian} ms (ratio to baseline LCP ${f.usableToBaselineLcp})`,
      );
      console.log(`  Cumulative layout shift   ${f.cumulativeLayoutShiftMedian}`);
    }
    results[profile.name] = byPage;
  }
  console.log(JSON.stringify({ profiles: results }));
}

/** Lighthouse runs of each page and of its baseline, alternating; prints medians. */
async function lighthouseReport(subjects: PageUnderTest[]): Promise<void> {
  const runs = 3;
  const chrome = await launchChromeForLighthouse();
  const report: Record<string, Record<string, number>> = {};
  try {
    for (const subject of subjects) {
      const app: LighthouseFigures[] = [];
      const baseline: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        const link = new URL(await subject.newLink());
        app.push(
          await lighthouseRun(new URL(link.pathname + link.hash, server.url).href, chrome.port),
        );
        baseline.push(
          await lighthouseRun(new URL(subject.baselinePath, baselineOrigin).href, chrome.port),
        );
      }
      const of = (loads: LighthouseFigures[], key: keyof LighthouseFigures) =>
        median(loads.map((load) => load[key]));
      const figures = {
        score: of(app, 'score'),
        lcpMs: of(app, 'lcpMs'),
        baselineLcpMs: of(baseline, 'lcpMs'),
        lcpToBaselineLcp: Number((of(app, 'lcpMs') / of(baseline, 'lcpMs')).toFixed(2)),
        cls: Number(of(app, 'cls').toFixed(3)),
        tbtMs: of(app, 'tbtMs'),
        jsTransferredKb: Number((of(app, 'jsTransferredBytes') / 1024).toFixed(1)),
        baselineScore: of(baseline, 'score'),
      };
      report[subject.name] = figures;
      console.log(`\n${subject.name}: Lighthouse mobile (slow 4G, 4x CPU), medians of ${runs}`);
      console.log(
        `  Score                     ${figures.score} (baseline ${figures.baselineScore})`,
      );
      console.log(
        `  Largest contentful paint  ${figures.lcpMs} ms (baseline ${figures.baselineLcpMs} ms; ratio ${figures.lcpToBaselineLcp})`,
      );
      console.log(`  Cumulative layout shift   ${figures.cls}`);
      console.log(`  Total blocking time       ${figures.tbtMs} ms`);
      console.log(`  JavaScript transferred    ${figures.jsTransferredKb} KB`);
    }
  } finally {
    chrome.kill();
  }
  console.log(JSON.stringify({ lighthouse: report }));
}

try {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    testSecretKey: string;
  };
  const subjects: PageUnderTest[] = [
    {
      name: 'Direct-debit setup (usable: bank search)',
      baselinePath: '/baseline/direct-debit-setup',
      newLink: async () =>
        (await createDemoSetupLink(server.url, credentials.testSecretKey)).setupUrl,
      usableSelector: 'input[role="combobox"]',
    },
    {
      name: 'Payment checkout (usable: account number shown)',
      baselinePath: '/baseline/checkout',
      newLink: async () => (await createCheckoutPayment({})).checkoutUrl,
      usableSelector: '.digits',
    },
  ];
  for (const subject of subjects)
    baselines.set(subject.baselinePath, await captureBaseline(browser, subject));

  if (process.argv.includes('--lighthouse')) await lighthouseReport(subjects);
  else await profileReport(subjects);
} finally {
  await browser.close();
  await server.close();
  await new Promise((resolve) => baselineServer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
