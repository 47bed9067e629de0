/**
 * Webhook delivery (service-api.md, "Events"; docs/decisions/0008-webhook-events.md): the worker
 * that sends queued deliveries by HTTP POST, signed, with retries and a delivery log.
 *
 * - Each attempt POSTs the event's stored body byte for byte with `Content-Type:
 *   application/json` and the headers `X-Service-Signature` (lowercase hex HMAC-SHA256, keyed
 *   with the merchant's webhook secret, over `timestamp + "." + rawBody`), `X-Service-Timestamp`
 *   (Unix seconds of the real time of sending, so a receiver's freshness check works even when
 *   the test clock was advanced) and `X-Service-Event` (the kind).
 * - A 2xx answer within the timeout (default 10 s) delivers; any other status (redirects
 *   included, they are not followed), a timeout or a network error is a failed attempt.
 * - After failed attempt n, attempt n + 1 is due `retryScheduleMs[n - 1]` later by the clock of
 *   the event's mode (live: the system clock; test: the test clock) (default 1 min, 5 min, 30 min, 2 h, 8 h, 24 h: 7 attempts over about 35 h); after the
 *   last one the delivery is `failed`. Advancing the test clock past a pending delay makes that
 *   retry due at once; the next delay then counts from that attempt.
 * - The queue is in the database. A claim sets a lease (timeout + 5 s of real time) and the
 *   attempt is written after the answer; a process that dies mid-attempt leaves the row due again
 *   when the lease expires, and the next claim first logs that lost attempt as `interrupted`; and a worker that is stopped releases its leases at once. So a
 *   restart loses no delivery; the receiver may then see one duplicate with the same event id.
 * - Claimed deliveries are sent concurrently and a worker tick never waits for an earlier one.
 *   Each endpoint (merchant and mode) has at most `perEndpointLimit` attempts in flight (default
 *   4), and claims are taken in due order within that cap, so a slow or hanging endpoint with a
 *   backlog holds up neither other endpoints nor the worker's connections. The server's worker
 *   (`refill`) claims again as soon as an attempt ends, so a fast endpoint is limited by its own
 *   speed, not by the timer (docs/decisions/0030-sandbox-serving-and-headers.md), and as soon as
 *   a delivery is queued (`onDeliveryQueued`), so a new event goes out within milliseconds, not
 *   at the next tick (docs/decisions/0038-sandbox-throughput.md). Retries still wait for their
 *   due time: a claim takes only what is due.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { webhookHeaders } from '../../../contract/events';
import type { AttemptError } from '../../../contract/webhooks';
import type { Mode } from '../../../contract/common';
import { systemClock, type Clock, type ModeClocks } from '../../core/clock';
import { atomically, execute, queryAll, type Db } from '../../db/database';
import { onDeliveryQueued } from './queue';

/** Characters of an endpoint's answer body kept in the delivery log. */
export const responseExcerptLength = 200;

/**
 * The first {@link responseExcerptLength} characters of an answer's body, read no further than
 * needed (a character is at most 4 UTF-8 bytes), the rest cancelled. Null without a body.
 * @throws when reading fails (the attempt's timeout or a dropped connection).
 */
async function readExcerpt(response: Response): Promise<string | null> {
  if (response.body === null) return null;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    bytes += chunk.value.byteLength;
    if (bytes >= responseExcerptLength * 4) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return (text + decoder.decode()).slice(0, responseExcerptLength);
}

/** Default per-attempt timeout, in milliseconds. */
export const defaultWebhookTimeoutMs = 10_000;

/** Default delays between attempts, in milliseconds: 1 min, 5 min, 30 min, 2 h, 8 h, 24 h. */
export const defaultRetryScheduleMs: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  8 * 3_600_000,
  24 * 3_600_000,
];

/** Options of the delivery worker. */
export interface WebhookDeliveryOptions {
  db: Db;
  /**
   * The sandbox's clocks: a delivery's due time and attempt times are read on the clock of its
   * event's mode, so advancing the test clock never hurries a live retry; leases are on the live
   * clock (real time).
   */
  clocks: ModeClocks;
  /** Clock of `X-Service-Timestamp` (default the real time). */
  signingClock?: Clock;
  /** Per-attempt timeout in ms (default {@link defaultWebhookTimeoutMs}). */
  timeoutMs?: number;
  /** Delays after failed attempts 1, 2, …, in ms (default {@link defaultRetryScheduleMs}). */
  retryScheduleMs?: readonly number[];
  /** Most deliveries claimed per pass (default 50). */
  batchSize?: number;
  /** Most attempts in flight to one endpoint, i.e. one merchant and mode (default 4). */
  perEndpointLimit?: number;
  /** The HTTP client (default the global `fetch`). */
  fetch?: typeof fetch;
  /**
   * When an attempt ends or a delivery is queued on `db`, claim what became due or claimable at
   * once instead of waiting for the next `tick()` (default false). The server's worker refills; a
   * one-pass worker ({@link deliverDueWebhooks}) does not, so a pass makes one attempt per
   * claimed delivery.
   */
  refill?: boolean;
  /** Told about every recorded attempt (the server's terminal line, sandbox/server.ts). */
  onAttempt?: (attempt: RecordedAttempt) => void;
}

/** One recorded delivery attempt, as {@link WebhookDeliveryOptions.onAttempt} is told it. */
export interface RecordedAttempt {
  deliveryId: string;
  mode: Mode;
  eventType: string;
  /** 1 for the first attempt. */
  attemptNumber: number;
  /** The endpoint it went to; '' when none was set. */
  url: string;
  /** The endpoint's HTTP status, or null (see `error`). */
  httpStatus: number | null;
  error: AttemptError | null;
  durationMs: number;
  outcome: 'succeeded' | 'failed';
}

/** What one pass did: attempts made, by outcome. */
export interface DeliveryPassSummary {
  attempted: number;
  succeeded: number;
  failed: number;
}

interface Claim {
  deliveryId: string;
  mode: Mode;
  /** The endpoint: merchant id and mode. */
  endpointKey: string;
  eventType: string;
  body: string;
  secret: string;
  url: string | null;
  /** Number of this attempt (attempts recorded so far + 1). */
  attemptNumber: number;
}

const dueRowSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  mode: z.enum(['test', 'live']),
  attempt_count: z.number().int(),
  type: z.string(),
  body: z.string(),
  webhook_secret: z.string(),
  url: z.string().nullable(),
  lease_until: z.string().nullable(),
});

/**
 * The signature header value: lowercase hex HMAC-SHA256 of `timestamp + "." + rawBody` (UTF-8)
 * under `secret`. Same as merchant-kit's `signWebhookPayload`, kept here so the sandbox does not
 * depend on the merchant kit.
 */
export function signDelivery(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/**
 * A delivery whose lease ran out was claimed by a process that died before its attempt ended: the
 * receiver may have got the POST. That attempt goes into the log as `interrupted` (issue 11), at
 * the time it was claimed (its lease's start), before the delivery is sent again.
 */
function recordInterrupted(
  db: Db,
  row: z.infer<typeof dueRowSchema>,
  leaseMs: number,
  now: Date,
): void {
  const attemptNumber = row.attempt_count + 1;
  execute(
    db,
    `INSERT INTO webhook_attempts (delivery_id, attempt_number, url, attempted_at, http_status,
       error, duration_ms)
     VALUES (?, ?, ?, ?, NULL, 'interrupted', 0)`,
    [
      row.id,
      attemptNumber,
      row.url ?? '',
      new Date(Date.parse(row.lease_until ?? now.toISOString()) - leaseMs).toISOString(),
    ],
  );
  execute(db, 'UPDATE webhook_deliveries SET attempt_count = ? WHERE id = ?', [
    attemptNumber,
    row.id,
  ]);
}

/**
 * Claims due deliveries not already in flight, in one transaction: in due order, at most `limit`
 * in all and at most `perEndpoint` in flight per endpoint (counting `inFlight`, delivery id →
 * endpoint key).
 */
function claimDue(
  db: Db,
  clocks: ModeClocks,
  leaseMs: number,
  limit: number,
  perEndpoint: number,
  inFlight: ReadonlyMap<string, string>,
): Claim[] {
  return atomically(db, () => {
    const now = { test: clocks.clockFor('test').now(), live: clocks.clockFor('live').now() };
    const atTest = now.test.toISOString();
    const atLive = now.live.toISOString();
    const busy = new Map<string, number>();
    for (const key of inFlight.values()) busy.set(key, (busy.get(key) ?? 0) + 1);
    // The first `perEndpoint` due rows of each endpoint, so a backlog at one endpoint cannot fill
    // the batch; then the cap is applied with what is already in flight.
    const rows = queryAll(
      db,
      `SELECT * FROM (
         SELECT d.id, d.merchant_id, d.mode, d.attempt_count, e.type, e.body, m.webhook_secret,
           ep.url, d.lease_until, d.rowid AS row_order,
           -- How long overdue, on the delivery's own mode's clock: the two clocks differ by the
           -- test offset, so raw due times of the two modes are not comparable.
           julianday(CASE d.mode WHEN 'test' THEN ? ELSE ? END) - julianday(d.next_attempt_at)
             AS overdue,
           ROW_NUMBER() OVER (
             PARTITION BY d.merchant_id, d.mode ORDER BY d.next_attempt_at, d.rowid
           ) AS endpoint_rank
         FROM webhook_deliveries d
         JOIN events e ON e.id = d.event_id
         JOIN merchants m ON m.id = d.merchant_id
         LEFT JOIN webhook_endpoints ep ON ep.merchant_id = d.merchant_id AND ep.mode = d.mode
         WHERE d.status = 'pending'
           AND d.next_attempt_at <= (CASE d.mode WHEN 'test' THEN ? ELSE ? END)
           AND (d.lease_until IS NULL OR d.lease_until <= ?)
       )
       WHERE endpoint_rank <= ?
       ORDER BY overdue DESC, row_order`,
      [atTest, atLive, atTest, atLive, atLive, perEndpoint + inFlight.size],
      dueRowSchema,
    )
      .filter((row) => {
        if (inFlight.has(row.id)) return false;
        const key = `${row.merchant_id}:${row.mode}`;
        const count = busy.get(key) ?? 0;
        if (count >= perEndpoint) return false;
        busy.set(key, count + 1);
        return true;
      })
      .slice(0, limit);
    for (const row of rows) {
      if (row.lease_until !== null) recordInterrupted(db, row, leaseMs, now.live);
      // Leases are real time (the live clock) in both modes: they only say a process is working
      // on the row, and advancing the test clock must not free a row still in flight.
      const leaseUntil = new Date(now.live.getTime() + leaseMs).toISOString();
      execute(db, 'UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?', [
        leaseUntil,
        row.id,
      ]);
    }
    return rows.map((row) => ({
      // recordInterrupted counted the lost attempt in the row it updated.
      deliveryId: row.id,
      mode: row.mode,
      endpointKey: `${row.merchant_id}:${row.mode}`,
      eventType: row.type,
      body: row.body,
      secret: row.webhook_secret,
      url: row.url,
      attemptNumber: row.attempt_count + (row.lease_until === null ? 1 : 2),
    }));
  });
}

interface AttemptOutcome {
  url: string;
  httpStatus: number | null;
  error: AttemptError | null;
  durationMs: number;
  /** The first characters of the answer's body; null without an answer. */
  responseExcerpt: string | null;
}

/** Writes the attempt and moves the delivery on; ignored when another writer got there first. */
function recordAttempt(
  db: Db,
  claim: Claim,
  outcome: AttemptOutcome,
  attemptedAt: Date,
  now: Date,
  schedule: readonly number[],
): 'succeeded' | 'failed' | 'stale' {
  return atomically(db, () => {
    const ok = outcome.httpStatus !== null && outcome.httpStatus >= 200 && outcome.httpStatus < 300;
    const delay = schedule[claim.attemptNumber - 1];
    const at = now.toISOString();
    // Delivered, or out of attempts: the delivery ends. Otherwise the next attempt is scheduled.
    const ended = ok || delay === undefined;
    const moved = execute(
      db,
      ended
        ? `UPDATE webhook_deliveries SET status = ?, attempt_count = ?, lease_until = NULL,
             next_attempt_at = NULL, completed_at = ?
           WHERE id = ? AND status = 'pending' AND attempt_count = ?`
        : `UPDATE webhook_deliveries SET attempt_count = ?, lease_until = NULL, next_attempt_at = ?
           WHERE id = ? AND status = 'pending' AND attempt_count = ?`,
      ended
        ? [
            ok ? 'succeeded' : 'failed',
            claim.attemptNumber,
            at,
            claim.deliveryId,
            claim.attemptNumber - 1,
          ]
        : [
            claim.attemptNumber,
            new Date(now.getTime() + delay).toISOString(),
            claim.deliveryId,
            claim.attemptNumber - 1,
          ],
    );
    if (moved === 0) return 'stale';
    execute(
      db,
      `INSERT INTO webhook_attempts (delivery_id, attempt_number, url, attempted_at, http_status,
         error, duration_ms, response_excerpt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        claim.deliveryId,
        claim.attemptNumber,
        outcome.url,
        attemptedAt.toISOString(),
        outcome.httpStatus,
        outcome.error,
        outcome.durationMs,
        outcome.responseExcerpt,
      ],
    );
    return ok ? 'succeeded' : 'failed';
  });
}

/** Gives claimed rows back (the worker stopped before their attempts ended). */
function releaseLeases(db: Db, deliveryIds: readonly string[]): void {
  for (const id of deliveryIds) {
    execute(
      db,
      "UPDATE webhook_deliveries SET lease_until = NULL WHERE id = ? AND status = 'pending'",
      [id],
    );
  }
}

/** A delivery worker: call `tick()` on a timer; `stop()` before closing the database. */
export interface WebhookWorker {
  /**
   * Claims the deliveries due now (not already in flight), sends them concurrently and resolves
   * when those attempts are recorded. Ticks may overlap: each claims only what no other holds.
   * Resolves with zeros once stopped.
   */
  tick(): Promise<DeliveryPassSummary>;
  /** Aborts attempts in flight (their rows stay pending, leases released) and waits for them. */
  stop(): Promise<void>;
}

/**
 * Creates a delivery worker over the sandbox database. Attempts run with the global `fetch`
 * (or `options.fetch`); see the module docs for the rules.
 * @throws RangeError for a non-positive timeout, a negative delay in the schedule, or a
 *   per-endpoint limit that is not a positive integer.
 */
export function createWebhookWorker(options: WebhookDeliveryOptions): WebhookWorker {
  const { db, clocks } = options;
  const signingClock = options.signingClock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? defaultWebhookTimeoutMs;
  const schedule = options.retryScheduleMs ?? defaultRetryScheduleMs;
  const batchSize = options.batchSize ?? 50;
  const perEndpointLimit = options.perEndpointLimit ?? 4;
  const send = options.fetch ?? fetch;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError('timeoutMs must be a positive number of milliseconds');
  }
  if (schedule.some((ms) => !Number.isSafeInteger(ms) || ms < 0)) {
    throw new RangeError('retryScheduleMs must hold whole, non-negative milliseconds');
  }
  if (!Number.isSafeInteger(perEndpointLimit) || perEndpointLimit < 1) {
    throw new RangeError('perEndpointLimit must be a positive whole number');
  }
  const leaseMs = Math.ceil(timeoutMs) + 5000;
  const inFlight = new Map<string, string>();
  const running = new Set<Promise<unknown>>();
  const shutdown = new AbortController();
  let stopped = false;

  async function attempt(claim: Claim): Promise<'succeeded' | 'failed' | 'stale' | 'aborted'> {
    const clock = clocks.clockFor(claim.mode);
    const attemptedAt = clock.now();
    const started = performance.now();
    let outcome: AttemptOutcome;
    if (claim.url === null) {
      outcome = {
        url: '',
        httpStatus: null,
        error: 'no_endpoint',
        durationMs: 0,
        responseExcerpt: null,
      };
    } else {
      const timestamp = String(Math.floor(signingClock.now().getTime() / 1000));
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([timeout, shutdown.signal]);
      let httpStatus: number | null = null;
      let error: AttemptError | null = null;
      let responseExcerpt: string | null = null;
      try {
        const response = await send(claim.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'ServiceSandbox-Webhooks/1',
            [webhookHeaders.signature]: signDelivery(claim.secret, timestamp, claim.body),
            [webhookHeaders.timestamp]: timestamp,
            [webhookHeaders.event]: claim.eventType,
          },
          body: claim.body,
          redirect: 'manual',
          signal,
        });
        httpStatus = response.status;
        // Only the status decides the outcome; the body's start is kept for the delivery log,
        // read under the same timeout. A body that fails mid-read leaves the status standing.
        responseExcerpt = await readExcerpt(response).catch(() => null);
      } catch {
        if (shutdown.signal.aborted) return 'aborted';
        error = timeout.aborted ? 'timeout' : 'network_error';
      }
      outcome = {
        url: claim.url,
        httpStatus,
        error,
        durationMs: Math.max(0, Math.round(performance.now() - started)),
        responseExcerpt,
      };
    }
    if (stopped) return 'aborted';
    const recorded = recordAttempt(db, claim, outcome, attemptedAt, clock.now(), schedule);
    if (recorded !== 'stale') {
      options.onAttempt?.({
        deliveryId: claim.deliveryId,
        mode: claim.mode,
        eventType: claim.eventType,
        attemptNumber: claim.attemptNumber,
        url: outcome.url,
        httpStatus: outcome.httpStatus,
        error: outcome.error,
        durationMs: outcome.durationMs,
        outcome: recorded,
      });
    }
    return recorded;
  }

  /** Sends `claim` (already leased), tracked in flight until its attempt is recorded. */
  function start(claim: Claim): Promise<'succeeded' | 'failed' | 'stale' | 'aborted'> {
    inFlight.set(claim.deliveryId, claim.endpointKey);
    const result = attempt(claim)
      .catch((error: unknown) => {
        console.error(`[sandbox] webhook delivery ${claim.deliveryId} failed:`, error);
        return 'stale' as const;
      })
      .finally(() => {
        inFlight.delete(claim.deliveryId);
        running.delete(result);
        scheduleRefill();
      });
    running.add(result);
    return result;
  }

  // With `refill`, a finished attempt frees a place in its endpoint's cap, and a queued delivery
  // is due at once: the next due deliveries are claimed right away (one claim for everything
  // that happened in the same turn, after the queuing transaction committed) rather than at the
  // next tick, which capped an endpoint at `perEndpointLimit` deliveries per tick and left a new
  // event waiting up to a tick. Claims keep their order and cap (claimDue), so the rules above
  // hold unchanged.
  let refillQueued = false;
  function scheduleRefill(): void {
    if (options.refill !== true || stopped || refillQueued) return;
    refillQueued = true;
    setImmediate(() => {
      refillQueued = false;
      if (stopped) return;
      try {
        for (const claim of claimDue(db, clocks, leaseMs, batchSize, perEndpointLimit, inFlight)) {
          // Tracked in `running`; its outcome is logged by `start`, nobody waits for it here.
          void start(claim);
        }
      } catch (error) {
        console.error('[sandbox] webhook delivery failed:', error);
      }
    });
  }

  const stopListening = options.refill === true ? onDeliveryQueued(db, scheduleRefill) : () => {};

  return {
    async tick() {
      const summary: DeliveryPassSummary = { attempted: 0, succeeded: 0, failed: 0 };
      if (stopped) return summary;
      const claims = claimDue(db, clocks, leaseMs, batchSize, perEndpointLimit, inFlight);
      const results = claims.map(start);
      for (const result of await Promise.all(results)) {
        if (result === 'succeeded' || result === 'failed') {
          summary.attempted += 1;
          summary[result] += 1;
        }
      }
      return summary;
    },
    async stop() {
      if (stopped) return;
      const held = [...inFlight.keys()];
      stopped = true;
      stopListening();
      shutdown.abort();
      await Promise.allSettled([...running]);
      releaseLeases(db, held);
    },
  };
}

/**
 * One delivery pass with a throwaway worker: sends everything due now and resolves when every
 * attempt of the pass is recorded. For tests and scripts; the server keeps one worker on a timer.
 */
export async function deliverDueWebhooks(
  options: WebhookDeliveryOptions,
): Promise<DeliveryPassSummary> {
  return createWebhookWorker(options).tick();
}
