/**
 * What a route handler receives and returns. Handlers are registered by route name
 * (contract/routes.ts) in `sandbox/features/<area>/…-handlers.ts` and composed in `composition/app.ts`.
 *
 * - `run` handlers are synchronous and run inside one database transaction together with the
 *   idempotency check and record (service-api.md, "Authentication", rule 2): a thrown error rolls
 *   back everything. Idempotent routes accept only `run`.
 * - `runAsync` handlers (hosted routes that wait for a bank lookup) open their own short
 *   transactions around their writes. A hosted write's optional Idempotency-Key is honoured around
 *   them too: requests with the same key on the same link run one at a time, and the answer is
 *   stored after the handler's last transaction (docs/decisions/0023).
 */
import type { z } from 'zod';
import type { Mode } from '../../contract/common';
import type { SuccessStatusOf } from '../../contract/route';
import type { RouteName, RouteResponse, routes, Scope } from '../../contract/routes';
import type { Db } from '../db/database';
import type { BankAccountValidator } from './bank-account-validator';
import type { LogoFetcher } from './logo-fetcher';
import type { ModeClocks } from './clock';

type RouteOf<N extends RouteName> = (typeof routes)[N];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Path parameters of route `N`, decoded, e.g. `{ subscriptionId: string }`. */
export type ParamsOf<N extends RouteName> = Record<ParamNames<RouteOf<N>['path']>, string>;

/** The validated body of route `N` (the request schema's output), or undefined without one. */
export type BodyOf<N extends RouteName> =
  RouteOf<N> extends { request: infer S extends z.core.$ZodType } ? z.output<S> : undefined;

/** The validated query string of route `N` (the query schema's output), or undefined without one. */
export type QueryOf<N extends RouteName> =
  RouteOf<N> extends { query: infer S extends z.ZodType } ? z.output<S> : undefined;

/** A merchant authenticated by a secret key (service-api.md, "Authentication"). */
export interface KeyCaller {
  merchantId: string;
  /** The key's mode: every read and write is confined to records of this mode. */
  mode: Mode;
  keyId: string;
  scopes: readonly Scope[];
}

/** A customer holding a valid, unexpired setup link (header `x-direct-debit-token`). */
export interface SetupLinkCaller {
  linkId: string;
  merchantId: string;
  mode: Mode;
  subscriptionId: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
}

/**
 * A payer holding a valid checkout or invoice link (header `x-checkout-token`): exactly one of
 * `paymentId` (payment checkout page) and `invoiceId` (invoice page) is set.
 */
export interface CheckoutLinkCaller {
  merchantId: string;
  mode: Mode;
  paymentId: string | null;
  invoiceId: string | null;
}

/** Who is calling route `N`, by the route's `auth`. */
export type CallerOf<N extends RouteName> = RouteOf<N>['auth'] extends 'secretKey'
  ? KeyCaller
  : RouteOf<N>['auth'] extends 'directDebitToken'
    ? SetupLinkCaller
    : RouteOf<N>['auth'] extends 'checkoutToken'
      ? CheckoutLinkCaller
      : null;

/** Everything the rules share, fixed when the sandbox is created. */
export interface SandboxServices {
  db: Db;
  /**
   * The clocks of the two modes (docs/decisions/0004-time-and-due-work.md): read the time of mode
   * M with `clocks.clockFor(M).now()`; live never sees the test clock's offset.
   */
  clocks: ModeClocks;
  /** Origin of links the sandbox hands out, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  publicOrigin: string;
  /** Key of the capability tokens (docs/decisions/0003-capability-tokens.md). */
  linkSecret: Buffer;
  /** Account-name resolution: test links use `test`, live links `live`. */
  validators: { test: BankAccountValidator; live: BankAccountValidator };
  /** How long a test mandate stays pending before the bank approves it, in milliseconds. */
  approvalDelayMs: number;
  /** Payment window of dynamic virtual accounts (and so of checkout payments), in seconds. */
  paymentWindowSeconds: number;
  /**
   * Fetches a logo given by URL, once, when the branding is set (features/merchants/remote-logo.ts):
   * public https hosts only, unless a test passed its own.
   */
  logoFetcher: LogoFetcher;
}

/** One request as a handler sees it. */
export interface HandlerContext<N extends RouteName> {
  name: N;
  params: ParamsOf<N>;
  body: BodyOf<N>;
  query: QueryOf<N>;
  caller: CallerOf<N>;
  requestId: string;
  /**
   * When the request began, by the clock of the caller's mode (`services.clocks.clockFor(mode)`):
   * the secret key's mode, or the mode of the setup or checkout link.
   */
  now: Date;
  /** The peer IP address the Node server saw (payout whitelist); null for in-process calls. */
  clientIp: string | null;
  /**
   * The request's Idempotency-Key, or null when none was sent or the route takes none. The core
   * already replays stored answers; a `count-once` route (contract/route.ts) reads it itself.
   */
  idempotencyKey: string | null;
  services: SandboxServices;
  /**
   * The capability token of link `linkId` at `version`. Use this (not the derivation directly) for
   * any token put in a response, so that a stored idempotent response holds a placeholder instead.
   */
  capabilityToken(linkId: string, version: number): string;
}

/**
 * A successful answer; the body must match route `N`'s response schema and the status be one the
 * route declares (contract/route.ts, `success`: the OpenAPI document describes those).
 */
export interface HandlerResult<N extends RouteName> {
  status: SuccessStatusOf<RouteOf<N>>;
  body: RouteResponse<N>;
  headers?: Record<string, string>;
}

export type SyncHandler<N extends RouteName> = (context: HandlerContext<N>) => HandlerResult<N>;
export type AsyncHandler<N extends RouteName> = (
  context: HandlerContext<N>,
) => Promise<HandlerResult<N>>;

/**
 * How route `N` is served: a merchant's idempotent create only synchronously (one transaction);
 * hosted writes, whose key is optional and per link, either way.
 */
export type RouteHandler<N extends RouteName> = RouteOf<N>['idempotent'] extends true
  ? RouteOf<N> extends { hostedIdempotency: string }
    ? { run: SyncHandler<N> } | { runAsync: AsyncHandler<N> }
    : { run: SyncHandler<N> }
  : SyncRead<N> | { runAsync: AsyncHandler<N> };

/**
 * A synchronous handler of a route that is no create. `keptUntilDataChanges`: its answer is
 * computed from the database alone (no clock, no request log, nothing random), so it is kept and
 * answered again until the data changes (core/kept-answers.ts).
 */
export interface SyncRead<N extends RouteName> {
  run: SyncHandler<N>;
  keptUntilDataChanges?: true;
}

/** Handlers by route name; a feature registers the routes it serves. */
export type HandlerRegistry = { [N in RouteName]?: RouteHandler<N> };
