import { expect, test } from 'vitest';
import {
  coversNeeds,
  initialState,
  returnUrlOf,
  transition,
  type CheckoutFlowEvent,
  type CheckoutFlowEventType,
  type CheckoutFlowState,
  type RequestFailure,
} from './machine';
import { fixtureNormalizedReturnUrl, paidCheckoutFixture } from './test-fixtures';

// ---------------------------------------------------------------------------------------------
// Fixtures

const mono = 50_000;
const network: RequestFailure = { kind: 'network' };
const needsEmail = { email: true, phone: false };
const open = initialState;

// One representative of every state.
const states = {
  open,
  savingDetails: {
    kind: 'savingDetails',
    request: { email: 'a@b.example' },
    sentAt: null,
    autoReturn: 'counting',
  },
} satisfies Record<string, CheckoutFlowState>;
type StateName = keyof typeof states;

// One representative of every event, fitting the representative states above.
const events = {
  detailsEntered: { type: 'detailsEntered', request: { email: 'a@b.example' }, needs: needsEmail },
  detailsSaved: { type: 'detailsSaved' },
  detailsFailed: { type: 'detailsFailed', failure: network },
  moneySent: { type: 'moneySent', mono: mono + 1_000 },
  stayHere: { type: 'stayHere' },
  returnNow: { type: 'returnNow' },
} satisfies { [T in CheckoutFlowEventType]: Extract<CheckoutFlowEvent, { type: T }> };
type EventName = keyof typeof events;

// ---------------------------------------------------------------------------------------------
// Every legal move: state, event, and what the next state must look like.

const legal: [StateName, EventName, Partial<CheckoutFlowState> & { kind: string }][] = [
  ['open', 'detailsEntered', { kind: 'savingDetails', request: { email: 'a@b.example' } }],
  ['open', 'moneySent', { kind: 'open', sentAt: mono + 1_000 }],
  ['open', 'stayHere', { kind: 'open', autoReturn: 'stayed' }],
  ['open', 'returnNow', { kind: 'open', autoReturn: 'leaving' }],
  ['savingDetails', 'detailsSaved', { kind: 'open', failure: null }],
  ['savingDetails', 'detailsFailed', { kind: 'open', failure: network }],
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
  open: true,
  savingDetails: true,
} satisfies Record<CheckoutFlowState['kind'], true>;
const eventTypes = {
  detailsEntered: true,
  detailsSaved: true,
  detailsFailed: true,
  moneySent: true,
  stayHere: true,
  returnNow: true,
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
    open,
    { type: 'detailsEntered', request: { phone: '+2348031234567' }, needs: needsEmail },
  ],
  [
    'details without the phone the payment lacks',
    open,
    {
      type: 'detailsEntered',
      request: { email: 'a@b.example' },
      needs: { email: true, phone: true },
    },
  ],
  ['"Stay here" after "Stay here"', { ...open, autoReturn: 'stayed' }, { type: 'stayHere' }],
  ['"Return now" after "Stay here"', { ...open, autoReturn: 'stayed' }, { type: 'returnNow' }],
];

test.each(ignoredByData)('ignores %s', (_name, state, event) => {
  expect(transition(state, event)).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// Client facts only

test('the first state has nothing sent or pressed, and the return counting once it applies', () => {
  expect(initialState).toEqual({
    kind: 'open',
    failure: null,
    sentAt: null,
    autoReturn: 'counting',
  });
});

test('"I’ve sent the money" is remembered across a save and its failure', () => {
  const sent = transition(open, events.moneySent);
  const saving = transition(sent, events.detailsEntered);
  expect(transition(saving, events.detailsSaved)).toMatchObject({ sentAt: mono + 1_000 });
  expect(transition(saving, events.detailsFailed)).toMatchObject({ sentAt: mono + 1_000 });
});

test.each<[string, RequestFailure, Partial<CheckoutFlowState> & { kind: string }]>([
  ['network', network, { kind: 'open', failure: network }],
  [
    'unexpected',
    { kind: 'unexpected', status: 500, requestId: 'r' },
    { kind: 'open', failure: { kind: 'unexpected', status: 500, requestId: 'r' } },
  ],
  [
    'details refused',
    { kind: 'detailsRefused', requestId: 'r' },
    { kind: 'open', failure: { kind: 'detailsRefused', requestId: 'r' } },
  ],
  // The hook reads the payment again; nothing to show as a failure.
  ['changed on the server', { kind: 'changed', requestId: 'r' }, { kind: 'open', failure: null }],
  // The hook reads the payment again: the server's refusal of the read shows.
  [
    'refused link',
    { kind: 'invalidLink', reason: 'unknown', requestId: 'r' },
    { kind: 'open', failure: null },
  ],
])('a failed save (%s) goes where it should', (_name, failure, expected) => {
  expect(transition(states.savingDetails, { type: 'detailsFailed', failure })).toMatchObject(
    expected,
  );
});

test('the return goes to the normalized URL', () => {
  expect(returnUrlOf(paidCheckoutFixture())).toBe(fixtureNormalizedReturnUrl);
});

test('details cover the needs only when every missing field is given', () => {
  const both = { email: true, phone: true };
  expect(coversNeeds(both, { email: 'a@b.example', phone: '+2348031234567' })).toBe(true);
  expect(coversNeeds(both, { email: 'a@b.example' })).toBe(false);
  expect(coversNeeds(needsEmail, { email: 'a@b.example' })).toBe(true);
});
