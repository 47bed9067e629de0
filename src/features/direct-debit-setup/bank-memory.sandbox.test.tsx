/**
 * The bank step remembers (issue 27.4 and 27.8), against the sandbox core through MSW: Back to
 * it shows the bank chosen, a reload of it keeps the bank and the typed number, and a "Choose
 * your bank." answered by typing goes away.
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

/** Renders the app at `path` as the entry does (first reads before the page renders). */
function renderPage(path: string) {
  window.history.replaceState(null, '', path);
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
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  forgetCapabilityToken('directDebitSetup');
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  sandbox.close();
});

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
