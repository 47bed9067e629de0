/**
 * Subscriber figures (service-api.md, "States and transitions": a pending_activation subscription
 * is excluded from active subscribers, MRR and ARR, and counted once it activates). Ours:
 * `GET /api/v1/subscriptions/metrics`, documented in sandbox/README.md, "Subscriber figures".
 *
 * - `activeSubscribers`: subscriptions of the key's mode in status `active`;
 * - `mrr`: monthly recurring revenue in naira: each active subscription's plan amount normalized
 *   to a month (weekly × 52 / 12, monthly × 1, quarterly / 3, yearly / 12), summed, rounded to
 *   the kobo;
 * - `arr`: annual recurring revenue in naira, `mrr` × 12 (rounded from the unrounded sum);
 * - `asOf`: the instant of the figures by the mode's clock (the test clock in test mode).
 */
import { z } from 'zod';
import { isoTimestampSchema, modeSchema, type Interval } from './common';

/** How many of each interval fit in a year: a plan's monthly amount is amount × this / 12. */
export const periodsPerYear: Readonly<Record<Interval, number>> = {
  weekly: 52,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

export const subscriptionMetricsSchema = z.object({
  mode: modeSchema,
  activeSubscribers: z.number().int().nonnegative(),
  mrr: z.number().nonnegative(),
  arr: z.number().nonnegative(),
  currency: z.literal('NGN'),
  asOf: isoTimestampSchema,
});
export type SubscriptionMetrics = z.infer<typeof subscriptionMetricsSchema>;
export const subscriptionMetricsResponseSchema = z.object({ data: subscriptionMetricsSchema });
