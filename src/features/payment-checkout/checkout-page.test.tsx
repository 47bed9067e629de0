/**
 * The checkout page behind the real router, query client and API client, on jsdom's origin.
 * The API is MSW handlers answering with contract-parsed fixtures (`test-fixtures.ts`), for exact
 * request checks and failures; `checkout-page.sandbox.test.tsx` runs the flows on the sandbox.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { checkoutTokenHeader, type CheckoutState } from '../../../contract/checkout';
import { App } from '../../app/app';
import { createQueryClient } from '../../app/query-client';
import { hostedReadTimeoutMs } from '../../lib/api-client';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { copyText } from '../../lib/copy-text';
import { redirectTo } from '../../lib/redirect';
import {
  checkoutApiHandlers,
  checkoutStateFixture,
  errorResponse,
  expiredCheckoutFixture,
  fixtureNormalizedReturnUrl,
  fixturePaymentId,
  fixtureToken,
  needsDetailsFixture,
  paidCheckoutFixture,
  type SeenRequest,
} from './test-fixtures';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));
// jsdom has neither a secure-context clipboard nor execCommand; the copy itself is tested by hand
// on phones. Here: that the buttons copy the right text and say so.
vi.mock('../../lib/copy-text', () => ({ copyText: vi.fn(() => Promise.resolve(true)) }));

const server = setupServer();
let seen: SeenRequest[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen = [];
  forgetCapabilityToken({ kind: 'checkout', id: fixturePaymentId });
  vi.mocked(redirectTo).mockClear();
  vi.mocked(copyText).mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const link = `/checkout/${fixturePaymentId}#token=${fixtureToken}`;
const gets = () => seen.filter((request) => request.method === 'GET').length;
const posts = () => seen.filter((request) => request.method === 'POST');

type Answer = () => Response | CheckoutState | Promise<Response | CheckoutState>;

function renderCheckout(
  get: Answer,
  options: {
    postCustomer?: (body: unknown, headers: Headers) => Response | CheckoutState;
    path?: string;
    /** Keep the query client's own retries (off by default: failures show at once). */
    retries?: boolean;
  } = {},
) {
  server.use(
    ...checkoutApiHandlers(
      window.location.origin,
      { get, postCustomer: options.postCustomer },
      seen,
    ),
  );
  window.history.replaceState(null, '', options.path ?? link);
  const queryClient = createQueryClient();
  // Failures show at once; the retries themselves are the query client's own business.
  if (options.retries !== true) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  return render(<App queryClient={queryClient} />);
}

async function pendingHeading() {
  // Generous: the first render also loads the lazy route module, slow on a busy machine.
  return screen.findByRole(
    'heading',
    { level: 1, name: 'Pay by bank transfer' },
    { timeout: 5000 },
  );
}

// ---------------------------------------------------------------------------------------------
// Pending: the account to pay into

test('a pending payment shows the amount, merchant, account, countdown and checking note', async () => {
  renderCheckout(() => checkoutStateFixture());
  const heading = await pendingHeading();
  await waitFor(() => expect(heading).toHaveFocus());

  // The token went only in the header, and left the address bar.
  expect(seen[0]).toMatchObject({
    method: 'GET',
    path: `/checkout/${fixturePaymentId}`,
    token: fixtureToken,
  });
  expect(window.location.hash).toBe('');
  expect(window.location.pathname).toBe(`/checkout/${fixturePaymentId}`);

  expect(screen.getByRole('note')).toHaveTextContent('Test mode');
  expect(screen.getByRole('banner')).toHaveTextContent('Ada Stores');
  const summary = screen.getByRole('region', { name: 'Amount to pay' });
  expect(summary).toHaveTextContent('₦5,000.00');
  expect(summary).toHaveTextContent('To Ada Stores');
  expect(summary).toHaveTextContent('Order #42');

  const account = screen.getByRole('region', { name: 'Transfer to this account' });
  expect(account).toHaveTextContent('transfer exactly ₦5,000.00');
  expect(within(account).getByText('Wema Bank')).toBeInTheDocument();
  expect(within(account).getByText('9912345678')).toBeInTheDocument();
  expect(within(account).getByText('ADA STORES CHECKOUT')).toBeInTheDocument();
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
  renderCheckout(() => checkoutStateFixture({ serverTime: '2026-11-22T15:04:05.000Z' }));
  await pendingHeading();
  expect(screen.getByText('Last checked at 16:04:05 (Lagos time).')).toBeVisible();
});

test('offline, the page says so and keeps the account on screen', async () => {
  renderCheckout(() => checkoutStateFixture());
  await pendingHeading();
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByText(/You are offline/)).toBeVisible();
  expect(screen.getByText('9912345678')).toBeVisible();
  online.mockRestore();
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
});

test('the copy buttons copy the account number and the plain amount, and say so', async () => {
  const user = userEvent.setup();
  renderCheckout(() => checkoutStateFixture());
  await pendingHeading();

  await user.click(screen.getByRole('button', { name: 'Copy account number' }));
  expect(copyText).toHaveBeenLastCalledWith('9912345678');
  await user.click(screen.getByRole('button', { name: 'Copy amount' }));
  expect(copyText).toHaveBeenLastCalledWith('5000.00');
  expect(await screen.findAllByRole('status')).toEqual(
    expect.arrayContaining([expect.objectContaining({ textContent: 'Copied' })]),
  );
});

test('after a short transfer the page asks for the rest, and copies that amount', async () => {
  const user = userEvent.setup();
  renderCheckout(() =>
    checkoutStateFixture({ payment: { amountReceived: 2000, amountOutstanding: 3000 } }),
  );
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
  let answer: CheckoutState = checkoutStateFixture();
  renderCheckout(() => answer);
  await pendingHeading();
  const before = gets();

  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await waitFor(() => expect(gets()).toBe(before + 1));
  expect(await screen.findByText(/We are checking for your transfer more often now/)).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  expect(screen.queryByText('Payment received')).not.toBeInTheDocument();

  answer = paidCheckoutFixture();
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  const paid = await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await waitFor(() => expect(paid).toHaveFocus());
});

test('the page checks again at once when the phone is back online or the page gets focus', async () => {
  let remainingSeconds = 1800;
  renderCheckout(() => checkoutStateFixture({ remainingSeconds }));
  await pendingHeading();
  const before = gets();

  remainingSeconds = 600;
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
  renderCheckout(() => checkoutStateFixture());
  await pendingHeading();
  const before = gets();
  await waitFor(() => expect(gets()).toBe(before + 1), { timeout: 4_500 });
});

test('each answer re-syncs the countdown with the server’s remaining seconds', async () => {
  const user = userEvent.setup();
  let answer = checkoutStateFixture({ remainingSeconds: 1800 });
  renderCheckout(() => answer);
  await pendingHeading();
  expect(screen.getByRole('timer')).toHaveTextContent('30:00');

  answer = checkoutStateFixture({ remainingSeconds: 600 });
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('10:00'));
});

test('when the countdown runs out the page says not to transfer and asks the server', async () => {
  let answer = checkoutStateFixture({ remainingSeconds: 1 });
  renderCheckout(() => answer);
  await pendingHeading();
  const before = gets();
  answer = expiredCheckoutFixture();

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
  renderCheckout(() => paidCheckoutFixture());
  const heading = await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText('Ada Stores has received your payment of ₦5,000.00.')).toBeVisible();
  expect(screen.getByText(/^Paid on 22 Nov 2026, 16:05/)).toBeVisible();
  expect(screen.getByRole('timer')).toHaveTextContent(/Returning to Ada Stores in [1-5] s/);
  expect(screen.queryByText('9912345678')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(fixtureNormalizedReturnUrl));
  expect(redirectTo).toHaveBeenCalledTimes(1);
});

test('"Stay here" stops the return and leaves a manual link', async () => {
  const user = userEvent.setup();
  renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await user.click(screen.getByRole('button', { name: 'Stay here' }));

  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Ada Stores' })).toHaveAttribute(
    'href',
    fixtureNormalizedReturnUrl,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('after "Stay here" the keyboard stays in place: the return link that replaced it has focus', async () => {
  const user = userEvent.setup();
  renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await user.click(screen.getByRole('button', { name: 'Stay here' }));
  await waitFor(() =>
    expect(screen.getByRole('link', { name: 'Return to Ada Stores' })).toHaveFocus(),
  );
});

test('after "Stay here" a reload shows the paid page without counting down again', async () => {
  const user = userEvent.setup();
  const first = renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await user.click(screen.getByRole('button', { name: 'Stay here' }));
  first.unmount();

  renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Ada Stores' })).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('coming back after the return (Back) never returns the payer a second time', async () => {
  const user = userEvent.setup();
  const first = renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await user.click(screen.getByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
  first.unmount();

  renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Ada Stores' })).toBeVisible();
  expect(redirectTo).toHaveBeenCalledTimes(1);
});

test('the return happens by itself after 5 s', async () => {
  renderCheckout(() => paidCheckoutFixture());
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(fixtureNormalizedReturnUrl), {
    timeout: 6_500,
  });
});

test('a return address that is not a ReturnUrl is never followed, even after 5 s', async () => {
  // The forged address of issue 11: a URL parser reads good-merchant.com, SQLite kept evil.com.
  const forged = 'https://evil.com\u0000@good-merchant.com/orders/42';
  renderCheckout(() => paidCheckoutFixture({ returnUrl: forged }));
  await screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 3000 });
  expect(screen.queryByRole('link', { name: /Return to/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Return now' })).not.toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 5_500));
  expect(redirectTo).not.toHaveBeenCalled();
}, 10_000);

test('paid without a usable return URL: success, an overpayment note, and no redirect', async () => {
  renderCheckout(() =>
    paidCheckoutFixture({ returnUrl: 'http://shop.example.com/orders/42' }, 250),
  );
  await screen.findByRole('heading', { level: 1, name: 'Payment received' });
  expect(
    screen.getByText(
      'You transferred ₦250.00 more than the amount due. Contact Ada Stores to get it back.',
    ),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'help@ada.example' })).toBeVisible();
  expect(screen.getByText('You can close this page.')).toBeVisible();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Return to/ })).not.toBeInTheDocument();
});

// ---------------------------------------------------------------------------------------------
// Expired

test('an expired payment says not to transfer, hides the account and says what to do', async () => {
  renderCheckout(() => expiredCheckoutFixture(1000));
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'This account has expired',
  });
  await waitFor(() => expect(heading).toHaveFocus());
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Do not transfer money to this account.');
  expect(alert).toHaveTextContent('The time to pay ended at 22 Nov 2026, 16:30 (Lagos time).');
  expect(screen.getByText(/Go back to Ada Stores and start a new payment/)).toBeVisible();
  expect(screen.getByText(/We received ₦1,000.00 before the account expired/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Return to Ada Stores' })).toHaveAttribute(
    'href',
    fixtureNormalizedReturnUrl,
  );
  expect(screen.queryByText('9912345678')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
});

// ---------------------------------------------------------------------------------------------
// Links that do not work

test('an unknown link says so with the reference, and forgets the token', async () => {
  renderCheckout(() =>
    errorResponse(401, { code: 'INVALID_CHECKOUT_LINK', requestId: 'req_unknown_1' }),
  );
  const heading = await screen.findByRole('heading', {
    level: 1,
    name: 'This payment link is not valid',
  });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText(/We do not recognise this payment link/)).toBeVisible();
  expect(screen.getByText('req_unknown_1')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  expect(window.sessionStorage.getItem(`checkout-token:${fixturePaymentId}`)).toBeNull();
});

test('an expired link (410) says it expired', async () => {
  renderCheckout(() => errorResponse(410, { requestId: 'req_gone' }));
  await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid' });
  expect(screen.getByText('This payment link has expired.')).toBeVisible();
});

test('a link without a token never calls the API', async () => {
  renderCheckout(() => checkoutStateFixture(), { path: `/checkout/${fixturePaymentId}` });
  await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid' });
  expect(screen.getByText('The link is incomplete: it has no access code.')).toBeVisible();
  expect(seen).toEqual([]);
});

test('a reload in the same tab works from the kept token', async () => {
  const first = renderCheckout(() => checkoutStateFixture());
  await pendingHeading();
  first.unmount();
  renderCheckout(() => checkoutStateFixture(), { path: `/checkout/${fixturePaymentId}` });
  await pendingHeading();
  expect(seen.at(-1)?.token).toBe(fixtureToken);
});

test('two payments opened in one tab each keep their own link', async () => {
  const otherId = 'osp_test_other';
  const otherToken = 'otherT0ken_abcdefghijklmnopqrstuvwxyz0123456';
  const otherTokensSeen: (string | null)[] = [];
  server.use(
    http.get(`${window.location.origin}/checkout/${otherId}`, ({ request }) => {
      const token = request.headers.get(checkoutTokenHeader);
      otherTokensSeen.push(token);
      if (token !== otherToken) return errorResponse(401, { code: 'INVALID_CHECKOUT_LINK' });
      return HttpResponse.json({ data: checkoutStateFixture({ payment: { id: otherId } }) });
    }),
  );
  forgetCapabilityToken({ kind: 'checkout', id: otherId });

  // Payment A, then payment B in the same tab.
  const first = renderCheckout(() => checkoutStateFixture());
  await pendingHeading();
  first.unmount();
  window.history.replaceState(null, '', `/checkout/${otherId}#token=${otherToken}`);
  const second = render(<App queryClient={createQueryClient()} />);
  await pendingHeading();
  second.unmount();
  expect(otherTokensSeen).toEqual([otherToken]);

  // Back to A (no fragment, as after the back button): A works with A's own token...
  renderCheckout(() => checkoutStateFixture(), { path: `/checkout/${fixturePaymentId}` });
  await pendingHeading();
  expect(screen.queryByText(/not valid/)).not.toBeInTheDocument();
  expect(seen.at(-1)?.token).toBe(fixtureToken);
  // ...and B's token is still kept for B.
  expect(window.sessionStorage.getItem(`checkout-token:${otherId}`)).toBe(otherToken);
});

// ---------------------------------------------------------------------------------------------
// Errors

test('a server error shows the reference and "Try again" recovers', async () => {
  const user = userEvent.setup();
  let answer: Answer = () => errorResponse(503, { requestId: 'req_503' });
  renderCheckout(() => answer());
  const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByText('req_503')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeVisible();

  answer = () => checkoutStateFixture();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await pendingHeading();
});

test('no answer at all says to check the connection', async () => {
  renderCheckout(() => HttpResponse.error());
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  expect(screen.getByText(/We could not reach the server/)).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Copy reference' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

test('a read that hangs shows the connection error after the bound, not "Loading…" forever', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  try {
    renderCheckout(
      async () => {
        await delay('infinite');
        return checkoutStateFixture();
      },
      { retries: true },
    );
    expect(await screen.findByText('Loading…')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(hostedReadTimeoutMs - 500);
    });
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByText(/We could not reach the server/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    // Not retried behind the customer's back: the bound is the whole wait.
    expect(gets()).toBe(1);
  } finally {
    vi.useRealTimers();
  }
});

test('a server error reaches the error view with its reference within 2 s, retries included', async () => {
  const started = performance.now();
  renderCheckout(() => errorResponse(500, { requestId: 'req_500' }), { retries: true });
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }, { timeout: 5000 });
  expect(performance.now() - started).toBeLessThan(2_000 + 1_000);
  expect(screen.getByText('req_500')).toBeVisible();
  expect(gets()).toBe(3);
});

test('a failed check keeps the account on screen and says it will try again', async () => {
  const user = userEvent.setup();
  let answer: Answer = () => checkoutStateFixture();
  renderCheckout(() => answer());
  await pendingHeading();
  answer = () => errorResponse(500, { requestId: 'req_check' });
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  expect(await screen.findByText('We could not check just now. We will try again.')).toBeVisible();
  expect(screen.getByText('9912345678')).toBeVisible();
});

// ---------------------------------------------------------------------------------------------
// Missing payer details

test('missing details: the form asks for them, sends the phone as E.164 once, then shows the account', async () => {
  const user = userEvent.setup();
  renderCheckout(() => needsDetailsFixture({ email: true, phone: true }), {
    postCustomer: () => checkoutStateFixture(),
  });
  const heading = await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.queryByText('9912345678')).not.toBeInTheDocument();

  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
  await user.dblClick(screen.getByRole('button', { name: 'Continue' }));

  await pendingHeading();
  expect(posts()).toEqual([
    {
      method: 'POST',
      path: `/checkout/${fixturePaymentId}/customer`,
      token: fixtureToken,
      body: { email: 'ada@example.com', phone: '+2348031234567' },
    },
  ]);
  expect(screen.getByText('9912345678')).toBeVisible();
});

test('when only the e-mail is missing, only the e-mail is asked', async () => {
  renderCheckout(() => needsDetailsFixture({ email: true, phone: false }), {
    postCustomer: () => checkoutStateFixture(),
  });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
  expect(screen.getByLabelText('Email address')).toBeVisible();
  expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
});

test('an invalid Nigerian number is refused in the browser', async () => {
  const user = userEvent.setup();
  renderCheckout(() => needsDetailsFixture({ email: false, phone: true }), {
    postCustomer: () => checkoutStateFixture(),
  });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
  await user.type(screen.getByLabelText('Phone number'), '0917 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('This is not a valid Nigerian phone number.')).toBeVisible();
  expect(posts()).toEqual([]);
});

test('a failed save keeps what was typed, shows the reference, and the next try works', async () => {
  const user = userEvent.setup();
  let save: () => Response | CheckoutState = () =>
    errorResponse(500, { requestId: 'req_save', path: `/checkout/${fixturePaymentId}/customer` });
  renderCheckout(() => needsDetailsFixture({ email: true, phone: false }), {
    postCustomer: () => save(),
  });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not save your details.');
  expect(alert).toHaveTextContent('req_save');
  expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');

  save = () => checkoutStateFixture();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await pendingHeading();
  expect(posts()).toHaveLength(2);
});

test('a save refused for the link shows the invalid-link view, as the server reads it again', async () => {
  const user = userEvent.setup();
  let answer: Answer = () => needsDetailsFixture({ email: true, phone: false });
  const refused = () => errorResponse(410, { requestId: 'req_gone' });
  renderCheckout(() => answer(), { postCustomer: () => ((answer = refused), refused()) });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid' });
  expect(screen.getByText('This payment link has expired.')).toBeVisible();
  expect(posts()).toHaveLength(1);
});

test('offline, a save is not sent: the page says nothing has changed, keeps the input, and Try again sends it once back online', async () => {
  const user = userEvent.setup();
  renderCheckout(() => needsDetailsFixture({ email: true, phone: false }), {
    postCustomer: () => checkoutStateFixture(),
  });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
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
  renderCheckout(() => needsDetailsFixture({ email: true, phone: false }), {
    postCustomer: (_body, headers) => {
      keys.push(headers.get('idempotency-key'));
      return lose ? Response.error() : checkoutStateFixture();
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Your contact details' });
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
});
