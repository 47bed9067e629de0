/**
 * The console against the sandbox's own handler core through MSW (conventions.md, "Tests"):
 * sign-in with a secret key, a payment created with an idempotency key, the service's refusals
 * shown as the service words them, and sign-out forgetting the key.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { paymentResponseSchema } from '../../../contract/payments';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { ConsoleRoot } from '../../app/console-root';
import { createQueryClient } from '../../app/query-client';
import { secretKeyStorageKey } from './session';

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

// Every request the console sends: method, path (with its query string: a list's page read,
// `GET /api/v1/payments?limit=…`, is not the create `/api/v1/payments`) and its idempotency key.
let sent: { method: string; path: string; idempotencyKey: string | null }[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  sent.push({
    method: request.method,
    path: url.pathname + url.search,
    idempotencyKey: request.headers.get('idempotency-key'),
  });
});

// The request id the service gave each answer, by "METHOD /path" (the last one wins).
const requestIds = new Map<string, string | null>();
server.events.on('response:mocked', ({ request, response }) => {
  const path = new URL(request.url).pathname;
  requestIds.set(`${request.method} ${path}`, response.headers.get('x-request-id'));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  window.sessionStorage.clear();
  sent = [];
});
afterAll(() => {
  server.close();
  sandbox.close();
});

function renderConsole() {
  window.history.replaceState(null, '', '/console');
  return render(<ConsoleRoot queryClient={createQueryClient()} />);
}

async function signIn(key: string) {
  const user = userEvent.setup();
  renderConsole();
  // The first render may take a while on a loaded machine.
  await user.type(await screen.findByLabelText('Secret key', {}, { timeout: 10_000 }), key);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

test('a key the service does not know is refused with the service’s message, and nothing is kept', async () => {
  const wrongKey = 'osk_test_ThisKeyWasNeverIssuedByTheSandbox01';
  const refusal = errorBodySchema.parse(
    (await sandbox.api('GET', '/api/v1/balance', { key: wrongKey })).body,
  );
  await signIn(wrongKey);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(refusal.message);
  expect(alert).toHaveTextContent('Request id');
  expect(window.sessionStorage.getItem(secretKeyStorageKey)).toBeNull();
});

test('signed in with the test key, a created payment shows its request id and links to its checkout', async () => {
  const user = await signIn(sandbox.credentials.testSecretKey);
  expect(await screen.findByText('Test mode')).toBeVisible();
  expect(window.sessionStorage.getItem(secretKeyStorageKey)).toBe(
    sandbox.credentials.testSecretKey,
  );

  const amount = screen.getByLabelText('Amount (naira)');
  await user.clear(amount);
  await user.type(amount, '2500.50');
  await user.click(screen.getByRole('button', { name: 'Create payment' }));

  const link = await screen.findByRole('link', { name: 'Open its hosted checkout' });
  // A tab opened with an opener gets a copy of this tab's sessionStorage, the secret key with it:
  // every link that opens another tab cuts the opener.
  expect(link).toHaveAttribute('target', '_blank');
  for (const opener of document.querySelectorAll('a[target]')) {
    expect(opener.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  }
  const create = sent.find((r) => r.method === 'POST' && r.path === '/api/v1/payments');
  expect(create?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  // The payment exists in the service, as the console says.
  const paymentId = new URL(link.getAttribute('href') ?? '').pathname.split('/').pop() ?? '';
  const stored = await sandbox.api('GET', `/api/v1/payments/${paymentId}`);
  expect(paymentResponseSchema.parse(stored.body).data.amount).toBe(2500.5);
  const requestId = requestIds.get('POST /api/v1/payments');
  if (requestId === null || requestId === undefined) throw new Error('no x-request-id header');
  expect(screen.getByText(requestId)).toBeVisible();
});

test('a payment’s page shows the preferred language it was created with', async () => {
  const created = paymentResponseSchema.parse(
    (
      await sandbox.api('POST', '/api/v1/payments', {
        body: {
          amount: { amount: 5000, currency: 'NGN' },
          paymentMethod: 'hosted_checkout',
          preferredLanguage: 'ig',
        },
      })
    ).body,
  ).data;
  window.sessionStorage.setItem(secretKeyStorageKey, sandbox.credentials.testSecretKey);
  window.history.replaceState(null, '', `/console/payments/${created.id}`);
  render(<ConsoleRoot queryClient={createQueryClient()} />);
  const term = await screen.findByText('Preferred language');
  expect(term.nextElementSibling).toHaveTextContent(/^ig$/);
});

test('a form the service would refuse is caught before sending, with the field’s message', async () => {
  const user = await signIn(sandbox.credentials.testSecretKey);
  const amount = await screen.findByLabelText('Amount (naira)');
  await user.clear(amount);
  await user.type(amount, '10.001');
  await user.click(screen.getByRole('button', { name: 'Create payment' }));
  expect(await screen.findByText('amount must have at most 2 decimal places (kobo)')).toBeVisible();
  expect(sent.some((r) => r.path === '/api/v1/payments')).toBe(false);
});

test('signing out forgets the key and asks for one again', async () => {
  const user = await signIn(sandbox.credentials.testSecretKey);
  const header = (await screen.findByText('Test mode')).closest('header');
  if (header === null) throw new Error('the mode is not in the header');
  await user.click(within(header).getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByLabelText('Secret key')).toHaveValue('');
  expect(window.sessionStorage.getItem(secretKeyStorageKey)).toBeNull();
});
