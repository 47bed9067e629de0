// @vitest-environment jsdom
// The SPA's component tests put the sandbox core behind MSW in jsdom; this proves that works.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { setupStateResponseSchema } from '../../contract/direct-debit';
import { testAccountFor } from '../features/direct-debit/test-accounts';
import { createTestSandbox } from './test-sandbox';

const sandbox = createTestSandbox();
const mockServer = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => mockServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  mockServer.close();
  sandbox.close();
});

test('under jsdom, a page-origin fetch reaches the sandbox core through MSW', async () => {
  const { token, subscriptionId } = await sandbox.createSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const response = await fetch(new URL('/direct-debit/setup', window.location.origin), {
    headers: { 'x-direct-debit-token': token },
  });
  expect(response.status).toBe(200);
  const state = setupStateResponseSchema.parse(await response.json()).data;
  expect(state.subscription.id).toBe(subscriptionId);
  expect(state.returnUrl).toBe('https://merchant.example.com/billing/return');

  const submitted = await fetch(new URL('/direct-debit/setup', window.location.origin), {
    method: 'POST',
    headers: { 'x-direct-debit-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({
      bankId: '000013',
      bankAccountNumber: testAccountFor('verified'),
      consent: true,
    }),
  });
  expect(submitted.status).toBe(201);
  expect(setupStateResponseSchema.parse(await submitted.json()).data.mandate?.status).toBe(
    'verified',
  );
});
