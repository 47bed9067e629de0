/**
 * The checkout page behind the real router, query client and API client, on jsdom's origin, with
 * the API faked by MSW handlers answering contract-parsed fixtures (`test-fixtures.ts`). Only for
 * states the sandbox's handler core cannot reach; everything else runs on the core in
 * `checkout-page.sandbox.test.tsx` (conventions.md, "Tests"). The states kept here:
 * - a return address that is not a ReturnUrl, or is http: the merchant API refuses both
 *   (`callbackUrl` must be https), so only a fake can answer with one;
 * - a 410 for an expired link, on a read or on a save: the sandbox's checkout routes never
 *   answer 410;
 * - server errors (500, 503), no answer, a read that hangs, and failed checks and saves: the core
 *   answers every request it gets.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { CheckoutState } from '../../../contract/checkout';
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

async function detailsHeading() {
  // Generous: the first form also loads the lazy details step, slow on a busy machine.
  return screen.findByRole(
    'heading',
    { level: 1, name: 'Your contact details' },
    { timeout: 5000 },
  );
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
// Paid, with a return address the merchant API would refuse

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
// A link the service says has expired

test('an expired link (410) says it expired', async () => {
  renderCheckout(() => errorResponse(410, { requestId: 'req_gone' }));
  await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid' });
  expect(screen.getByText('This payment link has expired.')).toBeVisible();
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
    // The bound counts from the read: the page's live flow sends it once it has arrived.
    await waitFor(() => expect(gets()).toBe(1));
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

test('a failed save keeps what was typed, shows the reference, and the next try works', async () => {
  const user = userEvent.setup();
  let save: () => Response | CheckoutState = () =>
    errorResponse(500, { requestId: 'req_save', path: `/checkout/${fixturePaymentId}/customer` });
  renderCheckout(() => needsDetailsFixture({ email: true, phone: false }), {
    postCustomer: () => save(),
  });
  await detailsHeading();
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
  await detailsHeading();
  await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'This payment link is not valid' });
  expect(screen.getByText('This payment link has expired.')).toBeVisible();
  expect(posts()).toHaveLength(1);
});
