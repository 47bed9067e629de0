/**
 * The sandbox's handler core (docs/architecture.md, "sandbox/core";
 * docs/decisions/0005-sandbox-storage-and-server.md): a function from a WHATWG `Request` to a
 * `Response` over the embedded database. No Node HTTP here, so the same core serves the Node server,
 * tests, and the SPA's component tests through MSW (also under jsdom).
 *
 * A request goes: due work (each mode by its own clock) → route (contract/routes.ts; 404/405) →
 * auth (secret key with mode and scope, or capability token) → the request's `now`, by the clock
 * of the caller's mode (docs/decisions/0004-time-and-due-work.md) → Idempotency-Key (idempotent
 * routes) → body (JSON, ≤ 64 KB, validated by the route's schema) → handler. Synchronous handlers run in one transaction with the
 * idempotency lookup and record. Every response carries `x-request-id`; errors have the documented
 * shape (service-api.md, "Errors").
 */
import { checkoutTokenHeader } from '../../contract/checkout';
import type { Mode } from '../../contract/common';
import { directDebitTokenHeader } from '../../contract/direct-debit';
import { defaultPaymentWindowSeconds } from '../../contract/virtual-accounts';
import { errorCodes } from '../../contract/errors';
import { routes, type RouteDef, type RouteName } from '../../contract/routes';
import { atomically, openDatabase, type Db } from '../db/database';
import {
  simulatedLiveValidator,
  testValidator,
  type BankAccountValidator,
} from '../features/direct-debit/account-validator';
import { purgeOldLookups } from '../features/direct-debit/lookup-rate-limit';
import { settleDueMandates } from '../features/direct-debit/mandates';
import { directDebitMerchantHandlers } from '../features/direct-debit/merchant-handlers';
import { setupHandlers } from '../features/direct-debit/setup-handlers';
import { authenticateSetupToken } from '../features/direct-debit/setup-links';
import { authenticateSecretKey } from '../features/merchants/api-keys';
import { ensureDemoMerchant, type DemoCredentials } from '../features/merchants/demo-merchant';
import { openApiHandlers } from '../features/openapi/openapi-document';
import { payoutHandlers } from '../features/payouts/payout-handlers';
import { payoutReadHandlers } from '../features/payouts/read-handlers';
import {
  authenticateCheckoutToken,
  checkoutHandlers,
} from '../features/checkout/checkout-handlers';
import { runCheckoutDueWork } from '../features/checkout/due-work';
import { paymentHandlers } from '../features/payments/payment-handlers';
import { paymentReadHandlers } from '../features/payments/read-handlers';
import { requestLogHandlers } from '../features/request-log/request-log-handlers';
import { controlHandlers } from '../features/sandbox-controls/control-handlers';
import { subscriptionMetricsHandlers } from '../features/subscriptions/metrics';
import { subscriptionReadHandlers } from '../features/subscriptions/read-handlers';
import { subscriptionHandlers } from '../features/subscriptions/subscription-handlers';
import { transactionHandlers } from '../features/transactions/transaction-handlers';
import { webhookHandlers } from '../features/webhooks/webhook-handlers';
import { ApiError, errorResponse, jsonHeaders } from './api-error';
import {
  deriveCapabilityToken,
  redactTokens,
  restoreTokens,
  type IssuedToken,
} from './capability-tokens';
import {
  createModeClocks,
  systemClock,
  type AdjustableClock,
  type Clock,
  type ModeClocks,
} from './clock';
import { randomId } from './crypto';
import type {
  CheckoutLinkCaller,
  HandlerContext,
  HandlerRegistry,
  KeyCaller,
  SandboxServices,
  SetupLinkCaller,
} from './handler';
import {
  findStoredResponse,
  fingerprintRequest,
  idempotentReplayedHeader,
  purgeExpiredIdempotencyKeys,
  readIdempotencyKey,
  storeResponse,
} from './idempotency';
import { loadLinkSecret } from './link-secret';
import { maxBodyBytes, readJsonBody, validateBody } from './request-body';
import { isUnloggedRoute, readLoggedBody, recordRequest } from './request-log';
import { matchRoute } from './router';

const modes: readonly Mode[] = ['live', 'test'];

/** Default delay before the bank approves a test mandate, in milliseconds (3 s). */
export const defaultApprovalDelayMs = 3000;

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Directory of `sandbox.db`, `credentials.json` and `link-secret`; absent = in-memory. */
  dataDir?: string;
  /** Origin the links point at, e.g. `http://127.0.0.1:4010`. */
  publicOrigin: string;
  /**
   * Base clock (default: the system clock). Live mode reads it as it is; test mode reads it plus
   * the stored offset of the test clock.
   */
  clock?: Clock;
  /** Key of the capability tokens (≥ 16 characters); default: `<dataDir>/link-secret` or random. */
  linkSecret?: string;
  /** Account-name resolution per mode; default {@link testValidator} / {@link simulatedLiveValidator}. */
  validators?: { test?: BankAccountValidator; live?: BankAccountValidator };
  /** Delay before a test mandate goes from pending to approved, in ms (default 3000). */
  approvalDelayMs?: number;
  /** Payment window of dynamic virtual accounts, in seconds (default 1800, contract). */
  paymentWindowSeconds?: number;
  /** Told about every unexpected exception (a 500); default: `console.error` with the request id. */
  onUnexpectedError?: (error: unknown, requestId: string) => void;
}

/** A running sandbox. */
export interface Sandbox {
  /**
   * Answers one API request (any path: the caller decides what is API, see sandbox/server.ts).
   * `info.clientIp` is the peer address the server saw (payout IP whitelist); absent in-process.
   */
  handle(request: Request, info?: { clientIp?: string }): Promise<Response>;
  /**
   * Applies work that fell due, each mode by its own clock: live records by the base clock, test
   * records by the test clock (also done at the start of every request).
   */
  runDueWork(): void;
  /** Closes the database. Idempotent. */
  close(): void;
  db: Db;
  /**
   * Test mode's clock (`clocks.test`: base clock + offset stored in the database), the one the
   * test-clock controls move. Live mode never reads it.
   */
  clock: AdjustableClock;
  /** The clocks of both modes: `clocks.clockFor(mode).now()` is the time of `mode`. */
  clocks: ModeClocks;
  /** The demo merchant's credentials (also in `<dataDir>/credentials.json`). */
  credentials: DemoCredentials;
  /** The normalized origin links point at (no trailing slash). */
  publicOrigin: string;
}

/** Every handler, by route name: the type requires one for every route of the contract. */
const registry: Required<HandlerRegistry> = {
  ...subscriptionHandlers,
  ...directDebitMerchantHandlers,
  ...setupHandlers,
  ...webhookHandlers,
  ...payoutHandlers,
  ...paymentHandlers,
  ...checkoutHandlers,
  ...controlHandlers,
  ...subscriptionReadHandlers,
  ...subscriptionMetricsHandlers,
  ...paymentReadHandlers,
  ...payoutReadHandlers,
  ...transactionHandlers,
  ...openApiHandlers,
  ...requestLogHandlers,
};

/** What the pipeline learned about a request, for the error timestamp and the request log. */
interface Seen {
  mode: Mode | null;
  /** Set once a secret key authenticated: only such requests are logged. */
  merchantId: string | null;
  route: RouteName | null;
}

interface ErasedResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
interface ErasedHandler {
  run?: (context: HandlerContext<RouteName>) => ErasedResult;
  runAsync?: (context: HandlerContext<RouteName>) => Promise<ErasedResult>;
}

/**
 * The handler of `name` with its route-specific types erased. Sound by construction: the context
 * built below holds the body validated by that route's schema and the caller of that route's auth.
 */
function handlerFor(name: RouteName): ErasedHandler {
  return registry[name] as ErasedHandler;
}

/**
 * Creates a sandbox: opens (or creates) the database, applies migrations, ensures the demo
 * merchant, and returns the handler core.
 * @throws Error when the data directory or database cannot be opened, or `publicOrigin` is not an
 *   http(s) origin.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const origin = new URL(options.publicOrigin);
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') {
    throw new Error(`publicOrigin must be http(s): ${options.publicOrigin}`);
  }
  const publicOrigin = origin.origin;
  const db = openDatabase({ dataDir: options.dataDir });
  const clocks = createModeClocks(db, options.clock ?? systemClock);
  const services: SandboxServices = {
    db,
    clocks,
    publicOrigin,
    linkSecret: loadLinkSecret({ dataDir: options.dataDir, explicit: options.linkSecret }),
    validators: {
      test: options.validators?.test ?? testValidator,
      live: options.validators?.live ?? simulatedLiveValidator,
    },
    approvalDelayMs: options.approvalDelayMs ?? defaultApprovalDelayMs,
    paymentWindowSeconds: options.paymentWindowSeconds ?? defaultPaymentWindowSeconds,
  };
  const credentials = ensureDemoMerchant(db, {
    publicOrigin,
    dataDir: options.dataDir,
    now: clocks.live.now(),
  });
  const onUnexpectedError =
    options.onUnexpectedError ??
    ((error: unknown, requestId: string) => {
      console.error(`[sandbox] ${requestId} failed unexpectedly:`, error);
    });
  let closed = false;

  /** The due work of both modes: every query is confined to `mode` and reads `mode`'s clock. */
  function runDueWork(): void {
    atomically(db, () => {
      for (const mode of modes) {
        const now = clocks.clockFor(mode).now();
        settleDueMandates(db, mode, now);
        purgeExpiredIdempotencyKeys(db, mode, now);
        purgeOldLookups(db, mode, now);
        runCheckoutDueWork(db, mode, {
          now,
          publicOrigin,
          tokens: (linkId, version) => deriveCapabilityToken(services.linkSecret, linkId, version),
          windowSeconds: services.paymentWindowSeconds,
        });
      }
    });
  }

  async function serve(
    request: Request,
    requestId: string,
    path: string,
    clientIp: string | null,
    seen: Seen,
  ): Promise<Response> {
    runDueWork();
    // One reading per mode: the link's expiry and the request's `now` use the same instant.
    const nowOf: Record<Mode, Date> = {
      test: clocks.clockFor('test').now(),
      live: clocks.clockFor('live').now(),
    };
    const match = matchRoute(request.method, path);
    const route: RouteDef = routes[match.name];
    seen.route = match.name;

    let caller: KeyCaller | SetupLinkCaller | CheckoutLinkCaller | null = null;
    let keyCaller: KeyCaller | null = null;
    if (route.auth === 'secretKey') {
      keyCaller = authenticateSecretKey(db, request.headers.get('authorization'));
      seen.mode = keyCaller.mode;
      seen.merchantId = keyCaller.merchantId;
      if (route.scope !== undefined && !keyCaller.scopes.includes(route.scope)) {
        throw new ApiError(
          403,
          `This API key lacks the ${route.scope} scope that ${route.method} ${route.path} requires`,
          { code: errorCodes.insufficientScope },
        );
      }
      if (route.testOnly === true && keyCaller.mode !== 'test') {
        throw new ApiError(403, 'This sandbox control accepts test-mode secret keys only', {
          code: errorCodes.testModeOnly,
        });
      }
      caller = keyCaller;
    } else if (route.auth === 'directDebitToken') {
      caller = authenticateSetupToken(
        db,
        request.headers.get(directDebitTokenHeader),
        (mode) => nowOf[mode],
      );
    } else if (route.auth === 'checkoutToken') {
      caller = authenticateCheckoutToken(db, request.headers.get(checkoutTokenHeader));
    }
    // Every route has a caller with a mode (contract/routes.ts); the request runs on its clock.
    if (caller !== null) seen.mode = caller.mode;
    const now = nowOf[seen.mode ?? 'live'];

    const handler = handlerFor(match.name);

    const idempotencyKey = route.idempotent ? readIdempotencyKey(request.headers) : null;
    let rawBody: unknown = undefined;
    let body: unknown = undefined;
    if (route.request !== undefined) {
      // The only await before the handler: from here an idempotent create runs synchronously.
      rawBody = await readJsonBody(request);
      body = validateBody(route.request, rawBody);
    }

    // A repeated parameter keeps its last value; the route's schema refuses unknown ones.
    const query =
      route.query === undefined
        ? undefined
        : validateBody(route.query, Object.fromEntries(new URL(request.url).searchParams));

    const issued: IssuedToken[] = [];
    const context = {
      name: match.name,
      params: match.params,
      body,
      query,
      caller,
      requestId,
      now,
      clientIp,
      services,
      capabilityToken(linkId: string, version: number): string {
        const token = deriveCapabilityToken(services.linkSecret, linkId, version);
        issued.push({ token, linkId, version });
        return token;
      },
    } as HandlerContext<RouteName>;

    const checked = (result: ErasedResult): ErasedResult => {
      const parsed = route.response.safeParse(result.body);
      if (!parsed.success) {
        throw new Error(`Response of ${match.name} breaks the contract: ${parsed.error.message}`);
      }
      return result;
    };
    const reply = (status: number, bodyText: string, headers: Record<string, string> = {}) =>
      new Response(bodyText, { status, headers: { ...jsonHeaders(requestId), ...headers } });

    if (handler.runAsync !== undefined) {
      const result = checked(await handler.runAsync(context));
      return reply(result.status, JSON.stringify(result.body), result.headers);
    }
    const run = handler.run;
    if (run === undefined) throw new Error(`Handler of ${match.name} has neither run nor runAsync`);

    return atomically(db, () => {
      if (idempotencyKey === null || keyCaller === null) {
        const result = checked(run(context));
        return reply(result.status, JSON.stringify(result.body), result.headers);
      }
      const scope = { merchantId: keyCaller.merchantId, mode: keyCaller.mode, key: idempotencyKey };
      const fingerprint = fingerprintRequest(match.name, match.params, rawBody);
      const stored = findStoredResponse(db, scope, fingerprint, now);
      if (stored !== null) {
        return reply(stored.status, restoreTokens(stored.bodyText, services.linkSecret), {
          [idempotentReplayedHeader]: 'true',
        });
      }
      const result = checked(run(context));
      const bodyText = JSON.stringify(result.body);
      // Only successes are remembered: a failure threw above and rolled everything back.
      storeResponse(
        db,
        scope,
        fingerprint,
        { status: result.status, bodyText: redactTokens(bodyText, issued) },
        now,
      );
      return reply(result.status, bodyText, result.headers);
    });
  }

  /**
   * Adds a secret-key request to its merchant's request log (sandbox/core/request-log.ts); never
   * fails the request it describes.
   */
  async function logRequest(
    request: Request,
    loggedBody: Promise<unknown>,
    response: Response,
    at: { requestId: string; path: string; seen: Seen; started: number },
  ): Promise<void> {
    const { merchantId, mode, route } = at.seen;
    if (closed || merchantId === null || mode === null || isUnloggedRoute(route)) return;
    try {
      recordRequest(db, {
        requestId: at.requestId,
        merchantId,
        mode,
        method: request.method,
        path: at.path,
        status: response.status,
        idempotencyKey: request.headers.get('idempotency-key'),
        durationMs: performance.now() - at.started,
        requestBody: await loggedBody,
        responseText: await response.clone().text(),
        at: clocks.clockFor(mode).now(),
      });
    } catch (error) {
      onUnexpectedError(error, at.requestId);
    }
  }

  return {
    async handle(request: Request, info?: { clientIp?: string }): Promise<Response> {
      const requestId = randomId('req_');
      const seen: Seen = { mode: null, merchantId: null, route: null };
      const started = performance.now();
      // The body for the request log, read (at most 64 KB) from a copy alongside the handler's
      // read: a cancelled branch of a cloned body waits for the other branch to be read.
      // A body announced as over 64 KB is not copied at all: it is refused with 413 and not kept.
      const announced = Number(request.headers.get('content-length') ?? '0');
      const loggedBody =
        request.method === 'GET' || request.method === 'HEAD' || announced > maxBodyBytes
          ? Promise.resolve(undefined)
          : readLoggedBody(request.clone());
      let path = '/';
      let response: Response;
      try {
        path = new URL(request.url).pathname;
        if (closed) throw new Error('The sandbox is closed');
        response = await serve(request, requestId, path, info?.clientIp ?? null, seen);
      } catch (error) {
        if (!(error instanceof ApiError)) onUnexpectedError(error, requestId);
        let timestamp: Date;
        try {
          // The caller's mode when it was known, else the base clock.
          timestamp = clocks.clockFor(seen.mode ?? 'live').now();
        } catch {
          timestamp = new Date();
        }
        response = errorResponse(error, { requestId, path, timestamp });
      }
      await logRequest(request, loggedBody, response, { requestId, path, seen, started });
      return response;
    },
    runDueWork,
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
    db,
    clock: clocks.test,
    clocks,
    credentials,
    publicOrigin,
  };
}
