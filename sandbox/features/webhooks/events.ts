/**
 * Recording webhook events (service-api.md, "Events"). An operation that causes an event calls
 * {@link recordEvent} inside the same transaction as its own writes, so an event exists exactly
 * when the change it reports was committed (a failed request records nothing; an idempotent replay
 * does not run the handler, so it records nothing twice).
 *
 * The body is serialized once here and stored; every delivery, retry and replay sends these exact
 * bytes (a delivered event is immutable). When the merchant has a webhook endpoint for the event's
 * mode, a delivery is queued in the same transaction (sandbox/features/webhooks/delivery.ts sends
 * it). Which operation emits which event: docs/decisions/0008-webhook-events.md.
 */
import type { Mode } from '../../../contract/common';
import {
  webhookEventSchema,
  type EventData,
  type EventType,
  type SampleEventData,
  type WebhookEvent,
} from '../../../contract/events';
import { randomId } from '../../core/crypto';
import { execute, type Db } from '../../db/database';
import { enqueueDelivery, findEndpointUrl } from './queue';

interface EventCommon {
  merchantId: string;
  mode: Mode;
  /** The sandbox clock's now (service time, not wall time). */
  now: Date;
}

/**
 * What {@link recordEvent} needs: `data` is the affected resource of the kind's documented shape
 * (`eventDataSchemas` in contract/events.ts), checked by the compiler at each call.
 */
export type EventInput = {
  [T in EventType]: EventCommon & { type: T; data: EventData<T> };
}[EventType];

/** A test event of any kind, with sample data that refers to no record. */
export type SampleEventInput = EventCommon & {
  type: EventType;
  data: SampleEventData;
  sample: true;
};

/**
 * Stores one event (id `evt_…`, body serialized once) without queueing any delivery. Used by
 * {@link recordEvent} and by the test-event control, which queues its own delivery.
 * @throws ZodError when `data` breaks its kind's documented shape (a bug: the surrounding
 *   transaction then rolls back, so the change is not committed without its event).
 * @throws Error from the database.
 */
export function storeEvent(db: Db, input: EventInput | SampleEventInput): WebhookEvent {
  // Checked against the documented shape of its kind, and stored with the documented fields only.
  const event = webhookEventSchema.parse({
    id: randomId('evt_'),
    type: input.type,
    mode: input.mode,
    createdAt: input.now.toISOString(),
    data: input.data,
    ...('sample' in input ? { sample: true } : {}),
  });
  execute(
    db,
    `INSERT INTO events (id, merchant_id, mode, type, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [event.id, input.merchantId, input.mode, input.type, JSON.stringify(event), event.createdAt],
  );
  return event;
}

/**
 * Records one event and returns it (id `evt_…`). Call it inside the transaction of the change it
 * reports. When the merchant has a webhook endpoint for `mode`, a delivery (due now) is queued
 * in the same transaction; without one the event is only logged (setting an endpoint later does
 * not send old events; replay them).
 * @throws Error from the database (the surrounding transaction then rolls back).
 */
export function recordEvent(db: Db, input: EventInput): WebhookEvent {
  const event = storeEvent(db, input);
  if (findEndpointUrl(db, input.merchantId, input.mode) !== null) {
    enqueueDelivery(db, {
      eventId: event.id,
      merchantId: input.merchantId,
      mode: input.mode,
      trigger: 'event',
      now: input.now,
    });
  }
  return event;
}
