import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

function start(): TestSandbox {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  return sandbox;
}

const pageSchema = z.object({
  data: z.array(z.object({ id: z.string(), mode: z.string().optional() }).loose()),
  hasMore: z.boolean(),
});

async function page(sandbox: TestSandbox, path: string, key?: string) {
  const result = await sandbox.api('GET', path, key === undefined ? {} : { key });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  const parsed = pageSchema.parse(result.body);
  return { ids: parsed.data.map((item) => item.id), hasMore: parsed.hasMore };
}

async function createPlan(sandbox: TestSandbox, name: string, key?: string): Promise<string> {
  const result = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { name, amount: 5000, currency: 'NGN', interval: 'monthly' },
    ...(key === undefined ? {} : { key }),
  });
  expect(result.status).toBe(201);
  return z.object({ data: z.object({ id: z.string() }) }).parse(result.body).data.id;
}

async function expectError(sandbox: TestSandbox, path: string, status: number, code: string) {
  const result = await sandbox.api('GET', path);
  expect(result.status).toBe(status);
  const error = errorBodySchema.parse(result.body);
  expect(error.code).toBe(code);
  expect(error.requestId).toMatch(/^req_/);
  return error;
}

test('a list pages newest first: first, middle and last page, and back again', async () => {
  const sandbox = start();
  const ids: string[] = [];
  for (let n = 1; n <= 7; n += 1) {
    ids.push(await createPlan(sandbox, `Plan ${n}`));
    // Half of them in the same instant: insertion order still decides.
    if (n % 2 === 0) sandbox.clock.advanceBy(1000);
  }
  const newestFirst = [...ids].reverse();
  const first = await page(sandbox, '/api/v1/subscriptions/plans?limit=3');
  expect(first).toEqual({ ids: newestFirst.slice(0, 3), hasMore: true });
  const middle = await page(
    sandbox,
    `/api/v1/subscriptions/plans?limit=3&starting_after=${first.ids[2]}`,
  );
  expect(middle).toEqual({ ids: newestFirst.slice(3, 6), hasMore: true });
  const last = await page(
    sandbox,
    `/api/v1/subscriptions/plans?limit=3&starting_after=${middle.ids[2]}`,
  );
  expect(last).toEqual({ ids: newestFirst.slice(6), hasMore: false });
  // Backwards from the last page gives the middle page again.
  const back = await page(
    sandbox,
    `/api/v1/subscriptions/plans?limit=3&ending_before=${last.ids[0]}`,
  );
  expect(back).toEqual({ ids: newestFirst.slice(3, 6), hasMore: true });
  // The default page size is 20: all seven, nothing more.
  expect(await page(sandbox, '/api/v1/subscriptions/plans')).toEqual({
    ids: newestFirst,
    hasMore: false,
  });
});

test('a record created between two pages appears first and never shifts the next page', async () => {
  const sandbox = start();
  const ids: string[] = [];
  for (let n = 1; n <= 4; n += 1) ids.push(await createPlan(sandbox, `Plan ${n}`));
  const first = await page(sandbox, '/api/v1/subscriptions/plans?limit=2');
  expect(first.ids).toEqual([ids[3], ids[2]]);
  const late = await createPlan(sandbox, 'Created between pages');
  const second = await page(
    sandbox,
    `/api/v1/subscriptions/plans?limit=2&starting_after=${first.ids[1]}`,
  );
  expect(second).toEqual({ ids: [ids[1], ids[0]], hasMore: false });
  // Polling for newer records from the head of the first page finds exactly the new one.
  expect(await page(sandbox, `/api/v1/subscriptions/plans?ending_before=${first.ids[0]}`)).toEqual({
    ids: [late],
    hasMore: false,
  });
});

test('created-at bounds and filters narrow a list', async () => {
  const sandbox = start();
  const early = await createPlan(sandbox, 'Early');
  sandbox.clock.advanceBy(60_000);
  const later = await createPlan(sandbox, 'Later');
  const weekly = await sandbox.api('POST', '/api/v1/subscriptions/plans', {
    body: { name: 'Weekly', amount: 1000, currency: 'NGN', interval: 'weekly' },
  });
  const weeklyId = z.object({ data: z.object({ id: z.string() }) }).parse(weekly.body).data.id;
  expect(
    (await page(sandbox, '/api/v1/subscriptions/plans?created_lte=2026-03-02T10:00:00Z')).ids,
  ).toEqual([early]);
  expect(
    (await page(sandbox, '/api/v1/subscriptions/plans?created_gte=2026-03-02T11:00:30%2B01:00'))
      .ids,
  ).toEqual([weeklyId, later]);
  expect((await page(sandbox, '/api/v1/subscriptions/plans?interval=weekly')).ids).toEqual([
    weeklyId,
  ]);
});

test('bad paging input gets the documented error shape and changes nothing', async () => {
  const sandbox = start();
  const id = await createPlan(sandbox, 'Only');
  for (const limit of ['0', '101', '2.5', 'ten']) {
    const error = await expectError(
      sandbox,
      `/api/v1/subscriptions/plans?limit=${limit}`,
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toContain('limit');
    expect(error.path).toBe('/api/v1/subscriptions/plans');
  }
  await expectError(
    sandbox,
    '/api/v1/subscriptions/plans?intervl=weekly',
    400,
    'VALIDATION_FAILED',
  );
  await expectError(
    sandbox,
    `/api/v1/subscriptions/plans?starting_after=${id}&ending_before=${id}`,
    400,
    'VALIDATION_FAILED',
  );
  const unknown = await expectError(
    sandbox,
    '/api/v1/subscriptions/plans?starting_after=subplan_nope',
    400,
    'VALIDATION_FAILED',
  );
  expect(unknown.message).toContain('no plan with id subplan_nope');
  // A live plan's id is no cursor for the test list.
  const livePlan = await createPlan(sandbox, 'Live', sandbox.credentials.liveSecretKey);
  await expectError(
    sandbox,
    `/api/v1/subscriptions/plans?starting_after=${livePlan}`,
    400,
    'VALIDATION_FAILED',
  );
  expect((await page(sandbox, '/api/v1/subscriptions/plans')).ids).toEqual([id]);
});

test('GET /api/v1/subscriptions/plans lists plans instead of looking for a subscription "plans"', async () => {
  const sandbox = start();
  const id = await createPlan(sandbox, 'Gym');
  expect((await page(sandbox, '/api/v1/subscriptions/plans')).ids).toEqual([id]);
  const one = await sandbox.api('GET', `/api/v1/subscriptions/plans/${id}`);
  expect(one.status).toBe(200);
  expect(z.object({ data: z.object({ name: z.string() }) }).parse(one.body).data.name).toBe('Gym');
});

test('every list reads its page from an index in order, never a scan and sort of the whole table', () => {
  const sandbox = createTestSandbox();
  try {
    for (const table of [
      'payments',
      'virtual_accounts',
      'transactions',
      'subscriptions',
      'invoices',
      'plans',
      'payouts',
      'beneficiaries',
      'payout_use_cases',
      'withdrawals',
      'request_log',
    ]) {
      // The query listPage sends (paging.ts), with a cursor.
      const plan = sandbox.sandbox.db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT * FROM ${table} WHERE merchant_id = ? AND mode = ?
           AND (created_at < ? OR (created_at = ? AND rowid < ?))
           ORDER BY created_at DESC, rowid DESC LIMIT ?`,
        )
        .all('m', 'test', 'x', 'x', 1, 101)
        .map((row) => z.object({ detail: z.string() }).parse(row).detail)
        .join('\n');
      expect(plan, table).toMatch(/USING INDEX \w+ \(merchant_id=\? AND mode=\?/);
      expect(plan, table).not.toContain('TEMP B-TREE');
    }
  } finally {
    sandbox.close();
  }
});
