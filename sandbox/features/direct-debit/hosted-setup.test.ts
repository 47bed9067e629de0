import { expect, test } from 'vitest';
import { bankListResponseSchema } from '../../../contract/banks';
import { setupStateResponseSchema } from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { nubanCheckDigit } from '../../../contract/nuban';
import { subscriptionResponseSchema } from '../../../contract/subscriptions';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import type { BankAccountValidator } from '../../core/bank-account-validator';
import { lookupLimit, lookupWindowMs } from './lookup-rate-limit';
import { testAccountBankId, testAccountFor, testAccounts } from './test-accounts';

const gtbank = testAccountBankId;
/** A valid GTBank NUBAN that is not in the test-account table. */
const otherValidNumber = `123456789${nubanCheckDigit('058', '123456789')}`;

async function state(sandbox: TestSandbox, token: string) {
  const response = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(response.status).toBe(200);
  return setupStateResponseSchema.parse(response.body).data;
}

function submit(sandbox: TestSandbox, token: string, accountNumber: string, extra = {}) {
  return sandbox.setupApi('POST', '/direct-debit/setup', token, {
    bankId: gtbank,
    bankAccountNumber: accountNumber,
    consent: true,
    ...extra,
  });
}

test('the setup state carries the preferredLanguage the subscription was created with', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink({ preferredLanguage: 'pcm' });
  expect((await state(sandbox, token)).preferredLanguage).toBe('pcm');
  sandbox.close();
});

test.each([
  ['no token', undefined],
  ['a malformed token', 'not-a-token'],
  ['an unknown token', 'A'.repeat(43)],
])('a setup call with %s gets 401 INVALID_SETUP_LINK', async (_label, token) => {
  const sandbox = createTestSandbox();
  const response = await sandbox.api('GET', '/direct-debit/setup', {
    key: null,
    headers: token === undefined ? {} : { 'x-direct-debit-token': token },
  });
  expect(response.status).toBe(401);
  const body = errorBodySchema.parse(response.body);
  expect(body.code).toBe('INVALID_SETUP_LINK');
  expect(body.message).toBe('This setup link is not valid');
  sandbox.close();
});

test('the setup state shows the merchant, the subscription in naira and a validated returnUrl', async () => {
  const sandbox = createTestSandbox({ start: new Date('2026-01-31T10:00:00Z') });
  const { token, subscriptionId } = await sandbox.createSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return?from=setup',
    plan: { name: 'Premium', amount: 12500.5 },
  });
  expect(await state(sandbox, token)).toEqual({
    mode: 'test',
    merchant: {
      name: 'Adaeze Fitness',
      logoUrl: null,
      brandColor: '#0B5CAD',
      supportEmail: 'support@adaeze-fitness.example',
    },
    // None given when the subscription was created.
    preferredLanguage: null,
    subscription: {
      id: subscriptionId,
      planName: 'Premium',
      amount: 12500.5,
      currency: 'NGN',
      interval: 'monthly',
      nextBillingDate: '2026-02-28',
    },
    automaticDebitEnabled: true,
    returnUrl: 'https://merchant.example.com/billing/return?from=setup',
    setupOpen: true,
    expiresAt: '2026-03-02T10:00:00.000Z',
    mandate: null,
    // The service's time for the link's mode, so the page never judges deadlines by the phone.
    serverTime: '2026-01-31T10:00:00.000Z',
  });
  sandbox.close();
});

test.each([
  ['no callbackUrl', undefined],
  ['a callbackUrl to a private host', 'https://localhost/return'],
  ['a callbackUrl with credentials', 'https://user:pass@merchant.example/return'],
])('returnUrl is null with %s', async (_label, callbackUrl) => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink({ callbackUrl });
  expect((await state(sandbox, token)).returnUrl).toBeNull();
  sandbox.close();
});

async function initialInvoiceId(sandbox: TestSandbox, subscriptionId: string): Promise<string> {
  const response = await sandbox.api('GET', `/api/v1/subscriptions/${subscriptionId}`);
  return subscriptionResponseSchema.parse(response.body).data.invoice.id;
}

function bindInvoiceCallback(sandbox: TestSandbox, invoiceId: string, callbackUrl: string) {
  return sandbox.api('POST', `/api/v1/subscriptions/invoices/${invoiceId}/payment`, {
    body: { callbackUrl },
  });
}

test('a callbackUrl bound later to the invoice becomes the setup returnUrl', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  expect((await state(sandbox, token)).returnUrl).toBeNull();

  const invoiceId = await initialInvoiceId(sandbox, subscriptionId);
  const bound = await bindInvoiceCallback(
    sandbox,
    invoiceId,
    'https://merchant.example.com/paid?x=1',
  );
  expect(bound.status).toBeLessThan(300);
  expect((await state(sandbox, token)).returnUrl).toBe('https://merchant.example.com/paid?x=1');
  sandbox.close();
});

test('an http:// or private invoice callbackUrl is never exposed as returnUrl', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const invoiceId = await initialInvoiceId(sandbox, subscriptionId);

  const plain = await bindInvoiceCallback(sandbox, invoiceId, 'http://merchant.example.com/paid');
  expect(plain.status).toBe(400);
  expect(errorBodySchema.parse(plain.body).code).toBe('VALIDATION_FAILED');
  expect((await state(sandbox, token)).returnUrl).toBeNull();

  // HTTPS, but to this machine: the invoice keeps it, the setup page never gets it.
  const local = await bindInvoiceCallback(sandbox, invoiceId, 'https://localhost/paid');
  expect(local.status).toBeLessThan(300);
  expect((await state(sandbox, token)).returnUrl).toBeNull();
  sandbox.close();
});

test('the bank list gives ids, CBN codes and types, sorted by name', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const response = await sandbox.setupApi('GET', '/direct-debit/setup/banks', token);
  const banks = bankListResponseSchema.parse(response.body).data;
  expect(banks.length).toBeGreaterThan(50);
  expect(banks.find((bank) => bank.id === gtbank)).toEqual({
    id: gtbank,
    name: 'Guaranty Trust Bank',
    shortName: expect.any(String) as string,
    cbnCode: '058',
    type: 'commercial',
  });
  const names = banks.map((bank) => bank.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  // A bank without a NIP code is listed by its slug.
  expect(banks.some((bank) => !/^\d+$/.test(bank.id))).toBe(true);
  sandbox.close();
});

test('account lookup on a test link returns a synthetic name labelled as sandbox data', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const response = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ data: { accountName: 'TEST ACCOUNT 7896 (sandbox data)' } });
  sandbox.close();
});

test('lookup refuses a wrong check digit, an unknown bank and the not-found test account', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const lookup = (bankId: string, bankAccountNumber: string) =>
    sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
      bankId,
      bankAccountNumber,
    });
  const wrongDigit = `123456789${(nubanCheckDigit('058', '123456789') + 1) % 10}`;
  const badDigit = await lookup(gtbank, wrongDigit);
  expect(badDigit.status).toBe(400);
  expect(errorBodySchema.parse(badDigit.body).code).toBe('INVALID_ACCOUNT_NUMBER');
  const unknownBank = await lookup('999999', otherValidNumber);
  expect(unknownBank.status).toBe(400);
  expect(errorBodySchema.parse(unknownBank.body).code).toBe('UNKNOWN_BANK');
  const notFound = await lookup(gtbank, testAccountFor('account_not_found'));
  expect(notFound.status).toBe(404);
  expect(errorBodySchema.parse(notFound.body).code).toBe('ACCOUNT_NOT_FOUND');
  const nineDigits = await lookup(gtbank, '123456789');
  expect(nineDigits.status).toBe(400);
  expect(errorBodySchema.parse(nineDigits.body).code).toBe('VALIDATION_FAILED');
  sandbox.close();
});

test('lookups are limited to 5 a minute per link, with Retry-After in whole seconds', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const other = await sandbox.createSetupLink();
  const lookup = (linkToken: string) =>
    sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', linkToken, {
      bankId: gtbank,
      bankAccountNumber: otherValidNumber,
    });
  for (let i = 0; i < lookupLimit; i += 1) {
    expect((await lookup(token)).status).toBe(200);
    sandbox.clock.advanceBy(10_000);
  }
  // The first lookup was 50 s ago: it leaves the window in 10 s.
  const limited = await lookup(token);
  expect(limited.status).toBe(429);
  expect(errorBodySchema.parse(limited.body).code).toBe('RATE_LIMITED');
  expect(limited.headers.get('retry-after')).toBe('10');
  // Another link has its own budget.
  expect((await lookup(other.token)).status).toBe(200);
  sandbox.clock.advanceBy(lookupWindowMs - 50_000 - 500);
  expect((await lookup(token)).headers.get('retry-after')).toBe('1');
  sandbox.clock.advanceBy(500);
  expect((await lookup(token)).status).toBe(200);
  sandbox.close();
});

function resolve(sandbox: TestSandbox, token: string, accountNumber: string) {
  return sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: accountNumber,
  });
}

/** `count` valid GTBank numbers that are not test accounts, all different. */
function otherNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const serial = String(200000000 + i);
    return `${serial}${nubanCheckDigit('058', serial)}`;
  });
}

test('a submission reveals a name too, so it counts: rejected submissions cannot get past the limit', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  for (const number of otherNumbers(lookupLimit - 1)) {
    expect((await resolve(sandbox, token, number)).status).toBe(200);
  }
  // Submitted without a lookup first: the bank rejects it, setup stays open, the name is shown.
  const rejected = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('rejected'))).body,
  ).data;
  expect(rejected).toMatchObject({ setupOpen: true, mandate: { status: 'rejected' } });
  expect(rejected.mandate?.accountName).toEqual(expect.any(String));

  // That submission used the last lookup: another lookup and another account's submission are
  // refused the same way.
  const lookup = await resolve(sandbox, token, otherValidNumber);
  expect(lookup.status).toBe(429);
  const limited = await submit(sandbox, token, testAccountFor('verified'));
  expect(limited.status).toBe(429);
  expect(errorBodySchema.parse(limited.body).code).toBe('RATE_LIMITED');
  expect(limited.headers.get('retry-after')).toBe(lookup.headers.get('retry-after'));
  const mandate = await sandbox.api('GET', `/api/v1/subscriptions/${subscriptionId}/direct-debit`);
  expect(mandate.body).toMatchObject({ data: { status: 'rejected' } });

  sandbox.clock.advanceBy(lookupWindowMs);
  expect((await submit(sandbox, token, testAccountFor('verified'))).status).toBe(201);
  sandbox.close();
});

test('confirming the account just looked up is not counted twice, even at the limit', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  for (const number of otherNumbers(lookupLimit - 1)) await resolve(sandbox, token, number);
  const verified = testAccountFor('verified');
  expect((await resolve(sandbox, token, verified)).status).toBe(200);
  expect((await resolve(sandbox, token, otherValidNumber)).status).toBe(429);

  const submitted = await submit(sandbox, token, verified);
  expect(submitted.status).toBe(201);
  expect(setupStateResponseSchema.parse(submitted.body).data.mandate?.status).toBe('verified');
  sandbox.close();
});

test('an account looked up more than a minute before submitting counts again', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const rejectedNumber = testAccountFor('rejected');
  await resolve(sandbox, token, rejectedNumber);
  sandbox.clock.advanceBy(lookupWindowMs);
  for (const number of otherNumbers(lookupLimit - 1)) await resolve(sandbox, token, number);
  expect((await submit(sandbox, token, rejectedNumber)).status).toBe(201);
  // The submission took the fifth lookup of the window.
  expect((await resolve(sandbox, token, otherValidNumber)).status).toBe(429);
  // Submitting the same account again within the window is not counted again.
  expect((await submit(sandbox, token, rejectedNumber)).status).toBe(201);
  sandbox.close();
});

test('submitting ignores a browser-sent name: the mandate carries the re-resolved one', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const number = testAccountFor('verified');
  const response = await submit(sandbox, token, number, { accountName: 'SOMEONE ELSE' });
  expect(response.status).toBe(201);
  const { mandate, setupOpen } = setupStateResponseSchema.parse(response.body).data;
  expect(setupOpen).toBe(false);
  expect(mandate).toMatchObject({
    subscriptionId,
    status: 'verified',
    bank: { id: gtbank, name: 'Guaranty Trust Bank' },
    accountNumberMasked: `******${number.slice(-4)}`,
    accountName: `TEST ACCOUNT ${number.slice(-4)} (sandbox data)`,
  });
  sandbox.close();
});

test('a mandate is pending, then approved after the delay when due work runs', async () => {
  const sandbox = createTestSandbox({ approvalDelayMs: 3000 });
  const { token } = await sandbox.createSetupLink();
  const submitted = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('approved_after_delay'))).body,
  ).data;
  expect(submitted.mandate?.status).toBe('pending');

  sandbox.clock.advanceBy(2999);
  sandbox.sandbox.runDueWork();
  expect((await state(sandbox, token)).mandate?.status).toBe('pending');

  sandbox.clock.advanceBy(1);
  sandbox.sandbox.runDueWork();
  const approved = (await state(sandbox, token)).mandate;
  expect(approved?.status).toBe('approved');
  expect(approved?.updatedAt).toBe(
    new Date(new Date(submitted.mandate?.createdAt ?? 0).getTime() + 3000).toISOString(),
  );
  sandbox.close();
});

test('any other valid number is also approved after the delay', async () => {
  const sandbox = createTestSandbox({ approvalDelayMs: 50 });
  const { token } = await sandbox.createSetupLink();
  await submit(sandbox, token, otherValidNumber);
  sandbox.clock.advanceBy(50);
  expect((await state(sandbox, token)).mandate?.status).toBe('approved');
  sandbox.close();
});

test('the pending-activation test account carries ₦50 activation instructions due in 48 h', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const mandate = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('pending_activation'))).body,
  ).data.mandate;
  expect(mandate?.status).toBe('pending');
  expect(mandate?.activation).toMatchObject({ amount: 50, currency: 'NGN' });
  expect(mandate?.activation?.reference).toMatch(/^MDTACT-/);
  expect(mandate?.activation?.deadline).toBe(
    new Date(new Date(mandate?.createdAt ?? 0).getTime() + 48 * 3600 * 1000).toISOString(),
  );
  sandbox.clock.advanceBy(7 * 24 * 3600 * 1000);
  expect((await state(sandbox, token)).mandate?.status).toBe('pending');
  sandbox.close();
});

test('every documented test account has its documented outcome', async () => {
  const expected = {
    approved_after_delay: 'pending',
    verified: 'verified',
    pending_activation: 'pending',
    unknown: 'unknown',
    rejected: 'rejected',
    account_not_found: null,
  } as const;
  for (const account of testAccounts) {
    const sandbox = createTestSandbox();
    const { token } = await sandbox.createSetupLink();
    const response = await submit(sandbox, token, account.accountNumber);
    const status = expected[account.outcome];
    if (status === null) {
      expect(response.status).toBe(404);
    } else {
      expect(setupStateResponseSchema.parse(response.body).data.mandate?.status).toBe(status);
    }
    sandbox.close();
  }
});

test('a second submission while a mandate is pending is 409 SETUP_CLOSED', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  expect((await submit(sandbox, token, testAccountFor('approved_after_delay'))).status).toBe(201);
  const again = await submit(sandbox, token, otherValidNumber);
  expect(again.status).toBe(409);
  expect(errorBodySchema.parse(again.body).code).toBe('SETUP_CLOSED');
  const lookup = await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', token, {
    bankId: gtbank,
    bankAccountNumber: otherValidNumber,
  });
  expect(lookup.status).toBe(409);
  sandbox.close();
});

test('two concurrent submissions create one mandate', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const results = await Promise.all([
    submit(sandbox, token, testAccountFor('verified')),
    submit(sandbox, token, otherValidNumber),
  ]);
  expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  const list = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit');
  expect(list.body).toMatchObject({ data: [{ subscriptionId }] });
  sandbox.close();
});

test('each rejected test account answers with its own bank reason, as documented', async () => {
  const sandbox = createTestSandbox();
  const rejectedAccounts = testAccounts.filter((account) => account.outcome === 'rejected');
  // Several kinds of refusal, so the page's reason categories can all be tried.
  expect(rejectedAccounts.length).toBeGreaterThanOrEqual(7);
  const reasons: string[] = [];
  for (const account of rejectedAccounts) {
    const { token } = await sandbox.createSetupLink();
    const answer = setupStateResponseSchema.parse(
      (await submit(sandbox, token, account.accountNumber)).body,
    ).data;
    expect(answer.mandate).toMatchObject({
      status: 'rejected',
      rejectionReason: account.rejectionReason,
    });
    reasons.push(answer.mandate?.rejectionReason ?? '');
  }
  expect(reasons).toEqual([
    'Mandate rejected: account type does not permit direct debit (sandbox data)',
    'Mandate rejected: Account Closed (sandbox data)',
    'Mandate rejected: Dormant Account - reactivation required (sandbox data)',
    'Mandate rejected: Post No Debit (PND) on account (sandbox data)',
    'Mandate rejected: BVN / account name mismatch (sandbox data)',
    'Mandate declined by customer at authorisation (sandbox data)',
    'Mandate rejected: Do not honour (sandbox data)',
  ]);
  sandbox.close();
});

test('after a rejection the customer may authorize another account, which replaces it', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  const rejected = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('rejected'))).body,
  ).data;
  expect(rejected.mandate?.status).toBe('rejected');
  expect(rejected.mandate?.rejectionReason).toEqual(expect.any(String));
  expect(rejected.setupOpen).toBe(true);

  const retried = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('verified'))).body,
  ).data;
  expect(retried.mandate?.status).toBe('verified');
  expect(retried.mandate?.id).not.toBe(rejected.mandate?.id);
  const list = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit');
  expect(list.body).toMatchObject({ data: [{ id: retried.mandate?.id }] });
  sandbox.close();
});

test('the customer can turn automatic debit off: revocation requested, setup closed', async () => {
  const sandbox = createTestSandbox();
  const { token } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('verified'));
  const response = await sandbox.setupApi('POST', '/direct-debit/setup/disable', token, {});
  expect(response.status).toBe(200);
  expect(setupStateResponseSchema.parse(response.body).data).toMatchObject({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: { status: 'revocation_requested' },
  });
  sandbox.close();
});

test('a test link never reaches the live validator; a live link uses it', async () => {
  const calls: string[] = [];
  const spy = (mode: 'test' | 'live'): BankAccountValidator => ({
    mode,
    resolve: ({ accountNumber }) => {
      calls.push(`${mode}:${accountNumber}`);
      return Promise.resolve({ found: true, accountName: `${mode.toUpperCase()} NAME` });
    },
  });
  const sandbox = createTestSandbox({ validators: { test: spy('test'), live: spy('live') } });
  const testLink = await sandbox.createSetupLink();
  const liveLink = await sandbox.createSetupLink({ mode: 'live' });
  const body = { bankId: gtbank, bankAccountNumber: otherValidNumber };
  await sandbox.setupApi('POST', '/direct-debit/setup/resolve-account', testLink.token, body);
  await submit(sandbox, testLink.token, otherValidNumber);
  expect(calls).toEqual([`test:${otherValidNumber}`, `test:${otherValidNumber}`]);
  const live = await sandbox.setupApi(
    'POST',
    '/direct-debit/setup/resolve-account',
    liveLink.token,
    body,
  );
  expect(live.body).toEqual({ data: { accountName: 'LIVE NAME' } });
  expect(calls.at(-1)).toBe(`live:${otherValidNumber}`);
  sandbox.close();
});
