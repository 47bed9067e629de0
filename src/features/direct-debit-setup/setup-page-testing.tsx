/**
 * Shared steps of the setup page's component tests against the sandbox core (test code only):
 * render a link behind the real router and query client, choose GTBank, type a number.
 */
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { nubanCheckDigit } from '../../../contract/nuban';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';

/** The user-event instance the helpers drive. */
export type User = ReturnType<typeof userEvent.setup>;

/** A GTBank (CBN code 058) NUBAN for a nine-digit serial, with its check digit. */
export function gtAccount(serial: string): string {
  return serial + String(nubanCheckDigit('058', serial));
}

/** Renders the app at `path` as the entry does (first reads before the page renders). */
export function renderPage(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  startFirstDownloads(window.location.pathname);
  startFirstRequests(window.location.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

/** Opens a setup link and waits for the bank step. */
export async function openSetup(link: { token: string }) {
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
}

/** Searches and chooses Guaranty Trust Bank, then Continue to the account step. */
export async function chooseGtBank(user: User) {
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
}

/** Types the number (replacing what was there) and presses Continue. */
export async function enterAccount(user: User, accountNumber: string) {
  const field = screen.getByLabelText('Account number');
  await user.clear(field);
  await user.type(field, accountNumber);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}
