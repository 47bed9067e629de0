import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { maxJsonDepth } from '../../contract/json-depth';
import { requestLogMaxEntries, requestLogListResponseSchema } from '../../contract/request-log';
import { queryAll } from '../db/database';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { recordRequest, redactSecrets, redactedJson, tooDeep } from './request-log';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

/** What the log stored before: the answer's JSON text parsed back, redacted, serialized. */
function asBefore(value: unknown): string {
  return JSON.stringify(redactSecrets(JSON.parse(JSON.stringify(value)) as unknown));
}

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

test('the log serializes a handler value to the very text it stored by parsing the answer back', () => {
  const shared = { note: 'osk_test_SharedAcrossTwoDepths1' };
  const values: unknown[] = [
    {
      data: {
        checkoutUrl: 'http://sandbox.test/pay/osp_1#token=abc.DEF_~-1',
        createdAt: new Date('2026-03-02T10:00:00Z'),
        token: undefined,
        secret: () => 'never serialized',
        Authorization: 'Bearer osk_live_abcdefghijklmnop',
        webhookSecret: { nested: 'whsec_inside' },
        metadata: { text: 'line\nwhsec_AfterANewline9', other: ['osk_test_x', undefined, null] },
        amount: -0,
        ratio: Number.NaN,
        custom: { toJSON: () => ({ secretKey: 'osk_test_fromToJSON1234' }) },
        twice: [shared, { deeper: { again: shared } }],
      },
      hasMore: false,
    },
    JSON.parse('{"__proto__":{"token":"t"},"list":[{"SECRET":1}]}') as unknown,
    nested(maxJsonDepth + 3, 'osk_test_AtTheBottom12345'),
    nested(maxJsonDepth - 1, { token: { deep: true } }),
    'opk_test_Alone123',
    42,
    null,
  ];
  for (const value of values) {
    const text = asBefore(value);
    expect(redactedJson(value)).toBe(text);
    // Never stopped early when the whole text fits, to the character.
    expect(redactedJson(value, text.length)).toBe(text);
  }
  // Stopped once it is sure to be too long (escapes, quotes and names counted at their least).
  const page = {
    data: Array.from({ length: 100 }, (_, index) => ({ id: `osp_${String(index)}`, note: '"\n' })),
  };
  const pageText = asBefore(page);
  expect(redactedJson(page, pageText.length)).toBe(pageText);
  // A bound, not the length: a little too long may be written out (the caller checks the length).
  expect(redactedJson(page, 100)).toBeNull();
  expect(redactedJson(page, Math.floor(pageText.length / 2))).toBeNull();
  expect(redactedJson(nested(maxJsonDepth + 3, 1))).toContain(`"${tooDeep}"`);
  expect(redactedJson(undefined)).toBeUndefined();
});

test('the log keeps the newest entries up to its cap, by time then arrival, per merchant and mode', () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const { db } = sandbox.sandbox;
  const { merchantId } = sandbox.credentials;
  const base = Date.parse('2026-03-02T10:00:00Z');
  const record = (id: string, mode: 'test' | 'live', secondsIn: number) =>
    recordRequest(db, {
      requestId: id,
      merchantId,
      mode,
      method: 'GET',
      path: '/api/v1/payments',
      status: 200,
      idempotencyKey: null,
      durationMs: 1,
      requestBody: undefined,
      response: { body: { data: [], hasMore: false } },
      at: new Date(base + secondsIn * 1000),
      receivedAt: new Date(base + secondsIn * 1000),
    });
  record('req_live_one', 'live', 0);
  // Two entries per second (the same created_at twice), 6 more than the cap.
  const count = requestLogMaxEntries + 6;
  for (let index = 0; index < count; index += 1) {
    record(`req_${String(index).padStart(5, '0')}`, 'test', Math.floor(index / 2));
  }
  const ids = (mode: string) =>
    queryAll(
      db,
      'SELECT id FROM request_log WHERE merchant_id = ? AND mode = ? ORDER BY created_at, rowid',
      [merchantId, mode],
      z.object({ id: z.string() }),
    ).map((row) => row.id);
  const kept = ids('test');
  expect(kept).toHaveLength(requestLogMaxEntries);
  // The 6 oldest went (three whole pairs of instants).
  expect(kept[0]).toBe('req_00006');
  expect(kept.at(-1)).toBe(`req_${String(count - 1).padStart(5, '0')}`);
  expect(ids('live')).toEqual(['req_live_one']);

  // One more, in the same instant as the newest: the oldest of a pair goes, its twin stays.
  record('req_last', 'test', Math.floor((count - 1) / 2));
  const after = ids('test');
  expect(after).toHaveLength(requestLogMaxEntries);
  expect(after.slice(0, 2)).toEqual(['req_00007', 'req_00008']);
  expect(after.at(-1)).toBe('req_last');
});

test('a list answer too large to keep is logged without its body; a small one with it', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  for (let index = 0; index < 70; index += 1) {
    const created = await sandbox.api('POST', '/api/v1/payments', {
      body: {
        amount: { amount: 2500 + index, currency: 'NGN' },
        customer: { email: `payer${String(index)}@example.com` },
        paymentMethod: 'hosted_checkout',
      },
    });
    expect(created.status).toBe(201);
  }
  const entryOf = async (requestId: string | null) => {
    const log = requestLogListResponseSchema.parse(
      (await sandbox.api('GET', '/sandbox/v1/requests?path=/api/v1/payments&method=GET')).body,
    );
    return log.data.find((item) => item.id === requestId);
  };
  const one = await sandbox.api('GET', '/api/v1/payments?limit=1');
  const small = await entryOf(one.headers.get('x-request-id'));
  // As the merchant got it, with the checkout link's token redacted.
  expect(JSON.stringify(small?.responseBody)).toBe(asBefore(one.body));
  expect(JSON.stringify(small?.responseBody)).toContain('#token=[REDACTED]');

  const all = await sandbox.api('GET', '/api/v1/payments?limit=100');
  expect(JSON.stringify(all.body).length).toBeGreaterThan(64 * 1024);
  const large = await entryOf(all.headers.get('x-request-id'));
  expect(large).toMatchObject({ status: 200, responseBody: null, bodiesWithheld: false });
});
