/**
 * The sandbox's Node HTTP server (docs/architecture.md, "sandbox/server.ts"; product.md, "Links
 * and tokens"): the built SPA and the API on one origin, 127.0.0.1 by default.
 *
 * Routing: a request carrying `x-direct-debit-token` or `x-checkout-token`, any `/api/…` or
 * `/sandbox/…` path, and any method other than GET/HEAD goes to the API (`Sandbox.handle`); a
 * GET/HEAD without those headers is a browser navigation or an asset, served from `dist/` with the
 * SPA fallback (http/spa-pages.ts). `GET /healthz` answers `{"status":"ok"}` for scripts waiting
 * for the server. Every response carries the security headers of http/security-headers.ts. One Hono
 * app on `@hono/node-server` (docs/decisions/0014-sandbox-on-hono.md).
 */
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { createServer, Server } from 'node:http';
import { serverDefaults, tailPath } from './defaults';
import { checkoutTokenHeader } from '../contract/checkout';
import { directDebitTokenHeader } from '../contract/direct-debit';
import { createSandbox, type Sandbox } from './composition/app';
import type { LogoFetcher } from './core/logo-fetcher';
import type { PinnedCredentials } from './features/merchants/demo-merchant';
import { createWebhookWorker, type RecordedAttempt } from './features/webhooks/delivery';
import { setEndpoint } from './features/webhooks/queue';
import { authenticateSecretKey } from './features/merchants/api-keys';
import { secureHeaders } from 'hono/secure-headers';
import { secureHeadersOptions, securityHeaders } from './http/security-headers';
import { compressAnswer } from './http/compress-answer';
import { awaitTurn } from './http/turns';
import { openApiAnswers, openApiPath } from './http/openapi-answer';
import { precompressAssets, spaPages, type PagesEnv } from './http/spa-pages';

export { repoRoot, serverDefaults, tailPath } from './defaults';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** TCP port; 0 picks a free one (see `url`). Default 4010. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Data directory (database, credentials.json, link-secret). Default `<repo>/.sandbox`. */
  dataDir?: string;
  /** The built SPA. Default `<repo>/dist`. */
  distDir?: string;
  /**
   * Delay before a test mandate is approved, in ms. Default: `SANDBOX_APPROVAL_DELAY_MS` from the
   * environment (so a runner such as playwright.config.ts can shorten it), else 3000.
   */
  approvalDelayMs?: number;
  /**
   * Webhook delivery (sandbox/features/webhooks/delivery.ts): per-attempt timeout and retry
   * delays in ms, and how often the worker looks for due deliveries (default every 1000 ms).
   */
  webhooks?: { timeoutMs?: number; retryScheduleMs?: readonly number[]; intervalMs?: number };
  /** Credentials fixed from the environment (CI; sandbox/main.ts), already validated. */
  pinnedCredentials?: PinnedCredentials;
  /** The test-mode webhook endpoint to set at start (CI; already validated), if any. */
  webhookUrl?: string;
  /**
   * Told one line per request (method, path, status, request id, ms; `/assets/…`, `/healthz` and
   * the tail stream left out) and per webhook delivery attempt ({@link requestLine},
   * {@link attemptLine}). Absent: quiet (the lines still go to `GET /_sandbox/tail`).
   */
  log?: (line: string) => void;
  /** Fetches logos set by URL (default: public https hosts only; features/merchants/remote-logo.ts). */
  logoFetcher?: LogoFetcher;
}

function clockTime(): string {
  return new Date().toISOString().slice(11, 23);
}

/**
 * The terminal line of one request: `HH:MM:SS.mmm METHOD /path status req_… N ms` (the path
 * without its query: no token or key ever travels in a path, and queries stay out of the terminal).
 */
export function requestLine(input: {
  method: string;
  path: string;
  status: number;
  requestId: string | null;
  ms: number;
}): string {
  return `${clockTime()} ${input.method} ${input.path} ${input.status} ${input.requestId ?? '-'} ${input.ms} ms`;
}

/** The terminal line of one delivery attempt: `… webhook <type> <mode> #n → <url> <status|error> N ms`. */
export function attemptLine(attempt: RecordedAttempt): string {
  const result = attempt.httpStatus === null ? (attempt.error ?? '-') : String(attempt.httpStatus);
  const url = attempt.url === '' ? '(no endpoint)' : attempt.url;
  return (
    `${clockTime()} webhook ${attempt.eventType} ${attempt.mode} #${attempt.attemptNumber} ` +
    `${attempt.deliveryId} → ${url} ${result} ${attempt.outcome} ${attempt.durationMs} ms`
  );
}

/** A listening server. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:4010` */
  url: string;
  sandbox: Sandbox;
  /** Stops listening, drops open connections, closes the database. Idempotent. */
  close(): Promise<void>;
}

function approvalDelayFromEnv(): number | undefined {
  const value = process.env.SANDBOX_APPROVAL_DELAY_MS;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `SANDBOX_PAYMENT_WINDOW_SECONDS`: payment window of dynamic accounts (default 1800 s). */
function paymentWindowFromEnv(): number | undefined {
  const value = process.env.SANDBOX_PAYMENT_WINDOW_SECONDS;
  return value !== undefined && /^[1-9]\d*$/.test(value) ? Number(value) : undefined;
}

/** The API-or-page decision: a capability header, a write, or an `/api` or `/sandbox` path. */
function isApiRequest(request: Request, pathname: string): boolean {
  if (request.headers.has(directDebitTokenHeader)) return true;
  if (request.headers.has(checkoutTokenHeader)) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return true;
  return /^\/(api|sandbox)(\/|$)/.test(pathname);
}

const noStore = { 'cache-control': 'no-store' };

/** The server's terminal lines: printed (unless quiet) and streamed to every `tail`. */
interface Terminal {
  emit(line: string): void;
  subscribe(listener: (line: string) => void): () => void;
}

function createTerminal(log: ((line: string) => void) | undefined): Terminal {
  const listeners = new Set<(line: string) => void>();
  return {
    emit(line) {
      log?.(line);
      for (const listener of listeners) listener(line);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * `GET /_sandbox/tail`: the terminal's lines as they happen, as server-sent events (`data: <line>`),
 * with a comment every 15 s so that a client that went away is noticed. Takes a current secret key
 * with `sandbox:controls` (401 otherwise, 403 without the scope). The CLI's `tail` reads it.
 */
function terminalStream(sandbox: Sandbox, terminal: Terminal, authorization: string | null) {
  let caller;
  try {
    caller = authenticateSecretKey(sandbox.db, authorization);
  } catch {
    return Response.json({ message: 'Invalid API key' }, { status: 401, headers: noStore });
  }
  if (!caller.scopes.includes('sandbox:controls')) {
    return Response.json(
      { message: 'This key lacks the scope sandbox:controls', code: 'INSUFFICIENT_SCOPE' },
      { status: 403, headers: noStore },
    );
  }
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop(); // the stream was closed
        }
      };
      const unsubscribe = terminal.subscribe((line) => send(`data: ${line}\n\n`));
      const heartbeat = setInterval(() => send(': still here\n\n'), 15_000);
      heartbeat.unref();
      stop = () => {
        unsubscribe();
        clearInterval(heartbeat);
      };
      send(': tail of the sandbox\n\n');
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: { ...noStore, 'content-type': 'text/event-stream; charset=utf-8' },
  });
}

/** The server's Hono app: security headers, the terminal line per request, `/healthz`, the tail stream, then the API or the pages. */
function serverApp(sandbox: () => Sandbox | null, distDir: string, terminal: Terminal) {
  const app = new Hono<{ Bindings: HttpBindings } & PagesEnv>();
  app.use(async (c, next) => {
    const started = performance.now();
    // One request starts per turn of the event loop, so new connections are accepted in order
    // (http/turns.ts).
    await awaitTurn();
    await next();
    const path = new URL(c.req.url).pathname;
    if (path === '/healthz' || path === tailPath || path.startsWith('/assets/')) return;
    terminal.emit(
      requestLine({
        method: c.req.method,
        path,
        status: c.res.status,
        requestId: c.res.headers.get('x-request-id'),
        ms: Math.round(performance.now() - started),
      }),
    );
  });
  app.use(secureHeaders(secureHeadersOptions), async (c, next) => {
    await next();
    c.header('x-robots-tag', securityHeaders['x-robots-tag']);
  });
  app.get('/healthz', (c) =>
    c.body('{"status":"ok"}', 200, {
      ...noStore,
      'content-type': 'application/json; charset=utf-8',
    }),
  );
  app.get(tailPath, (c) => {
    const running = sandbox();
    if (running === null) return c.text('Starting', 503, noStore);
    return terminalStream(running, terminal, c.req.header('authorization') ?? null);
  });
  // Built once per server, on the first call (http/openapi-answer.ts).
  const openApi = openApiAnswers((request) => {
    const running = sandbox();
    if (running === null) throw new Error('The sandbox is not running');
    return running.handle(request);
  });
  app.use(async (c, next) => {
    const running = sandbox();
    if (running === null) return c.text('Starting', 503, noStore);
    const pathname = new URL(c.req.url).pathname;
    if (!isApiRequest(c.req.raw, pathname)) return next();
    if (c.req.method === 'GET' && pathname === openApiPath) {
      return compressAnswer(c.req.header('accept-encoding'), await openApi(c.req.raw));
    }
    return compressAnswer(
      c.req.header('accept-encoding'),
      await running.handle(c.req.raw, { clientIp: c.env.incoming.socket.remoteAddress }),
    );
  });
  app.use(...spaPages(distDir));
  app.onError((error) => {
    console.error('[sandbox] request failed:', error);
    return new Response('Internal error', { status: 500 });
  });
  return app;
}

/**
 * Starts the sandbox server. The sandbox (database, demo merchant, credentials.json) is created
 * once the port is known, so links and `credentials.json` carry the real origin even with port 0.
 * A 1 s timer (unref'd) applies due work; another runs the webhook delivery worker, which `close()`
 * stops before closing the database (in-flight attempts stay due for the next start).
 * @throws Error when the port cannot be bound or the data directory cannot be opened.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? serverDefaults.host;
  const distDir = options.distDir ?? serverDefaults.distDir;
  let sandbox: Sandbox | null = null;
  const terminal = createTerminal(options.log);
  const app = serverApp(() => sandbox, distDir, terminal);
  const server = createAdaptorServer({
    fetch: app.fetch,
    createServer,
    // Keep Node's own Request and Response: the sandbox core and its tests use them.
    overrideGlobalObjects: false,
  });
  if (!(server instanceof Server)) throw new Error('The sandbox needs an HTTP/1.1 server');

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? serverDefaults.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const address = server.address();
  if (address === null || typeof address === 'string') {
    server.close();
    throw new Error('The sandbox server is not listening on a TCP port');
  }
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${hostForUrl}:${address.port}`;
  try {
    sandbox = createSandbox({
      dataDir: options.dataDir ?? serverDefaults.dataDir,
      publicOrigin: origin,
      approvalDelayMs: options.approvalDelayMs ?? approvalDelayFromEnv(),
      paymentWindowSeconds: paymentWindowFromEnv(),
      servedAt: origin,
      pinnedCredentials: options.pinnedCredentials,
      logoFetcher: options.logoFetcher,
    });
    if (options.webhookUrl !== undefined) {
      setEndpoint(sandbox.db, {
        merchantId: sandbox.credentials.merchantId,
        mode: 'test',
        url: options.webhookUrl,
        now: sandbox.clocks.test.now(),
      });
    }
  } catch (error) {
    sandbox?.close();
    server.close();
    throw error;
  }
  const running = sandbox;
  // In the background: the first visitor after a start should not wait for maximum-quality brotli.
  void precompressAssets(distDir);

  const timer = setInterval(() => {
    try {
      running.runDueWork();
    } catch (error) {
      console.error('[sandbox] due work failed:', error);
    }
  }, 1000);
  timer.unref();

  // Webhook deliveries: ticks do not wait for each other, so a slow endpoint holds up nobody.
  const webhookWorker = createWebhookWorker({
    db: running.db,
    clocks: running.clocks,
    timeoutMs: options.webhooks?.timeoutMs,
    retryScheduleMs: options.webhooks?.retryScheduleMs,
    onAttempt: (attempt) => terminal.emit(attemptLine(attempt)),
    refill: true,
  });
  const webhookTimer = setInterval(() => {
    webhookWorker.tick().catch((error: unknown) => {
      console.error('[sandbox] webhook delivery failed:', error);
    });
  }, options.webhooks?.intervalMs ?? 1000);
  webhookTimer.unref();

  let closing: Promise<void> | null = null;
  return {
    url: origin,
    sandbox: running,
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(timer);
        clearInterval(webhookTimer);
        // Stop deliveries first: their attempts are not recorded and stay due after a restart.
        const stopped = webhookWorker.stop();
        server.close(() => {
          void stopped.then(() => {
            running.close();
            resolve();
          });
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
