/**
 * Webhook events (service-api.md, "Events"): the twelve event kinds and the one payload shape
 * every delivery carries. The interface document leaves the payload shape "not shown"; ours is
 * recorded in docs/decisions/0008-webhook-events.md.
 *
 * Payload (the raw JSON body of a delivery, fixed when the event is recorded and never changed):
 * `{ id: "evt_…", type, mode: "test" | "live", createdAt: ISO 8601 UTC, data: { … } }`, plus
 * `sample: true` on a test event (sent on request through the sandbox, in either mode): such an
 * event refers to no record and proves nothing; receivers acknowledge it and act on nothing.
 * Amounts inside `data` are naira (numbers with at most 2 decimals), as everywhere in the API.
 */
import { z } from 'zod';
import { modeSchema } from './common';

/** The event kinds of service-api.md, "Events", in the document's order. */
export const eventTypes = [
  'payment.success',
  'payment.failed',
  'virtual_account.credit',
  'transaction.created',
  'settlement.completed',
  'payout.successful',
  'payout.failed',
  'subscription.created',
  'subscription.renewed',
  'subscription.expired',
  'subscription.payment.success',
  'subscription.payment.failed',
] as const;

export const eventTypeSchema = z.enum(eventTypes);
export type EventType = z.infer<typeof eventTypeSchema>;

/** The JSON body of every webhook delivery. `data` is the affected resource as the API shows it. */
export const webhookEventSchema = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9]+$/),
  type: eventTypeSchema,
  mode: modeSchema,
  createdAt: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
  /** Present (true) only on a test event: it refers to no record. */
  sample: z.literal(true).optional(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** Delivery headers (service-api.md, "Events"); servers usually see them lowercased. */
export const webhookHeaders = {
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  event: 'X-Service-Event',
} as const;
