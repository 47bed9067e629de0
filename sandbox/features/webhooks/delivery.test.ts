import { afterEach, expect, test, vi } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import {
  deliveryQueuedResponseSchema,
  eventLogListResponseSchema,
  eventLogResponseSchema,
  webhookEndpointResponseSchema,
  type EventLogEntry,
} from '../../../contract/webhooks';
import { signWebhookPayload } from '../../../merchant-kit/verify-webhook-signature';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import {
  createWebhookWorker,
  deliverDueWebhooks,
  signDelivery,
  type WebhookDeliveryOptions,
} from './delivery';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

function start(): TestSandbox {
  const sandbox = createTestSandbox({ start: new Date('2026-03-01T09:00:00Z') });
  sandboxes.push(sandbox);
  return sandbox;
}

interface Sent {
  url: string;
  headers: Headers;
  body: string;
}

/** A fake `fetch` recording what it was sent and answering with `status(call)` and `body`. */
function fakeFetch(
  status: (sent: Sent) => number | Error,
  body: string | null = null,
): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fn = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request: Sent = {
      url: input instanceof Request ? input.url : String(input),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    };
    sent.push(request);
    const answer = status(request);
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(new Response(body, { status: answer }));
  };
  return { fetch: fn, sent };
}

/** A `fetch` that never answers; it rejects only when its signal aborts. */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => {
      reject(new Error('aborted'));
    });
  });

function options(sandbox: TestSandbox, fetchFn: typeof fetch): WebhookDeliveryOptions {
  return { db: sandbox.sandbox.db, clocks: sandbox.sandbox.clocks, fetch: fetchFn };
}

async function setEndpoint(sandbox: TestSandbox, url: string | null, key?: string): Promise<void> {
  const result = await sandbox.api('PUT', '/sandbox/v1/webhooks/endpoint', { key, body: { url } });
  expect(result.status).toBe(200);
}

async function testEvent(sandbox: TestSandbox, type?: string): Promise<string> {
  const result = await sandbox.api('POST', '/sandbox/v1/webhooks/test', {
    body: type === undefined ? {} : { type },
  });
  expect(result.status).toBe(202);
  return deliveryQueuedResponseSchema.parse(result.body).data.event.id;
}

async function logOf(sandbox: TestSandbox, eventId: string): Promise<EventLogEntry> {
  const result = await sandbox.api('GET', `/sandbox/v1/webhooks/events/${eventId}`);
  expect(result.status).toBe(200);
  return eventLogResponseSchema.parse(result.body).data;
}

test('the endpoint is set, read and removed per mode', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks/test');
  await setEndpoint(
    sandbox,
    'https://merchant.example/hooks/live',
    sandbox.credentials.liveSecretKey,
  );
  const test = webhookEndpointResponseSchema.parse(
    (await sandbox.api('GET', '/sandbox/v1/webhooks/endpoint')).body,
  ).data;
  expect(test).toMatchObject({ mode: 'test', url: 'https://merchant.example/hooks/test' });
  const live = webhookEndpointResponseSchema.parse(
    (
      await sandbox.api('GET', '/sandbox/v1/webhooks/endpoint', {
        key: sandbox.credentials.liveSecretKey,
      })
    ).body,
  ).data;
  expect(live).toMatchObject({ mode: 'live', url: 'https://merchant.example/hooks/live' });
  await setEndpoint(sandbox, null);
  expect(
    webhookEndpointResponseSchema.parse(
      (await sandbox.api('GET', '/sandbox/v1/webhooks/endpoint')).body,
    ).data,
  ).toEqual({ mode: 'test', url: null, updatedAt: null });
});

test('an endpoint URL must be absolute http(s) without credentials', async () => {
  const sandbox = start();
  for (const url of [
    'ftp://merchant.example/hooks',
    '/hooks',
    'https://user:pw@merchant.example/',
  ]) {
    const result = await sandbox.api('PUT', '/sandbox/v1/webhooks/endpoint', { body: { url } });
    expect(result.status).toBe(400);
    expect(errorBodySchema.parse(result.body).code).toBe('VALIDATION_FAILED');
  }
});

test('a test event needs an endpoint, and says it is a sample', async () => {
  const sandbox = start();
  const refused = await sandbox.api('POST', '/sandbox/v1/webhooks/test', { body: {} });
  expect(refused.status).toBe(409);
  expect(errorBodySchema.parse(refused.body)).toMatchObject({
    code: 'WEBHOOK_ENDPOINT_REQUIRED',
    requestId: expect.stringMatching(/^req_/) as string,
  });
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox, 'virtual_account.credit');
  const entry = await logOf(sandbox, eventId);
  expect(entry.event).toMatchObject({ type: 'virtual_account.credit', mode: 'test' });
  // Marked at the top of the signed body too, so a receiver can ignore it before reading data.
  expect(entry.event).toMatchObject({ sample: true, data: { sample: true } });
  expect(entry.deliveries).toMatchObject([{ trigger: 'test', status: 'pending', attempts: [] }]);
});

test('advancing the test clock hurries test retries only; a live retry waits for real time', async () => {
  const sandbox = start();
  const liveKey = sandbox.credentials.liveSecretKey;
  await setEndpoint(sandbox, 'https://merchant.example/hooks/test');
  await setEndpoint(sandbox, 'https://merchant.example/hooks/live', liveKey);
  await testEvent(sandbox);
  const live = await sandbox.api('POST', '/sandbox/v1/webhooks/test', { key: liveKey, body: {} });
  expect(live.status).toBe(202);
  const { fetch, sent } = fakeFetch(() => 500);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).failed).toBe(2);

  const advanced = await sandbox.api('POST', '/sandbox/v1/clock/advance', {
    body: { seconds: 3600 },
  });
  expect(advanced.status).toBe(200);
  await deliverDueWebhooks(options(sandbox, fetch));
  expect(sent.map((request) => request.url)).toEqual([
    'https://merchant.example/hooks/test',
    'https://merchant.example/hooks/live',
    'https://merchant.example/hooks/test',
  ]);
  // A minute of real (base) time later, the live retry is due.
  sandbox.clock.advanceBy(60_000);
  await deliverDueWebhooks(options(sandbox, fetch));
  expect(sent.at(-1)?.url).toBe('https://merchant.example/hooks/live');
});

test('a delivery is a signed POST of the stored body; a 2xx ends it with status 200 in the log', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  // The receiver answers with a long body: the log keeps its first 200 characters.
  const answerBody = `{"received":true,"note":"${'é'.repeat(300)}"}`;
  const { fetch, sent } = fakeFetch(() => 200, answerBody);
  expect(await deliverDueWebhooks(options(sandbox, fetch))).toEqual({
    attempted: 1,
    succeeded: 1,
    failed: 0,
  });
  const entry = await logOf(sandbox, eventId);
  const [request] = sent;
  expect(request?.url).toBe('https://merchant.example/hooks');
  expect(request?.body).toBe(entry.rawBody);
  expect(request?.headers.get('content-type')).toBe('application/json');
  expect(request?.headers.get('x-service-event')).toBe('payment.success');
  const timestamp = request?.headers.get('x-service-timestamp') ?? '';
  expect(timestamp).toMatch(/^\d+$/);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(5);
  expect(request?.headers.get('x-service-signature')).toBe(
    signWebhookPayload({
      rawBody: entry.rawBody,
      secret: sandbox.credentials.webhookSecret,
      timestamp,
    }),
  );
  expect(entry.deliveries).toMatchObject([
    {
      status: 'succeeded',
      attemptCount: 1,
      nextAttemptAt: null,
      completedAt: '2026-03-01T09:00:00.000Z',
      attempts: [
        {
          attemptNumber: 1,
          httpStatus: 200,
          error: null,
          attemptedAt: '2026-03-01T09:00:00.000Z',
          responseExcerpt: answerBody.slice(0, 200),
        },
      ],
    },
  ]);
  expect(entry.deliveries[0]?.attempts[0]?.responseExcerpt).toMatch(
    /^\{"received":true,"note":"é+$/,
  );
  // Delivered: nothing is due any more.
  sandbox.clock.advanceBy(48 * 3_600_000);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).attempted).toBe(0);
});

test('failures are retried on the documented back-off, then the delivery fails', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  let call = 0;
  const { fetch, sent } = fakeFetch(() => {
    call += 1;
    return [500, new TypeError('fetch failed'), 403, 302][call % 4] ?? 500;
  });
  const delays = [60_000, 300_000, 1_800_000, 7_200_000, 28_800_000, 86_400_000];
  expect((await deliverDueWebhooks(options(sandbox, fetch))).failed).toBe(1);
  for (const delay of delays) {
    // One millisecond early: not due yet.
    sandbox.clock.advanceBy(delay - 1);
    expect((await deliverDueWebhooks(options(sandbox, fetch))).attempted).toBe(0);
    sandbox.clock.advanceBy(1);
    expect((await deliverDueWebhooks(options(sandbox, fetch))).failed).toBe(1);
  }
  expect(sent).toHaveLength(7);
  expect(new Set(sent.map((request) => request.body)).size).toBe(1);
  const entry = await logOf(sandbox, eventId);
  const delivery = entry.deliveries[0];
  expect(delivery).toMatchObject({ status: 'failed', attemptCount: 7, nextAttemptAt: null });
  expect(delivery?.attempts.map((a) => a.httpStatus ?? a.error)).toEqual([
    'network_error',
    403,
    302,
    500,
    'network_error',
    403,
    302,
  ]);
  const start0 = Date.parse('2026-03-01T09:00:00Z');
  let at = start0;
  const expected = [start0];
  for (const delay of delays) expected.push((at += delay));
  expect(delivery?.attempts.map((a) => Date.parse(a.attemptedAt))).toEqual(expected);
  sandbox.clock.advanceBy(30 * 86_400_000);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).attempted).toBe(0);
});

test('the schedule and the timeout are configurable; a timeout is logged as such', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  const hang = hangingFetch;
  const worker = { ...options(sandbox, hang), timeoutMs: 50, retryScheduleMs: [1000] };
  expect((await deliverDueWebhooks(worker)).failed).toBe(1);
  sandbox.clock.advanceBy(1000);
  expect((await deliverDueWebhooks(worker)).failed).toBe(1);
  const delivery = (await logOf(sandbox, eventId)).deliveries[0];
  expect(delivery?.status).toBe('failed');
  expect(delivery?.attempts.map((a) => a.error)).toEqual(['timeout', 'timeout']);
  expect(delivery?.attempts[0]?.durationMs).toBeGreaterThanOrEqual(45);
});

test('replay sends the same stored body again as a new delivery in the log', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox, 'settlement.completed');
  const { fetch, sent } = fakeFetch(() => 200);
  await deliverDueWebhooks(options(sandbox, fetch));
  sandbox.clock.advanceBy(3_600_000);
  const replay = await sandbox.api('POST', `/sandbox/v1/webhooks/events/${eventId}/replay`, {
    body: {},
  });
  expect(replay.status).toBe(202);
  expect(deliveryQueuedResponseSchema.parse(replay.body).data.delivery).toMatchObject({
    trigger: 'replay',
    status: 'pending',
  });
  await deliverDueWebhooks(options(sandbox, fetch));
  expect(sent).toHaveLength(2);
  expect(sent[1]?.body).toBe(sent[0]?.body);
  expect(JSON.parse(sent[1]?.body ?? '{}')).toMatchObject({
    id: eventId,
    type: 'settlement.completed',
  });
  const entry = await logOf(sandbox, eventId);
  expect(
    entry.deliveries.map((d) => [d.trigger, d.status, d.attempts.map((a) => a.httpStatus)]),
  ).toEqual([
    ['test', 'succeeded', [200]],
    ['replay', 'succeeded', [200]],
  ]);
});

test('replay of an unknown event, or of the other mode, is 404', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  const live = sandbox.credentials.liveSecretKey;
  await setEndpoint(sandbox, 'https://merchant.example.com/live', live);
  for (const [id, key] of [
    ['evt_unknown', undefined],
    [eventId, live],
  ] as const) {
    const replay = await sandbox.api('POST', `/sandbox/v1/webhooks/events/${id}/replay`, {
      key,
      body: {},
    });
    expect(replay.status).toBe(404);
    const read = await sandbox.api('GET', `/sandbox/v1/webhooks/events/${id}`, { key });
    expect(read.status).toBe(404);
  }
  const liveLog = eventLogListResponseSchema.parse(
    (await sandbox.api('GET', '/sandbox/v1/webhooks/events', { key: live })).body,
  ).data;
  expect(liveLog).toEqual([]);
});

test('without an endpoint an event is only logged; pending retries follow a changed endpoint', async () => {
  const sandbox = start();
  // A settlement before any endpoint: logged, never sent.
  const settle = await sandbox.api('POST', '/sandbox/v1/settlements', {
    body: { amount: 10, mode: 'test' },
  });
  expect(settle.status).toBe(201);
  const [quiet] = eventLogListResponseSchema.parse(
    (await sandbox.api('GET', '/sandbox/v1/webhooks/events')).body,
  ).data;
  expect(quiet?.event.type).toBe('settlement.completed');
  expect(quiet?.deliveries).toEqual([]);

  await setEndpoint(sandbox, 'https://old.example/hooks');
  const eventId = await testEvent(sandbox);
  const { fetch, sent } = fakeFetch((request) =>
    request.url.startsWith('https://new.example') ? 200 : 404,
  );
  await deliverDueWebhooks(options(sandbox, fetch));
  await setEndpoint(sandbox, 'https://new.example/hooks');
  sandbox.clock.advanceBy(60_000);
  await deliverDueWebhooks(options(sandbox, fetch));
  expect(sent.map((request) => request.url)).toEqual([
    'https://old.example/hooks',
    'https://new.example/hooks',
  ]);
  const entry = await logOf(sandbox, eventId);
  expect(entry.deliveries[0]?.attempts.map((a) => [a.url, a.httpStatus])).toEqual([
    ['https://old.example/hooks', 404],
    ['https://new.example/hooks', 200],
  ]);
});

test('a claim whose process died is due again once its lease expires; a stopped worker releases its claims', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  const hang = hangingFetch;
  // Worker A claims the delivery and hangs (as a process that dies mid-attempt).
  const crashed = createWebhookWorker({ ...options(sandbox, hang), timeoutMs: 60_000 });
  const pending = crashed.tick();
  const { fetch, sent } = fakeFetch(() => 200);
  // Another worker (a restarted process) leaves the leased row alone, even after the test clock
  // jumps a day: a lease is real time, so an attempt in flight is never sent twice…
  expect((await deliverDueWebhooks(options(sandbox, fetch))).attempted).toBe(0);
  sandbox.sandbox.clock.advanceBy(86_400_000);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).attempted).toBe(0);
  // …until the lease (timeout + 5 s) has expired in real time.
  sandbox.clock.advanceBy(65_000);
  expect(await deliverDueWebhooks(options(sandbox, fetch))).toMatchObject({ succeeded: 1 });
  expect(sent).toHaveLength(1);
  // The first worker's late outcome does not overwrite the log; its lost attempt is in the log as
  // interrupted (the receiver may have got it), before the attempt that was sent again (issue 11).
  await crashed.stop();
  await pending;
  const entry = await logOf(sandbox, eventId);
  expect(entry.deliveries[0]?.attempts.map((a) => a.httpStatus)).toEqual([null, 200]);
  expect(entry.deliveries[0]?.attempts.map((a) => [a.attemptNumber, a.error])).toEqual([
    [1, 'interrupted'],
    [2, null],
  ]);
  expect(entry.deliveries[0]?.attempts[0]?.url).toBe('https://merchant.example/hooks');

  // A worker stopped mid-attempt gives its claim back at once.
  const second = await testEvent(sandbox);
  const stopping = createWebhookWorker({ ...options(sandbox, hang), timeoutMs: 60_000 });
  const inFlight = stopping.tick();
  await stopping.stop();
  await inFlight;
  expect((await logOf(sandbox, second)).deliveries[0]?.attempts).toEqual([]);
  expect(await deliverDueWebhooks(options(sandbox, fetch))).toMatchObject({ succeeded: 1 });
});

test('events are recorded with the documented envelope', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox, 'payout.failed');
  const entry = await logOf(sandbox, eventId);
  expect(entry.event.id).toMatch(/^evt_[0-9a-f]{24}$/);
  expect(JSON.parse(entry.rawBody)).toEqual({
    id: eventId,
    type: 'payout.failed',
    mode: 'test',
    createdAt: '2026-03-01T09:00:00.000Z',
    data: entry.event.data,
    sample: true,
  });
});

test('the sandbox signs exactly as the merchant kit verifies, multi-byte bodies included', () => {
  const rawBody = '{"id":"evt_1","data":{"note":"₦5,000 paid — ẹ ṣé"}}';
  expect(signDelivery('whsec_abc', '1767225600', rawBody)).toBe(
    signWebhookPayload({ rawBody, secret: 'whsec_abc', timestamp: '1767225600' }),
  );
});

test('a pending delivery whose endpoint was removed logs no_endpoint and keeps its schedule', async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventId = await testEvent(sandbox);
  await setEndpoint(sandbox, null);
  const { fetch, sent } = fakeFetch(() => 200);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).failed).toBe(1);
  expect(sent).toEqual([]);
  const delivery = (await logOf(sandbox, eventId)).deliveries[0];
  expect(delivery).toMatchObject({
    status: 'pending',
    nextAttemptAt: '2026-03-01T09:01:00.000Z',
    attempts: [{ error: 'no_endpoint', httpStatus: null }],
  });
  // Set again: the retry goes to it.
  await setEndpoint(sandbox, 'https://merchant.example/hooks-again');
  sandbox.clock.advanceBy(60_000);
  expect((await deliverDueWebhooks(options(sandbox, fetch))).succeeded).toBe(1);
  expect(sent.map((request) => request.url)).toEqual(['https://merchant.example/hooks-again']);
});

test("the server's refilling worker sends an endpoint's backlog as fast as it answers, 4 at a time, each once", async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  const eventIds: string[] = [];
  for (let i = 0; i < 12; i += 1) eventIds.push(await testEvent(sandbox));
  let inFlight = 0;
  let most = 0;
  const quickFetch: typeof fetch = async () => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    return new Response('ok', { status: 200 });
  };
  const worker = createWebhookWorker({ ...options(sandbox, quickFetch), refill: true });
  // One tick, and no other: the rest is claimed as attempts end.
  await worker.tick();
  await vi.waitFor(async () => {
    const logs = await Promise.all(eventIds.map((id) => logOf(sandbox, id)));
    expect(logs.map((entry) => entry.deliveries[0]?.status)).toEqual(
      eventIds.map(() => 'succeeded'),
    );
  });
  await worker.stop();
  expect(most).toBe(4);
  for (const id of eventIds) {
    const attempts = (await logOf(sandbox, id)).deliveries[0]?.attempts ?? [];
    expect(attempts.map((a) => [a.attemptNumber, a.httpStatus])).toEqual([[1, 200]]);
  }

  // A one-pass worker still makes one pass: four attempts, the cap.
  const other = start();
  await setEndpoint(other, 'https://merchant.example/hooks');
  for (let i = 0; i < 6; i += 1) await testEvent(other);
  const { fetch: fetchOnce } = fakeFetch(() => 200);
  expect((await deliverDueWebhooks(options(other, fetchOnce))).attempted).toBe(4);
});

/** How long a wait for a state may take on a loaded machine before the test fails. */
const waitLong = { timeout: 10_000 };

test("the server's worker sends a queued event without a tick; a failed attempt's retry still waits for its schedule", async () => {
  const sandbox = start();
  await setEndpoint(sandbox, 'https://merchant.example/hooks');
  // The first delivery fails (500), every later one succeeds.
  const { fetch, sent } = fakeFetch(() => (sent.length === 1 ? 500 : 200));
  const worker = createWebhookWorker({ ...options(sandbox, fetch), refill: true });
  try {
    // No tick() at all: queuing the event is what starts its delivery.
    const failing = await testEvent(sandbox);
    await vi.waitFor(async () => {
      expect((await logOf(sandbox, failing)).deliveries[0]).toMatchObject({
        status: 'pending',
        attemptCount: 1,
        // Attempt 2 is due a minute later, as the schedule says.
        nextAttemptAt: '2026-03-01T09:01:00.000Z',
        attempts: [{ attemptNumber: 1, httpStatus: 500, attemptedAt: '2026-03-01T09:00:00.000Z' }],
      });
    }, waitLong);
    // Another event, 59 s later: delivered at once; the retry is not due yet and is not sent.
    sandbox.clock.advanceBy(59_000);
    const second = await testEvent(sandbox);
    await vi.waitFor(async () => {
      expect((await logOf(sandbox, second)).deliveries[0]?.status).toBe('succeeded');
    }, waitLong);
    expect(sent).toHaveLength(2);
    expect((await logOf(sandbox, failing)).deliveries[0]?.attemptCount).toBe(1);

    // Once due, the retry goes with the next claim (here, the one a third event starts).
    sandbox.clock.advanceBy(1000);
    const third = await testEvent(sandbox);
    await vi.waitFor(async () => {
      expect((await logOf(sandbox, third)).deliveries[0]?.status).toBe('succeeded');
      expect((await logOf(sandbox, failing)).deliveries[0]).toMatchObject({
        status: 'succeeded',
        attemptCount: 2,
        attempts: [
          { attemptNumber: 1, httpStatus: 500 },
          { attemptNumber: 2, httpStatus: 200, attemptedAt: '2026-03-01T09:01:00.000Z' },
        ],
      });
    }, waitLong);
    expect(sent).toHaveLength(4);
  } finally {
    await worker.stop();
  }
  // A stopped worker no longer listens: a new event waits for the next worker.
  const afterStop = await testEvent(sandbox);
  await new Promise((resolve) => setImmediate(resolve));
  expect(sent).toHaveLength(4);
  expect((await logOf(sandbox, afterStop)).deliveries[0]).toMatchObject({
    status: 'pending',
    attemptCount: 0,
  });
});
