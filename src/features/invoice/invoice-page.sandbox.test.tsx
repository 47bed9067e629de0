/**
 * The invoice page against the sandbox's own handler core through MSW (conventions.md, "Tests"):
 * a subscription's initial invoice, "Pay now" opening its payment checkout page, the invoice paid
 * by a simulated transfer, and the page following what the service says. States the core cannot
 * reach stay on the fixtures in `invoice-page.test.tsx` (listed at its top).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { checkoutTokenHeader } from '../../../contract/checkout';
import { requestIdHeader } from '../../../contract/errors';
import { paymentResponseSchema, type Payment } from '../../../contract/payments';
import type { Subscription } from '../../../contract/subscriptions';
import {
  createTestSubscription,
  ok,
  tokenOf,
  transfer,
} from '../../../sandbox/testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { redirectTo } from '../../lib/redirect';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

// The service's time when each test starts: 10:00 in Lagos on 1 December.
const start = new Date('2026-12-01T09:00:00.000Z');
// A fresh sandbox per test, so one test's clock moves and records never reach another.
let sandbox: TestSandbox;

/** What the page sent: each request's method, path, capability token header and JSON body. */
interface SentRequest {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}
let seen: SentRequest[] = [];
// A test may hold or take away a request's answer after the core has handled it.
let answer: (request: Request) => Promise<Response> = (request) => sandbox.handle(request);

const server = setupServer(
  http.all('*', async ({ request }) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      token: request.headers.get(checkoutTokenHeader),
      body: request.method === 'POST' ? ((await request.clone().json()) as unknown) : undefined,
    });
    return answer(request);
  }),
);

// Every request the page sends, as "METHOD /path".
let sent: string[] = [];
server.events.on('request:start', ({ request }) => {
  sent.push(`${request.method} ${new URL(request.url).pathname}`);
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sandbox = createTestSandbox({ publicOrigin: window.location.origin, start });
  answer = (request) => sandbox.handle(request);
  // Every test has its own invoice, so its own token key; nothing of an earlier test is reused.
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
  sent = [];
  seen = [];
});
afterEach(() => {
  sandbox.close();
});
afterAll(() => server.close());

const posts = () => seen.filter((request) => request.method === 'POST');
const gets = () => seen.filter((request) => request.method === 'GET').length;

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

/** The page at `path` (as the address bar has it), rendered without the entry's first read. */
function renderPath(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

/** The payment "Pay now" opens for the subscription's first invoice. */
async function invoicePayment(subscription: Subscription): Promise<Payment> {
  const paymentId = /\/checkout\/(osp_[0-9a-f]+)#/.exec(
    subscription.invoice.authorizationUrl ?? '',
  )?.[1];
  return paymentResponseSchema.parse(
    await ok(sandbox.api('GET', `/api/v1/payments/${paymentId ?? ''}`)),
  ).data;
}

/** The invoice paid in full through a simulated transfer to its payment's account. */
async function payInvoice(subscription: Subscription) {
  const payment = await invoicePayment(subscription);
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount));
}

async function pendingHeading() {
  // Generous: the first render also loads the lazy route module, slow on a busy machine.
  return screen.findByRole('heading', { level: 1, name: 'Pay your invoice' }, { timeout: 5000 });
}

async function paidHeading(timeout = 5000) {
  return screen.findByRole('heading', { level: 1, name: 'This invoice is paid' }, { timeout });
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

test('a pending invoice shows merchant, plan, period, amount and status, and "Pay now"', async () => {
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  const heading = await pendingHeading();
  await waitFor(() => expect(heading).toHaveFocus());
  expect(seen[0]).toMatchObject({
    method: 'GET',
    token: tokenOf(subscription.invoice.checkoutUrl ?? ''),
  });
  expect(window.location.hash).toBe('');

  expect(screen.getByRole('note')).toHaveTextContent('Test mode');
  expect(screen.getByRole('banner')).toHaveTextContent('Adaeze Fitness');
  const details = screen.getByRole('region', { name: 'Invoice details' });
  expect(within(details).getByText('Gym membership (monthly)')).toBeVisible();
  expect(within(details).getByText('1 Dec 2026 to 31 Dec 2026')).toBeVisible();
  expect(within(details).getByText('₦15,000.00')).toBeVisible();
  expect(within(details).getByText('Awaiting payment')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
});

test('"Pay now" asks once for the checkout page and opens it on this origin', async () => {
  const user = userEvent.setup();
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();

  await user.dblClick(screen.getByRole('button', { name: 'Pay now' }));
  await waitFor(() =>
    expect(redirectTo).toHaveBeenCalledWith(subscription.invoice.authorizationUrl),
  );
  expect(subscription.invoice.authorizationUrl?.startsWith(`${window.location.origin}/`)).toBe(
    true,
  );
  expect(redirectTo).toHaveBeenCalledTimes(1);
  expect(posts()).toEqual([
    {
      method: 'POST',
      path: `/invoices/${subscription.invoice.id}/pay`,
      token: tokenOf(subscription.invoice.checkoutUrl ?? ''),
      body: {},
    },
  ]);
  expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
});

test('while "Pay now" is in flight the button is disabled and says so', async () => {
  const user = userEvent.setup();
  let release = () => {};
  answer = async (request) => {
    if (request.method === 'POST') await new Promise<void>((resolve) => (release = resolve));
    return sandbox.handle(request);
  };
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  await waitFor(() => expect(posts()).toHaveLength(1));
  release();
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
});

test('"Pay now" on an invoice paid meanwhile shows it paid instead of an error', async () => {
  const user = userEvent.setup();
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();
  await payInvoice(subscription);
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  const heading = await paidHeading();
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(redirectTo).not.toHaveBeenCalled();
});

test('a paid invoice says so, when, and offers nothing to press', async () => {
  const subscription = await createTestSubscription(sandbox);
  await payInvoice(subscription);
  renderLink(subscription.invoice.checkoutUrl);
  await paidHeading();
  expect(
    screen.getByText(
      'Adaeze Fitness has received payment for this invoice. There is nothing more to pay.',
    ),
  ).toBeVisible();
  const details = screen.getByRole('region', { name: 'Invoice details' });
  expect(within(details).getByText('Paid')).toBeVisible();
  expect(within(details).getByText('1 Dec 2026, 10:00 (Lagos time)')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('a paid invoice with a return URL offers the way back to the merchant first', async () => {
  const subscription = await createTestSubscription(sandbox, {
    callbackUrl: 'https://gym.example.com/account',
  });
  await payInvoice(subscription);
  renderLink(subscription.invoice.checkoutUrl);
  await paidHeading();
  const back = screen.getByRole('link', { name: 'Return to Adaeze Fitness' });
  expect(back).toHaveAttribute('href', 'https://gym.example.com/account');
  expect(screen.queryByRole('button', { name: 'Pay now' })).not.toBeInTheDocument();
});

test('with a payment awaiting confirmation the page checks by itself until paid', async () => {
  const subscription = await createTestSubscription(sandbox);
  const link = new URL(subscription.invoice.checkoutUrl ?? '');
  renderPath(link.pathname + link.hash);
  await pendingHeading();
  await waitFor(() => expect(gets()).toBe(2), { timeout: 4_500 });

  await payInvoice(subscription);
  // Back-off: the next check is 5 s after the previous one.
  await paidHeading(6_500);
  expect(gets()).toBe(3);
});

test('the invoice is read again when the phone is back online', async () => {
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();
  await payInvoice(subscription);
  const before = gets();

  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await paidHeading();
  expect(gets()).toBe(before + 1);
});

test('an unknown link says so with the reference, and forgets the token', async () => {
  const subscription = await createTestSubscription(sandbox);
  const refusals: string[] = [];
  answer = async (request) => {
    const response = await sandbox.handle(request);
    refusals.push(response.headers.get(requestIdHeader) ?? '');
    return response;
  };
  renderPath(
    `/invoices/${subscription.invoice.id}#token=wr0ngT0ken_abcdefghijklmnopqrstuvwxyz0123456`,
  );
  await screen.findByRole(
    'heading',
    { level: 1, name: 'This invoice link is not valid' },
    { timeout: 5000 },
  );
  expect(screen.getByText(/We do not recognise this invoice link/)).toBeVisible();
  expect(refusals[0]).toMatch(/^req_/);
  expect(screen.getByText(refusals[0] ?? '')).toBeVisible();
  expect(window.sessionStorage.getItem(`invoice-token:${subscription.invoice.id}`)).toBeNull();
});

test('a link without a token never calls the API', async () => {
  const subscription = await createTestSubscription(sandbox);
  renderPath(`/invoices/${subscription.invoice.id}`);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'This invoice link is not valid' },
    { timeout: 5000 },
  );
  expect(screen.getByText('The link is incomplete: it has no access code.')).toBeVisible();
  expect(seen).toEqual([]);
});

test('"Pay now" whose answer was lost says so, and "Try again" sends the same idempotency key', async () => {
  const user = userEvent.setup();
  const keys: (string | null)[] = [];
  let lose = true;
  answer = async (request) => {
    if (request.method !== 'POST') return sandbox.handle(request);
    keys.push(request.headers.get('idempotency-key'));
    // The service answered; its answer never reached the phone.
    const response = await sandbox.handle(request);
    return lose ? HttpResponse.error() : response;
  };
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();
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
  const subscription = await createTestSubscription(sandbox);
  renderLink(subscription.invoice.checkoutUrl);
  await pendingHeading();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Nothing has changed');
  expect(posts()).toEqual([]);
  vi.restoreAllMocks();
});
