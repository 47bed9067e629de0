/**
 * The invoice page behind the real router, query client and API client, on jsdom's origin. The
 * API is MSW handlers answering with contract-parsed fixtures (`test-fixtures.ts`), for exact
 * request checks and failures; `invoice-page.sandbox.test.tsx` runs the flows on the sandbox.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { InvoiceState } from '../../../contract/checkout';
import { returnUrlOrNull } from '../../../contract/return-url';
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
const posts = () => seen.filter((request) => request.method === 'POST');
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

test('a pending invoice shows merchant, plan, period, amount and status, and "Pay now"', async () => {
  renderInvoice(() => invoiceStateFixture());
  // The first test also loads the lazy route module, which is slow on a busy machine.
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'Pay your invoice' },
    { timeout: 5000 },
  );
  await waitFor(() => expect(heading).toHaveFocus());
  expect(seen[0]).toMatchObject({ method: 'GET', token: fixtureInvoiceToken });
  expect(window.location.hash).toBe('');

  expect(screen.getByRole('note')).toHaveTextContent('Test mode');
  expect(screen.getByRole('banner')).toHaveTextContent('Gym Co');
  const details = screen.getByRole('region', { name: 'Invoice details' });
  expect(within(details).getByText('Gym membership (monthly)')).toBeVisible();
  expect(within(details).getByText('1 Dec 2026 to 31 Dec 2026')).toBeVisible();
  expect(within(details).getByText('₦15,000.00')).toBeVisible();
  expect(within(details).getByText('Awaiting payment')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
});

test('"Pay now" asks once for the checkout page and opens it on this origin', async () => {
  const user = userEvent.setup();
  renderInvoice(() => invoiceStateFixture(), { pay: () => fixtureCheckoutPath });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });

  await user.dblClick(screen.getByRole('button', { name: 'Pay now' }));
  await waitFor(() =>
    expect(redirectTo).toHaveBeenCalledWith(`${window.location.origin}${fixtureCheckoutPath}`),
  );
  expect(redirectTo).toHaveBeenCalledTimes(1);
  expect(posts()).toEqual([
    {
      method: 'POST',
      path: `/invoices/${fixtureInvoiceId}/pay`,
      token: fixtureInvoiceToken,
      body: {},
    },
  ]);
  expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
});

test('while "Pay now" is in flight the button is disabled and says so', async () => {
  const user = userEvent.setup();
  renderInvoice(() => invoiceStateFixture(), {
    pay: async () => {
      await delay(200);
      return fixtureCheckoutPath;
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
});

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

test('"Pay now" on an invoice paid meanwhile shows it paid instead of an error', async () => {
  const user = userEvent.setup();
  let invoice = invoiceStateFixture();
  renderInvoice(() => invoice, {
    pay: () => {
      invoice = paidInvoiceFixture();
      return invoiceErrorResponse(409, { code: 'CONFLICT', requestId: 'req_409' });
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'This invoice is paid' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(redirectTo).not.toHaveBeenCalled();
});

test('a paid invoice says so and offers no payment', async () => {
  renderInvoice(() => paidInvoiceFixture());
  await screen.findByRole('heading', { level: 1, name: 'This invoice is paid' });
  expect(
    screen.getByText('Gym Co has received payment for this invoice. There is nothing more to pay.'),
  ).toBeVisible();
  const details = screen.getByRole('region', { name: 'Invoice details' });
  expect(within(details).getByText('Paid')).toBeVisible();
  expect(within(details).getByText('30 Nov 2026, 09:15 (Lagos time)')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('a paid invoice with a return URL offers the way back to the merchant first', async () => {
  renderInvoice(() => ({
    ...paidInvoiceFixture(),
    returnUrl: returnUrlOrNull('https://gym.example.com/account'),
  }));
  await screen.findByRole('heading', { level: 1, name: 'This invoice is paid' });
  const back = screen.getByRole('link', { name: 'Return to Gym Co' });
  expect(back).toHaveAttribute('href', 'https://gym.example.com/account');
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
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

test('with a payment awaiting confirmation the page checks by itself until paid', async () => {
  let invoice = invoiceStateFixture({ authorizationUrl: fixtureCheckoutPath });
  renderInvoice(() => invoice);
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await waitFor(() => expect(gets()).toBe(2), { timeout: 4_500 });

  invoice = paidInvoiceFixture();
  // Back-off: the next check is 5 s after the previous one.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'This invoice is paid' },
    { timeout: 6_500 },
  );
  expect(gets()).toBe(3);
});

test('a pending invoice with nothing under way is not read again by itself', async () => {
  renderInvoice(() => invoiceStateFixture());
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await pause(3_500);
  expect(gets()).toBe(1);
});

test('the invoice is read again when the phone is back online', async () => {
  let invoice = invoiceStateFixture();
  renderInvoice(() => invoice);
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  invoice = paidInvoiceFixture();

  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await screen.findByRole('heading', { level: 1, name: 'This invoice is paid' });
  expect(gets()).toBe(2);
});

test('an unknown link says so with the reference, and forgets the token', async () => {
  renderInvoice(() =>
    invoiceErrorResponse(401, { code: 'INVALID_CHECKOUT_LINK', requestId: 'req_inv_401' }),
  );
  await screen.findByRole('heading', { level: 1, name: 'This invoice link is not valid' });
  expect(screen.getByText(/We do not recognise this invoice link/)).toBeVisible();
  expect(screen.getByText('req_inv_401')).toBeVisible();
  expect(window.sessionStorage.getItem(`invoice-token:${fixtureInvoiceId}`)).toBeNull();
});

test('a link without a token never calls the API', async () => {
  renderInvoice(() => invoiceStateFixture(), { path: `/invoices/${fixtureInvoiceId}` });
  await screen.findByRole('heading', { level: 1, name: 'This invoice link is not valid' });
  expect(screen.getByText('The link is incomplete: it has no access code.')).toBeVisible();
  expect(seen).toEqual([]);
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

test('"Pay now" whose answer was lost says so, and "Try again" sends the same idempotency key', async () => {
  const user = userEvent.setup();
  const keys: (string | null)[] = [];
  let lose = true;
  renderInvoice(() => invoiceStateFixture(), {
    pay: (headers) => {
      keys.push(headers.get('idempotency-key'));
      return lose ? Response.error() : fixtureCheckoutPath;
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('No answer from the service');
  lose = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});

test('offline, "Pay now" sends nothing and says nothing has changed', async () => {
  const user = userEvent.setup();
  renderInvoice(() => invoiceStateFixture(), { pay: () => fixtureCheckoutPath });
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has changed');
  expect(posts()).toEqual([]);
  vi.restoreAllMocks();
});
