/**
 * Test helpers: an in-memory sandbox with the demo merchant, a small API caller, and a ready
 * direct-debit setup link. Used by the sandbox's own tests and by the SPA's component tests through
 * MSW (`http.all('*', ({ request }) => sandbox.handle(request))`); works under jsdom.
 */
import { randomUUID } from 'node:crypto';
import type { Language } from '../../contract/common';
import { directDebitTokenHeader, setupLinkResponseSchema } from '../../contract/direct-debit';
import { routes, type RouteDef, type Scope } from '../../contract/routes';
import {
  planResponseSchema,
  subscriptionResponseSchema,
  type PlanCreateRequest,
} from '../../contract/subscriptions';
import { createSandbox, type Sandbox, type SandboxOptions } from '../composition/app';
import { testLogoFetcher } from './logos';
import { createManualClock } from '../core/clock';
import { findRoute } from '../core/route-table';
import type { DemoCredentials } from '../features/merchants/demo-merchant';
import { issueScopedKey } from '../features/merchants/scoped-keys';
import { parseHostedLink } from '../../contract/hosted-links';

/** Origin of test sandboxes unless told otherwise. */
export const testOrigin = 'http://sandbox.test';

/** Options of {@link TestSandbox.api}. */
export interface ApiCallOptions {
  /** Secret key for `Authorization: Bearer`; default the demo test key; null sends none. */
  key?: string | null;
  /** Sent as JSON with `Content-Type: application/json`. */
  body?: unknown;
  /** Sent as is (for malformed-JSON tests); needs a content-type in `headers` to be JSON. */
  rawBody?: string;
  /** Default: a fresh UUID on idempotent routes, none elsewhere; null sends none. */
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
}

/** What {@link TestSandbox.api} returns; `body` is the parsed JSON (undefined when empty). */
export interface ApiCallResult {
  status: number;
  headers: Headers;
  body: unknown;
}

/** An in-memory sandbox ready for tests. */
export interface TestSandbox {
  sandbox: Sandbox;
  handle: (request: Request) => Promise<Response>;
  credentials: DemoCredentials;
  /**
   * Moves the base clock: live mode's time, and test mode's too (the test clock runs at a stored
   * offset from it). `POST /sandbox/v1/clock/advance` moves test mode only.
   */
  clock: ReturnType<typeof createManualClock>;
  /** Calls `method path` on the sandbox (path relative to its origin). */
  api(method: string, path: string, options?: ApiCallOptions): Promise<ApiCallResult>;
  /** Calls a hosted setup endpoint with `x-direct-debit-token: token`. */
  setupApi(method: string, path: string, token: string, body?: unknown): Promise<ApiCallResult>;
  /**
   * Enables direct debit for `mode` (default test), creates a plan (₦15,000 monthly "Gym
   * membership") and a subscription (with `callbackUrl` and `preferredLanguage` when given, else
   * none) through the API, and the setup link. @throws Error when any call fails.
   */
  createSetupLink(options?: {
    callbackUrl?: string;
    preferredLanguage?: Language;
    mode?: 'test' | 'live';
    plan?: Partial<PlanCreateRequest>;
  }): Promise<{ token: string; setupUrl: string; subscriptionId: string }>;
  /**
   * Issues a demo-merchant secret key with exactly `scopes` in `mode` (default test) and returns
   * it, e.g. to see 403 INSUFFICIENT_SCOPE (sandbox/features/merchants/scoped-keys.ts).
   */
  issueKey(options: { scopes: readonly Scope[]; mode?: 'test' | 'live' }): string;
  close(): void;
}

function isIdempotentRoute(method: string, path: string): boolean {
  const name = findRoute(method, new URL(path, testOrigin).pathname);
  return name !== null && (routes[name] as RouteDef).idempotent;
}

/**
 * Creates an in-memory sandbox on a manual clock starting at `start` (default now). Other options
 * go to `createSandbox` (unexpected errors are rethrown into the test's console only when
 * `onUnexpectedError` is not given). A logo set by URL comes from `testLogoFetcher`
 * (sandbox/testing/logos.ts) unless `logoFetcher` is given.
 */
export function createTestSandbox(
  options: Partial<SandboxOptions> & { start?: Date } = {},
): TestSandbox {
  const clock = createManualClock(options.start ?? new Date());
  const sandbox = createSandbox({
    publicOrigin: testOrigin,
    logoFetcher: testLogoFetcher,
    ...options,
    clock: options.clock ?? clock,
  });
  const { credentials } = sandbox;

  async function api(
    method: string,
    path: string,
    call: ApiCallOptions = {},
  ): Promise<ApiCallResult> {
    const headers = new Headers(call.headers);
    const key = call.key === undefined ? credentials.testSecretKey : call.key;
    if (key !== null) headers.set('authorization', `Bearer ${key}`);
    const idempotencyKey =
      call.idempotencyKey === undefined
        ? isIdempotentRoute(method, path)
          ? randomUUID()
          : null
        : call.idempotencyKey;
    if (idempotencyKey !== null) headers.set('idempotency-key', idempotencyKey);
    let body: string | undefined = call.rawBody;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const response = await sandbox.handle(
      new Request(new URL(path, sandbox.publicOrigin), { method, headers, body }),
    );
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
  }

  async function expectOk(result: Promise<ApiCallResult>, what: string): Promise<unknown> {
    const { status, body } = await result;
    if (status >= 300) throw new Error(`${what} failed: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  return {
    sandbox,
    handle: (request) => sandbox.handle(request),
    credentials,
    clock,
    api,
    setupApi: (method, path, token, body) =>
      api(method, path, { key: null, body, headers: { [directDebitTokenHeader]: token } }),
    async createSetupLink(setup = {}) {
      const key = setup.mode === 'live' ? credentials.liveSecretKey : credentials.testSecretKey;
      await expectOk(
        api('PUT', routes.setDirectDebitConfig.path, { key, body: { enabled: true } }),
        'Enabling direct debit',
      );
      const plan = planResponseSchema.parse(
        await expectOk(
          api('POST', routes.createPlan.path, {
            key,
            body: {
              name: 'Gym membership',
              amount: 15000,
              currency: 'NGN',
              interval: 'monthly',
              ...setup.plan,
            },
          }),
          'Creating the plan',
        ),
      ).data;
      const subscription = subscriptionResponseSchema.parse(
        await expectOk(
          api('POST', routes.createSubscription.path, {
            key,
            body: {
              planId: plan.id,
              paymentMethod: 'customer_choice',
              customer: { email: 'chioma@example.com', firstName: 'Chioma', lastName: 'Okafor' },
              ...(setup.callbackUrl === undefined ? {} : { callbackUrl: setup.callbackUrl }),
              ...(setup.preferredLanguage === undefined
                ? {}
                : { preferredLanguage: setup.preferredLanguage }),
            },
          }),
          'Creating the subscription',
        ),
      ).data;
      const link = setupLinkResponseSchema.parse(
        await expectOk(
          api('POST', `/api/v1/subscriptions/${subscription.id}/direct-debit`, { key, body: {} }),
          'Creating the setup link',
        ),
      ).data;
      const token = parseHostedLink(link.setupUrl)?.token ?? '';
      return { token, setupUrl: link.setupUrl, subscriptionId: subscription.id };
    },
    issueKey: ({ scopes, mode = 'test' }) =>
      issueScopedKey(sandbox.db, {
        merchantId: credentials.merchantId,
        mode,
        scopes,
        now: sandbox.clocks.clockFor(mode).now(),
      }).secretKey,
    close: () => sandbox.close(),
  };
}
