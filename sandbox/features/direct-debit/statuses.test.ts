/**
 * Issue 3 rules a merchant or customer notices: revocation states, revoked and expired links,
 * scope-limited keys, lookups only while setup is open and never stored, mode-confined lists.
 */
import { expect, test } from 'vitest';
import {
  mandateListResponseSchema,
  revokeSetupLinkResponseSchema,
  setupLinkResponseSchema,
  setupStateResponseSchema,
  subscriptionMandateResponseSchema,
} from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { nubanCheckDigit } from '../../../contract/nuban';
import { queryAll } from '../../db/database';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { parseScopeList } from '../merchants/scoped-keys';
import { setupLinkLifetimeMs } from './setup-links';
import { testAccountBankId, testAccountFor } from './test-accounts';
import { z } from 'zod';

const gtbank = testAccountBankId;
const otherValidNumber = `246813579${nubanCheckDigit('058', '246813579')}`;

function submit(sandbox: TestSandbox, token: string, accountNumber: string) {
  return sandbox.setupApi('POST', '/direct-debit/setup', token, {
    bankId: gtbank,
    bankAccountNumber: accountNumber,
    consent: true,
  });
}

async function setupState(sandbox: TestSandbox, token: string) {
  const response = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(response.status).toBe(200);
  return setupStateResponseSchema.parse(response.body).data;
}

function errorOf(response: { status: number; body: unknown }) {
  return { status: response.status, ...errorBodySchema.parse(response.body) };
}

test.each([
  ['verified', 'verified'],
  ['unknown', 'unknown'],
  ['pending_activation', 'pending'],
] as const)(
  'customer disable of a %s mandate: revocation requested, then revoked once the bank confirms',
  async (outcome, before) => {
    const sandbox = createTestSandbox({ approvalDelayMs: 2000 });
    const { token, subscriptionId } = await sandbox.createSetupLink({
      callbackUrl: 'https://merchant.example.com/back',
    });
    const submitted = setupStateResponseSchema.parse(
      (await submit(sandbox, token, testAccountFor(outcome))).body,
    ).data;
    expect(submitted.mandate?.status).toBe(before);

    const disabled = await sandbox.setupApi('POST', '/direct-debit/setup/disable', token, {});
    expect(disabled.status).toBe(200);
    expect(setupStateResponseSchema.parse(disabled.body).data).toMatchObject({
      automaticDebitEnabled: false,
      setupOpen: false,
      returnUrl: 'https://merchant.example.com/back',
      mandate: { status: 'revocation_requested' },
    });

    sandbox.clock.advanceBy(2000);
    // The setup link keeps showing the status; the merchant sees the same.
    expect((await setupState(sandbox, token)).mandate?.status).toBe('revoked');
    const merchantView = subscriptionMandateResponseSchema.parse(
      (await sandbox.api('GET', `/api/v1/subscriptions/${subscriptionId}/direct-debit`)).body,
    ).data;
    expect(merchantView?.status).toBe('revoked');
    sandbox.close();
  },
);

test('disabling twice changes nothing more, and a rejected mandate stays rejected', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('rejected'));
  const first = await sandbox.setupApi('POST', '/direct-debit/setup/disable', token, {});
  const firstState = setupStateResponseSchema.parse(first.body).data;
  expect(firstState).toMatchObject({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: { status: 'rejected' },
  });
  const second = await sandbox.setupApi('POST', '/direct-debit/setup/disable', token, {});
  expect(setupStateResponseSchema.parse(second.body).data).toEqual(firstState);
  // With automatic debit off, the customer can no longer try another account.
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(errorOf(lookup)).toMatchObject({ status: 409, code: 'SETUP_CLOSED' });
  sandbox.close();
});

test('the merchant disable call on an approved mandate leads to revoked; the customer sees it', async () => {
  const sandbox = createTestSandbox({ approvalDelayMs: 1000 });
  const { token, subscriptionId } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('approved_after_delay'));
  sandbox.clock.advanceBy(1000);
  expect((await setupState(sandbox, token)).mandate?.status).toBe('approved');

  const disabled = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    { body: {} },
  );
  expect(subscriptionMandateResponseSchema.parse(disabled.body).data?.status).toBe(
    'revocation_requested',
  );
  expect((await setupState(sandbox, token)).mandate?.status).toBe('revocation_requested');
  sandbox.clock.advanceBy(1000);
  expect(await setupState(sandbox, token)).toMatchObject({
    automaticDebitEnabled: false,
    mandate: { status: 'revoked' },
  });
  sandbox.close();
});

test('the merchant disable call on a subscription without a mandate closes setup, mandate null', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const disabled = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    { body: {} },
  );
  expect(disabled.body).toEqual({ data: null });
  expect(await setupState(sandbox, token)).toMatchObject({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: null,
  });
  sandbox.close();
});

test('a revoked setup link answers 410 SETUP_LINK_REVOKED; asking again issues a new link', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const revoked = await sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/revoke-link`,
    { body: {} },
  );
  expect(revokeSetupLinkResponseSchema.parse(revoked.body).data).toEqual({
    subscriptionId,
    revoked: true,
  });
  for (const path of ['/direct-debit/setup', '/direct-debit/setup/banks']) {
    const refused = errorOf(await sandbox.setupApi('GET', path, token));
    expect(refused).toMatchObject({ status: 410, code: 'SETUP_LINK_REVOKED' });
    expect(refused.requestId).toMatch(/^req_/);
  }
  const again = await sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/revoke-link`,
    { body: {} },
  );
  expect(revokeSetupLinkResponseSchema.parse(again.body).data.revoked).toBe(false);

  const newLink = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit`,
    {
      body: {},
    },
  );
  expect(newLink.status).toBe(201);
  const newToken = new URL(setupLinkResponseSchema.parse(newLink.body).data.setupUrl).hash.slice(
    '#token='.length,
  );
  expect(newToken).not.toBe(token);
  expect((await setupState(sandbox, newToken)).setupOpen).toBe(true);
  expect(errorOf(await sandbox.setupApi('GET', '/direct-debit/setup', token)).code).toBe(
    'SETUP_LINK_REVOKED',
  );
  sandbox.close();
});

test('a live key revokes a live link, and cannot touch a test link', async () => {
  const sandbox = createTestSandbox();
  const live = await sandbox.createSetupLink({ mode: 'live' });
  const testLink = await sandbox.createSetupLink();
  const revokeWithLiveKey = (subscriptionId: string) =>
    sandbox.api('POST', `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/revoke-link`, {
      body: {},
      key: sandbox.credentials.liveSecretKey,
    });

  const revoked = await revokeWithLiveKey(live.subscriptionId);
  expect(revoked.status).toBe(200);
  expect(revokeSetupLinkResponseSchema.parse(revoked.body).data).toEqual({
    subscriptionId: live.subscriptionId,
    revoked: true,
  });
  expect(errorOf(await sandbox.setupApi('GET', '/direct-debit/setup', live.token))).toMatchObject({
    status: 410,
    code: 'SETUP_LINK_REVOKED',
  });

  // The test subscription does not exist for a live key: 404, and its link keeps working.
  expect(errorOf(await revokeWithLiveKey(testLink.subscriptionId))).toMatchObject({ status: 404 });
  expect((await setupState(sandbox, testLink.token)).setupOpen).toBe(true);
  sandbox.close();
});

test('revoking a link needs subscriptions:write, in live mode too', async () => {
  const sandbox = createTestSandbox();
  const { subscriptionId, token } = await sandbox.createSetupLink({ mode: 'live' });
  const readOnly = sandbox.issueKey({ scopes: ['subscriptions:read'], mode: 'live' });
  const refused = await sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/revoke-link`,
    { body: {}, key: readOnly },
  );
  expect(errorOf(refused)).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
  expect((await setupState(sandbox, token)).mode).toBe('live');
  sandbox.close();
});

test('turning direct debit off closes an issued link; turning it on again reopens it', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const live = await sandbox.createSetupLink({ mode: 'live' });
  const setConfig = (enabled: boolean) =>
    sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled } });

  expect((await setConfig(false)).status).toBe(200);
  expect(await setupState(sandbox, token)).toMatchObject({ setupOpen: false, mandate: null });
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(errorOf(lookup)).toMatchObject({ status: 409, code: 'SETUP_CLOSED' });
  expect(errorOf(await submit(sandbox, token, testAccountFor('verified')))).toMatchObject({
    status: 409,
    code: 'SETUP_CLOSED',
  });
  const mandates = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit');
  expect(mandates.body).toEqual({ data: [] });
  // The switch is per mode: the live link stays open.
  expect((await setupState(sandbox, live.token)).setupOpen).toBe(true);

  await setConfig(true);
  expect((await setupState(sandbox, token)).setupOpen).toBe(true);
  expect((await submit(sandbox, token, testAccountFor('verified'))).status).toBe(201);
  sandbox.close();
});

test('after direct debit is turned off, an authorized link still shows its mandate', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('verified'));
  await sandbox.api('PUT', '/sandbox/v1/direct-debit/config', { body: { enabled: false } });
  expect(await setupState(sandbox, token)).toMatchObject({
    setupOpen: false,
    mandate: { status: 'verified' },
  });
  sandbox.close();
});

test('an expired link refuses lookups with 410 SETUP_LINK_EXPIRED, and the state is gone too', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  sandbox.clock.advanceBy(setupLinkLifetimeMs);
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(errorOf(lookup)).toMatchObject({ status: 410, code: 'SETUP_LINK_EXPIRED' });
  expect(errorOf(await submit(sandbox, token, otherValidNumber)).code).toBe('SETUP_LINK_EXPIRED');
  sandbox.close();
});

test('lookups work only while setup is open: after a verified mandate, 409 SETUP_CLOSED', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('verified'));
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(errorOf(lookup)).toMatchObject({
    status: 409,
    code: 'SETUP_CLOSED',
    message: 'Direct debit setup is closed for this subscription',
  });
  sandbox.close();
});

test('an account lookup leaves no trace of the account or the name in the database', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(lookup.body).toEqual({
    data: { accountName: `TEST ACCOUNT ${otherValidNumber.slice(-4)} (sandbox data)` },
  });
  const tables = queryAll(
    sandbox.sandbox.db,
    "SELECT name FROM sqlite_master WHERE type = 'table'",
    [],
    z.object({ name: z.string() }),
  );
  for (const { name } of tables) {
    const rows = queryAll(
      sandbox.sandbox.db,
      `SELECT * FROM "${name}"`,
      [],
      z.record(z.string(), z.unknown()),
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain(otherValidNumber);
    expect(text).not.toContain('TEST ACCOUNT');
  }
  sandbox.close();
});

test('the mandate list holds only the key mode: test and live mandates never mix', async () => {
  const sandbox = createTestSandbox();
  const testLink = await sandbox.createSetupLink();
  const liveLink = await sandbox.createSetupLink({ mode: 'live' });
  await submit(sandbox, testLink.token, testAccountFor('verified'));
  await submit(sandbox, liveLink.token, otherValidNumber);

  const testList = mandateListResponseSchema.parse(
    (await sandbox.api('GET', '/api/v1/subscriptions/direct-debit')).body,
  ).data;
  const liveList = mandateListResponseSchema.parse(
    (
      await sandbox.api('GET', '/api/v1/subscriptions/direct-debit', {
        key: sandbox.credentials.liveSecretKey,
      })
    ).body,
  ).data;
  expect(testList.map((m) => [m.subscriptionId, m.mode])).toEqual([
    [testLink.subscriptionId, 'test'],
  ]);
  expect(liveList.map((m) => [m.subscriptionId, m.mode, m.status])).toEqual([
    [liveLink.subscriptionId, 'live', 'pending'],
  ]);
  // A live key cannot reach a test subscription's mandate.
  const cross = await sandbox.api(
    'GET',
    `/api/v1/subscriptions/${testLink.subscriptionId}/direct-debit`,
    { key: sandbox.credentials.liveSecretKey },
  );
  expect(cross.status).toBe(404);
  sandbox.close();
});

test('a read-only key lists mandates but may not disable: 403 INSUFFICIENT_SCOPE, nothing changes', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('verified'));
  const readOnly = sandbox.issueKey({ scopes: ['subscriptions:read'] });

  const list = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit', { key: readOnly });
  expect(list.status).toBe(200);
  const config = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit/config', {
    key: readOnly,
  });
  expect(config.body).toEqual({ data: { enabled: true, mode: 'test' } });

  for (const path of [
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    `/api/v1/subscriptions/${subscriptionId}/direct-debit`,
  ]) {
    const refused = errorOf(await sandbox.api('POST', path, { key: readOnly, body: {} }));
    expect(refused).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
    expect(refused.message).toContain('subscriptions:write');
    expect(refused.requestId).toMatch(/^req_/);
  }
  expect(await setupState(sandbox, token)).toMatchObject({
    automaticDebitEnabled: true,
    mandate: { status: 'verified' },
  });
  sandbox.close();
});

test('a write-only key may disable but not read; a key without scopes may do neither', async () => {
  const sandbox = createTestSandbox();
  const { subscriptionId } = await sandbox.createSetupLink();
  const writeOnly = sandbox.issueKey({ scopes: ['subscriptions:write'] });
  const none = sandbox.issueKey({ scopes: [] });

  const read = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit', { key: writeOnly });
  expect(errorOf(read)).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
  expect(errorOf(read).message).toContain('subscriptions:read');
  const disable = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    { key: writeOnly, body: {} },
  );
  expect(disable.status).toBe(200);
  for (const [method, path] of [
    ['GET', '/api/v1/subscriptions/direct-debit'],
    ['GET', `/api/v1/subscriptions/${subscriptionId}/direct-debit`],
    ['POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`],
  ] as const) {
    const refused = await sandbox.api(method, path, {
      key: none,
      body: method === 'POST' ? {} : undefined,
    });
    expect(errorOf(refused)).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
  }
  sandbox.close();
});

test('scope lists parse as the CLI takes them, and unknown scopes are refused by name', () => {
  expect(parseScopeList('subscriptions:read')).toEqual(['subscriptions:read']);
  expect(parseScopeList(' subscriptions:read , subscriptions:write,subscriptions:read')).toEqual([
    'subscriptions:read',
    'subscriptions:write',
  ]);
  expect(parseScopeList('none')).toEqual([]);
  expect(parseScopeList('')).toEqual([]);
  expect(() => parseScopeList('subscriptions:admin')).toThrow(
    /Unknown scope "subscriptions:admin"/,
  );
});
