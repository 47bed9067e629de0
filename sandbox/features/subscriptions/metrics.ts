/**
 * `GET /api/v1/subscriptions/metrics` (contract/subscription-metrics.ts): active subscribers, MRR
 * and ARR of the key's mode. Computed on every read from the subscriptions as the due work left
 * them, so the test clock moves the figures: activation counts a subscription, expiry stops
 * counting it (service-api.md, "States and transitions").
 */
import { z } from 'zod';
import { intervalSchema } from '../../../contract/common';
import { koboToNaira } from '../../../contract/money';
import { periodsPerYear } from '../../../contract/subscription-metrics';
import type { HandlerContext, HandlerRegistry, HandlerResult } from '../../core/handler';
import { queryAll } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const activePlanRowSchema = z.object({ interval: intervalSchema, amount_kobo: z.number().int() });

/** The figures of a merchant's mode; see the contract for the normalization. */
function getSubscriptionMetrics(
  context: HandlerContext<'getSubscriptionMetrics'>,
): HandlerResult<'getSubscriptionMetrics'> {
  const { merchantId, mode } = context.caller;
  // Only `active` counts: pending_activation, cancelled and expired never do.
  const active = queryAll(
    context.services.db,
    `SELECT p.interval AS interval, p.amount_kobo AS amount_kobo
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id
     WHERE s.merchant_id = ? AND s.mode = ? AND s.status = 'active'`,
    [merchantId, mode],
    activePlanRowSchema,
  );
  // Annual kobo first: an integer, so MRR and ARR round once each and ARR is exactly 12 × MRR's
  // unrounded value.
  const annualKobo = active.reduce(
    (sum, row) => sum + row.amount_kobo * periodsPerYear[row.interval],
    0,
  );
  return {
    status: 200,
    body: {
      data: {
        mode,
        activeSubscribers: active.length,
        mrr: koboToNaira(Math.round(annualKobo / 12)),
        arr: koboToNaira(annualKobo),
        currency: 'NGN',
        asOf: context.now.toISOString(),
      },
    },
  };
}

/** Handlers of the subscriber figures, by route name. */
export const subscriptionMetricsHandlers = {
  getSubscriptionMetrics: { run: getSubscriptionMetrics },
} satisfies HandlerRegistry;
