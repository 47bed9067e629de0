/**
 * The checkout page against the sandbox's own handler core through MSW (conventions.md, "Tests"):
 * payments are created with the merchant API, transfers are played with the sandbox's test
 * control, and the page must follow what the service says.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { paymentResponseSchema } from '../../../contract/payments';
import { createTestPayment, ok, transfer } from '../../../sandbox/testing/checkout-testing';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { copyText } from '../../lib/copy-text';
import { redirectTo } from '../../lib/redirect';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));
// jsdom has no clipboard: that the button copies the right text is what is checked here.
vi.mock('../../lib/copy-text', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

// Every request the page sends, as "METHOD /path".
let sent: string[] = [];
server.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).pathname}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Every test has its own payment, so its own token key; nothing of an earlier test is reused.
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
  sent = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

function renderLink(checkoutUrl: string) {
  const url = new URL(checkoutUrl);
  window.history.replaceState(null, '', url.pathname + url.hash);
  // As the entry and the app's start do (src/main.tsx, src/app/boot.tsx): the first read leaves
  // before the page renders, and the app's prefetch takes it.
  startFirstDownloads(url.pathname);
  const queryClient = createQueryClient();
  startFirstRequests(url.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

async function readPayment(id: string) {
  return paymentResponseSchema.parse(await ok(sandbox.api('GET', `/api/v1/payments/${id}`))).data;
}

test('the page shows the sandbox account, copies it, and says paid once the transfer arrived', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, {
    callbackUrl: 'https://Shop.example.com/orders/42',
  });
  renderLink(payment.checkoutUrl);

  await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' }, { timeout: 5000 });
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeInTheDocument();
  expect(screen.getByText(payment.virtualAccount.bankName)).toBeInTheDocument();
  // Started by the entry while the page's code loaded; the page did not ask again.
  expect(sent).toEqual([`GET /checkout/${payment.id}`]);
  expect(window.location.hash).toBe('');
  await user.click(screen.getByRole('button', { name: 'Copy account number' }));
  expect(copyText).toHaveBeenCalledWith(payment.virtualAccount.accountNumber);

  await ok(transfer(sandbox, payment.virtualAccount.id, 5000));
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Return now' }));
  expect(redirectTo).toHaveBeenCalledWith('https://shop.example.com/orders/42');
});

test('a short transfer shows what arrived and what is still to send', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox);
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' }, { timeout: 5000 });

  await ok(transfer(sandbox, payment.virtualAccount.id, 1500));
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  expect(
    (
      await screen.findAllByText(
        'We received ₦1,500.00. Transfer the remaining ₦3,500.00 to the same account.',
        {},
        { timeout: 5000 },
      )
    ).length,
  ).toBeGreaterThan(0);
  expect(screen.queryByRole('heading', { name: 'Payment received' })).not.toBeInTheDocument();
});

test('a missing phone is asked for, validated for Nigeria and saved in E.164', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { customer: { email: 'ada@example.com' } });
  renderLink(payment.checkoutUrl);

  await screen.findByRole('heading', { level: 1, name: 'Your contact details' }, { timeout: 5000 });
  expect(screen.queryByText(payment.virtualAccount.accountNumber)).not.toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0803 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' }, { timeout: 5000 });
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeInTheDocument();
  await waitFor(async () => {
    expect((await readPayment(payment.id)).customer.phone).toBe('+2348031234567');
  });
});

test('an expired payment says not to transfer and hides the account', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox);
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' }, { timeout: 5000 });

  await ok(
    sandbox.api('POST', `/sandbox/v1/virtual-accounts/${payment.virtualAccount.id}/expire`, {
      body: {},
    }),
  );
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await screen.findByRole(
    'heading',
    { level: 1, name: 'This account has expired' },
    { timeout: 5000 },
  );
  expect(screen.getByText('Do not transfer money to this account.')).toBeInTheDocument();
  expect(screen.queryByText(payment.virtualAccount.accountNumber)).not.toBeInTheDocument();
});
