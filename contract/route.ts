/**
 * The shape of one route of the route table (service-api.md, "Endpoints" and "Authentication"):
 * method, path, auth, idempotency, scope and the zod schemas of its request and response.
 *
 * Each area's routes live in their own module (`routes-*.ts`) so that a hosted page's bundle
 * carries only its own schemas; `routes.ts` joins them for the sandbox.
 */
import type { z } from 'zod';

/**
 * How a route is authorized: a merchant secret key (`Authorization: Bearer osk_…`), a capability
 * token in a header (hosted pages), or nothing.
 */
export type RouteAuth = 'secretKey' | 'directDebitToken' | 'checkoutToken' | 'none';

/** Scopes a secret key may hold (Authentication, rules 4 and 5). */
export type Scope = 'subscriptions:read' | 'subscriptions:write' | 'payouts:create';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: RouteAuth;
  /** Required scope for secret-key routes. */
  scope?: Scope;
  /** Whether the route requires an Idempotency-Key (every create request does). */
  idempotent: boolean;
  /** Schema of the JSON body; absent for routes that take none. */
  request?: z.ZodType;
  /** Schema of the query string (lists: contract/paging.ts), given an object of its parameters. */
  query?: z.ZodType;
  response: z.ZodType;
  /** Only with a test-mode key (sandbox controls). */
  testOnly?: boolean;
}

export function route<const R extends RouteDef>(def: R): R {
  return def;
}

/** The parsed response body of a route definition. */
export type ResponseOf<R extends RouteDef> = z.infer<R['response']>;
