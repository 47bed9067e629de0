import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { settlementSchema } from '../../../contract/payouts';
import { eventLogListResponseSchema } from '../../../contract/webhooks';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

const balanceSchema = z.object({ data: z.object({ available: z.number() }) });

async function balance(sandbox: TestSandbox, key: string): Promise<number> {
  return balanceSchema.parse((await sandbox.api('GET', '/api/v1/balance', { key })).body).data
    .available;
}

async function settlementEvents(sandbox: TestSandbox, key: string) {
  const log = await sandbox.api('GET', '/sandbox/v1/webhooks/events', { key });
  return eventLogListResponseSchema
    .parse(log.body)
    .data.map((entry) => entry.event)
    .filter((event) => event.type === 'settlement.completed')
    .map((event) => settlementSchema.parse(event.data));
}

async function advance(sandbox: TestSandbox, seconds: number): Promise<void> {
  const moved = await sandbox.api('POST', '/sandbox/v1/clock/advance', { body: { seconds } });
  expect(moved.status).toBe(200);
}

test('collected test payments settle into the balance at 00:00 Lagos after the day they came in (T+1), once', async () => {
  // 10:00 UTC is 11:00 in Lagos; Lagos midnight is 23:00 UTC.
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const testKey = sandbox.credentials.testSecretKey;
  const created = await sandbox.api('POST', '/api/v1/payments', {
    body: { amount: { amount: 2500, currency: 'NGN' }, paymentMethod: 'hosted_checkout' },
  });
  const accountId = z
    .object({ data: z.object({ virtualAccount: z.object({ id: z.string() }) }) })
    .parse(created.body).data.virtualAccount.id;
  const paid = await sandbox.api('POST', `/sandbox/v1/virtual-accounts/${accountId}/transfers`, {
    body: { amount: 2500 },
  });
  expect(paid.status).toBe(201);
  expect(await balance(sandbox, testKey)).toBe(0);

  // 23:59 in Lagos the same day: not yet.
  await advance(sandbox, 12 * 3600 + 59 * 60);
  expect(await balance(sandbox, testKey)).toBe(0);
  expect(await settlementEvents(sandbox, testKey)).toEqual([]);

  // Past 00:00 Lagos: settled, with its event, in test mode only.
  await advance(sandbox, 120);
  expect(await balance(sandbox, testKey)).toBe(2500);
  const [settlement, ...others] = await settlementEvents(sandbox, testKey);
  expect(others).toEqual([]);
  expect(settlement).toMatchObject({
    mode: 'test',
    amount: 2500,
    status: 'completed',
    availableBalance: 2500,
  });
  expect(await balance(sandbox, sandbox.credentials.liveSecretKey)).toBe(0);

  // Days later nothing is settled twice.
  await advance(sandbox, 3 * 86400);
  expect(await balance(sandbox, testKey)).toBe(2500);
  expect(await settlementEvents(sandbox, testKey)).toHaveLength(1);
});
