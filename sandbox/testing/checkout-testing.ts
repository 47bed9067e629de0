/**
 * Test helpers of the checkout area (sandbox tests and the pages' component tests): create a
 * payment or a subscription through the merchant API, call the hosted checkout API with a token,
 * simulate a transfer, move the test clock, and read the webhook events a merchant would receive.
 * Test code only.
 */
import { z } from 'zod';
import type { Interval, Language } from '../../contract/common';
import { checkoutTokenHeader } from '../../contract/checkout';
import {
  isRecordedEvent,
  webhookEventSchema,
  type EventType,
  type RecordedEvent,
  type WebhookEvent,
} from '../../contract/events';
import { paymentResponseSchema, type Payment } from '../../contract/payments';
import {
  planResponseSchema,
  subscriptionResponseSchema,
  type Subscription,
} from '../../contract/subscriptions';
import { queryAll } from '../db/database';
import type { ApiCallResult, TestSandbox } from './test-sandbox';
import { parseHostedLink } from '../../contract/hosted-links';

/** The capability token in a link's `#token=` fragment. @throws Error when there is none. */
export function tokenOf(url: string): string {
  const token = parseHostedLink(url)?.token ?? null;
  if (token === null) throw new Error(`No token in ${url}`);
  return token;
}

/** Calls a hosted checkout endpoint with `x-checkout-token: token` and no key. */
export function checkoutApi(
  sandbox: TestSandbox,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<ApiCallResult> {
  return sandbox.api(method, path, { key: null, body, headers: { [checkoutTokenHeader]: token } });
}

/** Asserts a 2xx and returns the body. @throws Error with the error body otherwise. */
export async function ok(result: Promise<ApiCallResult>): Promise<unknown> {
  const { status, body } = await result;
  if (status >= 300) throw new Error(`Expected success, got ${status} ${JSON.stringify(body)}`);
  return body;
}

/** Creates a ₦5,000 hosted-checkout payment (with payer e-mail and phone unless overridden). */
export async function createTestPayment(
  sandbox: TestSandbox,
  overrides: Record<string, unknown> = {},
  key?: string,
): Promise<Payment> {
  const body = await ok(
    sandbox.api('POST', '/api/v1/payments', {
      key,
      body: {
        amount: { amount: 5000, currency: 'NGN' },
        paymentMethod: 'hosted_checkout',
        customer: { email: 'tunde@example.com', phone: '+2348031234567' },
        callbackUrl: 'https://shop.example.com/orders/42',
        ...overrides,
      },
    }),
  );
  return paymentResponseSchema.parse(body).data;
}

const listedIdsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

/**
 * The ids on the first page (up to 100, newest first) of a merchant list route such as
 * `/api/v1/payments`: what a merchant sees was created. @throws Error when the call fails.
 */
export async function listedIds(
  sandbox: TestSandbox,
  path: string,
  key?: string,
): Promise<string[]> {
  const body = await ok(sandbox.api('GET', `${path}?limit=100`, { key }));
  return listedIdsSchema.parse(body).data.map((record) => record.id);
}

/** Simulates an inbound transfer of `amount` naira to a virtual account. */
export function transfer(
  sandbox: TestSandbox,
  virtualAccountId: string,
  amount: number,
  key?: string,
): Promise<ApiCallResult> {
  return sandbox.api('POST', `/sandbox/v1/virtual-accounts/${virtualAccountId}/transfers`, {
    key,
    body: { amount },
  });
}

/** Advances the test clock by `seconds` and applies the due work (through a request). */
export async function advance(sandbox: TestSandbox, seconds: number): Promise<void> {
  await ok(sandbox.api('POST', '/sandbox/v1/clock/advance', { body: { seconds } }));
  await ok(sandbox.api('GET', '/sandbox/v1/clock'));
}

/**
 * Creates a plan (monthly unless `interval`) and a subscription (test key unless `key`), optionally
 * with a start date and the merchant's preferred language.
 */
export async function createTestSubscription(
  sandbox: TestSandbox,
  options: {
    amount?: number;
    callbackUrl?: string;
    startDate?: string;
    key?: string;
    phone?: string;
    interval?: Interval;
    preferredLanguage?: Language;
  } = {},
): Promise<Subscription> {
  const plan = planResponseSchema.parse(
    await ok(
      sandbox.api('POST', '/api/v1/subscriptions/plans', {
        key: options.key,
        body: {
          name: 'Gym membership',
          amount: options.amount ?? 15000,
          currency: 'NGN',
          interval: options.interval ?? 'monthly',
        },
      }),
    ),
  ).data;
  return subscriptionResponseSchema.parse(
    await ok(
      sandbox.api('POST', '/api/v1/subscriptions', {
        key: options.key,
        body: {
          planId: plan.id,
          paymentMethod: 'customer_choice',
          customer: {
            email: 'chioma@example.com',
            firstName: 'Chioma',
            phone: options.phone ?? '08031234567',
          },
          ...(options.callbackUrl === undefined ? {} : { callbackUrl: options.callbackUrl }),
          ...(options.startDate === undefined ? {} : { startDate: options.startDate }),
          ...(options.preferredLanguage === undefined
            ? {}
            : { preferredLanguage: options.preferredLanguage }),
        },
      }),
    ),
  ).data;
}

/** Every webhook event recorded for the demo merchant (test events included), oldest first. */
export function allEventsOf(sandbox: TestSandbox): WebhookEvent[] {
  return queryAll(
    sandbox.sandbox.db,
    'SELECT body FROM events ORDER BY created_at, rowid',
    [],
    z.object({ body: z.string() }),
  ).map((row) => webhookEventSchema.parse(JSON.parse(row.body)));
}

/** The recorded (not test) events of kind `type`, oldest first, with `data` of that kind. */
export function eventsOf<T extends EventType>(sandbox: TestSandbox, type: T): RecordedEvent<T>[] {
  return allEventsOf(sandbox).filter((event) => isRecordedEvent(event, type));
}
