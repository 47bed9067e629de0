/**
 * The demo a developer (or `npm start`, or `npm run bench`) runs to get a ready setup link: enable
 * direct debit, create a plan and a subscription with `callbackUrl`
 * `https://merchant.example.com/billing/return`, and create the subscription's setup link — all through
 * the real merchant API, as a merchant's server would (service-api.md, "Subscriptions", "Bank
 * direct debit").
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Language, Mode } from '../contract/common';
import { setupLinkResponseSchema } from '../contract/direct-debit';
import { routes } from '../contract/routes';
import { planResponseSchema, subscriptionResponseSchema } from '../contract/subscriptions';
import type { DemoCredentials } from './features/merchants/demo-merchant';
import { parseHostedLink } from '../contract/hosted-links';

/** Where to send the calls: a running sandbox's base URL, or a sandbox's `handle` function. */
export type SandboxTarget = string | ((request: Request) => Promise<Response>);

/** The browser-return URL of the demo subscription. */
export const demoCallbackUrl = 'https://merchant.example.com/billing/return';

/** What {@link createDemoSetupLink} made. `setupUrl` holds the private token: show, don't log. */
export interface DemoSetupLink {
  mode: Mode;
  planId: string;
  subscriptionId: string;
  /** The subscription's preferred language for the hosted pages, or null (none given). */
  preferredLanguage: Language | null;
  setupUrl: string;
  token: string;
}

/**
 * Creates the demo subscription and returns its direct-debit setup link.
 *
 * @param target base URL of a running sandbox (e.g. `http://127.0.0.1:4010`) or `sandbox.handle`
 * @param credentials the demo merchant's credentials (the key of `options.mode`, default test, is
 *   used), or a secret key itself (its prefix gives the mode)
 * @param options `mode`; `callbackUrl` (default {@link demoCallbackUrl}); `preferredLanguage`,
 *   the merchant's preferred language of the subscription's pages (none when absent)
 * @throws Error naming the failed step, its HTTP status and error body
 */
export async function createDemoSetupLink(
  target: SandboxTarget,
  credentials: DemoCredentials | string,
  options: { mode?: Mode; callbackUrl?: string; preferredLanguage?: Language } = {},
): Promise<DemoSetupLink> {
  const secretKey =
    typeof credentials === 'string'
      ? credentials
      : options.mode === 'live'
        ? credentials.liveSecretKey
        : credentials.testSecretKey;
  const mode: Mode = secretKey.startsWith('osk_live_') ? 'live' : 'test';
  const base =
    typeof target === 'string'
      ? target
      : typeof credentials === 'string'
        ? 'http://127.0.0.1'
        : credentials.baseUrl;
  const send = typeof target === 'string' ? (request: Request) => fetch(request) : target;

  async function call<S extends z.core.$ZodType>(
    step: string,
    method: string,
    path: string,
    body: unknown,
    schema: S,
    idempotent: boolean,
  ): Promise<z.output<S>> {
    const headers = new Headers({
      authorization: `Bearer ${secretKey}`,
      'content-type': 'application/json',
    });
    if (idempotent) headers.set('idempotency-key', randomUUID());
    const response = await send(
      new Request(new URL(path, base), { method, headers, body: JSON.stringify(body) }),
    );
    const text = await response.text();
    if (!response.ok) throw new Error(`${step} failed: HTTP ${response.status} ${text}`);
    return z.parse(schema, JSON.parse(text));
  }

  const config = routes.setDirectDebitConfig;
  await call(
    'Enabling direct debit',
    config.method,
    config.path,
    { enabled: true },
    config.response,
    false,
  );
  const plan = await call(
    'Creating the plan',
    routes.createPlan.method,
    routes.createPlan.path,
    {
      name: 'Premium membership',
      amount: 15000,
      currency: 'NGN',
      interval: 'monthly',
      description: 'Unlimited classes at Adaeze Fitness',
    },
    planResponseSchema,
    true,
  );
  const subscription = await call(
    'Creating the subscription',
    routes.createSubscription.method,
    routes.createSubscription.path,
    {
      planId: plan.data.id,
      paymentMethod: 'customer_choice',
      callbackUrl: options.callbackUrl ?? demoCallbackUrl,
      customer: {
        email: `chioma.okafor+${Date.now()}@example.com`,
        firstName: 'Chioma',
        lastName: 'Okafor',
        phone: '0803 123 4567',
      },
      ...(options.preferredLanguage === undefined
        ? {}
        : { preferredLanguage: options.preferredLanguage }),
    },
    subscriptionResponseSchema,
    true,
  );
  const link = await call(
    'Creating the setup link',
    routes.createSetupLink.method,
    routes.createSetupLink.path.replace(
      ':subscriptionId',
      encodeURIComponent(subscription.data.id),
    ),
    {},
    setupLinkResponseSchema,
    true,
  );
  return {
    mode,
    planId: plan.data.id,
    subscriptionId: subscription.data.id,
    preferredLanguage: subscription.data.preferredLanguage,
    setupUrl: link.data.setupUrl,
    token: parseHostedLink(link.data.setupUrl)?.token ?? '',
  };
}
