/**
 * `npx tsx scripts/lantern-floor.ts`: where Lighthouse's simulated LCP can go for a hosted page
 * whose first view needs a read sent by our own script (docs/decisions/0028, last addendum).
 *
 * `npm run lighthouse` reports the LCP of Lantern, Lighthouse's simulation: it replays the page's
 * requests and main-thread tasks over six HTTP/1.1 connections that share 1.6 Mbit/s (each
 * request in flight gets an equal share, whether it is downloading or still waiting for its first
 * byte), 150 ms of round trip, TCP slow start per connection (a request takes the free connection
 * with the largest congestion window, warm or cold), and main-thread tasks four times as long as
 * observed. This script builds that graph by hand for a page of a given shape and sizes, and runs
 * Lighthouse's own `Simulator` on it (the `lighthouse` dev dependency's Lantern, not a copy).
 *
 * It first prints the check: today's shape with the sizes measured at bfc6a30 (setup page), each
 * request's simulated start and end beside the measured run's (`*.lcp-simulation.txt` from
 * `LIGHTHOUSE_REPORT_DIR=… npm run lighthouse`). Then, for each shape and each size of the shared
 * code, the simulated LCP and its ratio to the static baseline's (the same HTML and CSS without
 * scripts). It asserts nothing. Sizes are bytes on the wire (the sandbox sends brotli); task
 * durations are milliseconds observed on this machine, before Lantern's 4x slowdown.
 */
import { Graph, Simulation } from 'lighthouse/core/lib/lantern/lantern.js';

const origin = 'http://127.0.0.1:4010';
// Lighthouse's mobile profile: `throttling.mobileSlow4G` (150 ms RTT, 1638.4 kbit/s, 4x CPU).
const mobileSlow4G = { rtt: 150, throughput: 1638.4 * 1024, cpuSlowdownMultiplier: 4 };
// Our sandbox's server time per request, as Lantern estimated it from the measured runs.
const serverResponseMs = 5;

/** The setup page's first view at bfc6a30, as Lighthouse measured it (bytes on the wire). */
const measured = {
  html: 1281,
  baselineHtml: 2232,
  css: 2780,
  entry: 3541,
  runtime: 776, // rolldown's runtime chunk, which the entry and every other chunk import
  shared: 45144,
  route: 9144,
  reads: [1149, 2086], // the setup state and the bank list
  parseMs: 14,
  entryTaskMs: 17,
  renderTaskMs: 17,
};

type Node = Graph.NetworkNode | Graph.CPUNode;

let order = 0;

/** A request of the page, ordered as it was sent (Lantern starts ready requests in that order). */
function request(
  name: string,
  bytes: number,
  kind: 'Document' | 'Stylesheet' | 'Script' | 'Fetch',
): Graph.NetworkNode {
  order += 1;
  const at = order / 1000;
  return new Graph.NetworkNode({
    requestId: name,
    url: `${origin}/${name}`,
    parsedURL: { scheme: 'http', host: new URL(origin).host, securityOrigin: origin },
    protocol: 'http/1.1',
    transferSize: bytes,
    resourceSize: bytes,
    rendererStartTime: at,
    networkRequestTime: at,
    networkEndTime: at + 0.0005,
    initiator: { type: kind === 'Fetch' ? 'script' : 'parser' },
    priority: kind === 'Document' || kind === 'Stylesheet' ? 'VeryHigh' : 'High',
    resourceType: kind,
    fromDiskCache: false,
  } as unknown as ConstructorParameters<typeof Graph.NetworkNode>[0]);
}

/** A main-thread task of `ms` milliseconds as observed (Lantern multiplies it). */
function task(ms: number): Graph.CPUNode {
  order += 1;
  return new Graph.CPUNode({
    tid: 1,
    ts: order * 1000,
    dur: ms * 1000,
    name: 'RunTask',
    args: {},
  } as unknown as ConstructorParameters<typeof Graph.CPUNode>[0]);
}

/** `after` waits for every node of `before`. */
function then(before: Node[], after: Node): Node {
  for (const node of before) node.addDependent(after);
  return after;
}

/** The static baseline: its HTML (the rendered page, no scripts) and the CSS. */
function baseline(): Node {
  const html = request('baseline', measured.baselineHtml, 'Document');
  then([html], request('css', measured.css, 'Stylesheet'));
  then([html], task(6));
  return html;
}

/** What the simulation gave each node, in ms from the navigation. */
type Timings = Map<string, { start: number; end: number }>;

/** Lantern's simulated timings of every node of the graph rooted at `document`. */
function simulateNodes(document: Node): Timings {
  const simulator = new Simulation.Simulator({
    ...mobileSlow4G,
    observedThroughput: mobileSlow4G.throughput,
    serverResponseTimeByOrigin: new Map([[origin, serverResponseMs]]),
  });
  const timings: Timings = new Map();
  for (const [node, timing] of simulator.simulate(document).nodeTimings) {
    const name = node.type === 'network' ? node.request.requestId : `task ${node.id}`;
    timings.set(name, { start: Math.round(timing.startTime), end: Math.round(timing.endTime) });
  }
  return timings;
}

/**
 * A page's first view in one of three shapes, with `shared` bytes of shared code:
 * - `today`: the document preloads the shared, runtime and route chunks; the entry (a file) sends
 *   the reads once it and the runtime have run;
 * - `reads in the document`: an inline script sends the reads; the other files stay as today;
 * - `one file`: the reads from the document, and all the code (runtime, shared, route) in one file.
 *
 * `withRender`: whether the graph ends with the task that renders the page once the code and the
 * reads are in. Lighthouse's LCP is the mean of two simulations of the graph up to the paint, an
 * optimistic and a pessimistic one; on our pages the first ends with the last download and the
 * second with that task (the measured runs' `*.lcp-simulation.txt`), so {@link lcp} takes both.
 */
function page(
  shape: 'today' | 'reads in the document' | 'one file',
  shared: number,
  withRender: boolean,
): Node {
  const inline = shape !== 'today';
  const html = request('page', measured.html + (inline ? measured.entry : 0), 'Document');
  const css = then([html], request('css', measured.css, 'Stylesheet'));
  const parse = then([html], task(measured.parseMs + (inline ? measured.entryTaskMs : 0)));
  const file = (name: string, bytes: number) => then([parse], request(name, bytes, 'Script'));
  // In the order the measured run sent them.
  const code =
    shape === 'one file'
      ? [file('code', measured.runtime + shared + measured.route)]
      : [
          ...(inline ? [] : [file('entry', measured.entry)]),
          file('shared', shared),
          file('runtime', measured.runtime),
          file('route', measured.route),
        ];
  const sender = inline
    ? parse
    : then(
        code.filter((n) => ['entry', 'runtime'].includes(n.id)),
        task(measured.entryTaskMs),
      );
  const reads = measured.reads.map((bytes, i) =>
    then([sender], request(`read-${String(i)}`, bytes, 'Fetch')),
  );
  if (withRender) then([css, ...code, ...reads], task(measured.renderTaskMs));
  return html;
}

/** Lantern's simulated time, in ms, until every node of the graph rooted at `document` is done. */
function simulate(document: Node): number {
  return Math.max(...[...simulateNodes(document).values()].map((t) => t.end));
}

/** The simulated LCP, in ms: the mean of the graph without and with the rendering task. */
function lcp(shape: Parameters<typeof page>[0], shared: number): number {
  return Math.round(
    (simulate(page(shape, shared, false)) + simulate(page(shape, shared, true))) / 2,
  );
}

// The measured run (bfc6a30, setup page): start and end of each request, in ms.
const measuredRun: Record<string, [number, number]> = {
  page: [0, 604],
  css: [604, 759],
  entry: [660, 965],
  shared: [660, 1565],
  runtime: [660, 965],
  route: [660, 1115],
  'read-0': [1033, 1337],
  'read-1': [1033, 1187],
};
console.log("Check: today's shape with the sizes measured at bfc6a30 (setup page), in ms");
console.log(['request', 'simulated here', 'measured run'].map((h) => h.padEnd(18)).join(''));
for (const [name, timing] of simulateNodes(page('today', measured.shared, true))) {
  const run = measuredRun[name];
  if (run === undefined) continue;
  console.log(
    [
      name,
      `${String(timing.start)} → ${String(timing.end)}`,
      `${String(run[0])} → ${String(run[1])}`,
    ]
      .map((cell) => cell.padEnd(18))
      .join(''),
  );
}
console.log(
  `LCP: ${String(lcp('today', measured.shared))} ms here; the measured runs gave 1546 to 1581 ms\n`,
);

const baselineMs = simulate(baseline());
const sizesKb = [10, 15, 20, 25, 30, 35, 40, 45];
const shapes = ['today', 'reads in the document', 'one file'] as const;
console.log(
  `Static baseline: LCP ${String(baselineMs)} ms (1.8x = ${String(Math.round(baselineMs * 1.8))} ms)`,
);
console.log(
  `Simulated LCP in ms (ratio), by the shared code's size on the wire (KB); entry ${String(measured.entry)} B, runtime ${String(measured.runtime)} B and route ${String(measured.route)} B besides`,
);
console.log(['shared KB', ...shapes].map((h) => h.padEnd(24)).join(''));
for (const kb of sizesKb) {
  const cells = shapes.map((shape) => {
    const ms = lcp(shape, kb * 1024);
    return `${String(ms)} (${(ms / baselineMs).toFixed(2)})`.padEnd(24);
  });
  console.log([String(kb).padEnd(24), ...cells].join(''));
}
