import { expect, test } from 'vitest';
import type { Bank } from '../../../contract/banks';
import type { Mandate, MandateStatus, SetupState } from '../../../contract/direct-debit';
import { nubanCheckDigit } from '../../../contract/nuban';
import { returnUrlOrNull } from '../../../contract/return-url';
import {
  initialState,
  isOlderMandate,
  lookupKey,
  pollsStatus,
  rechecksOnReturn,
  stateFromSetup,
  transition,
  type FlowEvent,
  type FlowEventType,
  type FlowState,
  type PageFailure,
  type RequestFailure,
} from './machine';

// ---------------------------------------------------------------------------------------------
// Fixtures

const gtb: Bank = {
  id: '000013',
  name: 'GTBank',
  shortName: 'GTBank',
  cbnCode: '058',
  type: 'commercial',
};
const wallet: Bank = {
  id: 'wallet-x',
  name: 'Wallet X',
  shortName: 'Wallet X',
  cbnCode: null,
  type: 'mobile-money',
};
const gtbAccount = `012345678${nubanCheckDigit('058', '012345678')}`;
const gtbOtherAccount = `087654321${nubanCheckDigit('058', '087654321')}`;
const gtbBadAccount = `012345678${(nubanCheckDigit('058', '012345678') + 1) % 10}`;
const at = 1_800_000_000_000;

function mandate(status: MandateStatus, overrides: Partial<Mandate> = {}): Mandate {
  return {
    id: 'mdt_1',
    subscriptionId: 'sub_1',
    mode: 'test',
    status,
    bank: { id: gtb.id, name: gtb.name },
    accountNumberMasked: '******7890',
    accountName: 'Test Account Holder',
    rejectionReason: null,
    activation: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** Changes to {@link setup}; `returnUrl` as the wire carries it, parsed as the schema does. */
type SetupOverrides = Partial<Omit<SetupState, 'returnUrl'>> & { returnUrl?: string | null };

function setup({
  returnUrl = 'https://merchant.example.com/billing/return',
  ...overrides
}: SetupOverrides = {}): SetupState {
  return {
    mode: 'test',
    merchant: { name: 'Gym Co', logoUrl: null, brandColor: null, supportEmail: 'help@gym.example' },
    subscription: {
      id: 'sub_1',
      planName: 'Gym membership',
      amount: 15000,
      currency: 'NGN',
      interval: 'monthly',
      nextBillingDate: '2026-12-22',
    },
    automaticDebitEnabled: true,
    returnUrl: returnUrlOrNull(returnUrl),
    setupOpen: true,
    expiresAt: '2026-12-22T10:00:00.000Z',
    mandate: null,
    serverTime: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

const open = setup();
const withMandate = (status: MandateStatus, overrides: SetupOverrides = {}) =>
  setup({ mandate: mandate(status), ...overrides });

// One representative of every state (and of the status variants whose legal events differ).
const states = {
  loading: { kind: 'loading', setup: null, lookups: {}, draft: null },
  invalidLink: {
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_1',
    merchant: null,
    mode: null,
  },
  closed: { kind: 'closed', setup: setup({ setupOpen: false }), lookups: {} },
  chooseBank: { kind: 'chooseBank', setup: open, lookups: {}, accountNumber: null, notice: null },
  enterAccount: {
    kind: 'enterAccount',
    setup: open,
    lookups: {},
    bank: gtb,
    accountNumber: null,
    notice: null,
  },
  resolving: { kind: 'resolving', setup: open, lookups: {}, bank: gtb, accountNumber: gtbAccount },
  confirm: {
    kind: 'confirm',
    setup: open,
    lookups: { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' },
    bank: gtb,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
    notice: null,
  },
  submitting: {
    kind: 'submitting',
    setup: open,
    lookups: { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' },
    bank: gtb,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
  },
  statusPending: {
    kind: 'status',
    setup: withMandate('pending'),
    lookups: {},
    mandate: mandate('pending'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusCounting: {
    kind: 'status',
    setup: withMandate('approved'),
    lookups: {},
    mandate: mandate('approved'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'counting',
    disable: { kind: 'off' },
  },
  statusRejected: {
    kind: 'status',
    setup: withMandate('rejected'),
    lookups: {},
    mandate: mandate('rejected'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusConfirmingDisable: {
    kind: 'status',
    setup: withMandate('pending'),
    lookups: {},
    mandate: mandate('pending'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'confirming', failure: null },
  },
  statusDisabling: {
    kind: 'status',
    setup: withMandate('approved'),
    lookups: {},
    mandate: mandate('approved'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'stayed',
    disable: { kind: 'sending' },
  },
  statusRevocationRequested: {
    kind: 'status',
    setup: withMandate('revocation_requested', { automaticDebitEnabled: false, setupOpen: false }),
    lookups: {},
    mandate: mandate('revocation_requested'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusRevoked: {
    kind: 'status',
    setup: withMandate('revoked', { automaticDebitEnabled: false, setupOpen: false }),
    lookups: {},
    mandate: mandate('revoked'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  // Verified without a return URL: success, no countdown.
  statusVerified: {
    kind: 'status',
    setup: withMandate('verified', { returnUrl: null }),
    lookups: {},
    mandate: mandate('verified'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusUnknown: {
    kind: 'status',
    setup: withMandate('unknown'),
    lookups: {},
    mandate: mandate('unknown'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusStayed: {
    kind: 'status',
    setup: withMandate('approved'),
    lookups: {},
    mandate: mandate('approved'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'stayed',
    disable: { kind: 'off' },
  },
  statusLeaving: {
    kind: 'status',
    setup: withMandate('approved'),
    lookups: {},
    mandate: mandate('approved'),
    lastCheckedAt: at,
    check: { kind: 'ok' },
    autoReturn: 'leaving',
    disable: { kind: 'off' },
  },
  statusCheckFailed: {
    kind: 'status',
    setup: withMandate('pending'),
    lookups: {},
    mandate: mandate('pending'),
    lastCheckedAt: at,
    check: { kind: 'failed', failure: { kind: 'unexpected', status: 503, requestId: 'req_5' } },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  statusCheckRetrying: {
    kind: 'status',
    setup: withMandate('pending'),
    lookups: {},
    mandate: mandate('pending'),
    lastCheckedAt: at,
    check: { kind: 'retrying', failure: { kind: 'network' } },
    autoReturn: 'off',
    disable: { kind: 'off' },
  },
  failure: {
    kind: 'failure',
    failure: { kind: 'network' },
    resume: { kind: 'loading', setup: null, lookups: {}, draft: null },
  },
} satisfies Record<string, FlowState>;
type StateName = keyof typeof states;

const network: PageFailure = { kind: 'network' };

// One representative of every event, fitting the representative states above.
const events = {
  setupLoaded: { type: 'setupLoaded', setup: open, at },
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
  submitted: { type: 'submitted', setup: withMandate('pending'), at },
  submitFailed: { type: 'submitFailed', failure: network },
  statusRefreshed: { type: 'statusRefreshed', setup: withMandate('pending'), at: at + 3_000 },
  statusCheckFailed: { type: 'statusCheckFailed', failure: network },
  checkNow: { type: 'checkNow' },
  stayHere: { type: 'stayHere' },
  returnNow: { type: 'returnNow' },
  tryAnotherAccount: { type: 'tryAnotherAccount' },
  disableRequested: { type: 'disableRequested' },
  disableCancelled: { type: 'disableCancelled' },
  disableConfirmed: { type: 'disableConfirmed' },
  disabled: {
    type: 'disabled',
    setup: withMandate('revocation_requested', { automaticDebitEnabled: false, setupOpen: false }),
    at: at + 1_000,
  },
  disableFailed: { type: 'disableFailed', failure: network },
  retry: { type: 'retry' },
} satisfies { [T in FlowEventType]: Extract<FlowEvent, { type: T }> };
type EventName = keyof typeof events;

// ---------------------------------------------------------------------------------------------
// Every legal move: state, event, and what the next state must look like.

const legal: [StateName, EventName, Partial<FlowState> & { kind: FlowState['kind'] }][] = [
  ['loading', 'setupLoaded', { kind: 'chooseBank', setup: open, accountNumber: null }],
  ['loading', 'setupFailed', { kind: 'failure', failure: network }],
  [
    'chooseBank',
    'bankChosen',
    { kind: 'enterAccount', bank: gtb, accountNumber: null, notice: null },
  ],
  ['enterAccount', 'accountEntered', { kind: 'resolving', bank: gtb, accountNumber: gtbAccount }],
  ['enterAccount', 'changeBank', { kind: 'chooseBank', accountNumber: '0123', notice: null }],
  [
    'resolving',
    'accountResolved',
    { kind: 'confirm', accountName: 'ADA OBI', accountNumber: gtbAccount },
  ],
  ['resolving', 'resolveFailed', { kind: 'failure', failure: network }],
  ['confirm', 'confirmed', { kind: 'submitting', accountName: 'ADA OBI' }],
  [
    'confirm',
    'changeAccount',
    { kind: 'enterAccount', bank: gtb, accountNumber: gtbAccount, notice: null },
  ],
  ['submitting', 'submitted', { kind: 'status', autoReturn: 'off', lastCheckedAt: at }],
  ['submitting', 'submitFailed', { kind: 'failure', failure: network }],
  [
    'statusPending',
    'statusRefreshed',
    { kind: 'status', lastCheckedAt: at + 3_000, check: { kind: 'ok' } },
  ],
  [
    'statusPending',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network }, lastCheckedAt: at },
  ],
  ['statusCounting', 'statusRefreshed', { kind: 'status', autoReturn: 'off' }],
  [
    'statusCounting',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network }, autoReturn: 'counting' },
  ],
  ['statusCounting', 'stayHere', { kind: 'status', autoReturn: 'stayed' }],
  ['statusCounting', 'returnNow', { kind: 'status', autoReturn: 'leaving' }],
  ['statusRejected', 'statusRefreshed', { kind: 'status', lastCheckedAt: at + 3_000 }],
  [
    'statusRejected',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusRejected',
    'tryAnotherAccount',
    { kind: 'chooseBank', accountNumber: null, notice: null },
  ],
  [
    'statusPending',
    'disableRequested',
    { kind: 'status', disable: { kind: 'confirming', failure: null } },
  ],
  [
    'statusCounting',
    'disableRequested',
    { kind: 'status', autoReturn: 'stayed', disable: { kind: 'confirming', failure: null } },
  ],
  ['statusConfirmingDisable', 'disableCancelled', { kind: 'status', disable: { kind: 'off' } }],
  ['statusConfirmingDisable', 'disableConfirmed', { kind: 'status', disable: { kind: 'sending' } }],
  [
    'statusConfirmingDisable',
    'statusRefreshed',
    { kind: 'status', lastCheckedAt: at + 3_000, disable: { kind: 'confirming', failure: null } },
  ],
  [
    'statusConfirmingDisable',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusDisabling',
    'disabled',
    {
      kind: 'status',
      mandate: mandate('revocation_requested'),
      autoReturn: 'off',
      lastCheckedAt: at + 1_000,
      disable: { kind: 'off' },
    },
  ],
  [
    'statusDisabling',
    'disableFailed',
    { kind: 'status', disable: { kind: 'confirming', failure: network } },
  ],
  [
    'statusDisabling',
    'statusRefreshed',
    { kind: 'status', lastCheckedAt: at + 3_000, disable: { kind: 'sending' } },
  ],
  [
    'statusDisabling',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  ['statusRevocationRequested', 'statusRefreshed', { kind: 'status', lastCheckedAt: at + 3_000 }],
  [
    'statusRevocationRequested',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  ['statusRevoked', 'statusRefreshed', { kind: 'status', lastCheckedAt: at + 3_000 }],
  [
    'statusRevoked',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusVerified',
    'statusRefreshed',
    { kind: 'status', mandate: mandate('pending'), lastCheckedAt: at + 3_000 },
  ],
  [
    'statusVerified',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network }, autoReturn: 'off' },
  ],
  [
    'statusVerified',
    'disableRequested',
    { kind: 'status', autoReturn: 'off', disable: { kind: 'confirming', failure: null } },
  ],
  ['statusUnknown', 'statusRefreshed', { kind: 'status', lastCheckedAt: at + 3_000 }],
  [
    'statusUnknown',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusUnknown',
    'disableRequested',
    { kind: 'status', disable: { kind: 'confirming', failure: null } },
  ],
  // A refresh that no longer allows the return (here: pending) stops it.
  ['statusStayed', 'statusRefreshed', { kind: 'status', autoReturn: 'off' }],
  [
    'statusStayed',
    'statusCheckFailed',
    { kind: 'status', autoReturn: 'stayed', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusStayed',
    'disableRequested',
    { kind: 'status', autoReturn: 'stayed', disable: { kind: 'confirming', failure: null } },
  ],
  ['statusLeaving', 'statusRefreshed', { kind: 'status', autoReturn: 'off' }],
  [
    'statusLeaving',
    'statusCheckFailed',
    { kind: 'status', autoReturn: 'leaving', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusLeaving',
    'disableRequested',
    { kind: 'status', autoReturn: 'leaving', disable: { kind: 'confirming', failure: null } },
  ],
  ['statusCheckFailed', 'statusRefreshed', { kind: 'status', check: { kind: 'ok' } }],
  [
    'statusCheckFailed',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusCheckFailed',
    'checkNow',
    {
      kind: 'status',
      check: {
        kind: 'retrying',
        failure: { kind: 'unexpected', status: 503, requestId: 'req_5' },
      },
    },
  ],
  [
    'statusCheckFailed',
    'disableRequested',
    { kind: 'status', disable: { kind: 'confirming', failure: null } },
  ],
  ['statusCheckRetrying', 'statusRefreshed', { kind: 'status', check: { kind: 'ok' } }],
  [
    'statusCheckRetrying',
    'statusCheckFailed',
    { kind: 'status', check: { kind: 'failed', failure: network } },
  ],
  [
    'statusCheckRetrying',
    'disableRequested',
    { kind: 'status', disable: { kind: 'confirming', failure: null } },
  ],
  ['failure', 'retry', { kind: 'loading', draft: null }],
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
  closed: true,
  chooseBank: true,
  enterAccount: true,
  resolving: true,
  confirm: true,
  submitting: true,
  status: true,
  failure: true,
} satisfies Record<FlowState['kind'], true>;
const eventTypes = {
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
  statusRefreshed: true,
  statusCheckFailed: true,
  checkNow: true,
  stayHere: true,
  returnNow: true,
  tryAnotherAccount: true,
  disableRequested: true,
  disableCancelled: true,
  disableConfirmed: true,
  disabled: true,
  disableFailed: true,
  retry: true,
} satisfies Record<FlowEventType, true>;

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
// Events that are legal in a state but ignored because their data does not fit it.

const ignoredByData: [string, FlowState, FlowEvent][] = [
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
  ['"Stay here" when not counting down', states.statusPending, { type: 'stayHere' }],
  ['"Return now" when not counting down', states.statusPending, { type: 'returnNow' }],
  [
    '"Return now" after "Stay here"',
    { ...states.statusCounting, autoReturn: 'stayed' },
    { type: 'returnNow' },
  ],
  [
    'another account while the mandate is pending',
    states.statusPending,
    { type: 'tryAnotherAccount' },
  ],
  [
    'another account after a rejection once setup is closed',
    { ...states.statusRejected, setup: withMandate('rejected', { setupOpen: false }) },
    { type: 'tryAnotherAccount' },
  ],
  [
    'turning debit off when the merchant already turned it off',
    {
      ...states.statusPending,
      setup: withMandate('pending', { automaticDebitEnabled: false, setupOpen: false }),
    },
    { type: 'disableRequested' },
  ],
  [
    '"Check now" while the disable call is in flight',
    {
      ...states.statusDisabling,
      check: { kind: 'failed', failure: network },
    },
    { type: 'checkNow' },
  ],
  [
    'a status answer older than the mandate shown (sent before the disable call)',
    {
      ...states.statusRevocationRequested,
      mandate: mandate('revocation_requested', { updatedAt: '2026-11-22T10:05:00.000Z' }),
    },
    { type: 'statusRefreshed', setup: withMandate('pending'), at: at + 9_000 },
  ],
];

test.each(ignoredByData)('ignores %s', (_name, state, event) => {
  expect(transition(state, event)).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// The first state, from the token and from the server

test('without a token the flow starts at the invalid-link view; with one it loads', () => {
  expect(initialState({ kind: 'missing' })).toMatchObject({
    kind: 'invalidLink',
    reason: 'missing',
  });
  expect(initialState({ kind: 'malformed' })).toMatchObject({
    kind: 'invalidLink',
    reason: 'malformed',
  });
  expect(initialState({ kind: 'token' })).toEqual({
    kind: 'loading',
    setup: null,
    lookups: {},
    draft: null,
  });
});

test.each<MandateStatus>([
  'pending',
  'verified',
  'approved',
  'unknown',
  'rejected',
  'revocation_requested',
  'revoked',
])('a setup with a %s mandate resumes at the status view', (status) => {
  expect(stateFromSetup(withMandate(status), at)).toMatchObject({
    kind: 'status',
    mandate: { status },
    lastCheckedAt: at,
  });
});

test('a closed setup without a mandate shows the closed view', () => {
  expect(stateFromSetup(setup({ setupOpen: false }), at)).toMatchObject({ kind: 'closed' });
});

test('an open setup without a mandate starts at the bank step', () => {
  expect(stateFromSetup(open, at)).toMatchObject({ kind: 'chooseBank', accountNumber: null });
});

test('a re-read setup restores the draft: the confirm step when the name was resolved', () => {
  const loading: FlowState = {
    kind: 'loading',
    setup: open,
    lookups: {},
    draft: { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' },
  };
  expect(transition(loading, { type: 'setupLoaded', setup: open, at })).toMatchObject({
    kind: 'confirm',
    bank: gtb,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
  });
  const withoutName: FlowState = {
    ...loading,
    draft: { bank: gtb, accountNumber: gtbAccount, accountName: null },
  };
  expect(transition(withoutName, { type: 'setupLoaded', setup: open, at })).toMatchObject({
    kind: 'enterAccount',
    accountNumber: gtbAccount,
  });
});

test('a re-read setup that now has a mandate shows it, whatever the draft', () => {
  const loading: FlowState = {
    kind: 'loading',
    setup: open,
    lookups: {},
    draft: { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' },
  };
  expect(
    transition(loading, { type: 'setupLoaded', setup: withMandate('pending'), at }),
  ).toMatchObject({
    kind: 'status',
  });
});

// ---------------------------------------------------------------------------------------------
// Automatic return (States and transitions, "Bank approval"; rule 4)

test.each<[string, SetupState, string]>([
  ['approved, debit on, valid URL', withMandate('approved'), 'counting'],
  ['verified, debit on, valid URL', withMandate('verified'), 'counting'],
  [
    'approved, automatic debit off',
    withMandate('approved', { automaticDebitEnabled: false }),
    'off',
  ],
  ['approved, no return URL', withMandate('approved', { returnUrl: null }), 'off'],
  [
    'approved, http return URL',
    withMandate('approved', { returnUrl: 'http://merchant.example.com/' }),
    'off',
  ],
  [
    'approved, private-host return URL',
    withMandate('approved', { returnUrl: 'https://10.0.0.1/' }),
    'off',
  ],
  ['pending', withMandate('pending'), 'off'],
  ['unknown', withMandate('unknown'), 'off'],
  ['rejected', withMandate('rejected'), 'off'],
  ['revocation requested', withMandate('revocation_requested'), 'off'],
  ['revoked', withMandate('revoked'), 'off'],
])('auto-return for %s: %s', (_name, server, autoReturn) => {
  expect(stateFromSetup(server, at)).toMatchObject({ kind: 'status', autoReturn });
});

test('a pending mandate approved while watching starts the countdown', () => {
  expect(
    transition(states.statusPending, {
      type: 'statusRefreshed',
      setup: withMandate('approved'),
      at,
    }),
  ).toMatchObject({ kind: 'status', mandate: { status: 'approved' }, autoReturn: 'counting' });
});

test('"Stay here" survives a later status check', () => {
  const stayed = transition(states.statusCounting, { type: 'stayHere' });
  expect(
    transition(stayed, { type: 'statusRefreshed', setup: withMandate('approved'), at: at + 1 }),
  ).toMatchObject({ autoReturn: 'stayed' });
});

test.each<[string, SetupState]>([
  ['the merchant turned debit off', withMandate('approved', { automaticDebitEnabled: false })],
  [
    'revocation was requested',
    withMandate('revocation_requested', { automaticDebitEnabled: false, setupOpen: false }),
  ],
  ['the return URL is no longer valid', withMandate('approved', { returnUrl: null })],
])('a refresh during the countdown stops it when %s', (_name, server) => {
  for (const from of [states.statusCounting, states.statusLeaving, states.statusStayed]) {
    expect(transition(from, { type: 'statusRefreshed', setup: server, at: at + 1 })).toMatchObject({
      kind: 'status',
      autoReturn: 'off',
    });
  }
});

test('a refresh keeps a running countdown and a return under way', () => {
  for (const from of [states.statusCounting, states.statusLeaving]) {
    expect(
      transition(from, { type: 'statusRefreshed', setup: withMandate('approved'), at: at + 1 }),
    ).toMatchObject({ autoReturn: from.autoReturn });
  }
});

test('debit turned back on later does not start a countdown for an approval already shown', () => {
  const shown = stateFromSetup(withMandate('approved', { automaticDebitEnabled: false }), at);
  expect(shown).toMatchObject({ kind: 'status', autoReturn: 'off' });
  expect(
    transition(shown, { type: 'statusRefreshed', setup: withMandate('approved'), at: at + 1 }),
  ).toMatchObject({ kind: 'status', autoReturn: 'off' });
});

test('an answer that lands after the disable call with the old status does not undo it', () => {
  const sending: FlowState = { ...states.statusDisabling };
  const stale = withMandate('approved');
  const disabledSetup = setup({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: mandate('revocation_requested', { updatedAt: '2026-11-22T10:05:00.000Z' }),
  });
  const off = transition(sending, { type: 'disabled', setup: disabledSetup, at: at + 1 });
  expect(off).toMatchObject({ mandate: { status: 'revocation_requested' } });
  expect(transition(off, { type: 'statusRefreshed', setup: stale, at: at + 2 })).toBe(off);
  // A newer answer (the bank confirmed) is taken.
  const revoked = setup({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: mandate('revoked', { updatedAt: '2026-11-22T10:06:00.000Z' }),
  });
  expect(transition(off, { type: 'statusRefreshed', setup: revoked, at: at + 3 })).toMatchObject({
    mandate: { status: 'revoked' },
  });
});

test('a failed status check keeps its failure (with the requestId) until an answer comes', () => {
  const failure: RequestFailure = { kind: 'unexpected', status: 502, requestId: 'req_502' };
  const failed = transition(states.statusVerified, { type: 'statusCheckFailed', failure });
  expect(failed).toMatchObject({ check: { kind: 'failed', failure } });
  const retrying = transition(failed, { type: 'checkNow' });
  expect(retrying).toMatchObject({ check: { kind: 'retrying', failure } });
  // A second press while the check is in flight does nothing.
  expect(transition(retrying, { type: 'checkNow' })).toBe(retrying);
  expect(
    transition(retrying, { type: 'statusRefreshed', setup: withMandate('verified'), at: at + 1 }),
  ).toMatchObject({ check: { kind: 'ok' }, lastCheckedAt: at + 1 });
});

test('confirming the disable call abandons a check the customer asked for', () => {
  const confirming: FlowState = {
    ...states.statusConfirmingDisable,
    check: { kind: 'retrying', failure: network },
  };
  expect(transition(confirming, { type: 'disableConfirmed' })).toMatchObject({
    disable: { kind: 'sending' },
    check: { kind: 'failed', failure: network },
  });
});

test.each<[MandateStatus, boolean, boolean]>([
  ['pending', true, true],
  ['unknown', true, true],
  ['revocation_requested', true, true],
  ['verified', false, true],
  ['approved', false, true],
  ['rejected', false, false],
  ['revoked', false, false],
])('%s: checked on a timer %s, on coming back to the tab %s', (status, polls, rechecks) => {
  expect(pollsStatus(status)).toBe(polls);
  expect(rechecksOnReturn(status)).toBe(rechecks);
});

test('only a strictly older mandate update counts as stale', () => {
  const shown = mandate('pending', { updatedAt: '2026-11-22T10:05:00.000Z' });
  expect(isOlderMandate(mandate('pending'), shown)).toBe(true);
  expect(isOlderMandate(shown, shown)).toBe(false);
  expect(isOlderMandate(mandate('pending', { updatedAt: '2026-11-22T10:06:00.000Z' }), shown)).toBe(
    false,
  );
});

test('a status check that finds no mandate any more goes where the server says', () => {
  expect(
    transition(states.statusRejected, { type: 'statusRefreshed', setup: open, at }),
  ).toMatchObject({
    kind: 'chooseBank',
  });
});

test('a status check that finds the link expired shows the invalid-link view with the merchant', () => {
  expect(
    transition(states.statusPending, {
      type: 'statusCheckFailed',
      failure: { kind: 'invalidLink', reason: 'expired', requestId: 'req_9' },
    }),
  ).toEqual({
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_9',
    merchant: open.merchant,
    mode: 'test',
  });
});

// ---------------------------------------------------------------------------------------------
// Lookups: never the same pair twice

test('an account already resolved in this flow goes straight to confirm', () => {
  const state: FlowState = {
    ...states.enterAccount,
    lookups: { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' },
  };
  expect(transition(state, { type: 'accountEntered', accountNumber: gtbAccount })).toMatchObject({
    kind: 'confirm',
    accountName: 'ADA OBI',
  });
});

test('an account the bank did not find is not looked up again', () => {
  const notFound = transition(states.resolving, {
    type: 'resolveFailed',
    failure: { kind: 'accountNotFound', requestId: 'req_2' },
  });
  expect(notFound).toMatchObject({ kind: 'enterAccount', notice: { kind: 'accountNotFound' } });
  const again = transition(notFound, { type: 'accountEntered', accountNumber: gtbAccount });
  expect(again).toMatchObject({ kind: 'enterAccount', notice: { kind: 'accountNotFound' } });
});

test('a bank without a CBN code accepts any ten digits', () => {
  const state: FlowState = { ...states.enterAccount, bank: wallet };
  expect(transition(state, { type: 'accountEntered', accountNumber: '1234567890' })).toMatchObject({
    kind: 'resolving',
    bank: wallet,
  });
});

test('the lookup cache survives going back to change the account', () => {
  const back = transition(states.confirm, { type: 'changeAccount' });
  expect(transition(back, { type: 'accountEntered', accountNumber: gtbAccount })).toMatchObject({
    kind: 'confirm',
  });
});

// ---------------------------------------------------------------------------------------------
// Failures of a lookup and of the authorization

test.each<[string, RequestFailure, Partial<FlowState>]>([
  [
    'rate limited',
    { kind: 'rateLimited', retryAfterSeconds: 30, requestId: 'r' },
    {
      kind: 'enterAccount',
      accountNumber: gtbAccount,
      notice: { kind: 'rateLimited', retryAfterSeconds: 30 },
    },
  ],
  [
    'bank not supported',
    { kind: 'bankNotSupported', requestId: 'r' },
    {
      kind: 'chooseBank',
      accountNumber: gtbAccount,
      notice: { kind: 'bankNotSupported', bankName: 'GTBank' },
    },
  ],
  [
    'setup changed',
    { kind: 'setupChanged', requestId: 'r' },
    {
      kind: 'loading',
      draft: { bank: gtb, accountNumber: gtbAccount, accountName: null },
    },
  ],
  [
    'invalid link',
    { kind: 'invalidLink', reason: 'unknown', requestId: 'r' },
    {
      kind: 'invalidLink',
      reason: 'unknown',
    },
  ],
  ['unexpected', { kind: 'unexpected', status: 500, requestId: 'r' }, { kind: 'failure' }],
])('a lookup that fails as %s', (_name, failure, expected) => {
  expect(transition(states.resolving, { type: 'resolveFailed', failure })).toMatchObject(expected);
});

test('"Try again" after a failed lookup sends the same lookup, as a new state to act on', () => {
  const failed = transition(states.resolving, { type: 'resolveFailed', failure: network });
  const again = transition(failed, { type: 'retry' });
  expect(again).toEqual(states.resolving);
  expect(again).not.toBe(states.resolving);
});

test.each<[string, RequestFailure, Partial<FlowState>]>([
  [
    'rate limited',
    { kind: 'rateLimited', retryAfterSeconds: 12, requestId: 'r' },
    {
      kind: 'confirm',
      accountName: 'ADA OBI',
      notice: { kind: 'rateLimited', retryAfterSeconds: 12 },
    },
  ],
  [
    'account not found',
    { kind: 'accountNotFound', requestId: 'r' },
    {
      kind: 'enterAccount',
      accountNumber: gtbAccount,
      notice: { kind: 'accountNotFound' },
    },
  ],
  [
    'setup changed',
    { kind: 'setupChanged', requestId: 'r' },
    {
      kind: 'loading',
      draft: { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' },
    },
  ],
  [
    'invalid link',
    { kind: 'invalidLink', reason: 'expired', requestId: 'r' },
    {
      kind: 'invalidLink',
      reason: 'expired',
    },
  ],
])('an authorization that fails as %s', (_name, failure, expected) => {
  expect(transition(states.submitting, { type: 'submitFailed', failure })).toMatchObject(expected);
});

test('"Try again" after a lost authorization first reads the setup again, keeping the draft', () => {
  const failed = transition(states.submitting, { type: 'submitFailed', failure: network });
  expect(failed).toMatchObject({ kind: 'failure', failure: network });
  expect(transition(failed, { type: 'retry' })).toMatchObject({
    kind: 'loading',
    setup: open,
    draft: { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' },
  });
});

test('a setup that fails to load with an unknown link shows the invalid-link view', () => {
  expect(
    transition(states.loading, {
      type: 'setupFailed',
      failure: { kind: 'invalidLink', reason: 'unknown', requestId: 'req_3' },
    }),
  ).toEqual({
    kind: 'invalidLink',
    reason: 'unknown',
    requestId: 'req_3',
    merchant: null,
    mode: null,
  });
});

test('the authorization answer decides the status view, keeping the lookups', () => {
  const next = transition(states.submitting, {
    type: 'submitted',
    setup: withMandate('approved'),
    at,
  });
  expect(next).toMatchObject({
    kind: 'status',
    autoReturn: 'counting',
    lookups: states.submitting.lookups,
  });
});

// ---------------------------------------------------------------------------------------------
// Turning automatic debit off (product.md, flow step 7)

test('a failed disable on a revoked link shows the invalid-link view with the merchant', () => {
  const next = transition(states.statusDisabling, {
    type: 'disableFailed',
    failure: { kind: 'invalidLink', reason: 'revoked', requestId: 'req_9' },
  });
  expect(next).toMatchObject({
    kind: 'invalidLink',
    reason: 'revoked',
    requestId: 'req_9',
    merchant: { name: 'Gym Co' },
  });
});

test('a disable refused because the setup changed reads the setup again', () => {
  expect(
    transition(states.statusDisabling, {
      type: 'disableFailed',
      failure: { kind: 'setupChanged', requestId: 'req_2' },
    }),
  ).toMatchObject({ kind: 'loading', draft: null });
});

test('an unexpected disable failure keeps the confirmation open with the request id', () => {
  const failure: RequestFailure = { kind: 'unexpected', status: 503, requestId: 'req_3' };
  expect(transition(states.statusDisabling, { type: 'disableFailed', failure })).toMatchObject({
    kind: 'status',
    disable: { kind: 'confirming', failure },
  });
});

test('an open confirmation closes when a status check finds debit already off', () => {
  const next = transition(states.statusConfirmingDisable, {
    type: 'statusRefreshed',
    setup: withMandate('revocation_requested', { automaticDebitEnabled: false, setupOpen: false }),
    at: at + 5_000,
  });
  expect(next).toMatchObject({
    kind: 'status',
    mandate: { status: 'revocation_requested' },
    disable: { kind: 'off' },
  });
});

test('a disable answer without a mandate goes where the server says (closed)', () => {
  expect(
    transition(states.statusDisabling, {
      type: 'disabled',
      setup: setup({ automaticDebitEnabled: false, setupOpen: false }),
      at,
    }),
  ).toMatchObject({ kind: 'closed' });
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
  const state = { ...states.statusPending, setup: withMandate(status), mandate: mandate(status) };
  const next = transition(state, { type: 'disableRequested' });
  expect(next === state).toBe(!allowed);
});
