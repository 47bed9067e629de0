/**
 * The tab remembers the setup form (issue 27.4 and 27.8; decision 0039), against the sandbox
 * core through MSW: Back to the bank step shows the bank chosen, a reload of it keeps the bank
 * and the typed number, and a "Choose your bank." answered by typing goes away; a reload of
 * Confirm shows the name already looked up without spending another lookup (the authorization
 * still sends no name); after a reload, Back and Forward land on the step each history entry
 * names; and the tab forgets the link's form once its setup cannot go on.
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { nubanCheckDigit } from '../../../contract/nuban';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { forgetCapabilityToken } from '../../lib/capability-token';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

/** The user-event instance the helpers drive. */
type User = ReturnType<typeof userEvent.setup>;

/** A GTBank (CBN code 058) NUBAN for a nine-digit serial, with its check digit. */
function gtAccount(serial: string): string {
  return serial + String(nubanCheckDigit('058', serial));
}

/**
 * Renders the app at `path` as the entry does (first reads before the page renders), on the
 * current history entry (its state is kept, as a reload keeps it).
 */
function renderPage(path: string) {
  window.history.replaceState(window.history.state, '', path);
  const queryClient = createQueryClient();
  startFirstDownloads(window.location.pathname);
  startFirstRequests(window.location.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

/** Opens a setup link and waits for the bank step. */
async function openSetup(link: { token: string }) {
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
}

/** Searches and chooses Guaranty Trust Bank, then Continue to the account step. */
async function chooseGtBank(user: User) {
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
}

const sandbox = createTestSandbox();
/** Requests the page sent, as "METHOD /path", and the bodies of its authorizations. */
const sent: string[] = [];
const authorizations: unknown[] = [];
const server = setupServer(
  http.all('*', async ({ request }) => {
    const { pathname } = new URL(request.url);
    sent.push(`${request.method} ${pathname}`);
    if (request.method === 'POST' && pathname === '/direct-debit/setup') {
      authorizations.push(await request.clone().json());
    }
    return sandbox.handle(request);
  }),
);
const lookupsSent = () => sent.filter((r) => r === 'POST /direct-debit/setup/resolve-account');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  forgetCapabilityToken('directDebitSetup');
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  sent.length = 0;
  authorizations.length = 0;
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  sandbox.close();
});

/** Fired when a history entry shows (jsdom traverses history in a task of its own). */
function nextPopState(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );
}

/** Back (-1) or Forward (1) in the tab's history, then the heading of the step it shows. */
async function go(delta: -1 | 1, heading: string) {
  const popped = nextPopState();
  window.history.go(delta);
  await popped;
  await screen.findByRole('heading', { level: 1, name: heading });
}

/** The keys of this tab's memory of setup forms (`dd-form:<fingerprint>`, one per link). */
function formMemoryKeys(): string[] {
  return Object.keys(window.sessionStorage).filter((key) => key.startsWith('dd-form:'));
}

const verified = gtAccount('000000002');
const verifiedName = 'TEST ACCOUNT 0025 (sandbox data)';

/** From the bank step to Confirm with the verified test account. */
async function reachConfirm(user: User) {
  await chooseGtBank(user);
  await user.type(screen.getByLabelText('Account number'), verified);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  expect(screen.getByText(verifiedName)).toBeInTheDocument();
}

/** A reload of the tab: the page's memory is gone, history.state and sessionStorage are not. */
async function reload(token: string, heading: string) {
  cleanup();
  forgetCapabilityToken('directDebitSetup'); // memory is gone after a reload; sessionStorage is not
  window.sessionStorage.setItem('dd-token', token);
  renderPage('/direct-debit/setup');
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5_000 });
}

test('Back to the bank step shows the bank chosen, and Continue goes on with it', async () => {
  const user = userEvent.setup();
  await openSetup(await sandbox.createSetupLink());
  await chooseGtBank(user);

  window.history.back();
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  expect(screen.getByText('Selected: Guaranty Trust Bank')).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Guaranty Trust Bank' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.queryByText('Choose your bank.')).not.toBeInTheDocument();
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
});

test('a reload of the bank step keeps the bank picked and the number typed', async () => {
  const user = userEvent.setup();
  const number = gtAccount('000000002');
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await user.type(screen.getByLabelText('Account number (optional)'), number);
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));

  await reload(link.token, 'Choose your bank');
  expect(screen.getByLabelText('Account number (optional)')).toHaveValue(number);
  expect(screen.getByText('Selected: Guaranty Trust Bank')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  expect(screen.getByLabelText('Account number')).toHaveValue(number);
});

test('"Choose your bank." goes once the customer types a number', async () => {
  const user = userEvent.setup();
  await openSetup(await sandbox.createSetupLink());
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByText('Choose your bank.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Account number (optional)'), '0');
  expect(screen.queryByText('Choose your bank.')).not.toBeInTheDocument();
});

test('a reload of Confirm shows the name the tab kept, spends no lookup, and the authorization sends no name', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await reachConfirm(user);
  expect(lookupsSent()).toHaveLength(1);

  await reload(link.token, 'Confirm your direct debit');
  expect(screen.getByText(verifiedName)).toBeInTheDocument();
  expect(lookupsSent()).toHaveLength(1);

  await user.click(screen.getByRole('checkbox', { name: /I authorize/ }));
  await user.click(screen.getByRole('button', { name: 'Authorize direct debit' }));
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  // The bank and number only: the service resolves the name again (service-api.md, rule 2).
  expect(authorizations).toEqual([
    { bankId: '000013', bankAccountNumber: verified, consent: true },
  ]);
});

test('after a reload at the bank step, Back and Forward land on the step each entry names', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await reachConfirm(user);
  await go(-1, 'Enter your account number');
  await go(-1, 'Choose your bank');

  await reload(link.token, 'Choose your bank');
  expect(screen.getByText('Selected: Guaranty Trust Bank')).toBeInTheDocument();
  await go(1, 'Enter your account number');
  expect(screen.getByLabelText('Account number')).toHaveValue(verified);
  await go(1, 'Confirm your direct debit');
  expect(screen.getByText(verifiedName)).toBeInTheDocument();

  // And after a reload there, Back twice and Forward twice again.
  await reload(link.token, 'Confirm your direct debit');
  await go(-1, 'Enter your account number');
  await go(-1, 'Choose your bank');
  await go(1, 'Enter your account number');
  await go(1, 'Confirm your direct debit');
  expect(lookupsSent()).toHaveLength(1);
});

test("the tab forgets the link's form once the mandate is submitted", async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await reachConfirm(user);
  expect(formMemoryKeys()).toHaveLength(1);
  await user.click(screen.getByRole('checkbox', { name: /I authorize/ }));
  await user.click(screen.getByRole('button', { name: 'Authorize direct debit' }));
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(formMemoryKeys()).toEqual([]);
  expect(JSON.stringify(window.sessionStorage)).not.toContain(verifiedName);
});

test("the tab forgets the link's form once the link has expired", async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await reachConfirm(user);
  expect(formMemoryKeys()).toHaveLength(1);

  sandbox.clock.advanceBy(30 * 24 * 60 * 60 * 1000);
  await reload(link.token, 'This link is not valid');
  expect(formMemoryKeys()).toEqual([]);
});

test("the tab forgets the link's form once its setup is closed, and another link starts afresh", async () => {
  const user = userEvent.setup();
  const first = await sandbox.createSetupLink();
  await openSetup(first);
  await reachConfirm(user);
  const [firstMemory] = formMemoryKeys();

  // Another link opened in the same tab does not resume the first one's form.
  cleanup();
  forgetCapabilityToken('directDebitSetup');
  const second = await sandbox.createSetupLink();
  await openSetup(second);
  expect(screen.queryByText('Selected: Guaranty Trust Bank')).not.toBeInTheDocument();
  expect(formMemoryKeys()).toContain(firstMemory);

  // The merchant turns automatic debit off: the first link's setup is closed.
  const disabled = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${first.subscriptionId}/direct-debit/disable`,
    { body: {} },
  );
  expect(disabled.status).toBe(200);
  await reload(first.token, 'Direct debit setup is closed');
  expect(formMemoryKeys()).not.toContain(firstMemory);
});
