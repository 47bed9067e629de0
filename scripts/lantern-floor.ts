/**
 * `npx tsx scripts/lantern-floor.ts`: where Lighthouse's simulated LCP can go for a hosted page
 * whose first view needs a read sent by our own script (docs/decisions/0028, last addendum).
 *
 * `npm run lighthouse` reports the LCP of Lantern, Lighthouse's simulation: it replays the page's
 * requests and main-thread tasks over six HTTP/1.1 connections that share 1.6 Mbit/s (each
 * request in flight gets an equal share, whether it is downloading or still waiting for its first
 * byte), 150 ms of round trip, TCP slow start per connection, and main-thread tasks four times as
 * long as observed. This script builds that graph by hand for a page of a given shape and sizes,
 * and runs Lighthouse's own `Simulator` on it (the `lighthouse` dev dependency's Lantern, not a
 * copy). Checked against a real run (main at bfc6a30, setup page, `*.lcp-simulation.txt` from
 * `LIGHTHOUSE_REPORT_DIR=… npm run lighthouse`): the measured run put the shared chunk at
 * 660→1565 ms, the route chunk at 660→1115, the bank list at 1033→1187; this graph gives
 * 661→1566, 661→1116 and 1034→1189.
 *
 * It prints, for each shape and each size of the code the first view needs, the simulated LCP
 * and its ratio to the static baseline's (the same HTML and CSS without scripts). With the
 * measured sizes (today's shape, 45 KB shared) it gives 1600 ms where the three measured runs
 * gave 1546 to 1581 ms: the graph is a little pessimistic, not optimistic. It asserts nothing. Sizes are transfer
 * sizes in bytes (gzip as sent); task durations are milliseconds observed on this machine before
 * Lantern's 4x slowdown (the defaults are the setup page's at bfc6a30: its entry's task 17 ms,
 * the render after the code and reads 17 ms).
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
  entry: 3541 + 776, // the entry and rolldown's runtime chunk, both needed before the reads
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

/** Lantern's simulated time, in ms, until every node of the graph rooted at `document` is done. */
function simulate(document: Node): number {
  const simulator = new Simulation.Simulator({
    ...mobileSlow4G,
    // Used only when `throughput` is 0 (no throttling); here the profile's throughput applies.
    observedThroughput: mobileSlow4G.throughput,
    serverResponseTimeByOrigin: new Map([[origin, serverResponseMs]]),
  });
  return Math.round(simulator.simulate(document).timeInMs);
}

/** The static baseline: its HTML (the rendered page, no scripts) and the CSS. */
function baseline(): number {
  const html = request('baseline', measured.baselineHtml, 'Document');
  then([html], request('css', measured.css, 'Stylesheet'));
  then([html], task(6));
  return simulate(html);
}

/**
 * A page's first view in one of three shapes, with `shared` bytes of code besides the entry and
 * the route chunk:
 * - `today`: the document preloads the shared and route chunks; the entry (a file) sends the reads;
 * - `reads in the document`: an inline script sends the reads while the code downloads;
 * - `one file`: the reads from the document, and all the code (entry, shared, route) in one file.
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
): number {
  const inline = shape !== 'today';
  const html = request('page', measured.html + (inline ? 1500 : 0), 'Document');
  const css = then([html], request('css', measured.css, 'Stylesheet'));
  const parse = then([html], task(measured.parseMs + (inline ? measured.entryTaskMs : 0)));
  const entry =
    shape === 'one file'
      ? then([parse], request('code', measured.entry + shared + measured.route, 'Script'))
      : then([parse], request('entry', measured.entry, 'Script'));
  const code =
    shape === 'one file'
      ? [entry]
      : [
          entry,
          then([parse], request('shared', shared, 'Script')),
          then([parse], request('route', measured.route, 'Script')),
        ];
  const sender = inline ? parse : then([entry], task(measured.entryTaskMs));
  const reads = measured.reads.map((bytes, i) =>
    then([sender], request(`read-${String(i)}`, bytes, 'Fetch')),
  );
  if (withRender) then([css, ...code, ...reads], task(measured.renderTaskMs));
  return simulate(html);
}

/** The simulated LCP, in ms: the mean of the graph without and with the rendering task. */
function lcp(shape: Parameters<typeof page>[0], shared: number): number {
  return Math.round((page(shape, shared, false) + page(shape, shared, true)) / 2);
}

const baselineMs = baseline();
const sizesKb = [10, 15, 20, 25, 30, 35, 40, 45];
const shapes = ['today', 'reads in the document', 'one file'] as const;
console.log(
  `Static baseline: LCP ${String(baselineMs)} ms (1.8x = ${String(Math.round(baselineMs * 1.8))} ms)`,
);
console.log(
  `Simulated LCP in ms (ratio), by the shared code's size on the wire (KB); entry ${String(measured.entry)} B and route ${String(measured.route)} B besides`,
);
console.log(['shared KB', ...shapes].map((h) => h.padEnd(24)).join(''));
for (const kb of sizesKb) {
  const cells = shapes.map((shape) => {
    const ms = lcp(shape, kb * 1024);
    return `${String(ms)} (${(ms / baselineMs).toFixed(2)})`.padEnd(24);
  });
  console.log([String(kb).padEnd(24), ...cells].join(''));
}
