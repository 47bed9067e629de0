/**
 * The "done when" of issue 5, end to end over real HTTP: the sandbox server on 127.0.0.1 delivers
 * to a real receiver on 127.0.0.1, and the receiver checks every delivery with the merchant kit's
 * `verifyWebhookSignature`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { directDebitTokenHeader, setupLinkResponseSchema } from '../../../contract/direct-debit';
import {
  eventTypes,
  isRecordedEvent,
  webhookEventSchema,
  type EventType,
} from '../../../contract/events';
import { paymentResponseSchema } from '../../../contract/payments';
import { planResponseSchema, subscriptionResponseSchema } from '../../../contract/subscriptions';
import { transactionSchema } from '../../../contract/transactions';
import { eventLogListResponseSchema, type EventLogEntry } from '../../../contract/webhooks';
import { verifyWebhookSignature } from '../../../merchant-kit/verify-webhook-signature';
import { startServer, type RunningServer, type StartServerOptions } from '../../server';
import { startTestReceiver, type ReceivedRequest, type TestReceiver } from './test-receiver';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function receiver(): Promise<TestReceiver> {
  const started = await startTestReceiver();
  cleanups.push(() => started.close());
  return started;
}

const fastWebhooks = { intervalMs: 25, timeoutMs: 400 };

async function server(
  dataDir: string,
  webhooks: StartServerOptions['webhooks'] = fastWebhooks,
): Promise<RunningServer> {
  const started = await startServer({ port: 0, host: '127.0.0.1', dataDir, webhooks });
  cleanups.push(() => started.close());
  return started;
}

async function call(
  running: RunningServer,
  method: string,
  path: string,
  options: { key: string; body?: unknown; idempotent?: boolean },
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.key}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotent === true) headers['idempotency-key'] = randomUUID();
  const response = await fetch(`${running.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function ok(
  running: RunningServer,
  method: string,
  path: string,
  options: { key: string; body?: unknown; idempotent?: boolean },
): Promise<unknown> {
  const result = await call(running, method, path, options);
  if (result.status >= 300) {
    throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

async function eventLog(running: RunningServer, key: string): Promise<EventLogEntry[]> {
  return eventLogListResponseSchema.parse(
    await ok(running, 'GET', '/sandbox/v1/webhooks/events', { key }),
  ).data;
}

function eventIdOf(request: ReceivedRequest): string {
  return webhookEventSchema.parse(JSON.parse(request.rawBody.toString('utf8'))).id;
}

/** Test mode: plan, subscription. Live mode: payout access, settlement, two payouts. */
async function driveOperations(running: RunningServer): Promise<void> {
  const { testSecretKey, liveSecretKey } = running.sandbox.credentials;
  const plan = (await ok(running, 'POST', '/api/v1/subscriptions/plans', {
    key: testSecretKey,
    idempotent: true,
    body: { name: 'Gym', amount: 15000, currency: 'NGN', interval: 'monthly' },
  })) as { data: { id: string } };
  await ok(running, 'POST', '/api/v1/subscriptions', {
    key: testSecretKey,
    idempotent: true,
    body: {
      planId: plan.data.id,
      paymentMethod: 'customer_choice',
      customer: { email: 'chioma@example.com' },
    },
  });

  await ok(running, 'PUT', '/sandbox/v1/payouts/access', {
    key: liveSecretKey,
    body: { kycApproved: true, ipWhitelist: ['127.0.0.1'] },
  });
  const payoutKey = (
    (await ok(running, 'POST', '/sandbox/v1/payouts/keys', { key: liveSecretKey, body: {} })) as {
      data: { secretKey: string };
    }
  ).data.secretKey;
  const useCase = (
    (await ok(running, 'POST', '/api/v1/payout-use-cases', {
      key: payoutKey,
      idempotent: true,
      body: { useCase: 'Refunds of cancelled gym memberships to members' },
    })) as { data: { id: string } }
  ).data.id;
  await ok(running, 'POST', `/sandbox/v1/payout-use-cases/${useCase}/review`, {
    key: liveSecretKey,
    body: { decision: 'approved' },
  });
  await ok(running, 'POST', '/sandbox/v1/settlements', {
    key: liveSecretKey,
    body: { amount: 50000, mode: 'live' },
  });
  for (const accountNumber of ['0000001015', '0000001022']) {
    const beneficiary = (await ok(running, 'POST', '/api/v1/beneficiaries', {
      key: payoutKey,
      idempotent: true,
      body: { bankId: '000013', accountNumber },
    })) as { data: { id: string } };
    await ok(running, 'POST', '/api/v1/payouts', {
      key: payoutKey,
      idempotent: true,
      body: { beneficiaryId: beneficiary.data.id, amount: 12500.5, currency: 'NGN' },
    });
  }
}

const day = 24 * 3600;

/** A subscription of a plan of `amount` naira, created through the API (test mode). */
async function subscribe(running: RunningServer, key: string, amount: number) {
  const plan = planResponseSchema.parse(
    await ok(running, 'POST', '/api/v1/subscriptions/plans', {
      key,
      idempotent: true,
      body: { name: 'Gym', amount, currency: 'NGN', interval: 'monthly' },
    }),
  ).data;
  return subscriptionResponseSchema.parse(
    await ok(running, 'POST', '/api/v1/subscriptions', {
      key,
      idempotent: true,
      body: {
        planId: plan.id,
        paymentMethod: 'customer_choice',
        callbackUrl: 'https://merchant.example.com/billing/return',
        customer: { email: 'chioma@example.com', firstName: 'Chioma' },
      },
    }),
  ).data;
}

/** Pays a payment in full by a simulated bank transfer to its dynamic account. */
async function payByTransfer(running: RunningServer, key: string, paymentId: string) {
  const payment = paymentResponseSchema.parse(
    await ok(running, 'GET', `/api/v1/payments/${paymentId}`, { key }),
  ).data;
  await ok(running, 'POST', `/sandbox/v1/virtual-accounts/${payment.virtualAccount.id}/transfers`, {
    key,
    body: { amount: payment.amount },
  });
}

function paymentIdOf(authorizationUrl: string | null): string {
  const id = /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '')?.[1];
  if (id === undefined) throw new Error(`Not a checkout page: ${authorizationUrl}`);
  return id;
}

/** Adds a bank-verified mandate (test account 0000000025) to a subscription. */
async function mandate(running: RunningServer, key: string, subscriptionId: string) {
  const link = setupLinkResponseSchema.parse(
    await ok(running, 'POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
      key,
      idempotent: true,
      body: {},
    }),
  ).data;
  const token = new URL(link.setupUrl).hash.replace(/^#token=/, '');
  const response = await fetch(`${running.url}/direct-debit/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [directDebitTokenHeader]: token },
    body: JSON.stringify({ bankId: '000013', bankAccountNumber: '0000000025', consent: true }),
  });
  // The mandate is submitted and verified at once by the test bank.
  expect(response.status).toBe(201);
  expect(await response.json()).toMatchObject({ data: { mandate: { status: 'verified' } } });
}

async function advanceClock(running: RunningServer, key: string, seconds: number) {
  await ok(running, 'POST', '/sandbox/v1/clock/advance', { key, body: { seconds } });
  await ok(running, 'GET', '/sandbox/v1/clock', { key }); // applies the due work
}

/**
 * Test mode, through the API only: a payment paid by transfer; a payment left unpaid past its
 * window; subscriptions whose initial invoices are paid by transfer, one renewed by a successful
 * mandate debit, one whose debit fails (amounts ending in .51 fail), one without a mandate that
 * lapses and expires.
 */
async function driveCollections(running: RunningServer, key: string) {
  await ok(running, 'PUT', '/sandbox/v1/direct-debit/config', { key, body: { enabled: true } });
  const createPayment = async () =>
    paymentResponseSchema.parse(
      await ok(running, 'POST', '/api/v1/payments', {
        key,
        idempotent: true,
        body: {
          amount: { amount: 5000, currency: 'NGN' },
          paymentMethod: 'hosted_checkout',
          customer: { email: 'tunde@example.com' },
          callbackUrl: 'https://shop.example.com/orders/42',
        },
      }),
    ).data;
  const paid = await createPayment();
  await payByTransfer(running, key, paid.id);
  const unpaid = await createPayment();

  const renewing = await subscribe(running, key, 15000);
  const failing = await subscribe(running, key, 15000.51);
  const lapsing = await subscribe(running, key, 9000);
  for (const subscription of [renewing, failing]) await mandate(running, key, subscription.id);
  for (const subscription of [renewing, failing, lapsing]) {
    await payByTransfer(running, key, paymentIdOf(subscription.invoice.authorizationUrl));
  }
  await advanceClock(running, key, 31 * day); // past the renewal due date: debits submitted
  await advanceClock(running, key, 120); // the bank answers
  await advanceClock(running, key, 8 * day); // the unpaid renewal lapses
  return { paid, unpaid, renewing, failing, lapsing };
}

test('payments, invoices and mandates driven through the API: every kind reaches the receiver, verified', async () => {
  const hooks = await receiver();
  const running = await server(tempDataDir());
  const { testSecretKey, liveSecretKey, webhookSecret } = running.sandbox.credentials;
  for (const key of [testSecretKey, liveSecretKey]) {
    await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', { key, body: { url: hooks.url } });
  }
  const driven = await driveCollections(running, testSecretKey);
  await driveOperations(running);

  const logged = [
    ...(await eventLog(running, testSecretKey)),
    ...(await eventLog(running, liveSecretKey)),
  ];
  expect(new Set(logged.map((entry) => entry.event.type))).toEqual(new Set(eventTypes));
  // Each kind came from the operation that causes it.
  const ids = (type: EventType) =>
    logged
      .map((entry) => entry.event)
      .filter((event) => isRecordedEvent(event, type))
      .map((event) => event.data.id);
  expect(ids('payment.success')).toContain(driven.paid.id);
  expect(ids('payment.failed')).toContain(driven.unpaid.id);
  expect(ids('subscription.created')).toEqual(
    expect.arrayContaining([driven.renewing.id, driven.failing.id, driven.lapsing.id]),
  );
  expect(ids('subscription.payment.success')).toContain(driven.renewing.invoice.id);
  expect(ids('subscription.renewed')).toEqual([driven.renewing.id]);
  expect(ids('subscription.expired')).toContain(driven.lapsing.id);
  // The failing subscription's current invoice is its renewal, whose debit failed.
  const failingNow = subscriptionResponseSchema.parse(
    await ok(running, 'GET', `/api/v1/subscriptions/${driven.failing.id}`, { key: testSecretKey }),
  ).data;
  expect(failingNow.invoice.kind).toBe('renewal');
  expect(ids('subscription.payment.failed')).toContain(failingNow.invoice.id);
  expect(
    logged.filter((entry) => entry.event.type === 'virtual_account.credit').length,
  ).toBeGreaterThanOrEqual(4);
  // Transfers, debits and payouts: one transaction shape (contract/transactions.ts).
  const transactions = logged
    .filter((entry) => entry.event.type === 'transaction.created')
    .map((entry) => transactionSchema.parse(entry.event.data));
  expect(new Set(transactions.map((transaction) => transaction.type))).toEqual(
    new Set(['transfer', 'debit', 'payout']),
  );
  await hooks.waitFor((received) => received.length >= logged.length, 10_000);
  expect(hooks.received).toHaveLength(logged.length);
  for (const entry of logged) {
    const copies = hooks.received.filter((request) => eventIdOf(request) === entry.event.id);
    expect(copies).toHaveLength(1);
    const request = copies[0];
    expect(request?.rawBody.toString('utf8')).toBe(entry.rawBody);
    expect(request?.headers['x-service-event']).toBe(entry.event.type);
    expect(
      verifyWebhookSignature({
        rawBody: request?.rawBody,
        headers: request?.headers ?? {},
        secret: webhookSecret,
      }).ok,
    ).toBe(true);
  }
});

test('every event the API operations cause reaches a real receiver, signed and verifiable', async () => {
  const hooks = await receiver();
  const running = await server(tempDataDir());
  const { testSecretKey, liveSecretKey, webhookSecret } = running.sandbox.credentials;
  for (const key of [testSecretKey, liveSecretKey]) {
    await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', { key, body: { url: hooks.url } });
  }

  await driveOperations(running);

  const logged = [
    ...(await eventLog(running, testSecretKey)),
    ...(await eventLog(running, liveSecretKey)),
  ];
  const kinds = new Set<EventType>(logged.map((entry) => entry.event.type));
  for (const kind of [
    'settlement.completed',
    'transaction.created',
    'payout.successful',
    'payout.failed',
  ] as const) {
    expect(kinds).toContain(kind);
  }

  await hooks.waitFor((received) => received.length >= logged.length);
  // Each logged event arrived exactly once, byte for byte, and verifies with the merchant kit.
  expect(hooks.received).toHaveLength(logged.length);
  for (const entry of logged) {
    const copies = hooks.received.filter((request) => eventIdOf(request) === entry.event.id);
    expect(copies).toHaveLength(1);
    const [request] = copies;
    if (request === undefined) throw new Error('unreachable');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.rawBody.toString('utf8')).toBe(entry.rawBody);
    expect(request.headers['x-service-event']).toBe(entry.event.type);
    expect(
      verifyWebhookSignature({
        rawBody: request.rawBody,
        headers: request.headers,
        secret: webhookSecret,
      }),
    ).toEqual({ ok: true, timestamp: expect.any(Number) as number });
    // Signed with another secret, the same delivery is refused.
    expect(
      verifyWebhookSignature({
        rawBody: request.rawBody,
        headers: request.headers,
        secret: 'whsec_other',
      }),
    ).toEqual({ ok: false, reason: 'signature_mismatch' });
  }

  // The log shows one successful delivery per event, attempt 1 with HTTP 200.
  const afterwards = [
    ...(await eventLog(running, testSecretKey)),
    ...(await eventLog(running, liveSecretKey)),
  ];
  for (const entry of afterwards) {
    expect(entry.deliveries).toHaveLength(1);
    expect(entry.deliveries[0]?.status).toBe('succeeded');
    expect(entry.deliveries[0]?.attempts.map((a) => a.httpStatus)).toEqual([200]);
  }
});

test('one endpoint that hangs does not hold up deliveries to another', async () => {
  const slow = await receiver();
  slow.setRespond(() => 'hang');
  const fast = await receiver();
  const running = await server(tempDataDir(), { intervalMs: 25, timeoutMs: 3000 });
  const { testSecretKey, liveSecretKey } = running.sandbox.credentials;
  await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', {
    key: testSecretKey,
    body: { url: slow.url },
  });
  await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', {
    key: liveSecretKey,
    body: { url: fast.url },
  });

  await ok(running, 'POST', '/sandbox/v1/webhooks/test', { key: testSecretKey, body: {} });
  await slow.waitFor((received) => received.length === 1);
  const started = Date.now();
  await ok(running, 'POST', '/sandbox/v1/settlements', {
    key: liveSecretKey,
    body: { amount: 1000, mode: 'live' },
  });
  await fast.waitFor((received) => received.length === 1, 2000);
  expect(Date.now() - started).toBeLessThan(2000);
  // The slow endpoint's attempt is still open: nothing was recorded for it yet.
  const [testEvent] = await eventLog(running, testSecretKey);
  expect(testEvent?.deliveries[0]?.attempts).toEqual([]);
});

test('a hanging endpoint with a backlog gets at most 4 open attempts, and others are served', async () => {
  const slow = await receiver();
  slow.setRespond(() => 'hang');
  const fast = await receiver();
  const running = await server(tempDataDir(), { intervalMs: 25, timeoutMs: 3000 });
  const { testSecretKey, liveSecretKey } = running.sandbox.credentials;
  await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', {
    key: testSecretKey,
    body: { url: slow.url },
  });
  await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', {
    key: liveSecretKey,
    body: { url: fast.url },
  });

  for (let i = 0; i < 10; i += 1) {
    await ok(running, 'POST', '/sandbox/v1/webhooks/test', { key: testSecretKey, body: {} });
  }
  await slow.waitFor((received) => received.length === 4);
  await ok(running, 'POST', '/sandbox/v1/webhooks/test', { key: liveSecretKey, body: {} });
  await fast.waitFor((received) => received.length === 1, 2000);
  // Many worker ticks later, the hanging endpoint still has only its 4 open attempts.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(slow.received).toHaveLength(4);
});

test('a receiver that fails, times out, then recovers gets every event once as a success, across a restart', async () => {
  // Test mode, whose clock the test can advance (live retries wait for real time).
  const hooks = await receiver();
  const dataDir = tempDataDir();
  let running = await server(dataDir);
  const { testSecretKey, webhookSecret } = running.sandbox.credentials;
  await ok(running, 'PUT', '/sandbox/v1/webhooks/endpoint', {
    key: testSecretKey,
    body: { url: hooks.url },
  });

  // 1. The endpoint answers 500 (as a misconfigured proxy would).
  hooks.setRespond(() => 500);
  await driveOperations(running);
  for (const type of ['subscription.payment.success', 'payment.success', 'payout.failed']) {
    await ok(running, 'POST', '/sandbox/v1/webhooks/test', { key: testSecretKey, body: { type } });
  }
  const events = await eventLog(running, testSecretKey);
  expect(events.length).toBeGreaterThanOrEqual(4);
  await hooks.waitFor((received) => received.length === events.length);
  const logAfter = () => eventLog(running, testSecretKey);
  const waitForAttempts = async (count: number) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const log = await logAfter();
      if (log.every((entry) => entry.deliveries[0]?.attempts.length === count)) return log;
      if (Date.now() > deadline) throw new Error(`Not every delivery reached ${count} attempts`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  let log = await waitForAttempts(1);
  for (const entry of log) {
    expect(entry.deliveries[0]?.attempts[0]?.httpStatus).toBe(500);
    expect(entry.deliveries[0]?.status).toBe('pending');
  }

  // 2. Not retried before the back-off (1 min) has passed on the sandbox clock.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(hooks.received).toHaveLength(events.length);

  // 3. One minute later (test clock, POST /sandbox/v1/clock/advance), the endpoint hangs: each attempt times out.
  hooks.setRespond(() => 'hang');
  await advanceClock(running, testSecretKey, 60);
  log = await waitForAttempts(2);
  for (const entry of log) {
    expect(entry.deliveries[0]?.attempts[1]).toMatchObject({ httpStatus: null, error: 'timeout' });
  }

  // 4. The sandbox restarts; the endpoint recovers; five minutes later every retry is due.
  await running.close();
  hooks.setRespond(() => 200);
  running = await server(dataDir);
  await advanceClock(running, testSecretKey, 5 * 60);
  log = await waitForAttempts(3);

  for (const entry of log) {
    const delivery = entry.deliveries[0];
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((a) => a.httpStatus ?? a.error)).toEqual([500, 'timeout', 200]);
    const copies = hooks.received.filter((request) => eventIdOf(request) === entry.event.id);
    // Three copies (500, timeout, 200), each the same bytes and verifiable; one answered 200.
    expect(copies).toHaveLength(3);
    expect(copies.filter((request) => request.answered === 200)).toHaveLength(1);
    for (const request of copies) {
      expect(request.rawBody.toString('utf8')).toBe(entry.rawBody);
      expect(
        verifyWebhookSignature({
          rawBody: request.rawBody,
          headers: request.headers,
          secret: webhookSecret,
        }).ok,
      ).toBe(true);
    }
  }
  // A delivered event is not sent again, however far the clock runs (later events may be).
  await advanceClock(running, testSecretKey, 2 * day);
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const entry of log) {
    expect(hooks.received.filter((request) => eventIdOf(request) === entry.event.id)).toHaveLength(
      3,
    );
  }
});
