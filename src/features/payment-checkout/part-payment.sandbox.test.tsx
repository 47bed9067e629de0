/**
 * A part payment on the checkout page against the sandbox's own handler core through MSW
 * (conventions.md, "Tests"; issue 27.1): after a short transfer the largest figure on the page is
 * what is still owed, so a hurried payer does not send the whole amount again.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createTestPayment, ok, transfer } from '../../../sandbox/testing/checkout-testing';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => window.sessionStorage.clear());
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

function renderLink(checkoutUrl: string) {
  const url = new URL(checkoutUrl);
  window.history.replaceState(null, '', url.pathname + url.hash);
  startFirstDownloads(url.pathname);
  const queryClient = createQueryClient();
  startFirstRequests(url.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

test('after a short transfer the headline is what is still owed, with the total and what arrived below', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox);
  const { container } = renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' }, { timeout: 5000 });
  const summaryBefore = screen.getByRole('region', { name: 'Amount to pay' });
  expect(summaryBefore.querySelector('.amount')).toHaveTextContent('₦5,000.00');

  await ok(transfer(sandbox, payment.virtualAccount.id, 2000));
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));

  const summary = await screen.findByRole('region', { name: 'Still to pay' }, { timeout: 5000 });
  // The largest text on the page (the only `.amount`) is the rest, not the original ₦5,000.00.
  const headlines = container.querySelectorAll('.amount');
  expect(headlines).toHaveLength(1);
  expect(headlines[0]).toHaveTextContent('₦3,000.00');
  expect(within(summary).getByText('₦2,000.00 of ₦5,000.00 received')).toBeInTheDocument();
  expect(screen.queryByText('Amount to pay')).not.toBeInTheDocument();
});
