import { expect, test } from 'vitest';
import {
  bankApprovedStatuses,
  type MandateStatus,
  type SetupState,
} from '../../../contract/direct-debit';
import { keepNewerSetup } from './api';
import { selectSetup, setupAnswer } from './setup-answer';
import { lookupKey, type FlowEvent, type FlowState, type RequestFailure } from './flow-state';
import { initialState, transition } from './machine';
import { allowsAutoReturn } from './setup-rules';
import { setupView, type SetupView } from './page-state';
import {
  at,
  disabledSetup,
  gtb,
  gtbAccount,
  mandate,
  network,
  open,
  setup,
  withMandate,
} from './test-fixtures';

// What the page shows, from the server's answers (TanStack Query's view of the read) and the
// customer's flow. `apply` plays the part of use-setup-flow.ts: an answer replaces the query's
// data (older mandates dropped by `keepNewerSetup`, as the query's structural sharing does), and
// the status view's mandate is reported to the flow (`statusShown`), as the hook does after
// rendering.

interface Server {
  data: SetupState | undefined;
  readFailure: RequestFailure | null;
  updatedAt: number;
  fetching: boolean;
}
interface Page {
  server: Server;
  flow: FlowState;
}
type Answer =
  | {
      type: 'setupLoaded' | 'statusRefreshed' | 'submitted' | 'disabled';
      setup: SetupState;
      at: number;
    }
  | { type: 'setupFailed' | 'statusCheckFailed'; failure: RequestFailure };
type PageEvent =
  | Answer
  | { type: 'checkNow' | 'tryAnotherAccount' | 'disableRequested' }
  | Exclude<
      FlowEvent,
      {
        type:
          Answer['type'] | 'checkNow' | 'tryAnotherAccount' | 'disableRequested' | 'statusShown';
      }
    >;

function view({ server, flow }: Page): SetupView {
  return setupView({ token: { kind: 'token' }, ...server, flow });
}

function answered(page: Page, event: Extract<Answer, { setup: SetupState }>): Page {
  const { server } = page;
  const previous = server.data === undefined ? undefined : setupAnswer(server.data);
  const kept = keepNewerSetup(previous, setupAnswer(event.setup));
  const data = kept === previous ? server.data : event.setup;
  const next = { data, readFailure: null, updatedAt: event.at, fetching: false };
  const flow =
    event.type === 'statusRefreshed' ? page.flow : transition(page.flow, { type: event.type });
  return { server: next, flow };
}

function moved({ server, flow }: Page, event: PageEvent): Page {
  switch (event.type) {
    case 'setupLoaded':
    case 'statusRefreshed':
    case 'submitted':
    case 'disabled':
      return answered({ server, flow }, event);
    case 'setupFailed':
    case 'statusCheckFailed': {
      const failed = { ...server, readFailure: event.failure, fetching: false };
      return {
        server: failed,
        flow:
          event.type === 'setupFailed'
            ? transition(flow, { type: 'setupFailed', failure: event.failure })
            : flow,
      };
    }
    case 'checkNow':
      // "Check now" shows after a failed check, and not while the disable call is in flight.
      if (server.readFailure === null || flow.disable.kind === 'sending') return { server, flow };
      return { server: { ...server, fetching: true }, flow };
    case 'retry':
      if (flow.step.kind !== 'failed') return { server: { ...server, fetching: true }, flow };
      return { server, flow: transition(flow, event) };
    case 'tryAnotherAccount':
    case 'disableRequested':
      if (server.data === undefined) return { server, flow };
      return { server, flow: transition(flow, { type: event.type, setup: server.data }) };
    case 'disableConfirmed': {
      // The hook cancels the checks in flight before the call.
      const next = transition(flow, event);
      return next === flow
        ? { server, flow }
        : { server: { ...server, fetching: false }, flow: next };
    }
    default:
      return { server, flow: transition(flow, event) };
  }
}

/** As the hook does once the page shows a mandate: the countdown follows it. */
function settle(page: Page): Page {
  const shown = view(page);
  if (shown.kind !== 'status') return page;
  const flow = transition(page.flow, {
    type: 'statusShown',
    mandateId: shown.mandate.id,
    approved: bankApprovedStatuses.includes(shown.mandate.status),
    allowsAutoReturn: allowsAutoReturn(shown.setup, shown.mandate),
  });
  return flow === page.flow ? page : { ...page, flow };
}

function sameServer(a: Server, b: Server): boolean {
  return (
    a.data === b.data &&
    a.readFailure === b.readFailure &&
    a.updatedAt === b.updatedAt &&
    a.fetching === b.fetching
  );
}

/** `page` after `event`, or `page` itself when nothing changed. */
function apply(page: Page, event: PageEvent): Page {
  const next = settle(moved(page, event));
  return next.flow === page.flow && sameServer(next.server, page.server) ? page : next;
}

function page(
  data: SetupState | undefined,
  flow: Partial<FlowState> = {},
  server: Partial<Server> = {},
): Page {
  return settle({
    server: { data, readFailure: null, updatedAt: at, fetching: false, ...server },
    flow: { ...initialState(), ...flow },
  });
}

const adaLookups = { [lookupKey(gtb.id, gtbAccount)]: 'ADA OBI' };
const draft = { bank: gtb, accountNumber: gtbAccount, accountName: 'ADA OBI' };
const statusCounting = page(withMandate('approved'));
const statusConfirmingDisable = apply(page(withMandate('pending')), { type: 'disableRequested' });

// One representative of every view (and of the status variants whose moves differ).
const states = {
  loading: page(undefined),
  closed: page(setup({ setupOpen: false })),
  chooseBank: page(open),
  enterAccount: page(open, {
    step: { kind: 'enterAccount', bank: gtb, accountNumber: null, notice: null },
  }),
  resolving: page(open, { step: { kind: 'resolving', bank: gtb, accountNumber: gtbAccount } }),
  confirm: page(open, { lookups: adaLookups, step: { kind: 'confirm', ...draft, notice: null } }),
  submitting: page(open, { lookups: adaLookups, step: { kind: 'submitting', ...draft } }),
  statusPending: page(withMandate('pending')),
  statusCounting,
  statusRejected: page(withMandate('rejected')),
  statusConfirmingDisable,
  statusDisabling: apply(apply(statusCounting, { type: 'disableRequested' }), {
    type: 'disableConfirmed',
  }),
  statusRevocationRequested: page(disabledSetup),
  statusRevoked: page(withMandate('revoked', { automaticDebitEnabled: false, setupOpen: false })),
  // Verified without a return URL: success, no countdown.
  statusVerified: page(withMandate('verified', { returnUrl: null })),
  statusUnknown: page(withMandate('unknown')),
  statusStayed: apply(statusCounting, { type: 'stayHere' }),
  statusLeaving: apply(statusCounting, { type: 'returnNow' }),
  statusCheckFailed: page(
    withMandate('pending'),
    {},
    { readFailure: { kind: 'unexpected', status: 503, requestId: 'req_5' } },
  ),
  statusCheckRetrying: page(withMandate('pending'), {}, { readFailure: network, fetching: true }),
  failure: page(undefined, {}, { readFailure: network }),
} satisfies Record<string, Page>;
type StateName = keyof typeof states;

const events = {
  setupLoaded: { type: 'setupLoaded', setup: open, at },
  setupFailed: { type: 'setupFailed', failure: network },
  resolveFailed: { type: 'resolveFailed', failure: network },
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
  disabled: { type: 'disabled', setup: disabledSetup, at: at + 1_000 },
  disableFailed: { type: 'disableFailed', failure: network },
  retry: { type: 'retry' },
} satisfies Record<string, PageEvent>;
type EventName = keyof typeof events;

test('every representative shows the view it stands for', () => {
  for (const [name, representative] of Object.entries(states)) {
    const kind = name.startsWith('status') ? 'status' : name;
    expect(view(representative).kind).toBe(kind);
  }
  expect(view(states.statusCounting)).toMatchObject({ autoReturn: 'counting' });
  expect(view(states.statusDisabling)).toMatchObject({
    autoReturn: 'stayed',
    disable: { kind: 'sending' },
  });
});

// ---------------------------------------------------------------------------------------------
// What each answer and action makes of each view.

const moves: [StateName, EventName, Partial<SetupView> & { kind: SetupView['kind'] }][] = [
  ['loading', 'setupLoaded', { kind: 'chooseBank', setup: open, accountNumber: null }],
  ['loading', 'setupFailed', { kind: 'failure', failure: network }],
  ['resolving', 'resolveFailed', { kind: 'failure', failure: network }],
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
  ['failure', 'retry', { kind: 'loading', setup: null }],
];

test.each(moves)('%s + %s', (stateName, eventName, expected) => {
  const state = states[stateName];
  const next = apply(state, events[eventName]);
  expect(next).not.toBe(state);
  expect(view(next)).toMatchObject(expected);
});

// The status view's actions where they do not apply change nothing.
const statusNames = (Object.keys(states) as StateName[]).filter((name) =>
  name.startsWith('status'),
);
const statusActions: EventName[] = [
  'checkNow',
  'stayHere',
  'returnNow',
  'tryAnotherAccount',
  'disableRequested',
  'disableCancelled',
  'disableConfirmed',
];
const moveKeys = new Set(moves.map(([s, e]) => `${s}/${e}`));
const unchanged = statusNames.flatMap((stateName) =>
  statusActions
    .filter((eventName) => !moveKeys.has(`${stateName}/${eventName}`))
    .map((eventName) => [stateName, eventName] as const),
);

test.each(unchanged)('%s ignores %s (same page)', (stateName, eventName) => {
  const state = states[stateName];
  expect(apply(state, events[eventName])).toBe(state);
});

const ignoredByData: [string, Page, PageEvent][] = [
  ['"Stay here" when not counting down', states.statusPending, { type: 'stayHere' }],
  ['"Return now" when not counting down', states.statusPending, { type: 'returnNow' }],
  ['"Return now" after "Stay here"', states.statusStayed, { type: 'returnNow' }],
  [
    'another account while the mandate is pending',
    states.statusPending,
    { type: 'tryAnotherAccount' },
  ],
  [
    'another account after a rejection once setup is closed',
    page(withMandate('rejected', { setupOpen: false })),
    { type: 'tryAnotherAccount' },
  ],
  [
    'turning debit off when the merchant already turned it off',
    page(withMandate('pending', { automaticDebitEnabled: false, setupOpen: false })),
    { type: 'disableRequested' },
  ],
  [
    '"Check now" while the disable call is in flight',
    {
      ...states.statusDisabling,
      server: { ...states.statusDisabling.server, readFailure: network },
    },
    { type: 'checkNow' },
  ],
];

test.each(ignoredByData)('ignores %s', (_name, state, event) => {
  expect(apply(state, event)).toBe(state);
});

// ---------------------------------------------------------------------------------------------
// The first view, from the token and from the server

test('without a token the page shows the invalid-link view; with one it loads', () => {
  const input = { data: undefined, readFailure: null, updatedAt: 0, fetching: true };
  const flow = initialState();
  expect(setupView({ token: { kind: 'missing' }, ...input, flow })).toMatchObject({
    kind: 'invalidLink',
    reason: 'missing',
  });
  expect(setupView({ token: { kind: 'malformed' }, ...input, flow })).toMatchObject({
    kind: 'invalidLink',
    reason: 'malformed',
  });
  expect(setupView({ token: { kind: 'token' }, ...input, flow })).toEqual({
    kind: 'loading',
    setup: null,
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
  expect(view(page(withMandate(status)))).toMatchObject({
    kind: 'status',
    mandate: { status },
    lastCheckedAt: at,
  });
});

test('a closed setup without a mandate shows the closed view', () => {
  expect(view(page(setup({ setupOpen: false })))).toMatchObject({ kind: 'closed' });
});

test('an open setup without a mandate starts at the bank step', () => {
  expect(view(page(open))).toMatchObject({ kind: 'chooseBank', accountNumber: null });
});

test('a re-read setup restores the draft: the confirm step when the name was resolved', () => {
  const rereading = page(open, { step: { kind: 'rereading', draft } });
  expect(view(rereading)).toMatchObject({ kind: 'loading', setup: open });
  expect(view(apply(rereading, { type: 'setupLoaded', setup: open, at }))).toMatchObject({
    kind: 'confirm',
    bank: gtb,
    accountNumber: gtbAccount,
    accountName: 'ADA OBI',
  });
  const withoutName = page(open, {
    step: { kind: 'rereading', draft: { ...draft, accountName: null } },
  });
  expect(view(apply(withoutName, { type: 'setupLoaded', setup: open, at }))).toMatchObject({
    kind: 'enterAccount',
    accountNumber: gtbAccount,
  });
});

test('a re-read setup that now has a mandate shows it, whatever the draft', () => {
  const rereading = page(open, { step: { kind: 'rereading', draft } });
  expect(
    view(apply(rereading, { type: 'setupLoaded', setup: withMandate('pending'), at })),
  ).toMatchObject({ kind: 'status' });
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
  expect(view(page(server))).toMatchObject({ kind: 'status', autoReturn });
});

test('a pending mandate approved while watching starts the countdown', () => {
  expect(
    view(
      apply(states.statusPending, { type: 'statusRefreshed', setup: withMandate('approved'), at }),
    ),
  ).toMatchObject({ kind: 'status', mandate: { status: 'approved' }, autoReturn: 'counting' });
});

test('"Stay here" survives a later status check', () => {
  const refreshed = apply(states.statusStayed, {
    type: 'statusRefreshed',
    setup: withMandate('approved'),
    at: at + 1,
  });
  expect(view(refreshed)).toMatchObject({ autoReturn: 'stayed' });
});

test.each<[string, SetupState]>([
  ['the merchant turned debit off', withMandate('approved', { automaticDebitEnabled: false })],
  ['revocation was requested', disabledSetup],
  ['the return URL is no longer valid', withMandate('approved', { returnUrl: null })],
])('a refresh during the countdown stops it when %s', (_name, server) => {
  for (const from of [states.statusCounting, states.statusLeaving, states.statusStayed]) {
    expect(view(apply(from, { type: 'statusRefreshed', setup: server, at: at + 1 }))).toMatchObject(
      { kind: 'status', autoReturn: 'off' },
    );
  }
});

test('a refresh keeps a running countdown and a return under way', () => {
  for (const from of [states.statusCounting, states.statusLeaving]) {
    const refreshed = apply(from, {
      type: 'statusRefreshed',
      setup: withMandate('approved'),
      at: at + 1,
    });
    const before = view(from);
    expect(view(refreshed)).toMatchObject({
      autoReturn: before.kind === 'status' ? before.autoReturn : null,
    });
  }
});

test('debit turned back on later does not start a countdown for an approval already shown', () => {
  const shown = page(withMandate('approved', { automaticDebitEnabled: false }));
  expect(view(shown)).toMatchObject({ kind: 'status', autoReturn: 'off' });
  expect(
    view(apply(shown, { type: 'statusRefreshed', setup: withMandate('approved'), at: at + 1 })),
  ).toMatchObject({ kind: 'status', autoReturn: 'off' });
});

test('an answer that lands after the disable call with the old status does not undo it', () => {
  const newer = setup({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: mandate('revocation_requested', { updatedAt: '2026-11-22T10:05:00.000Z' }),
  });
  const off = apply(states.statusDisabling, { type: 'disabled', setup: newer, at: at + 1 });
  expect(view(off)).toMatchObject({ mandate: { status: 'revocation_requested' } });
  const stale = apply(off, { type: 'statusRefreshed', setup: withMandate('approved'), at: at + 2 });
  expect(stale.server.data).toBe(off.server.data);
  expect(view(stale)).toMatchObject({ mandate: { status: 'revocation_requested' } });
  // A newer answer (the bank confirmed) is taken.
  const revoked = setup({
    automaticDebitEnabled: false,
    setupOpen: false,
    mandate: mandate('revoked', { updatedAt: '2026-11-22T10:06:00.000Z' }),
  });
  expect(view(apply(off, { type: 'statusRefreshed', setup: revoked, at: at + 3 }))).toMatchObject({
    mandate: { status: 'revoked' },
  });
});

test('a failed status check keeps its failure (with the requestId) until an answer comes', () => {
  const failure: RequestFailure = { kind: 'unexpected', status: 502, requestId: 'req_502' };
  const failed = apply(states.statusVerified, { type: 'statusCheckFailed', failure });
  expect(view(failed)).toMatchObject({ check: { kind: 'failed', failure } });
  const retrying = apply(failed, { type: 'checkNow' });
  expect(view(retrying)).toMatchObject({ check: { kind: 'retrying', failure } });
  // A second press while the check is in flight does nothing.
  expect(apply(retrying, { type: 'checkNow' })).toBe(retrying);
  expect(
    view(apply(retrying, { type: 'statusRefreshed', setup: withMandate('verified'), at: at + 1 })),
  ).toMatchObject({ check: { kind: 'ok' }, lastCheckedAt: at + 1 });
});

test('confirming the disable call abandons a check the customer asked for', () => {
  const retrying = apply(
    {
      ...states.statusConfirmingDisable,
      server: { ...states.statusConfirmingDisable.server, readFailure: network },
    },
    { type: 'checkNow' },
  );
  expect(view(retrying)).toMatchObject({ check: { kind: 'retrying', failure: network } });
  expect(view(apply(retrying, { type: 'disableConfirmed' }))).toMatchObject({
    disable: { kind: 'sending' },
    check: { kind: 'failed', failure: network },
  });
});

test('a status check that finds no mandate any more goes where the server says', () => {
  expect(
    view(apply(states.statusRejected, { type: 'statusRefreshed', setup: open, at })),
  ).toMatchObject({ kind: 'chooseBank' });
});

test('a status check that finds the link expired shows the invalid-link view with the merchant', () => {
  expect(
    view(
      apply(states.statusPending, {
        type: 'statusCheckFailed',
        failure: { kind: 'invalidLink', reason: 'expired', requestId: 'req_9' },
      }),
    ),
  ).toEqual({
    kind: 'invalidLink',
    reason: 'expired',
    requestId: 'req_9',
    merchant: open.merchant,
    mode: 'test',
    preferredLanguage: null,
  });
});

test('a setup that fails to load with an unknown link shows the invalid-link view', () => {
  expect(
    view(
      apply(states.loading, {
        type: 'setupFailed',
        failure: { kind: 'invalidLink', reason: 'unknown', requestId: 'req_3' },
      }),
    ),
  ).toEqual({
    kind: 'invalidLink',
    reason: 'unknown',
    requestId: 'req_3',
    merchant: null,
    mode: null,
    preferredLanguage: null,
  });
});

test('the authorization answer decides the status view, keeping the lookups', () => {
  const next = apply(states.submitting, {
    type: 'submitted',
    setup: withMandate('approved'),
    at,
  });
  expect(view(next)).toMatchObject({ kind: 'status', autoReturn: 'counting' });
  expect(next.flow.lookups).toBe(states.submitting.flow.lookups);
});

test('"Try again" after a lost authorization reads the setup again, keeping the draft', () => {
  const failed = apply(states.submitting, { type: 'submitFailed', failure: network });
  expect(view(failed)).toMatchObject({ kind: 'failure', failure: network, inputKept: true });
  const again = apply(failed, { type: 'retry' });
  expect(view(again)).toMatchObject({ kind: 'loading', setup: open });
  expect(again.flow.step).toEqual({ kind: 'rereading', draft });
});

// ---------------------------------------------------------------------------------------------
// Turning automatic debit off (product.md, flow step 7)

test('a failed disable on a revoked link shows the invalid-link view with the merchant', () => {
  const next = apply(states.statusDisabling, {
    type: 'disableFailed',
    failure: { kind: 'invalidLink', reason: 'revoked', requestId: 'req_9' },
  });
  expect(view(next)).toMatchObject({
    kind: 'invalidLink',
    reason: 'revoked',
    requestId: 'req_9',
    merchant: { name: 'Gym Co' },
  });
});

test('a disable refused because the setup changed reads the setup again', () => {
  const next = apply(states.statusDisabling, {
    type: 'disableFailed',
    failure: { kind: 'setupChanged', requestId: 'req_2' },
  });
  expect(view(next)).toMatchObject({ kind: 'loading' });
  expect(next.flow.step).toEqual({ kind: 'rereading', draft: null });
});

test('an open confirmation closes when a status check finds debit already off', () => {
  const next = apply(states.statusConfirmingDisable, {
    type: 'statusRefreshed',
    setup: disabledSetup,
    at: at + 5_000,
  });
  expect(view(next)).toMatchObject({
    kind: 'status',
    mandate: { status: 'revocation_requested' },
    disable: { kind: 'off' },
  });
});

test('a disable answer without a mandate goes where the server says (closed)', () => {
  expect(
    view(
      apply(states.statusDisabling, {
        type: 'disabled',
        setup: setup({ automaticDebitEnabled: false, setupOpen: false }),
        at,
      }),
    ),
  ).toMatchObject({ kind: 'closed' });
});

// ---------------------------------------------------------------------------------------------
// The cache holds raw answers: what a write answered reads back as the same setup.

test('an authorization or disable answer, cached, reads back as the same setup state', () => {
  for (const answer of [withMandate('approved'), disabledSetup, open]) {
    expect(selectSetup(setupAnswer(answer))).toEqual(answer);
  }
});

test('a link refused mid-session keeps the merchant’s language of the last answer', () => {
  const yoruba = { ...open, preferredLanguage: 'yo' as const };
  const refused = setupView({
    token: { kind: 'token' },
    data: yoruba,
    readFailure: { kind: 'invalidLink', reason: 'revoked', requestId: 'req_4' },
    updatedAt: 0,
    fetching: false,
    flow: initialState(),
  });
  expect(refused).toMatchObject({ kind: 'invalidLink', preferredLanguage: 'yo' });
});
