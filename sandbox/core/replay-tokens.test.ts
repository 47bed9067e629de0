/**
 * Issue 26, point 2: an idempotent replay gives back the tokens its first answer held, and never
 * mints another: not from text the merchant sent (`metadata`), not for a link of the other mode.
 */
import { expect, test } from 'vitest';
import { z } from 'zod';
import { paymentResponseSchema } from '../../contract/payments';
import { setupLinkResponseSchema } from '../../contract/direct-debit';
import { execute, queryOne } from '../db/database';
import { tokenOf } from '../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { deriveCapabilityToken } from './capability-tokens';

const linkSecret = 'a-link-secret-for-replay-tests-0123456789';

/** A live-mode setup link (its id, as the data file holds it, and its real token). */
async function liveSetupLink(sandbox: TestSandbox): Promise<{ id: string; token: string }> {
  const { token } = await sandbox.createSetupLink({ mode: 'live' });
  const row = queryOne(
    sandbox.sandbox.db,
    "SELECT id FROM setup_links WHERE mode = 'live'",
    [],
    z.object({ id: z.string() }),
  );
  if (row === null) throw new Error('No live setup link');
  return { id: row.id, token };
}

function secret(): Buffer {
  return Buffer.from(linkSecret);
}

test('a placeholder a merchant writes in metadata comes back as text on replay, never as a token', async () => {
  const sandbox = createTestSandbox({ linkSecret });
  const live = await liveSetupLink(sandbox);
  expect(deriveCapabilityToken(secret(), live.id, 1)).toBe(live.token);
  const body = {
    amount: { amount: 5000, currency: 'NGN' },
    paymentMethod: 'hosted_checkout',
    metadata: { note: `{{capability:${live.id}:1}}` },
  };
  const first = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'pay-1' });
  const replay = await sandbox.api('POST', '/api/v1/payments', { body, idempotencyKey: 'pay-1' });
  expect(first.status).toBe(201);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  // The replay is the first answer: the merchant's text as sent, the payment's own link working.
  expect(replay.body).toEqual(first.body);
  const payment = paymentResponseSchema.parse(replay.body).data;
  expect(payment.metadata).toEqual({ note: `{{capability:${live.id}:1}}` });
  expect(JSON.stringify(replay.body)).not.toContain(live.token);
  const checkout = await sandbox.api('GET', `/checkout/${payment.id}`, {
    key: null,
    headers: { 'x-checkout-token': tokenOf(payment.checkoutUrl) },
  });
  expect(checkout.status).toBe(200);
  sandbox.close();
});

test('a stored answer naming a link of the other mode replays without that link’s token', async () => {
  const sandbox = createTestSandbox({ linkSecret });
  const live = await liveSetupLink(sandbox);
  const { subscriptionId } = await sandbox.createSetupLink();
  const path = `/api/v1/subscriptions/${subscriptionId}/direct-debit`;
  const first = await sandbox.api('POST', path, { body: {}, idempotencyKey: 'link-1' });
  const testLink = setupLinkResponseSchema.parse(first.body).data;
  // The replay of a test key's answer, pointed (in the data file) at the live link.
  const stored = queryOne(
    sandbox.sandbox.db,
    "SELECT response_body FROM idempotency_keys WHERE idempotency_key = 'link-1'",
    [],
    z.object({ response_body: z.string() }),
  );
  // eslint-disable-next-line no-control-regex -- the placeholder's mark is U+0001
  const testLinkId = /\u0001capability:([a-z0-9_]+):\d+\u0001/.exec(stored?.response_body ?? '');
  expect(testLinkId).not.toBeNull();
  execute(
    sandbox.sandbox.db,
    "UPDATE idempotency_keys SET response_body = replace(response_body, ?, ?) WHERE idempotency_key = 'link-1'",
    [testLinkId?.[1] ?? '', live.id],
  );
  const replay = await sandbox.api('POST', path, { body: {}, idempotencyKey: 'link-1' });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(JSON.stringify(replay.body)).not.toContain(live.token);
  expect(setupLinkResponseSchema.parse(replay.body).data.setupUrl).toContain('#token=[REDACTED]');
  // Without the tampering, the same replay gives back the test link with its working token.
  const again = await sandbox.api('POST', path, { body: {}, idempotencyKey: 'link-2' });
  const replayed = await sandbox.api('POST', path, { body: {}, idempotencyKey: 'link-2' });
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(replayed.body).toEqual(again.body);
  expect(setupLinkResponseSchema.parse(replayed.body).data.setupUrl).toBe(testLink.setupUrl);
  sandbox.close();
});
