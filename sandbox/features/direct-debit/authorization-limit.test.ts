/**
 * Issue 26, point 7: a rejected account cannot be resubmitted without limit. At most 3
 * authorizations per setup link in any 10 minutes, then 429 RATE_LIMITED with Retry-After, and
 * the refused submission creates no mandate.
 */
import { expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { setupLinkResponseSchema, setupStateResponseSchema } from '../../../contract/direct-debit';
import { queryAll } from '../../db/database';
import { tokenOf } from '../../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { authorizationLimit, authorizationWindowMs } from './authorization-limit';

const rejectedAccount = { bankId: '000013', bankAccountNumber: '0000000056', consent: true };

function mandateCount(sandbox: TestSandbox, subscriptionId: string): number {
  return queryAll(
    sandbox.sandbox.db,
    'SELECT id FROM mandates WHERE subscription_id = ?',
    [subscriptionId],
    z.object({ id: z.string() }),
  ).length;
}

function submit(sandbox: TestSandbox, token: string) {
  return sandbox.setupApi('POST', '/direct-debit/setup', token, rejectedAccount);
}

test('the fourth authorization within 10 minutes is a 429 with Retry-After and makes no mandate', async () => {
  const sandbox = createTestSandbox();
  const { token, subscriptionId } = await sandbox.createSetupLink();
  expect(authorizationLimit).toBe(3);
  for (let attempt = 0; attempt < authorizationLimit; attempt += 1) {
    const answer = await submit(sandbox, token);
    expect(answer.status).toBe(201);
    expect(setupStateResponseSchema.parse(answer.body).data.mandate?.status).toBe('rejected');
    sandbox.clock.advanceBy(60_000);
  }
  const refused = await submit(sandbox, token);
  expect(refused.status).toBe(429);
  const error = errorBodySchema.parse(refused.body);
  expect(error).toMatchObject({ code: 'RATE_LIMITED', path: '/direct-debit/setup' });
  expect(error.requestId).toMatch(/^req_/);
  // The first of the three was made 3 minutes ago: it leaves the window in 7.
  expect(refused.headers.get('retry-after')).toBe(String(authorizationWindowMs / 1000 - 180));
  expect(mandateCount(sandbox, subscriptionId)).toBe(authorizationLimit);
  // A new link for the same subscription does not reset the count.
  await sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${subscriptionId}/direct-debit/revoke-link`,
    {
      body: {},
    },
  );
  const again = await sandbox.api('POST', `/api/v1/subscriptions/${subscriptionId}/direct-debit`, {
    body: {},
  });
  const newToken = tokenOf(setupLinkResponseSchema.parse(again.body).data.setupUrl);
  expect((await submit(sandbox, newToken)).status).toBe(429);
  expect(mandateCount(sandbox, subscriptionId)).toBe(authorizationLimit);
  // Once the oldest leaves the window, one more is accepted.
  sandbox.clock.advanceBy(authorizationWindowMs - 180_000);
  expect((await submit(sandbox, newToken)).status).toBe(201);
  expect(mandateCount(sandbox, subscriptionId)).toBe(authorizationLimit + 1);
  sandbox.close();
});
