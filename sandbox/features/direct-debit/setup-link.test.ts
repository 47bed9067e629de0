import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import {
  mandateListResponseSchema,
  setupLinkResponseSchema,
  subscriptionMandateResponseSchema,
} from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { planResponseSchema, subscriptionResponseSchema } from '../../../contract/subscriptions';
import { createSandbox } from '../../composition/app';
import { sha256Hex } from '../../core/crypto';
import { createDemoSetupLink } from '../../demo';
import { createTestSandbox, testOrigin, type TestSandbox } from '../../testing/test-sandbox';
import { setupLinkLifetimeMs } from './setup-links';
import { testAccountBankId, testAccountFor } from './test-accounts';

async function createSubscription(sandbox: TestSandbox): Promise<string> {
  const plan = planResponseSchema.parse(
    (
      await sandbox.api('POST', '/api/v1/subscriptions/plans', {
        body: { name: 'Gym', amount: 15000, currency: 'NGN', interval: 'monthly' },
      })
    ).body,
  ).data;
  const subscription = subscriptionResponseSchema.parse(
    (
      await sandbox.api('POST', '/api/v1/subscriptions', {
        body: {
          planId: plan.id,
          paymentMethod: 'customer_choice',
          customer: { email: 'a@example.com' },
        },
      })
    ).body,
  ).data;
  return subscription.id;
}

test('direct debit is disabled by default: the config says so and no link is issued', async () => {
  const sandbox = createTestSandbox();
  const config = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config');
  expect(config.body).toEqual({ data: { enabled: false, mode: 'test' } });
  const subscriptionId = await createSubscription(sandbox);
  const link = await sandbox.api('POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
    body: {},
  });
  expect(link.status).toBe(403);
  expect(errorBodySchema.parse(link.body).code).toBe('DIRECT_DEBIT_NOT_ENABLED');
  sandbox.close();
});

test('the sandbox control enables direct debit for the key mode only', async () => {
  const sandbox = createTestSandbox();
  const put = await sandbox.api('PUT', '/sandbox/v1/direct-debit/config', {
    body: { enabled: true },
  });
  expect(put.body).toEqual({ data: { enabled: true, mode: 'test' } });
  const testConfig = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config');
  expect(testConfig.body).toEqual({ data: { enabled: true, mode: 'test' } });
  const liveConfig = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', {
    key: sandbox.credentials.liveSecretKey,
  });
  expect(liveConfig.body).toEqual({ data: { enabled: false, mode: 'live' } });
  sandbox.close();
});

test('asking twice returns the same private setup link, expiring in 30 days', async () => {
  const start = new Date('2026-04-01T08:00:00Z');
  const sandbox = createTestSandbox({ start });
  await sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: true } });
  const subscriptionId = await createSubscription(sandbox);
  const ask = () =>
    sandbox.api('POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, { body: {} });
  const first = await ask();
  sandbox.clock.advanceBy(60_000);
  const second = await ask();
  expect(first.status).toBe(201);
  expect(second.status).toBe(200);
  const link = setupLinkResponseSchema.parse(first.body).data;
  expect(setupLinkResponseSchema.parse(second.body).data).toEqual(link);
  expect(link).toMatchObject({
    subscriptionId,
    expiresAt: new Date(start.getTime() + setupLinkLifetimeMs).toISOString(),
    automaticDebitEnabled: true,
    mandate: null,
  });
  expect(link.setupUrl).toMatch(
    new RegExp(`^${testOrigin}/direct-debit/setup#token=[A-Za-z0-9_-]{43}$`),
  );
  sandbox.close();
});

test('an expired link answers 410; asking again issues a new link that works', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  sandbox.clock.advanceBy(setupLinkLifetimeMs);
  const expired = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(expired.status).toBe(410);
  expect(errorBodySchema.parse(expired.body).code).toBe('SETUP_LINK_EXPIRED');

  const renewed = setupLinkResponseSchema.parse(
    (
      await sandbox.api('POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
        body: {},
      })
    ).body,
  ).data;
  const newToken = new URL(renewed.setupUrl).hash.slice('#token='.length);
  expect(newToken).not.toBe(token);
  expect((await sandbox.setupApi('GET', '/direct-debit/setup', newToken)).status).toBe(200);
  expect((await sandbox.setupApi('GET', '/direct-debit/setup', token)).status).toBe(410);
  sandbox.close();
});

test('only the SHA-256 of a setup token reaches the database file', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-token-'));
  try {
    const sandbox = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
    const handle = (request: Request) => sandbox.handle(request);
    const { token, subscriptionId } = await createDemoSetupLink(handle, sandbox.credentials);
    // Retrieving it again, idempotently or not, must not store it either.
    await createDemoSetupLink(handle, sandbox.credentials);
    const again = await handle(
      new Request(`${sandbox.publicOrigin}/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${sandbox.credentials.testSecretKey}`,
          'content-type': 'application/json',
          'idempotency-key': 'again',
        },
        body: '{}',
      }),
    );
    expect(setupLinkResponseSchema.parse(await again.json()).data.setupUrl).toContain(token);
    sandbox.close();

    const files = readdirSync(dataDir).filter((name) => name.startsWith('sandbox.db'));
    const contents = files
      .map((file) => readFileSync(join(dataDir, file)).toString('latin1'))
      .join('');
    expect(contents).not.toContain(token);
    expect(contents).toContain(sha256Hex(token));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the merchant sees the mandate per subscription and in the mode list', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', token, {
    bankId: testAccountBankId,
    bankAccountNumber: testAccountFor('verified'),
    consent: true,
  });
  expect(submitted.status).toBe(201);

  const mandate = subscriptionMandateResponseSchema.parse(
    (await sandbox.api('GET', `/api/v1/subscriptions/${subscriptionId}/direct-debit`)).body,
  ).data;
  expect(mandate).toMatchObject({ subscriptionId, mode: 'test', status: 'verified' });
  expect(mandate?.id).toMatch(/^mdt_/);

  const list = mandateListResponseSchema.parse(
    (await sandbox.api('GET', '/api/v1/subscriptions/direct-debit')).body,
  ).data;
  expect(list.map((m) => m.id)).toEqual([mandate?.id]);
  const liveList = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit', {
    key: sandbox.credentials.liveSecretKey,
  });
  expect(liveList.body).toEqual({ data: [] });
  sandbox.close();
});

test('the merchant disable call stops automatic debit and requests revocation', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  await sandbox.setupApi('POST', '/direct-debit/setup', token, {
    bankId: testAccountBankId,
    bankAccountNumber: testAccountFor('approved_after_delay'),
    consent: true,
  });
  const disabled = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    { body: {} },
  );
  expect(disabled.status).toBe(200);
  expect(subscriptionMandateResponseSchema.parse(disabled.body).data?.status).toBe(
    'revocation_requested',
  );
  // The bank's planned approval no longer applies once revocation was requested: the bank
  // confirms the revocation instead.
  sandbox.clock.advanceBy(10_000);
  sandbox.sandbox.runDueWork();
  const state = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(state.body).toMatchObject({
    data: {
      automaticDebitEnabled: false,
      setupOpen: false,
      mandate: { status: 'revoked' },
    },
  });
  sandbox.close();
});
