/**
 * The invoice page behind the real router, query client and API client, on jsdom's origin, with
 * the API faked by MSW handlers answering contract-parsed fixtures (`test-fixtures.ts`). Only for
 * what does not run on the sandbox's handler core; everything else runs on the core in
 * `invoice-page.sandbox.test.tsx` (conventions.md, "Tests"). Kept here:
 * - an authorizationUrl on another origin: the core builds every link on its own origin;
 * - a 502 on "Pay now", a 500 on the read, and no answer: the core answers every request it gets;
 * - a pending invoice with nothing under way: every invoice the core creates has its payment
 *   awaiting confirmation from the start;
 * - a direct debit of the invoice with the bank: reachable on the core (an approved mandate and a
 *   debit submitted), not moved yet (decision 0032).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { InvoiceState } from '../../../contract/checkout';
import { App } from '../../app/app';
import { createQueryClient } from '../../app/query-client';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { redirectTo } from '../../lib/redirect';
import {
  fixtureCheckoutPath,
  fixtureInvoiceId,
  fixtureInvoiceToken,
  invoiceApiHandlers,
  invoiceErrorResponse,
  invoiceStateFixture,
  paidInvoiceFixture,
  type SeenInvoiceRequest,
} from './test-fixtures';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const server = setupServer();
let seen: SeenInvoiceRequest[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen = [];
  forgetCapabilityToken({ kind: 'invoice', id: fixtureInvoiceId });
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const link = `/invoices/${fixtureInvoiceId}#token=${fixtureInvoiceToken}`;
const gets = () => seen.filter((request) => request.method === 'GET').length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderInvoice(
  get: () => Response | InvoiceState,
  options: {
    pay?: (headers: Headers) => Response | string | Promise<Response | string>;
    path?: string;
  } = {},
) {
  server.use(...invoiceApiHandlers(window.location.origin, { get, pay: options.pay }, seen));
  window.history.replaceState(null, '', options.path ?? link);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return render(<App queryClient={queryClient} />);
}

test('an authorizationUrl on another origin is never opened', async () => {
  const user = userEvent.setup();
  renderInvoice(() => invoiceStateFixture(), {
    pay: () => `https://evil.example${fixtureCheckoutPath}`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'We could not open the payment page. Try again. If it keeps happening, contact Gym Co.',
  );
  expect(redirectTo).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
});

test('a failed "Pay now" shows the reference and can be tried again', async () => {
  const user = userEvent.setup();
  let pay: () => Response | string = () => invoiceErrorResponse(502, { requestId: 'req_pay_502' });
  renderInvoice(() => invoiceStateFixture(), { pay: () => pay() });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The service could not complete your request.');
  expect(alert).toHaveTextContent('req_pay_502');
  expect(within(alert).getByRole('button', { name: 'Copy reference' })).toBeVisible();

  pay = () => fixtureCheckoutPath;
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
});

test('while a direct debit of the invoice is with the bank, no other payment is offered', async () => {
  renderInvoice(() => invoiceStateFixture({ debitInProgress: true }));
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  expect(
    screen.getByText(/Gym Co has asked your bank to collect this invoice by direct debit/),
  ).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
});

test('while the debit is with the bank the page checks by itself and says paid when it is', async () => {
  let invoice = invoiceStateFixture({ debitInProgress: true });
  renderInvoice(() => invoice);
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  expect(gets()).toBe(1);

  invoice = paidInvoiceFixture();
  // The first automatic check comes after 3 s (the checkout page's back-off).
  const paid = await screen.findByRole(
    'heading',
    { level: 1, name: 'This invoice is paid' },
    { timeout: 4_500 },
  );
  await waitFor(() => expect(paid).toHaveFocus());
  expect(gets()).toBe(2);

  // Paid: no more checks.
  await pause(3_500);
  expect(gets()).toBe(2);
});

test('a pending invoice with nothing under way is not read again by itself', async () => {
  renderInvoice(() => invoiceStateFixture());
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await pause(3_500);
  expect(gets()).toBe(1);
});

test('a server error shows the reference and "Try again" recovers', async () => {
  const user = userEvent.setup();
  let get: () => Response | InvoiceState = () =>
    invoiceErrorResponse(500, { requestId: 'req_inv_500' });
  renderInvoice(() => get());
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  expect(screen.getByText('req_inv_500')).toBeVisible();

  get = () => invoiceStateFixture();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
});

test('no answer at all says to check the connection', async () => {
  renderInvoice(() => HttpResponse.error());
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  expect(screen.getByText(/We could not reach the server/)).toBeVisible();
});
