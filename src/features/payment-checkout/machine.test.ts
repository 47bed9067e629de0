import { expect, test } from 'vitest';
import type { CheckoutState } from '../../../contract/checkout';
import {
  coversNeeds,
  initialState,
  returnUrlOf,
  stateFromCheckout,
  transition,
  type CheckoutFlowEvent,
  type CheckoutFlowEventType,
  type CheckoutFlowState,
  type RequestFailure,
} from './machine';
import {
  checkoutStateFixture,
  expiredCheckoutFixture,
  fixtureNormalizedReturnUrl,
  needsDetailsFixture,
  paidCheckoutFixture,
} from './test-fixtures';

// ---------------------------------------------------------------------------------------------
// Fixtures

const at = 1_800_000_000_000;
const mono = 50_000;
const pending = checkoutStateFixture();
const needsEmail = needsDetailsFixture({ email: true, phone: false });
const paid = paidCheckoutFixture();
const expired = expiredCheckoutFixture();
const network: RequestFailure = { kind: 'network' };

function pendingState(checkout: CheckoutState = pending): CheckoutFlowState {
  const result = stateFromCheckout(checkout, at, mono);
  if (result.kind !== 'pending') throw new Error('fixture is not pending');
  return result;
}

// One representative of every state (and of the paid variants whose legal events differ).
const states = {
  loading: { kind: 'loading', checkout: null },
  invalidLink: {
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_1',
    merchant: null,
    mode: null,
  },
  details: { kind: 'details', checkout: needsEmail, failure: null },
  savingDetails: { kind: 'savingDetails', checkout: needsEmail, request: { email: 'a@b.example' } },
  pending: pendingState(),
  paidCounting: { kind: 'paid', checkout: paid, autoReturn: 'counting' },
  expired: { kind: 'expired', checkout: expired },
  failure: { kind: 'failure', failure: network, checkout: null },
} satisfies Record<string, CheckoutFlowState>;
type StateName = keyof typeof states;

// One representative of every event, fitting the representative states above.
const events = {
  loaded: { type: 'loaded', checkout: pending, at, mono },
  loadFailed: { type: 'loadFailed', failure: network },
  detailsEntered: { type: 'detailsEntered', request: { email: 'a@b.example' } },
  detailsSaved: { type: 'detailsSaved', checkout: pending, at, mono },
  detailsFailed: { type: 'detailsFailed', failure: network },
  refreshed: { type: 'refreshed', checkout: pending, at: at + 3_000, mono: mono + 3_000 },
  refreshFailed: { type: 'refreshFailed', failure: network },
  moneySent: { type: 'moneySent', mono: mono + 1_000 },
  stayHere: { type: 'stayHere' },
  returnNow: { type: 'returnNow' },
  retry: { type: 'retry' },
} satisfies { [T in CheckoutFlowEventType]: Extract<CheckoutFlowEvent, { type: T }> };
type EventName = keyof typeof events;

// ---------------------------------------------------------------------------------------------
// Every legal move: state, event, and what the next state must look like.

const legal: [StateName, EventName, Partial<CheckoutFlowState> & { kind: string }][] = [
  ['loading', 'loaded', { kind: 'pending', lastCheckedAt: at, sentAt: null }],
  ['loading', 'loadFailed', { kind: 'failure', failure: network, checkout: null }],
  ['details', 'detailsEntered', { kind: 'savingDetails', request: { email: 'a@b.example' } }],
  ['savingDetails', 'detailsSaved', { kind: 'pending', lastCheckedAt: at }],
  ['savingDetails', 'detailsFailed', { kind: 'details', failure: network }],
  ['pending', 'refreshed', { kind: 'pending', lastCheckedAt: at + 3_000, checkFailed: false }],
  ['pending', 'refreshFailed', { kind: 'pending', checkFailed: true, lastCheckedAt: at }],
  ['pending', 'moneySent', { kind: 'pending', sentAt: mono + 1_000 }],
  ['paidCounting', 'stayHere', { kind: 'paid', autoReturn: 'stayed' }],
  ['paidCounting', 'returnNow', { kind: 'paid', autoReturn: 'leaving' }],
  ['failure', 'retry', { kind: 'loading', checkout: null }],
];

test.each(legal)('%s + %s is a legal move', (stateName, eventName, expected) => {
  const state = states[stateName];
  const next = transition(state, events[eventName]);
  expect(next).not.toBe(state);
  expect(next).toMatchObject(expected);
});

// Every kind of state and type of event, checked against the unions by the compiler: a kind or
// type added to the machine must be listed here, and then needs its fixture above.
const stateKinds = {
  loading: true,
  invalidLink: true,
  details: true,
  savingDetails: true,
  pending: true,
  paid: true,
  expired: true,
  failure: true,
} satisfies Record<CheckoutFlowState['kind'], true>;
const eventTypes = {
  loaded: true,
  loadFailed: true,
  detailsEntered: true,
  detailsSaved: true,
  detailsFailed: true,
  refreshed: true,
  refreshFailed: true,
  moneySent: true,
  stayHere: true,
  returnNow: true,
  retry: true,
} satisfies Record<CheckoutFlowEventType, true>;

const legalKeys = new Set(legal.map(([s, e]) => `${s}/${e}`));
const ignored = (Object.keys(states) as StateName[]).flatMap((stateName) =>
  (Object.keys(events) as EventName[])
    .filter((eventName) => !legalKeys.has(`${stateName}/${eventName}`))
    .map((eventName) => [stateName, eventName] as const),
);

test('the table covers every state and every event', () => {
  // Against the unions' own lists, so a state or an event without its fixture fails here.
  expect(new Set(Object.values(states).map((state) => state.kind))).toEqual(
    new Set(Object.keys(stateKinds)),
  );
  expect(Object.values(events).map((event) => event.type)).toEqual(Object.keys(eventTypes));
  expect(legal.length + ignored.length).toBe(
    Object.keys(states).length * Object.keys(events).length,
  );
});

test.each(ignored)('%s ignores %s (same state object)', (stateName, eventName) => {
  const state = states[stateName];
  expect(transition(state, events[eventName])).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// Legal events ignored because their data does not fit the state

const ignoredByData: [string, CheckoutFlowState, CheckoutFlowEvent][] = [
  [
    'details without the e-mail the payment lacks',
    states.details,
    { type: 'detailsEntered', request: { phone: '+2348031234567' } },
  ],
  [
    'details without the phone the payment lacks',
    { kind: 'details', checkout: needsDetailsFixture({ email: true, phone: true }), failure: null },
    { type: 'detailsEntered', request: { email: 'a@b.example' } },
  ],
  [
    '"Stay here" after "Stay here"',
    { kind: 'paid', checkout: paid, autoReturn: 'stayed' },
    { type: 'stayHere' },
  ],
  [
    '"Return now" without a countdown',
    { kind: 'paid', checkout: paid, autoReturn: 'off' },
    { type: 'returnNow' },
  ],
  [
    '"Return now" after "Stay here"',
    { kind: 'paid', checkout: paid, autoReturn: 'stayed' },
    { type: 'returnNow' },
  ],
];

test.each(ignoredByData)('ignores %s', (_name, state, event) => {
  expect(transition(state, event)).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// The first state, from the token and from the server

test('without a token the page starts at the invalid-link view; with one it loads', () => {
  expect(initialState({ kind: 'missing' })).toMatchObject({
    kind: 'invalidLink',
    reason: 'missing',
  });
  expect(initialState({ kind: 'malformed' })).toMatchObject({
    kind: 'invalidLink',
    reason: 'malformed',
  });
  expect(initialState({ kind: 'token' })).toEqual({ kind: 'loading', checkout: null });
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
  expect(stateFromCheckout(checkout, at, mono)).toMatchObject({ kind });
});

test('the countdown is synced from the server’s remaining seconds at the answer’s arrival', () => {
  const next = transition(states.loading, {
    type: 'loaded',
    checkout: checkoutStateFixture({ remainingSeconds: 1234 }),
    at,
    mono: 777,
  });
  expect(next).toMatchObject({ sync: { remainingSeconds: 1234, syncedAtMs: 777 } });
});

test('every refresh re-syncs the countdown with the server', () => {
  const next = transition(states.pending, {
    type: 'refreshed',
    checkout: checkoutStateFixture({ remainingSeconds: 600 }),
    at: at + 9_000,
    mono: mono + 9_000,
  });
  expect(next).toMatchObject({ sync: { remainingSeconds: 600, syncedAtMs: mono + 9_000 } });
});

// ---------------------------------------------------------------------------------------------
// Paid only when the server says so; expired only when the server says so

test('"I’ve sent the money" never changes what the page says about the payment', () => {
  const next = transition(states.pending, { type: 'moneySent', mono: mono + 5 });
  expect(next).toMatchObject({ kind: 'pending', checkout: pending, sentAt: mono + 5 });
});

test('"I’ve sent the money" is remembered across refreshes while pending', () => {
  const sent = transition(states.pending, { type: 'moneySent', mono: mono + 5 });
  expect(transition(sent, events.refreshed)).toMatchObject({ kind: 'pending', sentAt: mono + 5 });
});

test('a refresh that says paid shows success, and starts the return with a valid URL', () => {
  expect(transition(states.pending, { ...events.refreshed, checkout: paid })).toEqual({
    kind: 'paid',
    checkout: paid,
    autoReturn: 'counting',
  });
});

test('a refresh that says expired shows the expired view', () => {
  expect(transition(states.pending, { ...events.refreshed, checkout: expired })).toEqual({
    kind: 'expired',
    checkout: expired,
  });
});

test('a short transfer keeps the payment pending with the rest to pay', () => {
  const partial = checkoutStateFixture({
    payment: { amountReceived: 2000, amountOutstanding: 3000 },
  });
  expect(transition(states.pending, { ...events.refreshed, checkout: partial })).toMatchObject({
    kind: 'pending',
    checkout: { payment: { amountReceived: 2000, amountOutstanding: 3000 } },
  });
});

test('a failed check keeps the account on screen; a refused link shows the invalid-link view', () => {
  expect(transition(states.pending, events.refreshFailed)).toMatchObject({
    kind: 'pending',
    account: pending.virtualAccount,
    checkFailed: true,
  });
  expect(
    transition(states.pending, {
      type: 'refreshFailed',
      failure: { kind: 'invalidLink', reason: 'expired', requestId: 'req_9' },
    }),
  ).toEqual({
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_9',
    merchant: pending.merchant,
    mode: 'test',
  });
});

test('the next good check clears the failed-check note', () => {
  const failed = transition(states.pending, events.refreshFailed);
  expect(transition(failed, events.refreshed)).toMatchObject({ checkFailed: false });
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
  expect(stateFromCheckout(checkout, at, mono)).toMatchObject({ kind: 'paid', autoReturn });
});

test('the return goes to the normalized URL', () => {
  expect(returnUrlOf(paid)).toBe(fixtureNormalizedReturnUrl);
});

// ---------------------------------------------------------------------------------------------
// Failures

test.each<[string, RequestFailure, Partial<CheckoutFlowState> & { kind: string }]>([
  ['network', network, { kind: 'details', failure: network }],
  [
    'unexpected',
    { kind: 'unexpected', status: 500, requestId: 'r' },
    { kind: 'details', failure: { kind: 'unexpected', status: 500, requestId: 'r' } },
  ],
  [
    'details refused',
    { kind: 'detailsRefused', requestId: 'r' },
    { kind: 'details', failure: { kind: 'detailsRefused', requestId: 'r' } },
  ],
  ['changed on the server', { kind: 'changed', requestId: 'r' }, { kind: 'loading' }],
  [
    'refused link',
    { kind: 'invalidLink', reason: 'unknown', requestId: 'r' },
    { kind: 'invalidLink', reason: 'unknown', merchant: needsEmail.merchant },
  ],
])('a failed save (%s) goes where it should, keeping the form', (_name, failure, expected) => {
  expect(transition(states.savingDetails, { type: 'detailsFailed', failure })).toMatchObject(
    expected,
  );
});

test('a refused link while loading shows the invalid-link view, other failures the failure view', () => {
  expect(
    transition(states.loading, {
      type: 'loadFailed',
      failure: { kind: 'invalidLink', reason: 'unknown', requestId: 'r' },
    }),
  ).toMatchObject({ kind: 'invalidLink', reason: 'unknown', requestId: 'r' });
  expect(
    transition(states.loading, {
      type: 'loadFailed',
      failure: { kind: 'unexpected', status: 503, requestId: 'r' },
    }),
  ).toMatchObject({ kind: 'failure', failure: { status: 503 } });
});

test('details cover the needs only when every missing field is given', () => {
  const both = needsDetailsFixture({ email: true, phone: true });
  expect(coversNeeds(both, { email: 'a@b.example', phone: '+2348031234567' })).toBe(true);
  expect(coversNeeds(both, { email: 'a@b.example' })).toBe(false);
  expect(coversNeeds(needsEmail, { email: 'a@b.example' })).toBe(true);
});
