/**
 * The invoice page against the sandbox's own handler core through MSW (conventions.md, "Tests"):
 * a subscription's initial invoice, "Pay now" opening its payment checkout page, and a paid
 * invoice offering no payment.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { paymentResponseSchema } from '../../../contract/payments';
import { createTestSubscription, ok, transfer } from '../../../sandbox/testing/checkout-testing';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { redirectTo } from '../../lib/redirect';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

// Every request the page sends, as "METHOD /path".
let sent: string[] = [];
server.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).pathname}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Every test has its own invoice, so its own token key; nothing of an earlier test is reused.
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
  sent = [];
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

function renderLink(link: string | null) {
  if (link === null) throw new Error('The invoice has no checkoutUrl');
  const url = new URL(link);
  window.history.replaceState(null, '', url.pathname + url.hash);
  // As the entry and the app's start do (src/main.tsx, src/app/boot.tsx): the first read leaves
  // before the page renders, and the app's prefetch takes it.
  startFirstDownloads(url.pathname);
  const queryClient = createQueryClient();
  startFirstRequests(url.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

test('"Pay now" opens the invoice payment’s checkout page on this origin', async () => {
  const user = userEvent.setup();
  const subscription = await createTestSubscription(sandbox, {
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  renderLink(subscription.invoice.checkoutUrl);

  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' }, { timeout: 5000 });
  expect(screen.getAllByText('₦15,000.00').length).toBeGreaterThan(0);
  expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
  // Started by the entry while the page's code loaded; the page did not ask again.
  expect(sent).toEqual([`GET /invoices/${subscription.invoice.id}`]);
  expect(window.location.hash).toBe('');
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  await vi.waitFor(() => {
    expect(redirectTo).toHaveBeenCalledWith(subscription.invoice.authorizationUrl);
  });
});

test('a paid invoice says so and offers no payment', async () => {
  const subscription = await createTestSubscription(sandbox);
  const paymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(
    subscription.invoice.authorizationUrl ?? '',
  )?.[1];
  const payment = paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentId ?? ''}`)),
  ).data;
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount));

  renderLink(subscription.invoice.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'This invoice is paid' }, { timeout: 5000 });
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
});
