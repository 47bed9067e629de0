/**
 * The bank step remembers (issue 27.4 and 27.8), against the sandbox core through MSW: Back to
 * it shows the bank chosen, a reload of it keeps the bank and the typed number, and a "Choose
 * your bank." answered by typing goes away.
 */
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { chooseGtBank, gtAccount, openSetup, renderPage } from './setup-page-testing';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  forgetCapabilityToken('dd');
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
  forgetCapabilityToken('dd'); // memory is gone after a reload; sessionStorage is not
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
