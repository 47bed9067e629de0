/**
 * The shape of one route of the route table (service-api.md, "Endpoints" and "Authentication"):
 * method, path, auth, idempotency, scope and the zod schemas of its request and response.
 *
 * Each area's routes live in their own module (`routes-*.ts`) so that a hosted page's bundle
 * carries only its own schemas; `routes.ts` joins them for the sandbox.
 */
import type { z } from 'zod/mini';
import { refusingControlCharacters } from './control-characters';

/**
 * A request or response schema of the table, classic zod or `zod/mini` alike (hosted pages'
 * schemas are mini: docs/decisions/0018-first-load-bytes.md): both kinds have `parse` and
 * `safeParse`. `parse` throws a `$ZodError` when the value does not fit (classic zod's subclass
 * `ZodError` for a classic schema).
 */
export interface ContractSchema extends z.core.$ZodType {
  parse(data: unknown): unknown;
  safeParse(
    data: unknown,
  ): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
}

/**
 * How a route is authorized: a merchant secret key (`Authorization: Bearer osk_…`), a capability
 * token in a header (hosted pages), or nothing.
 */
export type RouteAuth = 'secretKey' | 'directDebitToken' | 'checkoutToken' | 'none';

/**
 * Scopes a secret key may hold (Authentication, rules 4 and 5, and rule 10's "not shown" filled
 * in by us): the table with every route is in sandbox/README.md, "Scopes". `sandbox:controls`
 * opens the sandbox's own controls and its webhook log (docs/decisions/0025-scopes-and-sandbox-
 * controls.md).
 */
export type Scope =
  'subscriptions:read' | 'subscriptions:write' | 'payouts:create' | 'sandbox:controls';

/** Every scope, in the order of the scope table. */
export const scopes: readonly Scope[] = [
  'subscriptions:read',
  'subscriptions:write',
  'payouts:create',
  'sandbox:controls',
];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: RouteAuth;
  /** Required scope for secret-key routes. */
  scope?: Scope;
  /**
   * Whether the route honours an Idempotency-Key: a retry with the same key changes nothing twice.
   * Every create request does and requires one; hosted writes take one optionally (below).
   */
  idempotent: boolean;
  /**
   * With `idempotent`, for hosted writes authorized by a capability token: the key is optional (so
   * callers without one keep working) and belongs to the token's record, not to a merchant
   * (docs/decisions/0023-offline-actions-and-hosted-idempotency.md).
   * - `replay`: the answer is stored for the link and the same key and body replay it.
   * - `count-once`: the answer is never stored (it holds lookup details, which are not stored);
   *   a retry with the same key and body is answered afresh but not counted again.
   */
  hostedIdempotency?: 'replay' | 'count-once';
  /** Schema of the JSON body; absent for routes that take none. */
  request?: ContractSchema;
  /** Schema of the query string (lists: contract/paging.ts), given an object of its parameters. */
  query?: ContractSchema;
  response: ContractSchema;
  /** Only with a test-mode key (sandbox controls that act on test records and the test clock). */
  testOnly?: boolean;
  /** Only with a live-mode key (routes that change live-mode settings: payout access). */
  liveOnly?: boolean;
  /**
   * The success statuses the route answers with its response schema, when not just `200`: `201`
   * for a create (and `200` too where a retry of the create finds the record made before), `202`
   * for work queued to run later (a webhook test or replay). The OpenAPI document declares exactly
   * these (docs/decisions/0035-contract-document-and-console-reads.md), and the compiler holds
   * every handler to them (sandbox/core/handler.ts, `HandlerResult`).
   */
  success?: readonly SuccessStatus[];
}

/** A success status a route of the table may answer. */
export type SuccessStatus = 200 | 201 | 202;

/** The success statuses of route `R`: its `success`, or `200` alone. */
export type SuccessStatusOf<R extends RouteDef> = R extends {
  success: readonly (infer S extends SuccessStatus)[];
}
  ? S
  : 200;

/** Route `R` with its request schema behind {@link refusingControlCharacters}. */
export type GuardedRoute<R extends RouteDef> = R extends { request: infer S extends ContractSchema }
  ? Omit<R, 'request'> & { request: ReturnType<typeof refusingControlCharacters<S>> }
  : R;

/**
 * A route of the table. Its request schema, if any, first refuses a control character in any
 * string of the body (contract/control-characters.ts), so that no route can forget it.
 */
export function route<const R extends RouteDef>(def: R): GuardedRoute<R> {
  if (def.request === undefined) return def as GuardedRoute<R>;
  return { ...def, request: refusingControlCharacters(def.request) } as GuardedRoute<R>;
}
