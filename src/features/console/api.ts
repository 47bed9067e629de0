/**
 * The console's calls to the merchant API (service-api.md, "Authentication", "Payments",
 * "Subscriptions", "Events") and the sandbox controls of contract/routes-*.ts, all through the
 * SPA's one API client with the signed-in key as `Authorization: Bearer …`. The console has no
 * back door: it can do exactly what the key may do, and shows the service's refusal otherwise.
 *
 * Every answer comes with its request id (the `x-request-id` header), so that each action can
 * show it. Server data is TanStack Query's: the `queryOptions` below are the only reads.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleReadHeader } from '../../../contract/request-log';
import { brandingRoutes } from '../../../contract/routes-branding';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { payoutRoutes } from '../../../contract/routes-payouts';
import { webhookRoutes } from '../../../contract/routes-webhooks';
import type { RouteDef } from '../../../contract/route';
import { consoleEn } from '../../messages/console-en';
import { ApiError, apiRequest, NetworkError, type ApiRequestOptions } from '../../lib/api-client';
import { apiQueryOfCursor, type PageCursor } from './paging';
import type { ConsoleSession } from './session';

/** A parsed answer with the id of the request that produced it. */
export interface ConsoleAnswer<T> {
  data: T;
  requestId: string | null;
}

/** What {@link callConsole} takes besides the route: parameters, body, idempotency key. */
export type ConsoleCallOptions<R extends RouteDef> = Omit<
  ApiRequestOptions<R>,
  'token' | 'onAnswer'
>;

/**
 * Calls `route` as the signed-in merchant and returns the parsed body with its request id. A read
 * (`GET`) carries the `x-sandbox-console` header, which keeps it out of the merchant's request
 * log: the console polls, and its reads are not the merchant's history (sandbox/core/request-
 * log.ts; docs/decisions/0035-contract-document-and-console-reads.md). Writes are logged.
 * @throws ApiError / NetworkError as `apiRequest` does (src/lib/api-client.ts).
 */
export async function callConsole<R extends RouteDef>(
  session: ConsoleSession,
  route: R,
  options: ConsoleCallOptions<R> = {},
): Promise<ConsoleAnswer<z.output<R['response']>>> {
  let requestId: string | null = null;
  const data = await apiRequest(route, {
    ...options,
    token: { header: 'authorization', value: `Bearer ${session.secretKey}` },
    ...(route.method === 'GET' ? { headers: { [consoleReadHeader]: 'read' } } : {}),
    onAnswer: (answer) => {
      requestId = answer.requestId;
    },
  });
  return { data, requestId };
}

/** A failed call as the console shows it: the service's own message, its code and request id. */
export interface ConsoleFailure {
  message: string;
  code: string | null;
  requestId: string | null;
}

/** Describes `error` for the console: the service's message for an ApiError, else a generic one. */
export function describeFailure(error: unknown): ConsoleFailure {
  if (error instanceof ApiError)
    return { message: error.message, code: error.code, requestId: error.requestId };
  if (error instanceof NetworkError)
    return { message: consoleEn.failure.network, code: null, requestId: null };
  return { message: consoleEn.failure.browser, code: null, requestId: null };
}

// Every read of the console is keyed by the mode: a sign-out clears the cache (console-app.tsx),
// and records of one mode are never shown under the other.
const key = (session: ConsoleSession, ...rest: string[]) => ['console', session.mode, ...rest];

/** How often the console looks again at things that change by themselves (ms). */
export const consoleRefetchMs = 2_000;

/** `GET /api/v1/payments/:paymentId`; polled while the payment is pending. */
export function paymentQuery(session: ConsoleSession, paymentId: string) {
  return queryOptions({
    queryKey: key(session, 'payment', paymentId),
    queryFn: ({ signal }) =>
      callConsole(session, checkoutRoutes.getPayment, { params: { paymentId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.data.data.status === 'pending' ? consoleRefetchMs : false,
  });
}

/** `GET /sandbox/v1/webhooks/events`: the 100 newest events with every delivery attempt; polled. */
export function webhookEventsQuery(session: ConsoleSession) {
  return queryOptions({
    queryKey: key(session, 'webhook-events'),
    queryFn: ({ signal }) => callConsole(session, webhookRoutes.listWebhookEvents, { signal }),
    refetchInterval: consoleRefetchMs,
  });
}

/** `GET /sandbox/v1/webhooks/endpoint`: the endpoint of the key's mode. */
export function webhookEndpointQuery(session: ConsoleSession) {
  return queryOptions({
    queryKey: key(session, 'webhook-endpoint'),
    queryFn: ({ signal }) => callConsole(session, webhookRoutes.getWebhookEndpoint, { signal }),
  });
}

/** `GET /sandbox/v1/clock`: the test clock (test-mode keys only). */
export function clockQuery(session: ConsoleSession) {
  return queryOptions({
    queryKey: key(session, 'clock'),
    queryFn: ({ signal }) => callConsole(session, checkoutRoutes.getClock, { signal }),
  });
}

/** `GET /sandbox/v1/payouts/access`: KYC, Payout API access and the IP whitelist (test keys). */
export function payoutAccessQuery(session: ConsoleSession) {
  return queryOptions({
    queryKey: key(session, 'payout-access'),
    queryFn: ({ signal }) => callConsole(session, payoutRoutes.getPayoutAccess, { signal }),
  });
}

/** `GET /sandbox/v1/merchant/branding`: the merchant's name, colour and logo (both modes). */
export function brandingQuery(session: ConsoleSession) {
  return queryOptions({
    queryKey: key(session, 'branding'),
    queryFn: ({ signal }) => callConsole(session, brandingRoutes.getBranding, { signal }),
  });
}

/** The query keys an action makes stale, by what it changed. */
export const consoleKeys = {
  all: ['console'],
  payment: (session: ConsoleSession, paymentId: string) => key(session, 'payment', paymentId),
  webhookEvents: (session: ConsoleSession) => key(session, 'webhook-events'),
  webhookEndpoint: (session: ConsoleSession) => key(session, 'webhook-endpoint'),
  clock: (session: ConsoleSession) => key(session, 'clock'),
  payoutAccess: (session: ConsoleSession) => key(session, 'payout-access'),
  branding: (session: ConsoleSession) => key(session, 'branding'),
  /** Every page of the list `route` (listPageQuery). */
  list: (session: ConsoleSession, route: RouteDef) => key(session, 'list', route.path),
};

/**
 * `route` with `query` as its query string. The shared client (src/lib/api-client.ts) fills path
 * parameters only; the list routes take their paging and filters in the query string
 * (contract/paging.ts), so the console appends them here, encoded by URLSearchParams.
 */
export function withQuery<R extends RouteDef>(route: R, query: Record<string, string>): R {
  const search = new URLSearchParams(query).toString();
  return search === '' ? route : { ...route, path: `${route.path}?${search}` };
}

/** Records per page of the console's lists (the API allows 1 to 100). */
export const consolePageSize = 10;

/**
 * One page of a list route (contract/routes-reads.ts), at `cursor`, with `filters` (API names).
 * The route's path keys the cache with the mode, so each list and page is cached on its own.
 */
export function listPageQuery<R extends RouteDef>(
  session: ConsoleSession,
  route: R,
  cursor: PageCursor,
  filters: Record<string, string> = {},
) {
  return queryOptions({
    queryKey: [...consoleKeys.list(session, route), cursor, filters],
    queryFn: ({ signal }) =>
      callConsole(
        session,
        withQuery(route, { ...apiQueryOfCursor(cursor, consolePageSize), ...filters }),
        {
          signal,
        },
      ),
  });
}

/** One record by id: `route` with `params`; the route's path keys the cache. */
export function recordQuery<R extends RouteDef>(
  session: ConsoleSession,
  route: R,
  params: Record<string, string>,
) {
  return queryOptions({
    queryKey: [...key(session, 'record', route.path), params],
    queryFn: ({ signal }) => callConsole(session, route, { params, signal }),
  });
}
