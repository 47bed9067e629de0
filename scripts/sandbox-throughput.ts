/**
 * `npm run bench:sandbox`: the sandbox's throughput under load (issue 26, points 5 and 8;
 * docs/decisions/0030-sandbox-serving-and-headers.md). Starts a sandbox process on 127.0.0.1 with
 * a temporary data directory, seeds it through the merchant API, measures, prints, and stops
 * everything it started (the sandbox process, the receiver, the data directory).
 *
 * Figures printed:
 * - delivery: 1,000 test events (`POST /sandbox/v1/webhooks/test`) delivered to a receiver on
 *   127.0.0.1 that answers 200 at once: seconds from the first event to the last delivery, and
 *   events per second (the worker's defaults: 4 attempts in flight per endpoint; a queued event
 *   wakes the worker, the 1 s timer is a fallback);
 * - list: `GET /api/v1/payments?limit=100` over 5,000 payments from 20 connections at once
 *   (each request waits for the previous one of its connection): p50, p99 and requests per second;
 * - beside delivery and list, the server process's CPU time per event or request (Linux), and
 *   the load average in the first line: on a shared machine the CPU figures say what the code
 *   costs, the wall-clock ones also how busy the machine was;
 * - flood: a customer's checkout read (`GET /checkout/:paymentId`) from one connection, alone and
 *   while 8 connections pull `GET /api/v1/openapi.json` without pause: requests per second.
 *
 * The server runs in its own process so that the load generator does not share its event loop.
 * Every loop is bounded (a count or a deadline). The machine may be shared: compare figures of
 * runs made side by side, not across days.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = fileURLToPath(new URL('..', import.meta.url));

/** How much of each load the run makes (small enough for a shared two-core machine). */
const settings = {
  events: 1000,
  payments: 5000,
  listConnections: 20,
  listRequests: 400,
  floodConnections: 8,
  floodSeconds: 5,
  /** Longest wait for the 1,000 deliveries, in seconds (the old worker needs about 4 minutes). */
  deliveryDeadlineSeconds: 400,
} as const;

interface Answer {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** One HTTP request on `agent`'s connections; the body is read whole and never decompressed. */
function send(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      new URL(path, base),
      {
        method,
        agent,
        headers: text === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(`${what}: ${String(answer.status)} ${answer.body.toString('utf8', 0, 300)}`);
  }
  return answer;
}

/** Runs `work(i)` for i in [0, count) on `concurrency` workers. */
async function inParallel(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
}

function percentile(sortedMs: readonly number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)] ?? 0;
}

/**
 * Node flags for the sandbox process from `BENCH_SANDBOX_NODE_FLAGS` (space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under the bench's load.
 */
const sandboxNodeFlags = (process.env.BENCH_SANDBOX_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/**
 * Starts `sandbox/cli.ts serve --quiet` (no line per request, as a served sandbox logging to a
 * terminal would add) on a free port; resolves with its URL once it listens.
 */
async function startSandbox(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const args = [...sandboxNodeFlags, '--import', 'tsx', join(root, 'sandbox/cli.ts')];
  const child = spawn(process.execPath, [...args, 'serve', '--quiet'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`The sandbox exited (${String(code)})`)));
  });
  child.stdout.resume();
  return { url, child };
}

/**
 * CPU time the process `pid` has used so far (user + system), in ms, from `/proc/<pid>/stat`
 * (Linux, whose USER_HZ is 100: ticks of 10 ms); null elsewhere. On a shared machine the server's CPU per request
 * says what the code costs, where wall-clock figures also say how busy the machine was.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which is in parentheses and may hold spaces).
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    const utime = Number(fields?.[11]);
    const stime = Number(fields?.[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * 10 : null;
  } catch {
    return null;
  }
}

function stopSandbox(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A receiver on 127.0.0.1 that answers 200 at once and counts distinct event ids. */
async function startReceiver(): Promise<{
  url: string;
  server: Server;
  ids: Set<string>;
  requests: () => number;
}> {
  const ids = new Set<string>();
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const parsed = z
        .object({ id: z.string() })
        .safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (parsed.success) ids.add(parsed.data.id);
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Receiver has no port');
  return {
    url: `http://127.0.0.1:${String(address.port)}/hooks`,
    server,
    ids,
    requests: () => requests,
  };
}

/** Requests per second of `read` from one connection for `seconds`. */
async function rateFor(seconds: number, read: () => Promise<void>): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  let count = 0;
  while (performance.now() < end) {
    await read();
    count += 1;
  }
  return count / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-throughput-'));
  const { url, child } = await startSandbox(dataDir);
  const receiver = await startReceiver();
  // One pool of connections per phase: a connection left idle through a long phase may be closed
  // by the server's keep-alive timeout just as the next phase reuses it.
  let agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const freshAgent = () => {
    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 64 });
  };
  try {
    const credentials = z
      .object({ testSecretKey: z.string() })
      .parse(JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')));
    const merchant = {
      authorization: `Bearer ${credentials.testSecretKey}`,
      'accept-encoding': 'gzip, deflate, br',
    };

    // 1. Webhook delivery rate.
    expectStatus(
      await send(agent, url, 'PUT', '/sandbox/v1/webhooks/endpoint', merchant, {
        url: receiver.url,
      }),
      200,
      'set the webhook endpoint',
    );
    const deliveryStart = performance.now();
    const deliveryCpuStart = cpuMsOf(child.pid);
    await inParallel(settings.events, 4, async () => {
      expectStatus(
        await send(agent, url, 'POST', '/sandbox/v1/webhooks/test', merchant, {}),
        202,
        'queue a test event',
      );
    });
    const queuedAt = performance.now();
    const queuedSeconds = (queuedAt - deliveryStart) / 1000;
    const deadline = deliveryStart + settings.deliveryDeadlineSeconds * 1000;
    while (receiver.ids.size < settings.events && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const deliverySeconds = (performance.now() - deliveryStart) / 1000;
    const drainSeconds = (performance.now() - queuedAt) / 1000;
    const delivered = receiver.ids.size;
    const deliveryCpuEnd = cpuMsOf(child.pid);

    // 2. Seed payments, then read the newest 100 from 20 connections.
    freshAgent();
    let checkoutPath = '';
    let checkoutToken = '';
    await inParallel(settings.payments, 8, async (index) => {
      const answer = expectStatus(
        await send(
          agent,
          url,
          'POST',
          '/api/v1/payments',
          { ...merchant, 'accept-encoding': 'identity', 'idempotency-key': randomUUID() },
          {
            amount: { amount: 5000 + index, currency: 'NGN' },
            paymentMethod: 'hosted_checkout',
            customer: { email: `payer${String(index)}@example.com`, phone: '+2348031234567' },
            metadata: { description: `Order #${String(index)}` },
          },
        ),
        201,
        'create a payment',
      );
      if (index === 0) {
        const created = z
          .object({ data: z.object({ id: z.string(), checkoutUrl: z.string() }) })
          .parse(JSON.parse(answer.body.toString('utf8')));
        checkoutPath = `/checkout/${created.data.id}`;
        checkoutToken =
          new URLSearchParams(new URL(created.data.checkoutUrl).hash.slice(1)).get('token') ?? '';
      }
    });
    freshAgent();
    const listTimes: number[] = [];
    const listStart = performance.now();
    const listCpuStart = cpuMsOf(child.pid);
    await inParallel(settings.listRequests, settings.listConnections, async () => {
      const started = performance.now();
      expectStatus(
        await send(agent, url, 'GET', '/api/v1/payments?limit=100', merchant),
        200,
        'list payments',
      );
      listTimes.push(performance.now() - started);
    });
    const listRate = settings.listRequests / ((performance.now() - listStart) / 1000);
    const listCpuEnd = cpuMsOf(child.pid);
    listTimes.sort((a, b) => a - b);

    // 3. A customer's checkout read, alone and under an openapi.json flood.
    const checkoutAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const readCheckout = async () => {
      expectStatus(
        await send(checkoutAgent, url, 'GET', checkoutPath, {
          'x-checkout-token': checkoutToken,
          'accept-encoding': 'gzip, deflate, br',
        }),
        200,
        'checkout read',
      );
    };
    const alone = await rateFor(settings.floodSeconds, readCheckout);
    let flooding = true;
    let openApiPulls = 0;
    const floodAgent = new Agent({ keepAlive: true, maxSockets: settings.floodConnections });
    const flood = Array.from({ length: settings.floodConnections }, async () => {
      while (flooding) {
        expectStatus(
          await send(floodAgent, url, 'GET', '/api/v1/openapi.json', {
            'accept-encoding': 'gzip, deflate, br',
          }),
          200,
          'openapi.json',
        );
        openApiPulls += 1;
      }
    });
    const underFlood = await rateFor(settings.floodSeconds, readCheckout);
    flooding = false;
    await Promise.all(flood);
    checkoutAgent.destroy();
    floodAgent.destroy();

    const fixed = (value: number, digits = 0) => value.toFixed(digits);
    const perRequest = (start: number | null, end: number | null, count: number) =>
      start === null || end === null ? 'n/a' : `${fixed((end - start) / count, 1)} ms`;
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(`sandbox throughput (${new Date().toISOString()}; load average ${load})`);
    console.log(
      `delivery: ${String(delivered)}/${String(settings.events)} events in ${fixed(deliverySeconds, 1)} s ` +
        `(${fixed(delivered / deliverySeconds, 1)} events/s; queued in ${fixed(queuedSeconds, 1)} s, ` +
        `the rest delivered ${fixed(drainSeconds, 1)} s after the last was queued; ` +
        `${String(receiver.requests())} POSTs received; server CPU ` +
        `${perRequest(deliveryCpuStart, deliveryCpuEnd, settings.events)} per event)`,
    );
    console.log(
      `list: GET /api/v1/payments?limit=100 over ${String(settings.payments)} payments, ` +
        `${String(settings.listConnections)} connections: p50 ${fixed(percentile(listTimes, 50))} ms, ` +
        `p99 ${fixed(percentile(listTimes, 99))} ms, ${fixed(listRate, 1)} requests/s; server CPU ` +
        `${perRequest(listCpuStart, listCpuEnd, settings.listRequests)} per request`,
    );
    console.log(
      `flood: checkout read ${fixed(alone)} requests/s alone, ${fixed(underFlood)} requests/s while ` +
        `${String(settings.floodConnections)} connections pull openapi.json ` +
        `(${fixed(openApiPulls / settings.floodSeconds)} pulls/s)`,
    );
  } finally {
    agent.destroy();
    const closed = new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    receiver.server.closeAllConnections();
    await closed;
    await stopSandbox(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
