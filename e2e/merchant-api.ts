/**
 * A merchant's server, as the end-to-end tests play it: calls the running sandbox's merchant API
 * with the demo merchant's secret key from `<data dir>/credentials.json`, and parses every
 * response with the contract's schemas (service-api.md, "Subscriptions", "Bank direct debit").
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import type { Language } from '../contract/hosted-common';
import { routes, type RouteName } from '../contract/routes';

export interface Credentials {
  baseUrl: string;
  testSecretKey: string;
  liveSecretKey: string;
}

/** The demo merchant's keys, as the sandbox wrote them (`<data dir>/credentials.json`). */
export function credentials(): Credentials {
  const dataDir = process.env.E2E_SANDBOX_DATA_DIR;
  if (!dataDir)
    throw new Error('E2E_SANDBOX_DATA_DIR is not set: run through playwright.config.ts');
  return JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as Credentials;
}

/**
 * Calls route `name` and returns its parsed body: on the run's sandbox, or on `target` (a sandbox
 * a spec started for itself). @throws Error with the error body on non-2xx.
 */
export async function callMerchantApi<N extends RouteName>(
  name: N,
  options: {
    params?: Record<string, string>;
    body?: unknown;
    mode?: 'test' | 'live';
    target?: Credentials;
  } = {},
): Promise<z.infer<(typeof routes)[N]['response']>> {
  const route = routes[name];
  const creds = options.target ?? credentials();
  const path = route.path.replace(/:(\w+)/g, (_m, key: string) => {
    const value = options.params?.[key];
    if (value === undefined) throw new Error(`missing path parameter ${key}`);
    return encodeURIComponent(value);
  });
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.mode === 'live' ? creds.liveSecretKey : creds.testSecretKey}`,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (route.idempotent) headers['idempotency-key'] = randomUUID();
  const response = await fetch(creds.baseUrl + path, {
    method: route.method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${name} failed: ${response.status} ${JSON.stringify(body)}`);
  return route.response.parse(body) as z.infer<(typeof routes)[N]['response']>;
}

/**
 * Creates a plan and a subscription for a fresh customer, enables direct debit for the mode and
 * returns the subscription and its private setup link.
 */
export async function createSubscriptionWithSetupLink(options: {
  callbackUrl?: string;
  amount?: number;
  mode?: 'test' | 'live';
  /** Another sandbox than the run's (callMerchantApi). */
  target?: Credentials;
  /** The merchant's preferred language for the customer's pages (contract/hosted-common.ts). */
  preferredLanguage?: Language;
}) {
  const mode = options.mode ?? 'test';
  const target = options.target;
  await callMerchantApi('setDirectDebitConfig', { body: { enabled: true }, mode, target });
  const plan = await callMerchantApi('createPlan', {
    mode,
    target,
    body: {
      name: 'Gym membership',
      amount: options.amount ?? 15000,
      currency: 'NGN',
      interval: 'monthly',
    },
  });
  const subscription = await callMerchantApi('createSubscription', {
    mode,
    target,
    body: {
      planId: plan.data.id,
      paymentMethod: 'customer_choice',
      customer: {
        email: `customer+${randomUUID()}@example.com`,
        firstName: 'Chioma',
        lastName: 'Okafor',
      },
      ...(options.callbackUrl ? { callbackUrl: options.callbackUrl } : {}),
      ...(options.preferredLanguage ? { preferredLanguage: options.preferredLanguage } : {}),
    },
  });
  const link = await callMerchantApi('createSetupLink', {
    mode,
    target,
    params: { subscriptionId: subscription.data.id },
    body: {},
  });
  return { plan: plan.data, subscription: subscription.data, setupUrl: link.data.setupUrl };
}
