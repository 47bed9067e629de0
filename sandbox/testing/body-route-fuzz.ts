/**
 * Hostile bodies against every body route of the contract's route table (issue 26, points 3 and
 * 4): each route called by a caller it admits (a key with its scope and mode, or a live link
 * token), so the body reaches the route's reading and validation. Shared by
 * sandbox/core/hostile-bodies.test.ts and scripts/sandbox-fuzz.ts (which prints the figures).
 * Test and script code only.
 */
import { randomUUID } from 'node:crypto';
import { checkoutTokenHeader } from '../../contract/checkout';
import { directDebitTokenHeader } from '../../contract/direct-debit';
import { routes, type RouteDef, type RouteName } from '../../contract/routes';
import { routeNames } from '../core/route-table';
import { createTestPayment, createTestSubscription, ok, tokenOf } from './checkout-testing';
import { openPayoutApi } from './payout-testing';
import type { TestSandbox } from './test-sandbox';
import { z } from 'zod';

/** The client address the fuzz's payout calls come from (whitelisted by {@link prepareFuzz}). */
const fuzzIp = '127.0.0.1';

/** JSON text of `depth` nested arrays: `[[[…]]]` (the body is depth 3281, 6.5 KB). */
export function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** JSON text of `depth` nested objects under the key `a`: `{"a":{"a":…{}}}`. */
export function nestedObjects(depth: number): string {
  return '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);
}

/** Every route of the table that takes a JSON body (has a request schema). */
export const bodyRouteNames: readonly RouteName[] = routeNames.filter(
  (name) => (routes[name] as RouteDef).request !== undefined,
);

/** Records a fuzz needs: callers of every kind and ids for path parameters. */
export interface FuzzFixtures {
  setupToken: string;
  checkoutToken: string;
  invoiceToken: string;
  paymentId: string;
  invoiceId: string;
  subscriptionId: string;
  virtualAccountId: string;
  beneficiaryId: string;
  liveVirtualAccountId: string;
  payoutKey: string;
}

/**
 * Creates what {@link callRoute} needs in `sandbox`: a test setup link, a payment and a subscription
 * (checkout and invoice tokens), an open Payout API (live payout key, whitelist {@link fuzzIp}),
 * a verified beneficiary and settled live collections. @throws Error when a step fails.
 */
export async function prepareFuzz(sandbox: TestSandbox): Promise<FuzzFixtures> {
  const { token: setupToken, subscriptionId } = await sandbox.createSetupLink();
  const payment = await createTestPayment(sandbox);
  const subscription = await createTestSubscription(sandbox);
  const invoice = subscription.invoice;
  if (invoice.checkoutUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  const payoutKey = await openPayoutApi(sandbox, [fuzzIp]);
  const live = sandbox.credentials.liveSecretKey;
  await ok(sandbox.api('POST', '/sandbox/v1/settlements', { key: live, body: { amount: 100000 } }));
  const beneficiary = await callJson(sandbox, 'POST', '/api/v1/beneficiaries', payoutKey, {
    bankId: '000013',
    accountNumber: '0000000018',
  });
  const liveAccount = await callJson(sandbox, 'POST', '/api/v1/virtual-accounts/dynamic', live, {
    amount: 100,
    currency: 'NGN',
  });
  return {
    setupToken,
    checkoutToken: tokenOf(payment.checkoutUrl),
    invoiceToken: tokenOf(invoice.checkoutUrl),
    paymentId: payment.id,
    invoiceId: invoice.id,
    subscriptionId,
    virtualAccountId: payment.virtualAccount.id,
    beneficiaryId: idOf(beneficiary),
    liveVirtualAccountId: idOf(liveAccount),
    payoutKey,
  };
}

const withId = z.object({ data: z.object({ id: z.string() }) });
function idOf(body: unknown): string {
  return withId.parse(body).data.id;
}

async function callJson(
  sandbox: TestSandbox,
  method: string,
  path: string,
  key: string,
  body: unknown,
): Promise<unknown> {
  const response = await sandbox.sandbox.handle(
    new Request(new URL(path, sandbox.sandbox.publicOrigin), {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    }),
    { clientIp: fuzzIp },
  );
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The path of `route` with each `:param` filled from the fixtures (an id of the right kind). */
function pathOf(route: RouteDef, fixtures: FuzzFixtures): string {
  const ids: Record<string, string> = {
    paymentId: fixtures.paymentId,
    invoiceId: fixtures.invoiceId,
    subscriptionId: fixtures.subscriptionId,
    virtualAccountId: fixtures.virtualAccountId,
  };
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => ids[name] ?? `x_${name}`);
}

/** The credential headers of a caller `route` admits. */
function credentialsOf(
  sandbox: TestSandbox,
  route: RouteDef,
  fixtures: FuzzFixtures,
): Record<string, string> {
  if (route.auth === 'directDebitToken') return { [directDebitTokenHeader]: fixtures.setupToken };
  if (route.auth === 'checkoutToken') {
    const token = route.path.startsWith('/invoices/')
      ? fixtures.invoiceToken
      : fixtures.checkoutToken;
    return { [checkoutTokenHeader]: token };
  }
  if (route.auth !== 'secretKey') return {};
  const { testSecretKey, liveSecretKey } = sandbox.credentials;
  const key =
    route.scope === 'payouts:create'
      ? fixtures.payoutKey
      : route.liveOnly === true
        ? liveSecretKey
        : testSecretKey;
  return { authorization: `Bearer ${key}` };
}

/** What one fuzzed call answered. */
export interface FuzzAnswer {
  route: RouteName;
  status: number;
  body: unknown;
}

/** Sends `bodyText` as JSON to route `name`, as a caller it admits, with a fresh Idempotency-Key. */
export async function callRoute(
  sandbox: TestSandbox,
  fixtures: FuzzFixtures,
  name: RouteName,
  bodyText: string,
): Promise<FuzzAnswer> {
  const route = routes[name] as RouteDef;
  const pathname = pathOf(route, fixtures);
  const response = await sandbox.sandbox.handle(
    new Request(new URL(pathname, sandbox.sandbox.publicOrigin), {
      method: route.method,
      headers: {
        ...credentialsOf(sandbox, route, fixtures),
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: bodyText,
    }),
    { clientIp: fuzzIp },
  );
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: kept as text for the report.
  }
  return { route: name, status: response.status, body };
}

/**
 * A body of each route that carries a naira amount, valid but for `amount` (contract/money.ts):
 * what reaches a route's money rule. Routes without an amount are absent.
 */
export function moneyBodies(
  fixtures: FuzzFixtures,
  amount: number,
): Partial<Record<RouteName, unknown>> {
  return {
    createPlan: { name: 'Fuzz plan', amount, currency: 'NGN', interval: 'monthly' },
    createPayment: { amount: { amount, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
    createDynamicAccount: { amount, currency: 'NGN' },
    simulateTransfer: { amount },
    createPayout: { beneficiaryId: fixtures.beneficiaryId, amount, currency: 'NGN' },
    submitPayoutUseCase: {
      useCase: 'Weekly payouts of trainer fees to the coaches of the gym chain',
      expectedMonthlyVolume: amount,
    },
    createSettlement: { amount },
    createWithdrawal: { amount, bankId: '000013', accountNumber: '0000000025' },
  };
}

/** The figures of one fuzz run: calls made and the 5xx answers among them, per kind of body. */
export interface FuzzFigures {
  nestedCalls: number;
  nested5xx: FuzzAnswer[];
  tinyAmountCalls: number;
  tinyAmount5xx: FuzzAnswer[];
}

/**
 * Sends the nested-array body of `depth` to every body route and an amount of 1e-9 naira to every
 * money route, in one sandbox made by `makeSandbox` (closed afterwards), and counts the 5xx
 * answers.
 */
export async function runFuzz(
  makeSandbox: () => TestSandbox,
  depth = 3281,
): Promise<FuzzFigures & { nested: FuzzAnswer[]; tinyAmount: FuzzAnswer[] }> {
  const sandbox = makeSandbox();
  try {
    const fixtures = await prepareFuzz(sandbox);
    const nested: FuzzAnswer[] = [];
    for (const name of bodyRouteNames) {
      nested.push(await callRoute(sandbox, fixtures, name, nestedArrays(depth)));
    }
    const tinyAmount: FuzzAnswer[] = [];
    for (const [name, body] of Object.entries(moneyBodies(fixtures, 1e-9))) {
      tinyAmount.push(await callRoute(sandbox, fixtures, name as RouteName, JSON.stringify(body)));
    }
    return {
      nested,
      nestedCalls: nested.length,
      nested5xx: nested.filter((answer) => answer.status >= 500),
      tinyAmount,
      tinyAmountCalls: tinyAmount.length,
      tinyAmount5xx: tinyAmount.filter((answer) => answer.status >= 500),
    };
  } finally {
    sandbox.close();
  }
}
