import { expect, test } from 'vitest';
import type { CheckoutState } from '../../../contract/checkout';
import { ApiError, NetworkError } from '../../lib/api-client';
import { initialState, transition, type CheckoutFlowState } from './machine';
import {
  awaitsPayment,
  checkoutPageState,
  type CheckoutPageInput,
  type CheckoutPageState,
} from './page-state';
import {
  checkoutStateFixture,
  expiredCheckoutFixture,
  needsDetailsFixture,
  paidCheckoutFixture,
} from './test-fixtures';

// The service's time in the fixtures' answers: "Last checked" follows it, not the phone's clock.
const at = Date.parse(checkoutStateFixture().serverTime);
const pending = checkoutStateFixture();
const needsEmail = needsDetailsFixture({ email: true, phone: false });
const paid = paidCheckoutFixture();
const expired = expiredCheckoutFixture();

function apiError(status: number, code: string | null = null, requestId = 'r') {
  return new ApiError({ status, code, message: 'x', requestId, retryAfterSeconds: null });
}
const refusedLink = (requestId = 'req_9') => apiError(410, 'INVALID_CHECKOUT_LINK', requestId);

function view(input: Partial<CheckoutPageInput> = {}): CheckoutPageState {
  return checkoutPageState({
    token: { kind: 'token' },
    data: undefined,
    error: null,
    flow: initialState,
    ...input,
  });
}

// ---------------------------------------------------------------------------------------------
// The first state, from the token and from the server

test('without a token the page shows the invalid-link view; with one it loads', () => {
  expect(view({ token: { kind: 'missing' } })).toMatchObject({
    kind: 'invalidLink',
    reason: 'missing',
  });
  expect(view({ token: { kind: 'malformed' } })).toMatchObject({
    kind: 'invalidLink',
    reason: 'malformed',
  });
  // Also while "Try again" reads again: TanStack Query clears a first read's error then.
  expect(view()).toEqual({ kind: 'loading' });
});

test('the first answer shows the account, when the service answered, and nothing sent yet', () => {
  expect(view({ data: pending })).toMatchObject({
    kind: 'pending',
    lastCheckedAt: at,
    sent: false,
  });
});

test.each<[string, CheckoutState, string]>([
  ['a pending payment with its account', pending, 'pending'],
  ['a pending payment lacking the e-mail', needsEmail, 'details'],
  [
    'a pending payment lacking the phone',
    needsDetailsFixture({ email: false, phone: true }),
    'details',
  ],
  ['a paid payment', paid, 'paid'],
  ['an expired payment', expired, 'expired'],
  // The server's final word wins over anything else in the answer.
  [
    'a paid payment that still lists missing details',
    paidCheckoutFixture({ needsCustomerDetails: { email: true } }),
    'paid',
  ],
  [
    'an expired payment without an account',
    checkoutStateFixture({
      payment: { status: 'expired' },
      virtualAccount: null,
      remainingSeconds: 0,
    }),
    'expired',
  ],
  [
    'a pending payment without an account or missing details (a broken answer)',
    checkoutStateFixture({ virtualAccount: null }),
    'failure',
  ],
])('%s shows the %s view', (_name, checkout, kind) => {
  expect(view({ data: checkout })).toMatchObject({ kind });
});

// ---------------------------------------------------------------------------------------------
// Paid only when the server says so; expired only when the server says so

test('"I’ve sent the money" never changes what the page says about the payment', () => {
  const flow = transition(initialState, { type: 'moneySent', mono: 5 });
  expect(view({ data: pending, flow })).toMatchObject({
    kind: 'pending',
    checkout: pending,
    sent: true,
  });
});

test('"I’ve sent the money" is remembered across refreshes while pending', () => {
  const flow = transition(initialState, { type: 'moneySent', mono: 5 });
  const refreshed = checkoutStateFixture({
    remainingSeconds: 900,
    serverTime: new Date(at + 3_000).toISOString(),
  });
  expect(view({ data: refreshed, flow })).toMatchObject({
    kind: 'pending',
    sent: true,
    lastCheckedAt: at + 3_000,
    checkFailed: false,
  });
});

test('a refresh that says paid shows success, and starts the return with a valid URL', () => {
  expect(view({ data: paid })).toEqual({ kind: 'paid', checkout: paid, autoReturn: 'counting' });
});

test('a refresh that says expired shows the expired view', () => {
  expect(view({ data: expired })).toEqual({ kind: 'expired', checkout: expired });
});

test('a short transfer keeps the payment pending with the rest to pay', () => {
  const partial = checkoutStateFixture({
    payment: { amountReceived: 2000, amountOutstanding: 3000 },
  });
  expect(view({ data: partial })).toMatchObject({
    kind: 'pending',
    checkout: { payment: { amountReceived: 2000, amountOutstanding: 3000 } },
  });
});

test('a failed check keeps the account on screen; a refused link shows the invalid-link view', () => {
  expect(view({ data: pending, error: new NetworkError() })).toMatchObject({
    kind: 'pending',
    account: pending.virtualAccount,
    checkFailed: true,
    lastCheckedAt: at,
  });
  // The next good check clears the note.
  expect(view({ data: pending, error: null })).toMatchObject({ checkFailed: false });
  expect(view({ data: pending, error: refusedLink() })).toEqual({
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_9',
    merchant: pending.merchant,
    mode: 'test',
    preferredLanguage: null,
  });
});

// ---------------------------------------------------------------------------------------------
// Automatic return

test.each<[string, CheckoutState, string]>([
  ['a valid return URL', paid, 'counting'],
  ['no return URL', paidCheckoutFixture({ returnUrl: null }), 'off'],
  ['an http return URL', paidCheckoutFixture({ returnUrl: 'http://shop.example.com/' }), 'off'],
  ['a private-host return URL', paidCheckoutFixture({ returnUrl: 'https://192.168.1.1/' }), 'off'],
  [
    'a return URL with credentials',
    paidCheckoutFixture({ returnUrl: 'https://a:b@shop.example/' }),
    'off',
  ],
])('auto-return after payment with %s: %s', (_name, checkout, autoReturn) => {
  expect(view({ data: checkout })).toMatchObject({ kind: 'paid', autoReturn });
});

test('"Stay here" and "Return now" are the payer’s; never a return without a valid URL', () => {
  const stayed = transition(initialState, { type: 'stayHere' });
  const leaving = transition(initialState, { type: 'returnNow' });
  expect(view({ data: paid, flow: stayed })).toMatchObject({ autoReturn: 'stayed' });
  expect(view({ data: paid, flow: leaving })).toMatchObject({ autoReturn: 'leaving' });
  const noUrl = paidCheckoutFixture({ returnUrl: null });
  expect(view({ data: noUrl, flow: leaving })).toMatchObject({ kind: 'paid', autoReturn: 'off' });
});

// ---------------------------------------------------------------------------------------------
// The payer's details and failures

test('the details form shows a save in flight and a failed save, keeping the checkout', () => {
  const saving: CheckoutFlowState = {
    ...initialState,
    kind: 'savingDetails',
    request: { email: 'a@b.example' },
  };
  expect(view({ data: needsEmail, flow: saving })).toMatchObject({
    kind: 'details',
    saving: true,
    failure: null,
  });
  const network = { kind: 'network' } as const;
  const failed = transition(saving, { type: 'detailsFailed', failure: network });
  expect(view({ data: needsEmail, flow: failed })).toMatchObject({
    kind: 'details',
    checkout: needsEmail,
    saving: false,
    failure: network,
  });
});

test('a refused link while loading shows the invalid-link view, other failures the failure view', () => {
  expect(view({ error: apiError(401, 'INVALID_CHECKOUT_LINK', 'r') })).toMatchObject({
    kind: 'invalidLink',
    reason: 'unknown',
    requestId: 'r',
  });
  expect(view({ error: apiError(503) })).toMatchObject({
    kind: 'failure',
    failure: { status: 503 },
    checkout: null,
  });
  expect(view({ error: new NetworkError() })).toMatchObject({
    kind: 'failure',
    failure: { kind: 'network' },
  });
});

// ---------------------------------------------------------------------------------------------
// When the page checks again

test.each<[string, CheckoutState, boolean]>([
  ['pending with an account', pending, true],
  ['lacking details (no account yet)', needsEmail, false],
  ['paid', paid, false],
  ['expired', expired, false],
])('the page keeps checking while %s: %s', (_name, checkout, awaits) => {
  expect(awaitsPayment(checkout)).toBe(awaits);
});
