import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { isRecordedEvent } from '../../contract/events';
import { listResponse } from '../../contract/paging';
import { paymentSchema } from '../../contract/payments';
import { planResponseSchema, subscriptionResponseSchema } from '../../contract/subscriptions';
import { eventLogListResponseSchema } from '../../contract/webhooks';
import { createSandbox, type Sandbox } from '../composition/app';
import { issueSecretKey } from '../features/merchants/api-keys';
import { demoCredentialsSchema } from '../features/merchants/demo-merchant';
import { queryAll } from '../db/database';
import { migrations as allMigrations } from '../db/migrations';

const directories: string[] = [];
afterEach(() => {
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
  directories.push(dir);
  return dir;
}

async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers = new Headers({ authorization: `Bearer ${sandbox.credentials.testSecretKey}` });
  if (body !== undefined) {
    headers.set('content-type', 'application/json');
    headers.set('idempotency-key', crypto.randomUUID());
  }
  const response = await sandbox.handle(
    new Request(`${sandbox.publicOrigin}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: await response.json() };
}

test('records, keys and settings survive closing and reopening the data directory', async () => {
  const dataDir = tempDir();
  const first = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const created = await call(first, 'POST', '/api/v1/subscriptions/plans', {
    name: 'Gym membership',
    amount: 12345.67,
    currency: 'NGN',
    interval: 'monthly',
  });
  const plan = planResponseSchema.parse(created.body).data;
  await call(first, 'PUT', '/sandbox/v1/direct-debit/config', { enabled: true });
  first.clock.advanceBy(60_000);
  const credentials = first.credentials;
  first.close();

  const second = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  expect(second.credentials).toEqual(credentials);
  expect(second.clock.offsetMs()).toBe(60_000);
  const config = await call(second, 'GET', '/api/v1/subscriptions/direct-debit/config');
  expect(config.body).toEqual({ data: { enabled: true, mode: 'test' } });
  const stored = queryAll(
    second.db,
    'SELECT id, amount_kobo FROM plans',
    [],
    z.object({ id: z.string(), amount_kobo: z.number() }),
  );
  expect(stored).toEqual([{ id: plan.id, amount_kobo: 1_234_567 }]);
  const migrations = queryAll(
    second.db,
    'SELECT version FROM schema_migrations',
    [],
    z.object({ version: z.number() }),
  );
  expect(migrations.map((m) => m.version)).toEqual(allMigrations.map((m) => m.version));
  second.close();
});

test('credentials.json holds every credential, is owner-only, and follows the origin', () => {
  const dataDir = tempDir();
  const first = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const path = join(dataDir, 'credentials.json');
  const onDisk = demoCredentialsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  expect(onDisk).toEqual(first.credentials);
  expect(Object.keys(JSON.parse(readFileSync(path, 'utf8')) as object).sort()).toEqual(
    [
      'baseUrl',
      'liveSecretKey',
      'livePublicKey',
      'merchantId',
      'merchantName',
      'testPublicKey',
      'testSecretKey',
      'webhookSecret',
    ].sort(),
  );
  expect(onDisk.baseUrl).toBe('http://127.0.0.1:4010');
  expect(onDisk.merchantName).toBe('Adaeze Fitness');
  expect(onDisk.testSecretKey).toMatch(/^osk_test_[A-Za-z0-9]{32}$/);
  expect(onDisk.liveSecretKey).toMatch(/^osk_live_[A-Za-z0-9]{32}$/);
  expect(onDisk.testPublicKey).toMatch(/^opk_test_/);
  expect(onDisk.livePublicKey).toMatch(/^opk_live_/);
  expect(onDisk.webhookSecret).toMatch(/^whsec_/);
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(statSync(join(dataDir, 'link-secret')).mode & 0o777).toBe(0o600);
  first.close();

  const moved = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:5020' });
  const after = demoCredentialsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  expect(after).toEqual({ ...onDisk, baseUrl: 'http://127.0.0.1:5020' });
  moved.close();
});

test('secret keys are stored only as hashes', () => {
  const dataDir = tempDir();
  const sandbox = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const { testSecretKey, liveSecretKey } = sandbox.credentials;
  sandbox.close();
  for (const file of readdirSync(dataDir).filter((name) => name.startsWith('sandbox.db'))) {
    const bytes = readFileSync(join(dataDir, file)).toString('latin1');
    expect(bytes).not.toContain(testSecretKey);
    expect(bytes).not.toContain(liveSecretKey);
  }
});

test('the demo keys of a data directory made before sandbox:controls keep opening the controls', async () => {
  const dataDir = tempDir();
  const first = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  // As an older sandbox left them: demo keys with the old default scopes, migration 17 not run.
  first.db
    .prepare('UPDATE api_keys SET scopes = ? WHERE merchant_id = ?')
    .run('["subscriptions:read","subscriptions:write"]', first.credentials.merchantId);
  first.db.prepare('DELETE FROM schema_migrations WHERE version = 17').run();
  const refused = await call(first, 'GET', '/sandbox/v1/webhooks/endpoint');
  expect(refused.status).toBe(403);
  // A key the merchant issued later with just these scopes is theirs to keep as it is.
  const chosen = issueSecretKey(first.db, {
    merchantId: first.credentials.merchantId,
    mode: 'test',
    scopes: ['subscriptions:read', 'subscriptions:write'],
    now: new Date(Date.now() + 60_000),
  }).secretKey;
  first.close();

  const second = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const opened = await call(second, 'GET', '/sandbox/v1/webhooks/endpoint');
  expect(opened.status).toBe(200);
  const stillRefused = await second.handle(
    new Request(`${second.publicOrigin}/sandbox/v1/webhooks/endpoint`, {
      headers: { authorization: `Bearer ${chosen}` },
    }),
  );
  expect(stillRefused.status).toBe(403);
  second.close();
});

test('a data directory made before migration 21 reads its subscriptions, payments and events with preferredLanguage null', async () => {
  const dataDir = tempDir();
  const first = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const plan = planResponseSchema.parse(
    (
      await call(first, 'POST', '/api/v1/subscriptions/plans', {
        name: 'Gym membership',
        amount: 15000,
        currency: 'NGN',
        interval: 'monthly',
      })
    ).body,
  ).data;
  const subscription = subscriptionResponseSchema.parse(
    (
      await call(first, 'POST', '/api/v1/subscriptions', {
        planId: plan.id,
        paymentMethod: 'customer_choice',
        customer: { email: 'ada@example.com' },
      })
    ).body,
  ).data;
  // As an older sandbox left them: no column, migration 21 not run, events recorded without it.
  first.db.exec(`
    ALTER TABLE subscriptions DROP COLUMN preferred_language;
    ALTER TABLE payments DROP COLUMN preferred_language;
    DELETE FROM schema_migrations WHERE version = 21;
    UPDATE events SET body = json_remove(body, '$.data.preferredLanguage');
  `);
  first.close();

  const second = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const read = await call(second, 'GET', `/api/v1/subscriptions/${subscription.id}`);
  expect(subscriptionResponseSchema.parse(read.body).data.preferredLanguage).toBeNull();
  const payments = listResponse(paymentSchema).parse(
    (await call(second, 'GET', '/api/v1/payments')).body,
  ).data;
  expect(payments.map((payment) => payment.preferredLanguage)).toEqual([null]);
  const events = await call(second, 'GET', '/sandbox/v1/webhooks/events');
  expect(events.status).toBe(200);
  const entries = eventLogListResponseSchema
    .parse(events.body)
    .data.filter((entry) => isRecordedEvent(entry.event, 'subscription.created'));
  expect(
    entries.map(({ event }) =>
      isRecordedEvent(event, 'subscription.created')
        ? [event.data.id, event.data.preferredLanguage]
        : [],
    ),
  ).toEqual([[subscription.id, null]]);
  // What was delivered stays as it was recorded.
  expect(entries[0]?.rawBody).not.toContain('preferredLanguage');
  second.close();
});
