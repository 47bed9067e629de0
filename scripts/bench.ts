/**
 * `npm run bench`: how fast the hosted pages show their content to a customer on a cheap Android
 * phone on a slow 3G network, held against the page's floor (issue 25;
 * docs/decisions/0028-first-reads-before-the-code.md). Builds the SPA (both builds, as
 * `npm run build`), starts a sandbox on 127.0.0.1 with a throwaway data directory and, for each
 * page, creates a real link through the merchant API for every load.
 *
 * The floor of a page is what no implementation can beat: the token is in the address's fragment,
 * so no page can show its content before a read sent by its own script has come back. It is a
 * hand-written document per page (scripts/bench-floor/*.html, never shipped) whose inline script
 * reads the token, sends the page's reads at once and draws the same first view with plain DOM
 * code, styled by the app's own stylesheet (from dist/) inlined; the bench serves it on an origin
 * of its own that passes every other request to the sandbox (compressed as the sandbox does), with
 * the sandbox's headers and a CSP that allows that script and style by their sha256.
 *
 * Product and floor are loaded round-robin (product, floor, product, floor, …), so a busy machine
 * slows both alike, under each profile ({@link profiles}, applied with Chromium's DevTools
 * protocol, cold cache, 360x740) and under Lighthouse's mobile profile (scripts/lighthouse-figures.ts).
 * Printed, medians:
 * - content: when text that only the first read supplies is in the page (the setup page's amount,
 *   the checkout's account number to pay into, the invoice's details), ms from the navigation's
 *   start, measured inside the page;
 * - first paint (the frame), LCP and CLS; with Lighthouse, its LCP, FCP, TBT (the floor's too)
 *   and CLS;
 * - each figure's ratio, product / floor (issue 25's goals: content and LCP at most 1.5, first
 *   paint at most 1.1, CLS at most 0.01, TBT at most 50 ms);
 * - what the product downloaded before its content (its document, which carries the first view's
 *   code, and any script or stylesheet), brotli as the sandbox sends them.
 *
 * The invoice page has no floor; it is measured so that it does not get slower. Numbers go to
 * stdout as tables and as JSON on the last line. Nothing is asserted: the size budget is a test
 * (e2e/bundle-budget.spec.ts); timings are measurements.
 *
 * Options: `--lighthouse` runs Lighthouse only, `--no-lighthouse` the profiles only;
 * `BENCH_RUNS` loads of each per profile (default 3); `BENCH_DIST_DIR` measures an existing build
 * instead of building dist/; `BENCH_PORT` the sandbox's port (default: a free one), the floor's
 * server takes the next.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from '@playwright/test';
import { Hono } from 'hono';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';
import { createCheckoutPayment, createInvoiceSubscription } from '../e2e/checkout-api';
import { createDemoSetupLink } from '../sandbox/demo';
import { compressAnswer } from '../sandbox/http/compress-answer';
import { contentSecurityPolicy, securityHeaders } from '../sandbox/http/security-headers';
import { startServer } from '../sandbox/server';
import {
  launchChromeForLighthouse,
  lighthouseRun,
  type LighthouseFigures,
} from './lighthouse-figures';

/** A throttled device and network, as Chromium's DevTools protocol takes them. */
interface Profile {
  name: string;
  cpuSlowdown: number;
  /** Added round-trip time, ms. */
  latencyMs: number;
  /** Bytes per second, each way. */
  bytesPerSecond: number;
}

const profiles: readonly Profile[] = [
  {
    name: 'slow 3G, 400 ms: 4x CPU, 400 ms RTT, 400 kbit/s down and up',
    cpuSlowdown: 4,
    latencyMs: 400,
    bytesPerSecond: (400 * 1000) / 8,
  },
  {
    // Chromium DevTools' "Slow 3G" preset (2 s RTT, 400 kbit/s each way) on the same phone.
    name: 'slow 3G, 2 s: 4x CPU, 2000 ms RTT, 400 kbit/s down and up',
    cpuSlowdown: 4,
    latencyMs: 2000,
    bytesPerSecond: (400 * 1000) / 8,
  },
];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = new URL('..', import.meta.url).pathname;
const givenDist = process.env.BENCH_DIST_DIR;
const distDir = givenDist ?? join(root, 'dist');
const port = Number(process.env.BENCH_PORT ?? 0);

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

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * A floor document ready to serve: the app's stylesheet, as the build's documents carry it inline
 * (dist/index.html's `<style>`; the build keeps no stylesheet file), in place of the style's
 * comment, and the CSP that allows its inline script and style by their hashes.
 * @throws Error when dist/index.html has no `<style>`.
 */
function floorDocument(file: string): { html: string; csp: string } {
  const css = /<style>([\s\S]*?)<\/style>/.exec(
    readFileSync(join(distDir, 'index.html'), 'utf8'),
  )?.[1];
  if (css === undefined) throw new Error(`${distDir}/index.html has no <style>: build first`);
  const html = readFileSync(join(root, 'scripts/bench-floor', file), 'utf8').replace(
    /<style>\s*\/\* app\.css \*\/\s*<\/style>/,
    () => `<style>${css}</style>`,
  );
  const inline = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
  const csp = contentSecurityPolicy
    .replace("script-src 'self'", `script-src 'self' ${inline('script').map(sha256).join(' ')}`)
    .replace("style-src 'self'", `style-src 'self' ${inline('style').map(sha256).join(' ')}`);
  return { html, csp };
}

/** The floor's server: its documents, and every other request passed to the sandbox. */
const floors = new Map([
  ['/floor/direct-debit-setup', floorDocument('direct-debit-setup.html')],
  ['/floor/checkout', floorDocument('checkout.html')],
]);
const floorApp = new Hono();
floorApp.use(async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(securityHeaders))
    if (!c.res.headers.has(name)) c.header(name, value);
});
floorApp.get('/floor/*', (c, next) => {
  const path = new URL(c.req.url).pathname;
  const floor = floors.get(path) ?? floors.get(path.replace(/\/[^/]+$/, ''));
  if (floor === undefined) return next();
  const br = /\bbr\b/.test(c.req.header('accept-encoding') ?? '');
  const body = br
    ? brotliCompressSync(floor.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
    : Buffer.from(floor.html);
  return c.body(new Uint8Array(body), 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': floor.csp,
    ...(br ? { 'content-encoding': 'br' } : {}),
  });
});
floorApp.all('*', async (c) => {
  const url = new URL(c.req.url);
  const headers = new Headers(c.req.raw.headers);
  headers.delete('accept-encoding');
  headers.delete('host');
  const answer = await fetch(new URL(url.pathname + url.search, server.url), {
    method: c.req.method,
    headers,
    body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.text(),
  });
  const passed = new Headers(answer.headers);
  passed.delete('content-length');
  passed.delete('content-encoding');
  return compressAnswer(
    c.req.header('accept-encoding'),
    new Response(await answer.arrayBuffer(), { status: answer.status, headers: passed }),
  );
});
const floorServer = await new Promise<ServerType>((resolve) => {
  const listening: ServerType = serve(
    { fetch: floorApp.fetch, port: port === 0 ? 0 : port + 1, hostname: '127.0.0.1' },
    () => resolve(listening),
  );
});
const floorAddress = floorServer.address();
const floorOrigin = `http://127.0.0.1:${typeof floorAddress === 'object' && floorAddress !== null ? floorAddress.port : 0}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One page to measure: a fresh link per load, and what shows its content. */
interface PageUnderTest {
  name: string;
  /** A new link (absolute URL with its `#token=…`). */
  newLink: () => Promise<string>;
  /** The floor's address for a link, or null when the page has no floor. */
  floorOf: ((link: URL) => string) | null;
  /** CSS selector of an element holding text only the first read supplies. */
  contentSelector: string;
}

/** What one load measured, ms from the navigation's start (CLS unitless). */
interface LoadTimings {
  content: number;
  firstPaint: number;
  lcp: number;
  cls: number;
}

/** A fresh context and page with the profile's throttling and the observers installed. */
async function throttledPage(target: Browser, profile: Profile, contentSelector: string) {
  const context = await target.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.bytesPerSecond,
    uploadThroughput: profile.bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  // Timed inside the page, from the navigation's start: Playwright's own polling runs on the
  // throttled CPU too and would add a few hundred milliseconds of its own.
  await page.addInitScript((selector: string) => {
    const marks = window as unknown as {
      benchLcp?: number;
      benchCls?: number;
      benchContent?: number;
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
    const observer = new MutationObserver(() => {
      if ((document.querySelector(selector)?.textContent ?? '').trim() === '') return;
      marks.benchContent = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, contentSelector);
  return { context, page };
}

/** Loads `url` under `profile` until its content shows, then reads the marks once settled. */
async function load(profile: Profile, url: string, contentSelector: string) {
  const { context, page } = await throttledPage(browser, profile, contentSelector);
  // What the page downloaded before its content showed: its document (which carries the code of
  // the first view, decision 0042) and any script or stylesheet, brotli as the sandbox sends them.
  const pending = new Map<string, Promise<number>>();
  const brotliSize = (bytes: Buffer) =>
    brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  let shown = false;
  page.on('response', (response) => {
    if (shown) return;
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    if (type === 'document') {
      pending.set(
        path,
        response.body().then(brotliSize, () => 0),
      );
      return;
    }
    if (type !== 'script' && type !== 'stylesheet') return;
    try {
      pending.set(path, Promise.resolve(brotliSize(readFileSync(join(distDir, path)))));
    } catch {
      // Not a file of the build.
    }
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(contentSelector).waitFor({ state: 'visible', timeout: 120_000 });
  shown = true;
  const assets = new Map(
    await Promise.all([...pending].map(async ([path, size]) => [path, await size] as const)),
  );
  const timings = await readTimings(page);
  await context.close();
  return { timings, assets };
}

/** Reads the marks once the page has settled (LCP and CLS keep updating until then). */
async function readTimings(page: Page): Promise<LoadTimings> {
  // Let the last paint's LCP and any late shift be reported before reading them.
  await page.waitForTimeout(1_000);
  return page.evaluate(() => {
    const marks = window as unknown as {
      benchLcp?: number;
      benchCls?: number;
      benchContent?: number;
    };
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return {
      content: Math.round(marks.benchContent ?? Number.NaN),
      firstPaint: Math.round(paint ?? Number.NaN),
      lcp: Math.round(marks.benchLcp ?? Number.NaN),
      cls: marks.benchCls ?? Number.NaN,
    };
  });
}

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/** Each page under each profile, product and floor round-robin; prints medians and ratios. */
async function profileReport(subjects: PageUnderTest[]) {
  const report: Record<string, Record<string, Record<string, number>>> = {};
  for (const profile of profiles) {
    console.log(`\n== ${profile.name}, cold cache, 360x740; medians of ${runs}`);
    const byPage: Record<string, Record<string, number>> = {};
    for (const subject of subjects) {
      const product: LoadTimings[] = [];
      const floor: LoadTimings[] = [];
      let assets = new Map<string, number>();
      for (let run = 0; run < runs; run += 1) {
        const link = new URL(await subject.newLink());
        const loaded = await load(
          profile,
          new URL(link.pathname + link.hash, server.url).href,
          subject.contentSelector,
        );
        product.push(loaded.timings);
        assets = loaded.assets;
        if (subject.floorOf !== null) {
          const floorLink = new URL(await subject.newLink());
          const url = new URL(subject.floorOf(floorLink) + floorLink.hash, floorOrigin).href;
          floor.push((await load(profile, url, subject.contentSelector)).timings);
        }
      }
      const of = (loads: LoadTimings[], key: keyof LoadTimings) => median(loads.map((l) => l[key]));
      const figures: Record<string, number> = {
        contentMs: of(product, 'content'),
        firstPaintMs: of(product, 'firstPaint'),
        lcpMs: of(product, 'lcp'),
        cls: Number(of(product, 'cls').toFixed(3)),
        codeBrotliBytes: [...assets.values()].reduce((sum, bytes) => sum + bytes, 0),
      };
      if (floor.length > 0) {
        Object.assign(figures, {
          floorContentMs: of(floor, 'content'),
          floorFirstPaintMs: of(floor, 'firstPaint'),
          floorLcpMs: of(floor, 'lcp'),
          contentRatio: ratio(of(product, 'content'), of(floor, 'content')),
          firstPaintRatio: ratio(of(product, 'firstPaint'), of(floor, 'firstPaint')),
          lcpRatio: ratio(of(product, 'lcp'), of(floor, 'lcp')),
        });
      }
      byPage[subject.name] = figures;
      const vs = (key: string, floorKey: string, ratioKey: string, unit = ' ms') =>
        figures[floorKey] === undefined
          ? `${figures[key]}${unit}`
          : `${figures[key]}${unit} (floor ${figures[floorKey]}${unit}; ratio ${figures[ratioKey]})`;
      console.log(`\n${subject.name}`);
      console.log(
        `  Content                   ${vs('contentMs', 'floorContentMs', 'contentRatio')}`,
      );
      console.log(
        `  First paint               ${vs('firstPaintMs', 'floorFirstPaintMs', 'firstPaintRatio')}`,
      );
      console.log(`  Largest contentful paint  ${vs('lcpMs', 'floorLcpMs', 'lcpRatio')}`);
      console.log(`  Cumulative layout shift   ${figures.cls}`);
      console.log(
        `  Document and code (brotli) ${((figures.codeBrotliBytes ?? 0) / 1024).toFixed(1)} KB in ${assets.size} files`,
      );
    }
    report[profile.name] = byPage;
  }
  return report;
}

/** Lighthouse runs of each page and of its floor, round-robin; prints medians and ratios. */
async function lighthouseReport(subjects: PageUnderTest[]) {
  const chrome = await launchChromeForLighthouse();
  const report: Record<string, Record<string, number>> = {};
  try {
    console.log(`\n== Lighthouse mobile (simulated slow 4G, 4x CPU); medians of ${runs}`);
    for (const subject of subjects) {
      const product: LighthouseFigures[] = [];
      const floor: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        const link = new URL(await subject.newLink());
        product.push(
          await lighthouseRun(new URL(link.pathname + link.hash, server.url).href, chrome.port),
        );
        if (subject.floorOf !== null) {
          const floorLink = new URL(await subject.newLink());
          floor.push(
            await lighthouseRun(
              new URL(subject.floorOf(floorLink) + floorLink.hash, floorOrigin).href,
              chrome.port,
            ),
          );
        }
      }
      const of = (loads: LighthouseFigures[], key: keyof LighthouseFigures) =>
        median(loads.map((l) => l[key]));
      const figures: Record<string, number> = {
        score: of(product, 'score'),
        lcpMs: of(product, 'lcpMs'),
        fcpMs: of(product, 'fcpMs'),
        cls: Number(of(product, 'cls').toFixed(3)),
        tbtMs: of(product, 'tbtMs'),
        jsTransferredKb: Number((of(product, 'jsTransferredBytes') / 1024).toFixed(1)),
      };
      if (floor.length > 0)
        Object.assign(figures, {
          floorLcpMs: of(floor, 'lcpMs'),
          floorFcpMs: of(floor, 'fcpMs'),
          // The floor's own TBT: its script's work after its first paint (its render; ICU's
          // start is on a worker's thread, decision 0044) is what no page can avoid.
          floorTbtMs: of(floor, 'tbtMs'),
          lcpRatio: ratio(of(product, 'lcpMs'), of(floor, 'lcpMs')),
          fcpRatio: ratio(of(product, 'fcpMs'), of(floor, 'fcpMs')),
        });
      report[subject.name] = figures;
      const vs = (key: string, floorKey: string, ratioKey: string) =>
        figures[floorKey] === undefined
          ? `${figures[key]} ms`
          : `${figures[key]} ms (floor ${figures[floorKey]} ms; ratio ${figures[ratioKey]})`;
      console.log(`\n${subject.name}`);
      console.log(`  Score                     ${figures.score}`);
      console.log(`  Largest contentful paint  ${vs('lcpMs', 'floorLcpMs', 'lcpRatio')}`);
      console.log(`  First contentful paint    ${vs('fcpMs', 'floorFcpMs', 'fcpRatio')}`);
      console.log(`  Cumulative layout shift   ${figures.cls}`);
      console.log(
        `  Total blocking time       ${figures.tbtMs} ms${figures.floorTbtMs === undefined ? '' : ` (floor ${figures.floorTbtMs} ms)`}`,
      );
      console.log(`  JavaScript transferred    ${figures.jsTransferredKb} KB`);
    }
  } finally {
    chrome.kill();
  }
  return report;
}

try {
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    testSecretKey: string;
  };
  const subjects: PageUnderTest[] = [
    {
      name: 'Direct-debit setup (content: the plan’s amount)',
      newLink: async () =>
        (await createDemoSetupLink(server.url, credentials.testSecretKey)).setupUrl,
      floorOf: () => '/floor/direct-debit-setup',
      contentSelector: '.summary__amount',
    },
    {
      name: 'Payment checkout (content: the account number to pay into)',
      newLink: async () => (await createCheckoutPayment({})).checkoutUrl,
      floorOf: (link) => `/floor/checkout/${link.pathname.split('/').pop() ?? ''}`,
      contentSelector: '.digits',
    },
    {
      name: 'Invoice (content: its details; no floor)',
      newLink: async () => {
        const { invoice } = await createInvoiceSubscription({
          callbackUrl: 'https://merchant.example.com/billing/return',
        });
        if (invoice.checkoutUrl === null) throw new Error('The invoice has no checkoutUrl');
        return invoice.checkoutUrl;
      },
      floorOf: null,
      contentSelector: '.summary .playback',
    },
  ];
  const result: Record<string, unknown> = {};
  if (!process.argv.includes('--lighthouse')) result.profiles = await profileReport(subjects);
  if (!process.argv.includes('--no-lighthouse'))
    result.lighthouse = await lighthouseReport(subjects);
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.close();
  await new Promise((resolve) => floorServer.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
