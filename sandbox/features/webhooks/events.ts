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
import type { EventType, WebhookEvent } from '../../../contract/events';
import { randomId } from '../../core/crypto';
import { execute, type Db } from '../../db/database';
import { enqueueDelivery, findEndpointUrl } from './queue';

/** What {@link recordEvent} needs. `data` is the affected resource as the API returns it. */
export interface EventInput {
  merchantId: string;
  mode: Mode;
  type: EventType;
  data: Record<string, unknown>;
  /** The sandbox clock's now (service time, not wall time). */
  now: Date;
  /** True for a test event only: the body then carries `sample: true`. */
  sample?: boolean;
}

/**
 * Stores one event (id `evt_…`, body serialized once) without queueing any delivery. Used by
 * {@link recordEvent} and by the test-event control, which queues its own delivery.
 * @throws Error from the database.
 */
export function storeEvent(db: Db, input: EventInput): WebhookEvent {
  const event: WebhookEvent = {
    id: randomId('evt_'),
    type: input.type,
    mode: input.mode,
    createdAt: input.now.toISOString(),
    data: input.data,
    ...(input.sample === true ? { sample: true as const } : {}),
  };
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
