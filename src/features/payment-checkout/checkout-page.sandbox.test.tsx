/**
 * The checkout page against the sandbox's own handler core through MSW (conventions.md, "Tests"):
 * payments are created with the merchant API, transfers, expiries and the clock are played with
 * the sandbox's test controls, and the page must follow what the service says. States the core
 * cannot reach stay on the fixtures in `checkout-page.test.tsx` (listed at its top).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { checkoutTokenHeader } from '../../../contract/checkout';
import { requestIdHeader } from '../../../contract/errors';
import { paymentResponseSchema, type Payment } from '../../../contract/payments';
import {
  advance,
  createTestPayment,
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
import { copyText } from '../../lib/copy-text';
import { redirectTo } from '../../lib/redirect';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));
// jsdom has no clipboard: that the button copies the right text is what is checked here.
vi.mock('../../lib/copy-text', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

// The service's time when each test starts: 16:00 in Lagos. A payment's window is 30 minutes.
const start = new Date('2026-11-22T15:00:00.000Z');
// A fresh sandbox per test, so one test's clock moves and records never reach another.
let sandbox: TestSandbox;

/** What the page sent: each request's method, path, checkout token header and JSON body. */
interface SentRequest {
  method: string;
  path: string;
  token: string | null;
  body: unknown;
}
let seen: SentRequest[] = [];
// A test may take a request's answer away after the core has handled it (a lost answer).
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
  // Every test has its own payment, so its own token key; nothing of an earlier test is reused.
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
  vi.mocked(copyText).mockClear();
  sent = [];
  seen = [];
});
afterEach(() => {
  sandbox.close();
});
afterAll(() => server.close());

const gets = () => seen.filter((request) => request.method === 'GET').length;
const posts = () => seen.filter((request) => request.method === 'POST');
const returnUrl = 'https://Shop.example.com/orders/42?paid=1';
const normalizedReturnUrl = 'https://shop.example.com/orders/42?paid=1';

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

/** The page at `path` (as the address bar has it), rendered as the fixture tests render it. */
function renderPath(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

/** A ₦5,000 payment of "Order #42" returning to {@link returnUrl}, and its page rendered. */
async function openPayment(overrides: Record<string, unknown> = {}) {
  const payment = await createTestPayment(sandbox, {
    callbackUrl: returnUrl,
    metadata: { description: 'Order #42' },
    ...overrides,
  });
  return { payment, view: renderLink(payment.checkoutUrl) };
}

/** The payment paid in full (plus `overpaid` naira) through a simulated transfer. */
async function pay(payment: Payment, overpaid = 0) {
  await ok(transfer(sandbox, payment.virtualAccount.id, payment.amount + overpaid));
}

/** The payment id in an invoice's `authorizationUrl` (`/checkout/<id>#token=…`). */
function paymentIdOf(authorizationUrl: string | null): string {
  return /\/checkout\/(osp_[0-9a-f]+)#/.exec(authorizationUrl ?? '')?.[1] ?? '';
}

async function readPayment(id: string) {
  return paymentResponseSchema.parse(await ok(sandbox.api('GET', `/api/v1/payments/${id}`))).data;
}

async function pendingHeading() {
  // Generous: the first render also loads the lazy route module, slow on a busy machine.
  return screen.findByRole(
    'heading',
    { level: 1, name: 'Pay by bank transfer' },
    { timeout: 5000 },
  );
}

async function paidHeading() {
  return screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 5000 });
}

test('an invoice’s checkout names the plan and its billing period in written dates, not ISO ones', async () => {
  const subscription = await createTestSubscription(sandbox);
  expect(subscription.invoice).toMatchObject({
    periodStart: '2026-11-22',
    periodEnd: '2026-12-21',
  });
  renderLink(subscription.invoice.authorizationUrl ?? '');
  await pendingHeading();
  expect(screen.getByText('Gym membership · 22 Nov 2026 – 21 Dec 2026')).toBeInTheDocument();
  expect(screen.queryByText(/2026-11-22/)).not.toBeInTheDocument();
  // The merchant's record keeps its description as it was.
  const payment = await readPayment(paymentIdOf(subscription.invoice.authorizationUrl));
  expect(payment.metadata).toMatchObject({
    description: 'Gym membership, 2026-11-22 to 2026-12-21',
  });
});

test('in Hausa, an invoice’s checkout writes the period with Hausa month names', async () => {
  const subscription = await createTestSubscription(sandbox, { preferredLanguage: 'ha' });
  renderLink(subscription.invoice.authorizationUrl ?? '');
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Biya ta hanyar tura kuɗi ta banki' },
    { timeout: 5000 },
  );
  expect(
    screen.getByText('Gym membership · daga 22 Nuw, 2026 zuwa 21 Dis, 2026'),
  ).toBeInTheDocument();
});

test('a payment of no invoice shows the merchant’s description as given', async () => {
  await openPayment();
  await pendingHeading();
  expect(screen.getByText('Order #42')).toBeInTheDocument();
});

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

// ---------------------------------------------------------------------------------------------
// Pending: the account to pay into

test('a pending payment shows the amount, merchant, account, countdown and checking note', async () => {
  const { payment } = await openPayment();
  const heading = await pendingHeading();
  await waitFor(() => expect(heading).toHaveFocus());

  // The token went only in the header, and left the address bar.
  expect(seen[0]).toMatchObject({
    method: 'GET',
    path: `/checkout/${payment.id}`,
    token: tokenOf(payment.checkoutUrl),
  });
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe(`/checkout/${payment.id}`);

  expect(screen.getByRole('note')).toHaveTextContent('Test mode');
  expect(screen.getByRole('banner')).toHaveTextContent('Adaeze Fitness');
  const summary = screen.getByRole('region', { name: 'Amount to pay' });
  expect(summary).toHaveTextContent('₦5,000.00');
  expect(summary).toHaveTextContent('To Adaeze Fitness');
  expect(summary).toHaveTextContent('Order #42');

  const account = screen.getByRole('region', { name: 'Transfer to this account' });
  expect(account).toHaveTextContent('transfer exactly ₦5,000.00');
  expect(within(account).getByText(payment.virtualAccount.bankName)).toBeInTheDocument();
  expect(within(account).getByText(payment.virtualAccount.accountNumber)).toBeInTheDocument();
  expect(within(account).getByText(payment.virtualAccount.accountName)).toBeInTheDocument();
  expect(within(account).getByRole('button', { name: 'Copy account number' })).toBeInTheDocument();
  expect(within(account).getByRole('button', { name: 'Copy amount' })).toBeInTheDocument();

  expect(screen.getByRole('timer')).toHaveTextContent('Time left to pay: 30:00');
  expect(screen.getByText(/stops accepting transfers at 22 Nov 2026, 16:30/)).toBeInTheDocument();
  expect(screen.getByText(/^Last checked at \d\d:\d\d:\d\d \(Lagos time\)\.$/)).toBeInTheDocument();
  expect(screen.getByText(/not proof of payment/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'I’ve sent the money' })).toBeEnabled();
  expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
});

test('"Last checked" is the service’s time of its answer, in Lagos time', async () => {
  await advance(sandbox, 245);
  await openPayment();
  await pendingHeading();
  expect(screen.getByText('Last checked at 16:04:05 (Lagos time).')).toBeVisible();
});

test('offline, the page says so and keeps the account on screen', async () => {
  const { payment } = await openPayment();
  await pendingHeading();
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByText(/You are offline/)).toBeVisible();
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  online.mockRestore();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
});

test('the copy buttons copy the account number and the plain amount, and say so', async () => {
  const user = userEvent.setup();
  const { payment } = await openPayment();
  await pendingHeading();

  await user.click(screen.getByRole('button', { name: 'Copy account number' }));
  expect(copyText).toHaveBeenLastCalledWith(payment.virtualAccount.accountNumber);
  await user.click(screen.getByRole('button', { name: 'Copy amount' }));
  expect(copyText).toHaveBeenLastCalledWith('5000.00');
  expect(await screen.findAllByRole('status')).toEqual(
    expect.arrayContaining([expect.objectContaining({ textContent: 'Copied' })]),
  );
});

test('after a short transfer the page asks for the rest, and copies that amount', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox);
  await ok(transfer(sandbox, payment.virtualAccount.id, 2000));
  renderLink(payment.checkoutUrl);
  await pendingHeading();
  expect(screen.getByText('Part of your payment has arrived')).toBeInTheDocument();
  expect(
    screen.getAllByText(
      'We received ₦2,000.00. Transfer the remaining ₦3,000.00 to the same account.',
    ).length,
  ).toBeGreaterThan(0);
  const account = screen.getByRole('region', { name: 'Transfer to this account' });
  expect(account).toHaveTextContent('transfer exactly ₦3,000.00');
  await user.click(within(account).getByRole('button', { name: 'Copy amount' }));
  expect(copyText).toHaveBeenLastCalledWith('3000.00');
});

test('"I’ve sent the money" checks at once but never says paid until the server does', async () => {
  const user = userEvent.setup();
  const { payment } = await openPayment();
  await pendingHeading();
  const before = gets();

  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await waitFor(() => expect(gets()).toBe(before + 1));
  expect(await screen.findByText(/We are checking for your transfer more often now/)).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  expect(screen.queryByText('Payment received')).not.toBeInTheDocument();

  await pay(payment);
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  const paid = await paidHeading();
  await waitFor(() => expect(paid).toHaveFocus());
});

test('the page checks again at once when the phone is back online or the page gets focus', async () => {
  await openPayment();
  await pendingHeading();
  const before = gets();

  await advance(sandbox, 1200);
  // The phone loses its connection and gets it back.
  act(() => {
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
  });
  await waitFor(() => expect(gets()).toBe(before + 1));
  // Answered and shown before the next event: a check still in flight would be shared.
  await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('10:00'));

  // The payer comes back to the page from the bank app (TanStack Query's focus).
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  await waitFor(() => expect(gets()).toBe(before + 2));
});

test('the page checks again by itself after 3 s', async () => {
  const payment = await createTestPayment(sandbox);
  renderPath(new URL(payment.checkoutUrl).pathname + new URL(payment.checkoutUrl).hash);
  await pendingHeading();
  const before = gets();
  await waitFor(() => expect(gets()).toBe(before + 1), { timeout: 4_500 });
});

test('each answer re-syncs the countdown with the server’s remaining seconds', async () => {
  const user = userEvent.setup();
  await openPayment();
  await pendingHeading();
  expect(screen.getByRole('timer')).toHaveTextContent('30:00');

  await advance(sandbox, 1200);
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('10:00'));
});

test('when the countdown runs out the page says not to transfer and asks the server', async () => {
  const payment = await createTestPayment(sandbox);
  await advance(sandbox, 30 * 60 - 1);
  renderLink(payment.checkoutUrl);
  await pendingHeading();
  const before = gets();
  await advance(sandbox, 1);

  expect(
    await screen.findByText(/The time to pay has run out\. Do not transfer now\./, undefined, {
      timeout: 2_500,
    }),
  ).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This account has expired' }),
  ).toBeInTheDocument();
  expect(gets()).toBeGreaterThan(before);
});

// ---------------------------------------------------------------------------------------------
// Paid

test('a paid payment counts down to the return and "Return now" goes to the normalized URL', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await advance(sandbox, 300);
  await pay(payment);
  renderLink(payment.checkoutUrl);
  const heading = await paidHeading();
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText('Adaeze Fitness has received your payment of ₦5,000.00.')).toBeVisible();
  expect(screen.getByText(/^Paid on 22 Nov 2026, 16:05/)).toBeVisible();
  expect(screen.getByRole('timer')).toHaveTextContent(/Returning to Adaeze Fitness in [1-5] s/);
  expect(screen.queryByText(payment.virtualAccount.accountNumber)).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(normalizedReturnUrl));
  expect(redirectTo).toHaveBeenCalledTimes(1);
});

test('"Stay here" stops the return and leaves a manual link', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await pay(payment);
  renderLink(payment.checkoutUrl);
  await paidHeading();
  await user.click(screen.getByRole('button', { name: 'Stay here' }));

  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Adaeze Fitness' })).toHaveAttribute(
    'href',
    normalizedReturnUrl,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('after "Stay here" the keyboard stays in place: the return link that replaced it has focus', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await pay(payment);
  renderLink(payment.checkoutUrl);
  await paidHeading();
  await user.click(screen.getByRole('button', { name: 'Stay here' }));
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Return to Adaeze Fitness' })).toHaveFocus(),
  );
});

test('after "Stay here" a reload shows the paid page without counting down again', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await pay(payment);
  const first = renderLink(payment.checkoutUrl);
  await paidHeading();
  await user.click(screen.getByRole('button', { name: 'Stay here' }));
  first.unmount();

  renderPath(`/checkout/${payment.id}`);
  await paidHeading();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('coming back after the return (Back) never returns the payer a second time', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await pay(payment);
  const first = renderLink(payment.checkoutUrl);
  await paidHeading();
  await user.click(screen.getByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
  first.unmount();

  renderPath(`/checkout/${payment.id}`);
  await paidHeading();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  expect(redirectTo).toHaveBeenCalledTimes(1);
});

test('the return happens by itself after 5 s', async () => {
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await pay(payment);
  renderLink(payment.checkoutUrl);
  await paidHeading();
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(normalizedReturnUrl), {
    timeout: 6_500,
  });
});

test('paid without a return URL: success, an overpayment note, and no redirect', async () => {
  const payment = await createTestPayment(sandbox, { callbackUrl: undefined });
  await pay(payment, 250);
  renderLink(payment.checkoutUrl);
  await paidHeading();
  expect(
    screen.getByText(
      'You transferred ₦250.00 more than the amount due. Contact Adaeze Fitness to get it back.',
    ),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'support@adaeze-fitness.example' })).toBeVisible();
  expect(screen.getByText('You can close this page.')).toBeVisible();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Return to/ })).not.toBeInTheDocument();
});

// ---------------------------------------------------------------------------------------------
// Expired

test('an expired payment says not to transfer, hides the account and says what to do', async () => {
  const payment = await createTestPayment(sandbox, { callbackUrl: returnUrl });
  await ok(transfer(sandbox, payment.virtualAccount.id, 1000));
  await advance(sandbox, 30 * 60);
  renderLink(payment.checkoutUrl);
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'This account has expired' },
    { timeout: 5000 },
  );
  await waitFor(() => expect(heading).toHaveFocus());
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Do not transfer money to this account.');
  expect(alert).toHaveTextContent('The time to pay ended at 22 Nov 2026, 16:30 (Lagos time).');
  expect(screen.getByText(/Go back to Adaeze Fitness and start a new payment/)).toBeVisible();
  expect(screen.getByText(/We received ₦1,000.00 before the account expired/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Return to Adaeze Fitness' })).toHaveAttribute(
    'href',
    normalizedReturnUrl,
  );
  expect(screen.queryByText(payment.virtualAccount.accountNumber)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
});

// ---------------------------------------------------------------------------------------------
// Links that do not work

test('an unknown link says so with the reference, and forgets the token', async () => {
  const payment = await createTestPayment(sandbox);
  const wrongToken = 'wr0ngT0ken_abcdefghijklmnopqrstuvwxyz0123456';
  const refusals: string[] = [];
  answer = async (request) => {
    const response = await sandbox.handle(request);
    refusals.push(response.headers.get(requestIdHeader) ?? '');
    return response;
  };
  renderPath(`/checkout/${payment.id}#token=${wrongToken}`);
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'This payment link is not valid' },
    { timeout: 5000 },
  );
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText(/We do not recognise this payment link/)).toBeVisible();
  expect(seen.map((request) => request.token)).toEqual([wrongToken]);
  expect(refusals[0]).toMatch(/^req_/);
  expect(screen.getByText(refusals[0] ?? '')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  expect(window.sessionStorage.getItem(`checkout-token:${payment.id}`)).toBeNull();
});

test('a link without a token never calls the API', async () => {
  const payment = await createTestPayment(sandbox);
  renderPath(`/checkout/${payment.id}`);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'This payment link is not valid' },
    { timeout: 5000 },
  );
  expect(screen.getByText('The link is incomplete: it has no access code.')).toBeVisible();
  expect(seen).toEqual([]);
});

test('a reload in the same tab works from the kept token', async () => {
  const { payment, view } = await openPayment();
  await pendingHeading();
  view.unmount();
  renderPath(`/checkout/${payment.id}`);
  await pendingHeading();
  expect(seen.at(-1)?.token).toBe(tokenOf(payment.checkoutUrl));
});

test('two payments opened in one tab each keep their own link', async () => {
  const a = await createTestPayment(sandbox);
  const b = await createTestPayment(sandbox);

  // Payment A, then payment B in the same tab.
  const first = renderLink(a.checkoutUrl);
  await pendingHeading();
  first.unmount();
  const second = renderLink(b.checkoutUrl);
  await pendingHeading();
  second.unmount();
  expect(
    seen.filter((request) => request.path === `/checkout/${b.id}`).map((r) => r.token),
  ).toEqual([tokenOf(b.checkoutUrl)]);

  // Back to A (no fragment, as after the back button): A works with A's own token...
  renderPath(`/checkout/${a.id}`);
  await pendingHeading();
  expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
  expect(seen.at(-1)?.token).toBe(tokenOf(a.checkoutUrl));
  // ...and B's token is still kept for B.
  expect(window.sessionStorage.getItem(`checkout-token:${b.id}`)).toBe(tokenOf(b.checkoutUrl));
});

// ---------------------------------------------------------------------------------------------
// Missing payer details

test('missing details: the form asks for them, sends the phone as E.164 once, then shows the account', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { customer: {} });
  renderLink(payment.checkoutUrl);
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'Your contact details' },
    { timeout: 5000 },
  );
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.queryByText(payment.virtualAccount.accountNumber)).not.toBeInTheDocument();

  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
  await user.dblClick(screen.getByRole('button', { name: 'Continue' }));

  await pendingHeading();
  expect(posts()).toEqual([
    {
      method: 'POST',
      path: `/checkout/${payment.id}/customer`,
      token: tokenOf(payment.checkoutUrl),
      body: { email: 'ada@example.com', phone: '+2348031234567' },
    },
  ]);
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  expect((await readPayment(payment.id)).customer).toMatchObject({
    email: 'ada@example.com',
    phone: '+2348031234567',
  });
});

test('when only the e-mail is missing, only the e-mail is asked', async () => {
  const payment = await createTestPayment(sandbox, { customer: { phone: '+2348031234567' } });
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' }, { timeout: 5000 });
  expect(screen.getByLabelText('Email address')).toBeVisible();
  expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
});

test('an invalid Nigerian number is refused in the browser', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { customer: { email: 'ada@example.com' } });
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' }, { timeout: 5000 });
  await user.type(screen.getByLabelText('Phone number'), '0917 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('This is not a valid Nigerian phone number.')).toBeVisible();
  expect(posts()).toEqual([]);
});

test('offline, a save is not sent: the page says nothing has changed, keeps the input, and Try again sends it once back online', async () => {
  const user = userEvent.setup();
  const payment = await createTestPayment(sandbox, { customer: { phone: '+2348031234567' } });
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' }, { timeout: 5000 });
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Nothing has changed');
  expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  expect(posts()).toEqual([]);

  online.mockRestore();
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await pendingHeading();
  expect(posts()).toHaveLength(1);
});

test('a save whose answer was lost is sent again with the same idempotency key, so it counts once', async () => {
  const user = userEvent.setup();
  const keys: (string | null)[] = [];
  let lose = true;
  answer = async (request) => {
    if (request.method !== 'POST') return sandbox.handle(request);
    keys.push(request.headers.get('idempotency-key'));
    // The service saved the details; its answer never reached the phone.
    const response = await sandbox.handle(request);
    if (!lose) return response;
    return HttpResponse.error();
  };
  const payment = await createTestPayment(sandbox, { customer: { phone: '+2348031234567' } });
  renderLink(payment.checkoutUrl);
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' }, { timeout: 5000 });
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('No answer from the service');
  expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');

  lose = false;
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await pendingHeading();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^act_/);
  expect(keys[1]).toBe(keys[0]);
  expect((await readPayment(payment.id)).customer.email).toBe('ada@example.com');
});
