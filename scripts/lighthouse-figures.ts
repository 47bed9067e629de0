/**
 * Lighthouse's mobile profile (its defaults: Moto G Power screen, simulated slow 4G at 150 ms RTT
 * and 1.6 Mbit/s down, 4x CPU slowdown) run against one address in this machine's Chromium, for
 * `npm run lighthouse` (scripts/bench.ts). Lighthouse 12.8.2: 13 needs Node 22.19, the project
 * runs on Node 20 (docs/decisions/0020-first-paint-frame-and-failure-bound.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { chromium } from '@playwright/test';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import { chromiumArgs, resolveChromiumExecutable } from '../e2e/browser';

/** What one Lighthouse run measured (ms; CLS unitless; score 0 to 1; bytes as transferred). */
export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  /** First contentful paint (ms). */
  fcpMs: number;
  cls: number;
  tbtMs: number;
  jsTransferredBytes: number;
}

/** A Chromium for Lighthouse: the e2e tests' executable (Playwright's, else `CHROMIUM_PATH`, else Debian's). */
export async function launchChromeForLighthouse(): Promise<LaunchedChrome> {
  const executable = resolveChromiumExecutable();
  return launch({
    chromePath: executable ?? chromium.executablePath(),
    chromeFlags: chromiumArgs,
  });
}

function numeric(lhr: { audits: Record<string, { numericValue?: number }> }, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

/** What one Lighthouse run returns. */
type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * How Lighthouse's simulation (Lantern) reached its LCP: each request and main-thread task of its
 * pessimistic LCP graph, with simulated start and end (ms from navigation), one line each, in
 * start order. Lighthouse keeps none of this in its report; it says which request ends the LCP
 * (docs/decisions/0028-first-reads-before-the-code.md).
 */
async function lcpSimulation(
  artifacts: RunnerResult['artifacts'],
  settings: RunnerResult['lhr']['configSettings'],
  url: string,
): Promise<string> {
  const lcp = await LanternLargestContentfulPaint.request(
    {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    },
    { computedCache: new Map() },
  );
  const origin = new URL(url).origin;
  const rows = [...lcp.pessimisticEstimate.nodeTimings.entries()].map(([node, timing]) => {
    const what =
      node.type === 'network'
        ? `${node.request.url.replace(origin, '')} ${String(node.request.transferSize)} B`
        : `main thread ${String(Math.round(node.duration / 1000))} ms observed`;
    return {
      start: timing.startTime,
      line: `${Math.round(timing.startTime)}\t${Math.round(timing.endTime)}\t${what}`,
    };
  });
  rows.sort((a, b) => a.start - b.start);
  return (
    [
      `LCP ${String(Math.round(lcp.timing))} ms`,
      'start\tend\twhat',
      ...rows.map((row) => row.line),
    ].join('\n') + '\n'
  );
}

/** Attempts of one run when Lighthouse's own trace misses the navigation (`NO_NAVSTART`). */
const traceAttempts = 3;

/**
 * One Lighthouse performance run of `url` in the Chromium listening on `port`. A run whose trace
 * missed the navigation's start (`NO_NAVSTART`, Lighthouse's own recording failing now and then
 * on this machine's Chromium) is made again, at most {@link traceAttempts} times in all.
 * @throws Error when Lighthouse returns no result or the page failed to load.
 */
export async function lighthouseRun(url: string, port: number): Promise<LighthouseFigures> {
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt += 1) {
    result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART' || attempt === traceAttempts) break;
  }
  if (result === undefined)
    throw new Error(`Lighthouse gave no result for ${new URL(url).pathname}`);
  const { lhr } = result;
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORT_DIR: keep each run's whole report (its LCP element, LCP phases, request
  // chains, main-thread tasks) to see why a figure is what it is.
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir !== undefined) {
    mkdirSync(reportDir, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll('/', '_')}-${String(Date.now())}`;
    writeFileSync(join(reportDir, `${name}.json`), JSON.stringify(lhr));
    writeFileSync(
      join(reportDir, `${name}.lcp-simulation.txt`),
      await lcpSimulation(result.artifacts, lhr.configSettings, url),
    );
  }
  const requests = lhr.audits['network-requests']?.details;
  const items =
    requests !== undefined && requests.type === 'table'
      ? (requests.items as { resourceType?: unknown; transferSize?: unknown }[])
      : [];
  const jsTransferredBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce(
      (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
      0,
    );
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    jsTransferredBytes,
  };
}
