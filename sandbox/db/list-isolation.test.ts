import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import type { Mode } from '../../contract/common';
import { errorBodySchema } from '../../contract/errors';
import type { Scope } from '../../contract/route';
import { readRoutes } from '../../contract/routes-reads';
import { routes, type RouteName } from '../../contract/routes';
import { openPayoutApi } from '../testing/payout-testing';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';
import { queryAll } from './database';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

const idOf = (body: unknown) =>
  z.object({ data: z.object({ id: z.string() }) }).parse(body).data.id;
const allScopes: Scope[] = ['subscriptions:read', 'subscriptions:write', 'payouts:create'];

/**
 * The table behind each list route (the list must show exactly that table's rows of the mode) and
 * the route that reads one of its records by id.
 */
const listed: Record<string, { table: string; get: RouteName }> = {
  listPlans: { table: 'plans', get: 'getPlan' },
  listSubscriptions: { table: 'subscriptions', get: 'getSubscription' },
  listInvoices: { table: 'invoices', get: 'getInvoice' },
  listPayments: { table: 'payments', get: 'getPayment' },
  listVirtualAccounts: { table: 'virtual_accounts', get: 'getVirtualAccount' },
  listTransactions: { table: 'transactions', get: 'getTransaction' },
  listBeneficiaries: { table: 'beneficiaries', get: 'getBeneficiary' },
  listPayouts: { table: 'payouts', get: 'getPayout' },
  listPayoutUseCases: { table: 'payout_use_cases', get: 'getPayoutUseCase' },
  listRequestLog: { table: 'request_log', get: 'getRequestLogEntry' },
};
const pageSchema = z.object({
  data: z.array(z.object({ id: z.string() }).loose()),
  hasMore: z.boolean(),
});
const listRoutes = Object.entries(readRoutes).filter(([, def]) => 'query' in def);

/** Creates records of every kind the mode allows through the API. */
async function populate(sandbox: TestSandbox, mode: Mode): Promise<void> {
  const key =
    mode === 'test' ? sandbox.credentials.testSecretKey : sandbox.credentials.liveSecretKey;
  const ok = async (path: string, body: unknown, callKey = key) => {
    const result = await sandbox.api('POST', path, { key: callKey, body });
    expect(result.status, `${path}: ${JSON.stringify(result.body)}`).toBeLessThan(300);
    return result.body;
  };
  const plan = idOf(
    await ok('/api/v1/subscriptions/plans', {
      name: `${mode} plan`,
      amount: 5000,
      currency: 'NGN',
      interval: 'monthly',
    }),
  );
  await ok('/api/v1/subscriptions', {
    planId: plan,
    paymentMethod: 'customer_choice',
    customer: { email: `${mode}@example.com` },
  });
  await ok('/api/v1/virtual-accounts/reserved', { customer: { email: `${mode}@example.com` } });
  const payment = z
    .object({ data: z.object({ virtualAccount: z.object({ id: z.string() }) }) })
    .parse(
      await ok('/api/v1/payments', {
        amount: { amount: 2500, currency: 'NGN' },
        customer: { email: `${mode}@example.com` },
        paymentMethod: 'hosted_checkout',
      }),
    );
  if (mode === 'test') {
    await ok(`/sandbox/v1/virtual-accounts/${payment.data.virtualAccount.id}/transfers`, {
      amount: 2500,
    });
    return;
  }
  // Live: beneficiaries and payouts pass rule 5's gates (set up through the sandbox controls).
  const payoutKey = await openPayoutApi(sandbox, ['203.0.113.7']);
  await ok('/sandbox/v1/settlements', { amount: 1000 }, sandbox.credentials.liveSecretKey);
  const fromWhitelistedIp = async (path: string, body: unknown) => {
    const response = await sandbox.sandbox.handle(
      new Request(new URL(path, sandbox.sandbox.publicOrigin), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${payoutKey}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify(body),
      }),
      { clientIp: '203.0.113.7' },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as unknown;
  };
  const beneficiary = idOf(
    await fromWhitelistedIp('/api/v1/beneficiaries', {
      bankId: '000013',
      accountNumber: '0000001015',
    }),
  );
  await fromWhitelistedIp('/api/v1/payouts', {
    beneficiaryId: beneficiary,
    amount: 400,
    currency: 'NGN',
  });
}

test('every list shows exactly the records of the key mode, and no single read crosses modes', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  await populate(sandbox, 'test');
  await populate(sandbox, 'live');
  const keys: Record<Mode, string> = {
    test: sandbox.issueKey({ scopes: allScopes, mode: 'test' }),
    live: sandbox.issueKey({ scopes: allScopes, mode: 'live' }),
  };
  expect(listRoutes.map(([name]) => name).sort()).toEqual(Object.keys(listed).sort());
  for (const [name, def] of listRoutes) {
    const kind = listed[name];
    if (kind === undefined) throw new Error(`No table for ${name}`);
    const ids: Record<Mode, string[]> = { test: [], live: [] };
    for (const mode of ['test', 'live'] as const) {
      const result = await sandbox.api('GET', `${def.path}?limit=100`, { key: keys[mode] });
      expect(result.status, `${name} ${mode}`).toBe(200);
      expect(def.response.safeParse(result.body).success, name).toBe(true);
      ids[mode] = pageSchema.parse(result.body).data.map((item) => item.id);
      const stored = queryAll(
        sandbox.sandbox.db,
        `SELECT id FROM ${kind.table} WHERE mode = ? ORDER BY created_at DESC, rowid DESC`,
        [mode],
        z.object({ id: z.string() }),
      ).map((row) => row.id);
      expect(ids[mode], `${name} in ${mode} mode`).toEqual(stored);
    }
    // Reading one record by id with the other mode's key is "not found"; with its own, found.
    const own: Mode = ids.live.length > 0 ? 'live' : 'test';
    const other: Mode = own === 'live' ? 'test' : 'live';
    const sample = ids[own][0];
    if (sample === undefined) throw new Error(`${name} listed nothing in either mode`);
    const path = routes[kind.get].path.replace(/:\w+$/, sample);
    const crossed = await sandbox.api('GET', path, { key: keys[other] });
    expect(crossed.status, `${kind.get} from ${other}`).toBe(404);
    expect(errorBodySchema.parse(crossed.body).code).toBe('NOT_FOUND');
    expect((await sandbox.api('GET', path, { key: keys[own] })).status, kind.get).toBe(200);
  }
  // The payout balance is per mode too: live settled ₦1,000 and paid out ₦400.
  for (const [mode, available] of [
    ['live', 600],
    ['test', 0],
  ] as const) {
    const balance = await sandbox.api('GET', '/api/v1/balance', { key: keys[mode] });
    expect(balance.body).toEqual({ data: { mode, available, currency: 'NGN' } });
  }
});

test('each read needs its documented scope, a secret key, and nothing more', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const noScopes = sandbox.issueKey({ scopes: [] });
  for (const [name, def] of Object.entries(readRoutes)) {
    const path = def.path.replace(/:\w+$/, 'x_unknown');
    const bare = await sandbox.api('GET', path, { key: noScopes });
    if ('scope' in def) {
      expect(bare.status, name).toBe(403);
      expect(errorBodySchema.parse(bare.body).code).toBe('INSUFFICIENT_SCOPE');
      const scoped = await sandbox.api('GET', path, {
        key: sandbox.issueKey({ scopes: [def.scope] }),
      });
      expect(scoped.status, name).toBe(path.endsWith('x_unknown') ? 404 : 200);
    } else {
      expect(bare.status, name).toBe(path.endsWith('x_unknown') ? 404 : 200);
    }
    const publicKey = await sandbox.api('GET', path, { key: sandbox.credentials.testPublicKey });
    expect(publicKey.status, name).toBe(401);
    expect(errorBodySchema.parse(publicKey.body).message).toBe('Invalid API key');
  }
});
