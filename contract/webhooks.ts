/**
 * The webhook delivery log and its sandbox controls (service-api.md, "Events", delivery notes:
 * "The merchant dashboard shows recent delivery attempts with their HTTP status, and offers a
 * webhook test and replay"). The sandbox has no dashboard, so these are API routes under
 * `/sandbox/v1/webhooks` (contract/routes-webhooks.ts) and CLI commands; each acts on the mode of
 * the secret key that calls it. Rules: docs/decisions/0008-webhook-events.md.
 *
 * Times are ISO 8601 UTC by the sandbox clock; durations are milliseconds.
 */
import { z } from 'zod';
import { isoTimestampSchema, modeSchema } from './common';
import { eventTypeSchema, webhookEventSchema } from './events';

/**
 * A webhook endpoint URL: absolute `http:` or `https:` (the sandbox delivers to local receivers
 * too), no credentials, at most 2048 characters.
 */
export const webhookUrlSchema = z
  .string()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    },
    { error: 'must be an absolute http(s) URL without credentials' },
  );

/** `PUT /sandbox/v1/webhooks/endpoint`: set the key's mode's endpoint; `null` removes it. */
export const webhookEndpointRequestSchema = z.strictObject({
  url: webhookUrlSchema.nullable(),
});
export type WebhookEndpointRequest = z.infer<typeof webhookEndpointRequestSchema>;

export const webhookEndpointSchema = z.object({
  mode: modeSchema,
  /** Where deliveries of this mode go; null when none is set (events are then only logged). */
  url: z.string().nullable(),
  updatedAt: z.nullable(isoTimestampSchema),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointResponseSchema = z.object({ data: webhookEndpointSchema });

/**
 * Why an attempt got no HTTP status: no answer within the timeout, a connection or DNS failure,
 * or no endpoint configured when the attempt fell due.
 */
export const attemptErrorSchema = z.enum([
  'timeout',
  'network_error',
  'no_endpoint',
  'interrupted',
]);
export type AttemptError = z.infer<typeof attemptErrorSchema>;

/** One POST of a delivery. A success shows `httpStatus` 200 (any 2xx counts as delivered). */
export const deliveryAttemptSchema = z.object({
  attemptNumber: z.number().int().positive(),
  attemptedAt: isoTimestampSchema,
  url: z.string(),
  httpStatus: z.number().int().nullable(),
  error: attemptErrorSchema.nullable(),
  durationMs: z.number().int().nonnegative(),
  /**
   * The first 200 characters of the endpoint's answer body (UTF-8 as received); null when there
   * was no answer (timeout, network error, no endpoint) or the attempt predates the excerpt.
   */
  responseExcerpt: z.string().max(200).nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** Why a delivery exists: the event itself, a replay, or a test event. */
export const deliveryTriggerSchema = z.enum(['event', 'replay', 'test']);
export const deliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed']);

/** One delivery of an event with its attempts, oldest first. */
export const deliverySchema = z.object({
  id: z.string().startsWith('whd_'),
  trigger: deliveryTriggerSchema,
  status: deliveryStatusSchema,
  attemptCount: z.number().int().nonnegative(),
  /** When the next attempt is due (pending deliveries); null once succeeded or failed. */
  nextAttemptAt: z.nullable(isoTimestampSchema),
  createdAt: isoTimestampSchema,
  completedAt: z.nullable(isoTimestampSchema),
  attempts: z.array(deliveryAttemptSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** An event with its exact body (what every delivery sends) and its delivery log. */
export const eventLogEntrySchema = z.object({
  event: webhookEventSchema,
  /** The raw JSON body, byte for byte as delivered and signed. */
  rawBody: z.string(),
  deliveries: z.array(deliverySchema),
});
export type EventLogEntry = z.infer<typeof eventLogEntrySchema>;

/** `GET /sandbox/v1/webhooks/events`: the 100 most recent events of the key's mode, newest first. */
export const eventLogListResponseSchema = z.object({ data: z.array(eventLogEntrySchema) });
/** `GET /sandbox/v1/webhooks/events/:eventId` */
export const eventLogResponseSchema = z.object({ data: eventLogEntrySchema });

/**
 * `POST /sandbox/v1/webhooks/test`: record a sample event of `type` (default `payment.success`)
 * and deliver it. Its `data` carries `sample: true` and no real record: it proves nothing.
 */
export const testWebhookRequestSchema = z.strictObject({
  type: eventTypeSchema.optional(),
});

/** `POST /sandbox/v1/webhooks/events/:eventId/replay`: body `{}`. */
export const replayWebhookRequestSchema = z.strictObject({});

/** Answer of test and replay: the event and the delivery just queued (202). */
export const deliveryQueuedResponseSchema = z.object({
  data: z.object({ event: webhookEventSchema, delivery: deliverySchema }),
});
