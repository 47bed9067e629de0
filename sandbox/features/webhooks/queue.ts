/**
 * The webhook endpoint per merchant and mode, the delivery queue and the delivery log, in the
 * database (migration 4): `webhook_endpoints`, `webhook_deliveries`, `webhook_attempts`.
 * Synchronous: call inside the caller's transaction. Times are ISO 8601 UTC by the sandbox clock.
 */
import { z } from 'zod';
import type { Mode } from '../../../contract/common';
import { webhookEventSchema } from '../../../contract/events';
import type {
  Delivery,
  DeliveryAttempt,
  EventLogEntry,
  WebhookEndpoint,
} from '../../../contract/webhooks';
import { attemptErrorSchema } from '../../../contract/webhooks';
import { randomId } from '../../core/crypto';
import { execute, queryAll, queryOne, type Db } from '../../db/database';

// Row schemas built once: building a zod object costs far more than parsing with it.
const eventIdRowSchema = z.object({ event_id: z.string() });

/** Why a delivery was queued: the event itself, a replay, or a test event. */
export type DeliveryTrigger = 'event' | 'replay' | 'test';

const endpointRowSchema = z.object({ url: z.string(), updated_at: z.string() });

/** The merchant's endpoint URL for `mode`, or null when none is set. */
export function findEndpointUrl(db: Db, merchantId: string, mode: Mode): string | null {
  return (
    queryOne(
      db,
      'SELECT url, updated_at FROM webhook_endpoints WHERE merchant_id = ? AND mode = ?',
      [merchantId, mode],
      endpointRowSchema,
    )?.url ?? null
  );
}

/** The endpoint of `mode` as the API shows it (url null when none is set). */
export function getEndpoint(db: Db, merchantId: string, mode: Mode): WebhookEndpoint {
  const row = queryOne(
    db,
    'SELECT url, updated_at FROM webhook_endpoints WHERE merchant_id = ? AND mode = ?',
    [merchantId, mode],
    endpointRowSchema,
  );
  return { mode, url: row?.url ?? null, updatedAt: row?.updated_at ?? null };
}

/**
 * Sets (or, with `url` null, removes) the endpoint of `mode`. Pending deliveries follow the
 * endpoint: their next attempt goes to the URL set at that time.
 */
export function setEndpoint(
  db: Db,
  input: { merchantId: string; mode: Mode; url: string | null; now: Date },
): WebhookEndpoint {
  if (input.url === null) {
    execute(db, 'DELETE FROM webhook_endpoints WHERE merchant_id = ? AND mode = ?', [
      input.merchantId,
      input.mode,
    ]);
  } else {
    execute(
      db,
      `INSERT INTO webhook_endpoints (merchant_id, mode, url, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_id, mode) DO UPDATE SET url = excluded.url,
         updated_at = excluded.updated_at`,
      [input.merchantId, input.mode, input.url, input.now.toISOString()],
    );
  }
  return getEndpoint(db, input.merchantId, input.mode);
}

/** Who is told when a delivery is queued on a database (delivery workers that refill). */
const queuedListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` each time {@link enqueueDelivery} queues a delivery on `db` (synchronously,
 * inside the queuing transaction: a listener that reads the queue must wait until it commits,
 * e.g. with `setImmediate`). Returns the function that removes it.
 */
export function onDeliveryQueued(db: Db, listener: () => void): () => void {
  let listeners = queuedListeners.get(db);
  if (listeners === undefined) {
    listeners = new Set();
    queuedListeners.set(db, listeners);
  }
  const mine = listeners;
  mine.add(listener);
  return () => {
    mine.delete(listener);
  };
}

/**
 * Queues a delivery of event `eventId`, due at `now`, and returns its id (`whd_…`); tells the
 * {@link onDeliveryQueued} listeners, so a running worker sends it without waiting for its timer.
 */
export function enqueueDelivery(
  db: Db,
  input: { eventId: string; merchantId: string; mode: Mode; trigger: DeliveryTrigger; now: Date },
): string {
  const id = randomId('whd_');
  const at = input.now.toISOString();
  execute(
    db,
    `INSERT INTO webhook_deliveries (id, event_id, merchant_id, mode, trigger, status,
       attempt_count, next_attempt_at, lease_until, created_at, completed_at)
     VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, NULL, ?, NULL)`,
    [id, input.eventId, input.merchantId, input.mode, input.trigger, at, at],
  );
  for (const listener of queuedListeners.get(db) ?? []) listener();
  return id;
}

const deliveryRowSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  trigger: z.enum(['event', 'replay', 'test']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

const attemptRowSchema = z.object({
  delivery_id: z.string(),
  attempt_number: z.number().int(),
  url: z.string(),
  attempted_at: z.string(),
  http_status: z.number().int().nullable(),
  error: attemptErrorSchema.nullable(),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable(),
});

const eventRowSchema = z.object({ id: z.string(), body: z.string() });

function renderAttempt(row: z.infer<typeof attemptRowSchema>): DeliveryAttempt {
  return {
    attemptNumber: row.attempt_number,
    attemptedAt: row.attempted_at,
    url: row.url,
    httpStatus: row.http_status,
    error: row.error,
    durationMs: row.duration_ms,
    responseExcerpt: row.response_excerpt,
  };
}

function deliveriesOf(db: Db, eventId: string): Delivery[] {
  const rows = queryAll(
    db,
    `SELECT id, event_id, trigger, status, attempt_count, next_attempt_at, created_at, completed_at
     FROM webhook_deliveries WHERE event_id = ? ORDER BY created_at, rowid`,
    [eventId],
    deliveryRowSchema,
  );
  const attempts = queryAll(
    db,
    `SELECT a.delivery_id, a.attempt_number, a.url, a.attempted_at, a.http_status, a.error,
       a.duration_ms, a.response_excerpt
     FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
     WHERE d.event_id = ? ORDER BY a.id`,
    [eventId],
    attemptRowSchema,
  );
  return rows.map((row) => ({
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    attempts: attempts.filter((a) => a.delivery_id === row.id).map(renderAttempt),
  }));
}

/** One delivery as the API shows it. @throws Error when it does not exist. */
export function getDelivery(db: Db, deliveryId: string): Delivery {
  const row = queryOne(
    db,
    'SELECT event_id FROM webhook_deliveries WHERE id = ?',
    [deliveryId],
    eventIdRowSchema,
  );
  const delivery =
    row === null ? undefined : deliveriesOf(db, row.event_id).find((d) => d.id === deliveryId);
  if (delivery === undefined) throw new Error(`Delivery ${deliveryId} is missing`);
  return delivery;
}

function toEntry(db: Db, row: z.infer<typeof eventRowSchema>): EventLogEntry {
  return {
    event: webhookEventSchema.parse(JSON.parse(row.body)),
    rawBody: row.body,
    deliveries: deliveriesOf(db, row.id),
  };
}

/** Event `eventId` of the merchant in `mode` with its delivery log, or null (other mode too). */
export function findEventLog(
  db: Db,
  merchantId: string,
  mode: Mode,
  eventId: string,
): EventLogEntry | null {
  const row = queryOne(
    db,
    'SELECT id, body FROM events WHERE id = ? AND merchant_id = ? AND mode = ?',
    [eventId, merchantId, mode],
    eventRowSchema,
  );
  return row === null ? null : toEntry(db, row);
}

/** The `limit` most recent events of the merchant in `mode`, newest first, with their logs. */
export function listEventLog(db: Db, merchantId: string, mode: Mode, limit = 100): EventLogEntry[] {
  return queryAll(
    db,
    `SELECT id, body FROM events WHERE merchant_id = ? AND mode = ?
     ORDER BY created_at DESC, rowid DESC LIMIT ?`,
    [merchantId, mode, limit],
    eventRowSchema,
  ).map((row) => toEntry(db, row));
}
