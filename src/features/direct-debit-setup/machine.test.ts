import { expect, test } from 'vitest';
import type { MandateStatus } from '../../../contract/direct-debit';
import {
  lookupKey,
  type FlowEvent,
  type FlowEventType,
  type FlowState,
  type RequestFailure,
  type StepKind,
} from './flow-state';
import { initialState, transition } from './machine';
import {
  gtb,
  gtbAccount,
  gtbBadAccount,
  gtbOtherAccount,
  network,
  open,
  wallet,
  withMandate,
} from './test-fixtures';

// The reducer alone: the customer's facts, without the server's answers (page-state.test.ts shows
// what the page makes of both).

const flow = (changes: Partial<FlowState> = {}): FlowState => ({ ...initialState(), ...changes });
const adaLookups = { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' };
const draft = { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' };
const resolvingStep = { kind: 'resolving', bank: gtb, accountNumber: gtbAccount } as const;

// One representative of every step, and of the status view's facts whose legal events differ.
const states = {
  chooseBank: flow(),
  enterAccount: flow({
    step: { kind: 'enterAccount', bank: gtb, accountNumber: null, notice: null },
  }),
  resolving: flow({ step: { kind: 'resolving', bank: gtb, accountNumber: gtbAccount } }),
  confirm: flow({
    lookups: adaLookups,
    step: { kind: 'confirm', ...draft, notice: null },
  }),
  submitting: flow({ lookups: adaLookups, step: { kind: 'submitting', ...draft } }),
  rereading: flow({ step: { kind: 'rereading', draft } }),
  failed: flow({
    step: {
      kind: 'failed',
      failure: network,
      resume: { kind: 'resolving', bank: gtb, accountNumber: gtbAccount },
    },
  }),
  invalidLink: flow({ step: { kind: 'invalidLink', reason: 'expired', requestId: 'req_1' } }),
  counting: flow({ countdown: { mandateId: 'mdt_1', kind: 'counting', approvalShown: true } }),
  confirmingDisable: flow({ disable: { kind: 'confirming', failure: null } }),
  disabling: flow({
    countdown: { mandateId: 'mdt_1', kind: 'stayed', approvalShown: true },
    disable: { kind: 'sending' },
  }),
} satisfies Record<string, FlowState>;
type StateName = keyof typeof states;

// One representative of every event, fitting the representative states above.
const events = {
  navigated: { type: 'navigated', to: 'bank' },
  setupLoaded: { type: 'setupLoaded' },
  setupFailed: { type: 'setupFailed', failure: network },
  bankChosen: { type: 'bankChosen', bank: gtb, accountNumber: null },
  changeBank: { type: 'changeBank', accountNumber: '0123' },
  accountEntered: { type: 'accountEntered', accountNumber: gtbAccount },
  accountResolved: {
    type: 'accountResolved',
    bankId: gtb.id,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
  },
  resolveFailed: { type: 'resolveFailed', failure: network },
  changeAccount: { type: 'changeAccount' },
  confirmed: { type: 'confirmed' },
  submitted: { type: 'submitted' },
  submitFailed: { type: 'submitFailed', failure: network },
  statusShown: { type: 'statusShown', mandateId: 'mdt_1', approved: true, allowsAutoReturn: true },
  stayHere: { type: 'stayHere' },
  returnNow: { type: 'returnNow' },
  tryAnotherAccount: { type: 'tryAnotherAccount', setup: withMandate('rejected') },
  disableRequested: { type: 'disableRequested', setup: withMandate('pending') },
  disableCancelled: { type: 'disableCancelled' },
  disableConfirmed: { type: 'disableConfirmed' },
  disabled: { type: 'disabled' },
  disableFailed: { type: 'disableFailed', failure: network },
  actionUnanswered: { type: 'actionUnanswered', unanswered: 'offline' },
  retry: { type: 'retry' },
} satisfies { [T in FlowEventType]: Extract<FlowEvent, { type: T }> };
type EventName = keyof typeof events;

type Row = [StateName, EventName, Partial<FlowState>];
const allStates = Object.keys(states) as StateName[];
/** The same move from every state but `except`: the status view's events do not depend on the step. */
function fromEvery(
  event: EventName,
  expected: Partial<FlowState>,
  except: StateName[] = [],
): Row[] {
  return allStates.filter((name) => !except.includes(name)).map((name) => [name, event, expected]);
}

// ---------------------------------------------------------------------------------------------
// Every legal move: state, event, and what the next state must look like.

// The status view's fixtures sit on the bank step (the form behind a mandate's status).
const onBankStep: StateName[] = ['chooseBank', 'counting', 'confirmingDisable', 'disabling'];

const legal: Row[] = [
  ...onBankStep.map((name): Row => [
    name,
    'bankChosen',
    { step: { kind: 'enterAccount', bank: gtb, accountNumber: null, notice: null } },
  ]),
  [
    'enterAccount',
    'accountEntered',
    { step: { kind: 'resolving', bank: gtb, accountNumber: gtbAccount } },
  ],
  [
    'enterAccount',
    'changeBank',
    { step: { kind: 'chooseBank', bank: gtb, accountNumber: '0123', notice: null } },
  ],
  [
    'resolving',
    'accountResolved',
    { step: { kind: 'confirm', ...draft, notice: null }, lookups: adaLookups },
  ],
  [
    'resolving',
    'resolveFailed',
    { step: { kind: 'failed', failure: network, resume: resolvingStep } },
  ],
  ['confirm', 'confirmed', { step: { kind: 'submitting', ...draft } }],
  // Back to the bank step keeps the bank (for Forward) and the number.
  [
    'enterAccount',
    'navigated',
    { step: { kind: 'chooseBank', bank: gtb, accountNumber: null, notice: null } },
  ],
  [
    'confirm',
    'navigated',
    { step: { kind: 'chooseBank', bank: gtb, accountNumber: gtbAccount, notice: null } },
  ],
  [
    'confirm',
    'changeAccount',
    { step: { kind: 'enterAccount', bank: gtb, accountNumber: gtbAccount, notice: null } },
  ],
  [
    'submitting',
    'submitted',
    { step: { kind: 'chooseBank', bank: null, accountNumber: null, notice: null } },
  ],
  [
    'submitting',
    'submitFailed',
    {
      step: { kind: 'failed', failure: network, resume: { kind: 'rereading', draft } },
      lookups: adaLookups,
    },
  ],
  ['rereading', 'setupLoaded', { step: { kind: 'confirm', ...draft, notice: null } }],
  [
    'rereading',
    'setupFailed',
    { step: { kind: 'failed', failure: network, resume: { kind: 'rereading', draft } } },
  ],
  ['failed', 'retry', { step: { kind: 'resolving', bank: gtb, accountNumber: gtbAccount } }],
  ...fromEvery(
    'statusShown',
    { countdown: { mandateId: 'mdt_1', kind: 'counting', approvalShown: true } },
    ['counting', 'disabling'],
  ),
  [
    'counting',
    'stayHere',
    { countdown: { mandateId: 'mdt_1', kind: 'stayed', approvalShown: true } },
  ],
  [
    'counting',
    'returnNow',
    { countdown: { mandateId: 'mdt_1', kind: 'leaving', approvalShown: true } },
  ],
  ...fromEvery('tryAnotherAccount', {
    step: { kind: 'chooseBank', bank: null, accountNumber: null, notice: null },
    setAside: 'mdt_1',
    disable: { kind: 'off' },
  }),
  ...fromEvery('disableRequested', { disable: { kind: 'confirming', failure: null } }, [
    'confirmingDisable',
    'disabling',
  ]).map(([name, event, expected]): Row =>
    // Asking to turn debit off means staying here: a running countdown stops.
    name === 'counting'
      ? [
          name,
          event,
          { ...expected, countdown: { mandateId: 'mdt_1', kind: 'stayed', approvalShown: true } },
        ]
      : [name, event, expected],
  ),
  ['confirmingDisable', 'disableCancelled', { disable: { kind: 'off' } }],
  ['confirmingDisable', 'disableConfirmed', { disable: { kind: 'sending' } }],
  ['disabling', 'disabled', { disable: { kind: 'off' } }],
  ['disabling', 'disableFailed', { disable: { kind: 'confirming', failure: network } }],
  // No answer: the step it was sent from, as the customer left it, says so (decision 0023).
  [
    'resolving',
    'actionUnanswered',
    {
      step: {
        kind: 'enterAccount',
        bank: gtb,
        accountNumber: gtbAccount,
        notice: { kind: 'unanswered', unanswered: 'offline' },
      },
    },
  ],
  [
    'submitting',
    'actionUnanswered',
    {
      step: { kind: 'confirm', ...draft, notice: { kind: 'unanswered', unanswered: 'offline' } },
      lookups: adaLookups,
    },
  ],
  [
    'disabling',
    'actionUnanswered',
    { disable: { kind: 'confirming', failure: { kind: 'unanswered', unanswered: 'offline' } } },
  ],
];

test.each(legal)('%s + %s is a legal move', (stateName, eventName, expected) => {
  const state = states[stateName];
  const next = transition(state, events[eventName]);
  expect(next).not.toBe(state);
  expect(next).toMatchObject(expected);
});

// Every kind of step and type of event, checked against the unions by the compiler: a kind or
// type added to the machine must be listed here, and then needs its fixture above.
const stateKinds = {
  chooseBank: true,
  enterAccount: true,
  resolving: true,
  confirm: true,
  submitting: true,
  rereading: true,
  failed: true,
  invalidLink: true,
} satisfies Record<StepKind, true>;
const eventTypes = {
  navigated: true,
  setupLoaded: true,
  setupFailed: true,
  bankChosen: true,
  changeBank: true,
  accountEntered: true,
  accountResolved: true,
  resolveFailed: true,
  changeAccount: true,
  confirmed: true,
  submitted: true,
  submitFailed: true,
  statusShown: true,
  stayHere: true,
  returnNow: true,
  tryAnotherAccount: true,
  disableRequested: true,
  disableCancelled: true,
  disableConfirmed: true,
  disabled: true,
  disableFailed: true,
  actionUnanswered: true,
  retry: true,
} satisfies Record<FlowEventType, true>;

const legalKeys = new Set(legal.map(([s, e]) => `${s}/${e}`));
const ignored = allStates.flatMap((stateName) =>
  (Object.keys(events) as EventName[])
    .filter((eventName) => !legalKeys.has(`${stateName}/${eventName}`))
    .map((eventName) => [stateName, eventName] as const),
);

test('the table covers every state and every event', () => {
  // Against the unions' own lists, so a step or an event without its fixture fails here; and
  // every event has at least one legal move listed.
  expect(new Set(Object.values(states).map((state) => state.step.kind))).toEqual(
    new Set(Object.keys(stateKinds)),
  );
  expect(Object.values(events).map((event) => event.type)).toEqual(Object.keys(eventTypes));
  expect(new Set(legal.map(([, eventName]) => events[eventName].type))).toEqual(
    new Set(Object.keys(eventTypes)),
  );
  expect(legal.length + ignored.length).toBe(
    Object.keys(states).length * Object.keys(events).length,
  );
});

test.each(ignored)('%s ignores %s (same state object)', (stateName, eventName) => {
  const state = states[stateName];
  expect(transition(state, events[eventName])).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// Events that are legal in a state but ignored because their data does not fit it.

const ignoredByData: [string, FlowState, FlowEvent][] = [
  [
    'a refused disable call when none is in flight',
    states.confirmingDisable,
    {
      type: 'disableFailed',
      failure: { kind: 'invalidLink', reason: 'revoked', requestId: 'req_6' },
    },
  ],
  [
    'an account number failing the check digit',
    states.enterAccount,
    { type: 'accountEntered', accountNumber: gtbBadAccount },
  ],
  [
    'an account number of 9 digits',
    states.enterAccount,
    { type: 'accountEntered', accountNumber: '012345678' },
  ],
  [
    'the answer for another account number',
    states.resolving,
    { type: 'accountResolved', bankId: gtb.id, accountNumber: gtbOtherAccount, accountName: 'X' },
  ],
  [
    'the answer for another bank',
    states.resolving,
    { type: 'accountResolved', bankId: wallet.id, accountNumber: gtbAccount, accountName: 'X' },
  ],
  ['"Stay here" when not counting down', states.chooseBank, { type: 'stayHere' }],
  ['"Return now" when not counting down', states.chooseBank, { type: 'returnNow' }],
  [
    '"Return now" after "Stay here"',
    transition(states.counting, { type: 'stayHere' }),
    { type: 'returnNow' },
  ],
  [
    'another account while the mandate is pending',
    states.chooseBank,
    { type: 'tryAnotherAccount', setup: withMandate('pending') },
  ],
  [
    'another account after a rejection once setup is closed',
    states.chooseBank,
    { type: 'tryAnotherAccount', setup: withMandate('rejected', { setupOpen: false }) },
  ],
  [
    'turning debit off when the merchant already turned it off',
    states.chooseBank,
    {
      type: 'disableRequested',
      setup: withMandate('pending', { automaticDebitEnabled: false, setupOpen: false }),
    },
  ],
  [
    'a status shown again as it was (approved, countdown running)',
    states.counting,
    { type: 'statusShown', mandateId: 'mdt_1', approved: true, allowsAutoReturn: true },
  ],
];

test.each(ignoredByData)('ignores %s', (_name, state, event) => {
  expect(transition(state, event)).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// The countdown (States and transitions, "Bank approval"; rule 4)

const shown = (approved: boolean, allowsAutoReturn: boolean, mandateId = 'mdt_1'): FlowEvent => ({
  type: 'statusShown',
  mandateId,
  approved,
  allowsAutoReturn,
});

test('an answer that no longer allows the return stops it for good', () => {
  const stopped = transition(states.counting, shown(true, false));
  expect(stopped).toMatchObject({ countdown: { kind: 'off' } });
  expect(transition(stopped, shown(true, true))).toMatchObject({ countdown: { kind: 'off' } });
});

test('another mandate starts its own countdown', () => {
  expect(transition(states.disabling, shown(true, true, 'mdt_2'))).toMatchObject({
    countdown: { mandateId: 'mdt_2', kind: 'counting' },
  });
});

// ---------------------------------------------------------------------------------------------
// Lookups: never the same pair twice

test('an account already resolved in this flow goes straight to confirm', () => {
  const state: FlowState = { ...states.enterAccount, lookups: adaLookups };
  expect(transition(state, { type: 'accountEntered', accountNumber: gtbAccount })).toMatchObject({
    step: { kind: 'confirm', accountName: 'ADA OBI' },
  });
});

test('an account the bank did not find is not looked up again', () => {
  const notFound = transition(states.resolving, {
    type: 'resolveFailed',
    failure: { kind: 'accountNotFound', requestId: 'req_2' },
  });
  expect(notFound).toMatchObject({
    step: { kind: 'enterAccount', notice: { kind: 'accountNotFound' } },
  });
  const again = transition(notFound, { type: 'accountEntered', accountNumber: gtbAccount });
  expect(again).toMatchObject({
    step: { kind: 'enterAccount', notice: { kind: 'accountNotFound' } },
  });
});

test('a bank without a CBN code accepts any ten digits', () => {
  const state: FlowState = flow({
    step: { kind: 'enterAccount', bank: wallet, accountNumber: null, notice: null },
  });
  expect(transition(state, { type: 'accountEntered', accountNumber: '1234567890' })).toMatchObject({
    step: { kind: 'resolving', bank: wallet },
  });
});

test('the lookup cache survives going back to change the account', () => {
  const back = transition(states.confirm, { type: 'changeAccount' });
  expect(transition(back, { type: 'accountEntered', accountNumber: gtbAccount })).toMatchObject({
    step: { kind: 'confirm' },
  });
});

// ---------------------------------------------------------------------------------------------
// Failures of a lookup and of the authorization

test.each<[string, RequestFailure, Partial<FlowState>]>([
  [
    'rate limited',
    { kind: 'rateLimited', retryAfterSeconds: 30, requestId: 'r' },
    {
      step: {
        kind: 'enterAccount',
        bank: gtb,
        accountNumber: gtbAccount,
        notice: { kind: 'rateLimited', retryAfterSeconds: 30 },
      },
    },
  ],
  [
    'bank not supported',
    { kind: 'bankNotSupported', requestId: 'r' },
    {
      step: {
        kind: 'chooseBank',
        bank: null,
        accountNumber: gtbAccount,
        notice: { kind: 'bankNotSupported', bankName: 'GTBank' },
      },
    },
  ],
  [
    'setup changed',
    { kind: 'setupChanged', requestId: 'r' },
    {
      step: {
        kind: 'rereading',
        draft: { bank: gtb, accountNumber: gtbAccount, accountName: null },
      },
    },
  ],
  [
    'invalid link',
    { kind: 'invalidLink', reason: 'unknown', requestId: 'r' },
    { step: { kind: 'invalidLink', reason: 'unknown', requestId: 'r' } },
  ],
  [
    'unexpected',
    { kind: 'unexpected', status: 500, requestId: 'r' },
    {
      step: {
        kind: 'failed',
        failure: { kind: 'unexpected', status: 500, requestId: 'r' },
        resume: resolvingStep,
      },
    },
  ],
])('a lookup that fails as %s', (_name, failure, expected) => {
  expect(transition(states.resolving, { type: 'resolveFailed', failure })).toMatchObject(expected);
});

test('"Try again" after a failed lookup sends the same lookup, as a new state to act on', () => {
  const failed = transition(states.resolving, { type: 'resolveFailed', failure: network });
  const again = transition(failed, { type: 'retry' });
  expect(again).toEqual(states.resolving);
  expect(again.step).not.toBe(states.resolving.step);
});

test.each<[string, RequestFailure, Partial<FlowState>]>([
  [
    'rate limited',
    { kind: 'rateLimited', retryAfterSeconds: 12, requestId: 'r' },
    {
      step: {
        kind: 'confirm',
        ...draft,
        notice: { kind: 'rateLimited', retryAfterSeconds: 12 },
      },
    },
  ],
  [
    'account not found',
    { kind: 'accountNotFound', requestId: 'r' },
    {
      step: {
        kind: 'enterAccount',
        bank: gtb,
        accountNumber: gtbAccount,
        notice: { kind: 'accountNotFound' },
      },
    },
  ],
  [
    'setup changed',
    { kind: 'setupChanged', requestId: 'r' },
    { step: { kind: 'rereading', draft } },
  ],
  [
    'invalid link',
    { kind: 'invalidLink', reason: 'expired', requestId: 'r' },
    { step: { kind: 'invalidLink', reason: 'expired', requestId: 'r' } },
  ],
])('an authorization that fails as %s', (_name, failure, expected) => {
  expect(transition(states.submitting, { type: 'submitFailed', failure })).toMatchObject(expected);
});

test('a re-read restores the draft: the confirm step when the name was resolved', () => {
  expect(transition(states.rereading, { type: 'setupLoaded' })).toMatchObject({
    step: { kind: 'confirm', bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' },
  });
  const withoutName = flow({ step: { kind: 'rereading', draft: { ...draft, accountName: null } } });
  expect(transition(withoutName, { type: 'setupLoaded' })).toMatchObject({
    step: { kind: 'enterAccount', accountNumber: gtbAccount },
  });
});

test('the authorization answer starts the form afresh, keeping the lookups', () => {
  expect(transition(states.submitting, { type: 'submitted' })).toMatchObject({
    step: { kind: 'chooseBank' },
    lookups: states.submitting.lookups,
    setAside: null,
  });
});

// ---------------------------------------------------------------------------------------------
// Turning automatic debit off (product.md, flow step 7)

test('an unexpected disable failure keeps the confirmation open with the request id', () => {
  const failure: RequestFailure = { kind: 'unexpected', status: 503, requestId: 'req_3' };
  expect(transition(states.disabling, { type: 'disableFailed', failure })).toMatchObject({
    disable: { kind: 'confirming', failure },
  });
});

test.each<[string, RequestFailure, Partial<FlowState>]>([
  [
    'invalid link',
    { kind: 'invalidLink', reason: 'revoked', requestId: 'req_4' },
    {
      step: { kind: 'invalidLink', reason: 'revoked', requestId: 'req_4' },
      disable: { kind: 'off' },
    },
  ],
  [
    'setup changed',
    { kind: 'setupChanged', requestId: 'req_5' },
    { step: { kind: 'rereading', draft: null }, disable: { kind: 'off' } },
  ],
])(
  'a disable call refused as %s closes the dialog and the form says why',
  (_n, failure, expected) => {
    expect(transition(states.disabling, { type: 'disableFailed', failure })).toEqual({
      ...states.disabling,
      ...expected,
    });
  },
);

test('an unanswered disable call moves only the dialog, never a step in flight', () => {
  const both = { ...states.disabling, step: states.resolving.step };
  expect(transition(both, { type: 'actionUnanswered', unanswered: 'offline' })).toEqual({
    ...both,
    disable: { kind: 'confirming', failure: { kind: 'unanswered', unanswered: 'offline' } },
  });
});

test.each<[MandateStatus, boolean]>([
  ['pending', true],
  ['unknown', true],
  ['verified', true],
  ['approved', true],
  ['rejected', false],
  ['revocation_requested', false],
  ['revoked', false],
])('a %s mandate may be turned off from the status view: %s', (status, allowed) => {
  const event: FlowEvent = { type: 'disableRequested', setup: withMandate(status) };
  const next = transition(states.chooseBank, event);
  expect(next === states.chooseBank).toBe(!allowed);
});

test('the flow starts at the bank step with nothing looked up', () => {
  expect(initialState()).toEqual({
    step: { kind: 'chooseBank', bank: null, accountNumber: null, notice: null },
    lookups: {},
    setAside: null,
    countdown: null,
    disable: { kind: 'off' },
  });
  expect(open.mandate).toBeNull();
});

// ---------------------------------------------------------------------------------------------
// Back, Forward and reload (issue 14, point 2): moves between steps, never a request

test('Forward from the bank step returns to the account step with the bank and number', () => {
  const back = transition(states.confirm, { type: 'navigated', to: 'bank' });
  expect(transition(back, { type: 'navigated', to: 'account' })).toMatchObject({
    step: { kind: 'enterAccount', bank: gtb, accountNumber: gtbAccount },
  });
});

test('Forward to the confirm step needs the name looked up for the link in this tab', () => {
  const account = transition(states.confirm, { type: 'navigated', to: 'account' });
  expect(transition(account, { type: 'navigated', to: 'confirm' })).toMatchObject({
    step: { kind: 'confirm', accountName: 'ADA OBI' },
  });
  const unknown = flow({
    step: { kind: 'enterAccount', bank: gtb, accountNumber: gtbAccount, notice: null },
  });
  expect(transition(unknown, { type: 'navigated', to: 'confirm' })).toBe(unknown);
});

test('navigation never interrupts a lookup or an authorization in flight', () => {
  for (const state of [states.resolving, states.submitting]) {
    expect(transition(state, { type: 'navigated', to: 'bank' })).toBe(state);
  }
});

test('a reload resumes at the kept step with the lookups made; a kept name spends no lookup', () => {
  const named = { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' };
  expect(
    initialState({ step: 'bank', bank: gtb, accountNumber: '0123', lookups: {} }).step,
  ).toEqual({
    kind: 'chooseBank',
    bank: gtb,
    accountNumber: '0123',
    notice: null,
  });
  expect(
    initialState({ step: 'account', bank: gtb, accountNumber: gtbAccount, lookups: {} }).step,
  ).toEqual({
    kind: 'enterAccount',
    bank: gtb,
    accountNumber: gtbAccount,
    notice: null,
  });
  // The confirm step shows the kept name at once: nothing to look up.
  expect(
    initialState({ step: 'confirm', bank: gtb, accountNumber: gtbAccount, lookups: named }).step,
  ).toEqual({
    kind: 'confirm',
    bank: gtb,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
    notice: null,
  });
  // Without a kept name (storage refused it), the name is looked up again.
  expect(
    initialState({ step: 'confirm', bank: gtb, accountNumber: gtbAccount, lookups: {} }).step,
  ).toEqual({
    kind: 'resolving',
    bank: gtb,
    accountNumber: gtbAccount,
  });
  // A number that cannot be looked up, or that the bank does not know, stays at the account step.
  for (const [accountNumber, lookups] of [
    [gtbBadAccount, {}],
    [gtbAccount, { [lookupKey(gtb.id, gtbAccount)]: null }],
  ] as const) {
    expect(initialState({ step: 'confirm', bank: gtb, accountNumber, lookups }).step).toMatchObject(
      { kind: 'enterAccount' },
    );
  }
});

test('after a reload at the bank step, Forward twice lands on the account step, then Confirm', () => {
  const named = { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' };
  const resumed = initialState({
    step: 'bank',
    bank: gtb,
    accountNumber: gtbAccount,
    lookups: named,
  });
  expect(resumed.lookups).toEqual(named);
  const account = transition(resumed, { type: 'navigated', to: 'account' });
  expect(account.step).toMatchObject({
    kind: 'enterAccount',
    bank: gtb,
    accountNumber: gtbAccount,
  });
  expect(transition(account, { type: 'navigated', to: 'confirm' }).step).toMatchObject({
    kind: 'confirm',
    accountName: 'ADA OBI',
  });
});
