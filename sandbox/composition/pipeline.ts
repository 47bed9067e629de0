/**
 * The steps every API request goes through, as Hono middleware (docs/decisions/0014): start
 * (request id, due work, each mode's clock) → auth → the request's clock → Idempotency-Key →
 * body → handler. Each step is a named function so that a change to one step touches only it;
 * `composition/api-app.ts` chains them for every route of the contract's table (contract/routes.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkoutTokenHeader } from '../../contract/checkout';
import type { Mode } from '../../contract/common';
import { directDebitTokenHeader } from '../../contract/direct-debit';
import { errorCodes } from '../../contract/errors';
import type { RouteDef, RouteName } from '../../contract/routes';
import { atomically } from '../db/database';
import { dataGeneration } from '../db/data-generation';
import { keepAnswer, keptAnswer } from '../core/kept-answers';
import { authenticateCheckoutToken } from '../features/checkout/checkout-handlers';
import { authenticateSetupToken } from '../features/direct-debit/setup-links';
import { authenticateSecretKey } from '../features/merchants/api-keys';
import { ApiError, jsonHeaders, liveControlOnly } from '../core/api-error';
import {
  deriveCapabilityToken,
  isLinkOf,
  redactTokens,
  restoreTokens,
  type IssuedToken,
} from '../core/capability-tokens';
import { randomId } from '../core/crypto';
import { registry } from './registry';
import type {
  CheckoutLinkCaller,
  HandlerContext,
  KeyCaller,
  SandboxServices,
  SetupLinkCaller,
} from '../core/handler';
import {
  findStoredResponse,
  fingerprintRequest,
  idempotentReplayedHeader,
  linkRefOf,
  readIdempotencyKey,
  readOptionalIdempotencyKey,
  storeResponse,
  type IdempotencyScope,
  type StoredResponse,
} from '../core/idempotency';
import { maxBodyBytes, payloadTooLarge, readJsonBody, validateBody } from '../core/request-body';
import { isConsoleRead, isUnloggedRoute, readLoggedBody, recordRequest } from '../core/request-log';

/** Whoever a route's `auth` admits. */
export type Caller = KeyCaller | SetupLinkCaller | CheckoutLinkCaller;

/** The Hono environment of the API: what `app.fetch` is given, and what each step leaves. */
export interface ApiEnv {
  /** The peer address the Node server saw (payout IP whitelist); absent in-process. */
  Bindings: { clientIp?: string };
  Variables: {
    requestId: string;
    /** The caller's mode once known: the request's clock and the error's timestamp. */
    mode: Mode | null;
    /** One reading per mode: a link's expiry and the request's `now` use the same instant. */
    nowOf: Record<Mode, Date>;
    caller: Caller | null;
    now: Date;
    idempotencyKey: string | null;
    /** The parsed JSON as sent (the idempotency fingerprint), and as the route's schema made it. */
    rawBody: unknown;
    body: unknown;
    /** The validated query string of routes with a query schema (lists), else undefined. */
    query: unknown;
    /**
     * The body value the handler answered (set by `runHandler`, not on a replay), so the request
     * log serializes it once instead of parsing the answer's text back.
     */
    answered: { body: unknown } | undefined;
  };
}

type Step = MiddlewareHandler<ApiEnv>;

/**
 * First step of every request, routed or not: a fresh `requestId` (`req_…`), the work that fell
 * due, and each mode's clock read once.
 * @throws Error when the sandbox is closed (a 500).
 */
export function startRequest(
  clocks: SandboxServices['clocks'],
  sandbox: { runDueWork(): void; isClosed(): boolean },
): Step {
  return async (c, next) => {
    c.set('requestId', randomId('req_'));
    c.set('mode', null);
    c.set('caller', null);
    if (sandbox.isClosed()) throw new Error('The sandbox is closed');
    sandbox.runDueWork();
    c.set('nowOf', { test: clocks.clockFor('test').now(), live: clocks.clockFor('live').now() });
    await next();
  };
}

/**
 * Admits the caller `route.auth` names (service-api.md, "Authentication"): a secret key with the
 * route's scope (and test mode for sandbox controls), or a setup or checkout link's token.
 * @throws ApiError 401 for a missing or bad credential; 403 INSUFFICIENT_SCOPE, TEST_MODE_ONLY or
 *   LIVE_MODE_REQUIRED.
 */
export function authenticate(route: RouteDef, db: SandboxServices['db']): Step {
  return async (c, next) => {
    c.set('caller', callerOf(route, db, c));
    await next();
  };
}

function callerOf(route: RouteDef, db: SandboxServices['db'], c: Context<ApiEnv>): Caller | null {
  const headers = c.req.raw.headers;
  let caller: Caller | null = null;
  if (route.auth === 'secretKey') {
    const key = authenticateSecretKey(db, headers.get('authorization'));
    c.set('mode', key.mode);
    if (route.scope !== undefined && !key.scopes.includes(route.scope)) {
      throw new ApiError(
        403,
        `This API key lacks the ${route.scope} scope that ${route.method} ${route.path} requires`,
        { code: errorCodes.insufficientScope },
      );
    }
    if (route.testOnly === true && key.mode !== 'test') {
      throw new ApiError(403, 'This sandbox control accepts test-mode secret keys only', {
        code: errorCodes.testModeOnly,
      });
    }
    if (route.liveOnly === true && key.mode !== 'live') throw liveControlOnly(route.scope);
    caller = key;
  } else if (route.auth === 'directDebitToken') {
    const nowOf = c.get('nowOf');
    caller = authenticateSetupToken(db, headers.get(directDebitTokenHeader), (m) => nowOf[m]);
  } else if (route.auth === 'checkoutToken') {
    caller = authenticateCheckoutToken(db, headers.get(checkoutTokenHeader));
  }
  if (caller !== null) c.set('mode', caller.mode);
  return caller;
}

/** The request's `now`: the clock of the caller's mode (docs/decisions/0004-time-and-due-work.md). */
export const requestClock: Step = async (c, next) => {
  c.set('now', c.get('nowOf')[c.get('mode') ?? 'live']);
  await next();
};

/**
 * The Idempotency-Key of idempotent routes (every create; hosted writes when sent), null elsewhere.
 * @throws ApiError 400 IDEMPOTENCY_KEY_REQUIRED (creates only) or IDEMPOTENCY_KEY_INVALID.
 */
export function idempotencyKey(route: RouteDef): Step {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    c.set(
      'idempotencyKey',
      !route.idempotent
        ? null
        : route.hostedIdempotency === undefined
          ? readIdempotencyKey(headers)
          : readOptionalIdempotencyKey(headers),
    );
    await next();
  };
}

/**
 * Whose record the core keeps for this request's key: the merchant's (secret key) or the link's
 * (a hosted `replay` write); null when there is no key or the core keeps nothing (`count-once`).
 */
function scopeOf(
  route: RouteDef,
  caller: Caller | null,
  key: string | null,
): IdempotencyScope | null {
  if (key === null || caller === null) return null;
  if ('keyId' in caller) return { merchantId: caller.merchantId, mode: caller.mode, key };
  if (route.hostedIdempotency !== 'replay') return null;
  return { linkRef: linkRefOf(caller), mode: caller.mode, key };
}

// Per sandbox (its database): the last request of each link's key still running. An asynchronous
// hosted write cannot hold one transaction across its bank lookup, so a retry sent while the first
// attempt still runs waits for it, then replays its answer instead of racing it.
const runningKeys = new WeakMap<object, Map<string, Promise<unknown>>>();

async function oneAtATime<T>(owner: object, id: string, work: () => Promise<T>): Promise<T> {
  let running = runningKeys.get(owner);
  if (running === undefined) {
    running = new Map();
    runningKeys.set(owner, running);
  }
  const mine = (running.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
  running.set(id, mine);
  try {
    return await mine;
  } finally {
    if (running.get(id) === mine) running.delete(id);
  }
}

const limitBody = bodyLimit({
  maxSize: maxBodyBytes,
  onError: () => {
    throw payloadTooLarge();
  },
});

/**
 * The query string of routes with a query schema (lists), and the JSON body of routes with a
 * request schema, at most 64 KiB, each validated by its schema (the last await before the
 * handler: from here an idempotent create runs synchronously).
 * @throws ApiError 413, 415, 400 INVALID_JSON or 400 VALIDATION_FAILED (core/request-body.ts).
 */
export function readBody(route: RouteDef): Step {
  return async (c, next) => {
    // A repeated parameter keeps its last value; the route's schema refuses unknown ones.
    c.set(
      'query',
      route.query === undefined
        ? undefined
        : validateBody(route.query, Object.fromEntries(new URL(c.req.url).searchParams)),
    );
    const schema = route.request;
    if (schema === undefined) {
      c.set('rawBody', undefined);
      c.set('body', undefined);
      await next();
      return;
    }
    await limitBody(c, async () => {
      const rawBody = await readJsonBody(c.req.raw);
      c.set('rawBody', rawBody);
      c.set('body', validateBody(schema, rawBody));
      await next();
    });
  };
}

interface ErasedResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
interface ErasedHandler {
  run?: (context: HandlerContext<RouteName>) => ErasedResult;
  keptUntilDataChanges?: true;
  runAsync?: (context: HandlerContext<RouteName>) => Promise<ErasedResult>;
}

/**
 * Runs the handler of route `name` (composition/registry.ts) and answers with its result,
 * checked against the route's response schema. A synchronous handler runs in one transaction with
 * the idempotency lookup and record (service-api.md, "Authentication", rule 2): a replay answers
 * the stored response with `Idempotent-Replayed: true`; only successes are stored. An asynchronous
 * hosted write with a key looks up before and records after its handler, one request per key at a
 * time (docs/decisions/0023).
 * @throws whatever the handler throws; Error when a response breaks the contract (a 500).
 */
export function runHandler(name: RouteName, route: RouteDef, services: SandboxServices): Step {
  // Sound by construction: the context holds the body validated by this route's schema and the
  // caller of this route's auth.
  const handler = registry[name] as ErasedHandler;
  return async (c) => {
    const requestId = c.get('requestId');
    const caller = c.get('caller');
    const now = c.get('now');
    const issued: IssuedToken[] = [];
    const context = {
      name,
      params: c.req.param(),
      body: c.get('body'),
      query: c.get('query'),
      caller,
      requestId,
      now,
      clientIp: c.env.clientIp ?? null,
      idempotencyKey: c.get('idempotencyKey'),
      services,
      capabilityToken(linkId: string, version: number): string {
        const token = deriveCapabilityToken(services.linkSecret, linkId, version);
        issued.push({ token, linkId, version });
        return token;
      },
    } as HandlerContext<RouteName>;
    const reply = (status: number, bodyText: string, headers: Record<string, string> = {}) =>
      new Response(bodyText, { status, headers: { ...jsonHeaders(requestId), ...headers } });
    /** The result's body as JSON text, once checked against the route's response schema. */
    const bodyOf = (result: ErasedResult): string => {
      const parsed = route.response.safeParse(result.body);
      if (!parsed.success) {
        throw new Error(`Response of ${name} breaks the contract: ${parsed.error.message}`);
      }
      return JSON.stringify(result.body);
    };

    const scope = scopeOf(route, caller, c.get('idempotencyKey'));
    const { db } = services;
    const fingerprint = fingerprintRequest(name, context.params, c.get('rawBody'));
    // Only placeholders the sandbox wrote, for links of the caller's merchant and mode, become
    // tokens again (core/capability-tokens.ts; issue 26).
    const replay = (stored: StoredResponse) =>
      reply(
        stored.status,
        restoreTokens(
          stored.bodyText,
          services.linkSecret,
          (linkId) => caller !== null && isLinkOf(db, linkId, caller),
        ),
        { [idempotentReplayedHeader]: 'true' },
      );
    // The handler's value, kept for the request log once its transaction has committed (a replay
    // or a failure leaves it unset).
    let answered: { body: unknown } | undefined;
    /** Answers `result` (its text is returned too), first recording it for `scope`'s key. */
    const answerWithText = (result: ErasedResult) => {
      const bodyText = bodyOf(result);
      if (scope !== null) {
        // Only successes are remembered: a failure threw before this and changed nothing.
        const redacted = { status: result.status, bodyText: redactTokens(bodyText, issued) };
        storeResponse(db, scope, fingerprint, redacted, now);
      }
      answered = { body: result.body };
      return { response: reply(result.status, bodyText, result.headers), bodyText };
    };
    const answer = (result: ErasedResult) => answerWithText(result).response;

    const respond = async (): Promise<Response> => {
      const runAsync = handler.runAsync;
      if (runAsync !== undefined) {
        if (scope === null) return answer(await runAsync(context));
        const scopeId = `${'linkRef' in scope ? scope.linkRef : scope.merchantId}\n${scope.key}`;
        return oneAtATime(db, scopeId, async () => {
          const stored = atomically(db, () => findStoredResponse(db, scope, fingerprint, now));
          if (stored !== null) return replay(stored);
          const result = await runAsync(context);
          return atomically(db, () => answer(result));
        });
      }
      const run = handler.run;
      if (run === undefined) throw new Error(`Handler of ${name} has neither run nor runAsync`);
      if (handler.keptUntilDataChanges === true && caller !== null && 'keyId' in caller) {
        // Everything the answer depends on besides the data (core/kept-answers.ts).
        const url = new URL(c.req.url);
        const key = `${name}\n${caller.merchantId}\n${caller.mode}\n${url.pathname}${url.search}`;
        return atomically(db, () => {
          const generation = dataGeneration(db);
          const kept = keptAnswer(db, key, generation);
          if (kept !== undefined) {
            answered = { body: kept.body };
            return reply(kept.status, kept.bodyText, kept.headers);
          }
          const result = run(context);
          const { response, bodyText } = answerWithText(result);
          keepAnswer(db, key, generation, {
            status: result.status,
            bodyText,
            body: result.body,
            headers: result.headers,
          });
          return response;
        });
      }
      return atomically(db, () => {
        const stored = scope === null ? null : findStoredResponse(db, scope, fingerprint, now);
        return stored === null ? answer(run(context)) : replay(stored);
      });
    };
    const response = await respond();
    c.set('answered', answered);
    return response;
  };
}

/**
 * Adds every request made with a secret key to its merchant's request log (core/request-log.ts;
 * sandbox/README.md, "Request log"), with its answer, success or error; reading the log itself is
 * not logged, nor are the console's own reads (`isConsoleRead`). Runs around the other steps of
 * route `name`; never fails the request it describes.
 */
export function logRequest(
  name: RouteName,
  services: SandboxServices,
  hooks: {
    isClosed(): boolean;
    onUnexpectedError(error: unknown, requestId: string, where: string): void;
  },
): Step {
  return async (c, next) => {
    if (isUnloggedRoute(name) || isConsoleRead(c.req.raw)) return next();
    const started = performance.now();
    const request = c.req.raw;
    // The body for the log, read (at most 64 KB) from a copy alongside the handler's read. A body
    // announced as over 64 KB is not copied at all: it is refused with 413 and not kept.
    const announced = Number(request.headers.get('content-length') ?? '0');
    const loggedBody =
      request.method === 'GET' || request.method === 'HEAD' || announced > maxBodyBytes
        ? Promise.resolve(undefined)
        : readLoggedBody(request.clone());
    await next();
    const caller = c.get('caller');
    if (hooks.isClosed() || caller === null || !('keyId' in caller)) {
      return;
    }
    const requestId = c.get('requestId');
    try {
      recordRequest(services.db, {
        requestId,
        merchantId: caller.merchantId,
        mode: caller.mode,
        method: request.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        idempotencyKey: request.headers.get('idempotency-key'),
        durationMs: performance.now() - started,
        requestBody: await loggedBody,
        // The handler's value when it answered (c.res is its answer: nothing after it throws);
        // else the text of the error or replay that went out.
        response: c.get('answered') ?? { text: await c.res.clone().text() },
        at: services.clocks.clockFor(caller.mode).now(),
        // Retention counts real time: the live clock is the base clock, never offset.
        receivedAt: services.clocks.live.now(),
      });
    } catch (error) {
      hooks.onUnexpectedError(error, requestId, `logging ${request.method} ${c.req.path}`);
    }
  };
}
