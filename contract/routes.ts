/**
 * The route table: every endpoint the sandbox serves, joined from each area's module
 * (`routes-*.ts`), with its auth, idempotency, scope and the schemas of its request and response
 * (service-api.md, "Endpoints" and "Authentication").
 *
 * The sandbox dispatches and validates from this table. The SPA imports its own area's module
 * instead, so that one page's bundle does not carry every schema. Path parameters are `:name`.
 */
import type { z } from 'zod';
import { brandingRoutes } from './routes-branding';
import { checkoutRoutes } from './routes-checkout';
import { directDebitRoutes } from './routes-direct-debit';
import { payoutRoutes } from './routes-payouts';
import { openApiRoutes } from './routes-openapi';
import { readRoutes } from './routes-reads';
import { setupRoutes } from './routes-setup';
import { subscriptionRoutes } from './routes-subscriptions';
import { webhookRoutes } from './routes-webhooks';

export type { RouteAuth, RouteDef, Scope } from './route';

export const routes = {
  ...subscriptionRoutes,
  ...directDebitRoutes,
  ...setupRoutes,
  ...checkoutRoutes,
  ...webhookRoutes,
  ...payoutRoutes,
  ...readRoutes,
  ...openApiRoutes,
  ...brandingRoutes,
};

export type RouteName = keyof typeof routes;

/** The parsed response body of a route. */
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
