/**
 * The sandbox's stand-in for the bank's final answer (sandbox/README.md, "Mandate statuses"): a
 * pending mandate (the activation transfer made, or never made) or an unknown one (reconciled)
 * becomes approved or rejected; the customer's setup link and the merchant see the same, and
 * nothing else can be answered.
 */
import { expect, test } from 'vitest';
import {
  setupStateResponseSchema,
  subscriptionMandateResponseSchema,
} from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { nubanCheckDigit } from '../../../contract/nuban';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { testAccountBankId, testAccountFor } from './test-accounts';

function submit(sandbox: TestSandbox, token: string, accountNumber: string) {
  return sandbox.setupApi('POST', '/direct-debit/setup', token, {
    bankId: testAccountBankId,
    bankAccountNumber: accountNumber,
    consent: true,
  });
}

async function setupState(sandbox: TestSandbox, token: string) {
  const response = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(response.status).toBe(200);
  return setupStateResponseSchema.parse(response.body).data;
}

function answer(sandbox: TestSandbox, subscriptionId: string, body: unknown, key?: string) {
  return sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/bank-answer`,
    {
      body,
      ...(key === undefined ? {} : { key }),
    },
  );
}

function errorOf(response: { status: number; body: unknown }) {
  return { status: response.status, ...errorBodySchema.parse(response.body) };
}

test('an unknown mandate reconciled as approved is approved for the customer and the merchant', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink({
    callbackUrl: 'https://merchant.example.com/back',
  });
  expect((await submit(sandbox, token, testAccountFor('unknown'))).status).toBe(201);

  const answered = await answer(sandbox, subscriptionId, { outcome: 'approved' });
  expect(answered.status).toBe(200);
  expect(subscriptionMandateResponseSchema.parse(answered.body).data).toMatchObject({
    status: 'approved',
    rejectionReason: null,
  });
  expect(await setupState(sandbox, token)).toMatchObject({
    mandate: { status: 'approved' },
    automaticDebitEnabled: true,
    returnUrl: 'https://merchant.example.com/back',
  });
  const merchantView = subscriptionMandateResponseSchema.parse(
    (await sandbox.api('GET', `/api/v1/subscriptions/${subscriptionId}/direct-debit`)).body,
  ).data;
  expect(merchantView?.status).toBe('approved');

  // Answered once: a second answer is refused and changes nothing.
  expect(errorOf(await answer(sandbox, subscriptionId, { outcome: 'rejected' }))).toMatchObject({
    status: 409,
    code: 'CONFLICT',
    message: "This mandate is approved: only a pending or unknown mandate awaits the bank's answer",
  });
  expect((await setupState(sandbox, token)).mandate?.status).toBe('approved');
  sandbox.close();
});

test('a pending e-mandate whose activation never came is rejected with the reason, and setup reopens', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  const submitted = setupStateResponseSchema.parse(
    (await submit(sandbox, token, testAccountFor('pending_activation'))).body,
  ).data;
  expect(submitted.mandate?.activation).not.toBeNull();
  expect(submitted.setupOpen).toBe(false);

  const reason = 'No activation transfer arrived from the account before the deadline.';
  const answered = await answer(sandbox, subscriptionId, { outcome: 'rejected', reason });
  expect(answered.status).toBe(200);

  const state = await setupState(sandbox, token);
  // Nothing is left to do: the activation instructions are gone with the answer.
  expect(state.mandate).toMatchObject({
    status: 'rejected',
    rejectionReason: reason,
    activation: null,
  });
  expect(state.setupOpen).toBe(true);
  // The customer tries another account on the same link.
  const other = `246813579${nubanCheckDigit('058', '246813579')}`;
  const again = await submit(sandbox, token, other);
  expect(again.status).toBe(201);
  expect(setupStateResponseSchema.parse(again.body).data.mandate?.status).not.toBe('rejected');
  sandbox.close();
});

test('an answer given before the planned approval replaces it: a rejection stays rejected', async () => {
  const sandbox = createTestSandbox({ approvalDelayMs: 2000 });
  const { token, subscriptionId } = await sandbox.createSetupLink();
  await submit(sandbox, token, testAccountFor('approved_after_delay'));
  expect((await setupState(sandbox, token)).mandate?.status).toBe('pending');

  expect((await answer(sandbox, subscriptionId, { outcome: 'rejected' })).status).toBe(200);
  sandbox.clock.advanceBy(5000);
  expect((await setupState(sandbox, token)).mandate).toMatchObject({
    status: 'rejected',
    rejectionReason: 'The bank declined the mandate (sandbox bank answer).',
  });
  sandbox.close();
});

test('only a mandate that awaits the bank can be answered, only in test mode, only with write scope', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();

  expect(errorOf(await answer(sandbox, subscriptionId, { outcome: 'approved' }))).toMatchObject({
    status: 409,
    code: 'CONFLICT',
    message: 'This subscription has no mandate: the customer has not authorized one yet',
  });
  await submit(sandbox, token, testAccountFor('verified'));
  expect(errorOf(await answer(sandbox, subscriptionId, { outcome: 'approved' }))).toMatchObject({
    status: 409,
  });

  const pending = await sandbox.createSetupLink();
  await submit(sandbox, pending.token, testAccountFor('pending_activation'));
  const readOnly = sandbox.issueKey({ scopes: ['subscriptions:read'] });
  expect(
    errorOf(await answer(sandbox, pending.subscriptionId, { outcome: 'approved' }, readOnly)),
  ).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE' });
  expect(
    errorOf(
      await answer(
        sandbox,
        pending.subscriptionId,
        { outcome: 'approved' },
        sandbox.credentials.liveSecretKey,
      ),
    ),
  ).toMatchObject({ status: 403, code: 'TEST_MODE_ONLY' });
  for (const body of [
    { outcome: 'verified' },
    { outcome: 'approved', reason: 'a reason only goes with a rejection' },
    { outcome: 'rejected', reason: 'x'.repeat(201) },
    {},
  ]) {
    expect(errorOf(await answer(sandbox, pending.subscriptionId, body))).toMatchObject({
      status: 400,
    });
  }
  expect((await setupState(sandbox, pending.token)).mandate?.status).toBe('pending');
  sandbox.close();
});
