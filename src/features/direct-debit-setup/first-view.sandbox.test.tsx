/**
 * The direct-debit setup page's first view, before its live flow has arrived (docs/decisions/0028,
 * second addendum of issue 25), against the sandbox's own handler core through MSW: the bank step
 * shows from the two reads the document sent, each read is sent once, Continue pressed there is
 * handed over, and the live flow takes the screen over without drawing it again. The live flow's
 * arrival is held back by the test (the server-state loader the page is given), as a slow network
 * would.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { nubanCheckDigit } from '../../../contract/nuban';
import { sandboxBehindMsw } from '../../../sandbox/testing/sandbox-behind-msw';
import { ErrorBoundary } from 'react-error-boundary';
import { startFirstDownloads } from '../../app/first-downloads';
import { renderWithLiveHalfHeldBack } from '../../app/held-back-live-half';
import { RootErrorView } from '../../app/root-error-view';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { SetupPage } from './setup-page';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const { sandbox, sent, server } = sandboxBehindMsw();

beforeEach(() => {
  forgetCapabilityToken('directDebitSetup');
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A GTBank (CBN code 058) NUBAN for a nine-digit serial, with its check digit. */
function gtAccount(serial: string): string {
  return serial + String(nubanCheckDigit('058', serial));
}

/** A new setup link's page, opened as from its link (the document's reads already sent), with the live flow held back. */
async function openHeldBack() {
  const link = await sandbox().createSetupLink();
  window.history.replaceState(null, '', `/direct-debit/setup#token=${link.token}`);
  startFirstDownloads(window.location.pathname);
  return renderWithLiveHalfHeldBack(
    <ErrorBoundary FallbackComponent={RootErrorView}>
      <SetupPage />
    </ErrorBoundary>,
  );
}

const setupReads = () => sent.filter((line) => line === 'GET /direct-debit/setup');
const bankListReads = () => sent.filter((line) => line === 'GET /direct-debit/setup/banks');

/** Picks Guaranty Trust Bank in the bank step's combobox. */
async function pickGtBank(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
}

test('the bank step shows before the live flow arrives, each read is sent once, and the live flow takes it over as it is', async () => {
  const user = userEvent.setup();
  const { arrive, queryClient } = await openHeldBack();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  expect(screen.getByText(/every month/)).toBeVisible();
  expect(heading).toHaveFocus();
  await pickGtBank(user);
  expect(setupReads()).toHaveLength(1);
  expect(bankListReads()).toHaveLength(1);

  arrive();
  // The live flow's queries hold both: they took the reads the first view looked at.
  await waitFor(() =>
    expect(queryClient.getQueryState(['directDebitSetup', 'setup'])?.status).toBe('success'),
  );
  await waitFor(() =>
    expect(queryClient.getQueryState(['directDebitSetup', 'banks'])?.status).toBe('success'),
  );
  expect(setupReads()).toHaveLength(1);
  expect(bankListReads()).toHaveLength(1);
  // Taken over, not drawn again: the same heading, and the bank picked is still picked.
  expect(screen.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBe(heading);
  expect(screen.getByLabelText('Search banks')).toHaveValue('Guaranty Trust Bank');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Enter your account number' }),
  ).toBeVisible();
});

test('a live flow that must read the bank list again leaves the bank step being typed in until the list is in', async () => {
  const user = userEvent.setup();
  const { arrive, queryClient } = await openHeldBack();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  await user.type(screen.getByLabelText('Search banks'), 'guar');
  // The document's reads are now too old for the live flow to take (30 s): it reads both again,
  // and the bank list's answer is held back.
  const now = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => now() + 31_000);
  let releaseBankList = () => {};
  const bankList = new Promise<void>((resolve) => {
    releaseBankList = resolve;
  });
  server.use(
    http.get('*/direct-debit/setup/banks', async ({ request }) => {
      await bankList;
      return sandbox().handle(request);
    }),
  );
  arrive();
  await waitFor(() =>
    expect(queryClient.getQueryState(['directDebitSetup', 'setup'])?.status).toBe('success'),
  );
  expect(setupReads()).toHaveLength(2);
  expect(screen.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBe(heading);
  expect(screen.getByLabelText('Search banks')).toHaveValue('guar');

  releaseBankList();
  await waitFor(() =>
    expect(queryClient.getQueryState(['directDebitSetup', 'banks'])?.status).toBe('success'),
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBe(heading);
  expect(screen.getByLabelText('Search banks')).toHaveValue('guar');
});

test('Continue pressed before the live flow arrives goes on once it does, and Back returns to the bank step', async () => {
  const user = userEvent.setup();
  const { arrive } = await openHeldBack();
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  const entries = window.history.length;
  await user.type(screen.getByLabelText(/Account number/), gtAccount('000000002'));
  await pickGtBank(user);
  const merchantName = document.querySelector('.merchant-header__name')?.textContent ?? '';
  expect(merchantName).not.toBe('');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // Nothing to show until the live flow can go on: the frame says so, under the merchant's name.
  await waitFor(() =>
    expect(screen.queryByRole('heading', { level: 1, name: 'Choose your bank' })).toBeNull(),
  );
  expect(screen.getByText(merchantName)).toBeVisible();

  arrive();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Enter your account number' }),
  ).toBeVisible();
  expect(screen.getByLabelText('Account number')).toHaveValue(gtAccount('000000002'));
  // The bank step has its own history entry, as if Continue had been pressed in the live flow.
  expect(window.history.length).toBe(entries + 1);
  const popped = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true }),
  );
  window.history.back();
  await popped;
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose your bank' })).toBeVisible();
  expect(screen.getByLabelText('Search banks')).toHaveValue('Guaranty Trust Bank');
  expect(setupReads()).toHaveLength(1);
});

test('offline before the live flow could download: Continue keeps "Loading…" and goes on once back online', async () => {
  const user = userEvent.setup();
  const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  const { arrive, failDownloads } = await openHeldBack();
  failDownloads();
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  await pickGtBank(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() =>
    expect(screen.queryByRole('heading', { level: 1, name: 'Choose your bank' })).toBeNull(),
  );
  // No error view took the page's place.
  expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();

  onLine.mockReturnValue(true);
  arrive();
  window.dispatchEvent(new Event('online'));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Enter your account number' }),
  ).toBeVisible();
});

test('online, a live flow that cannot be downloaded: the bank step comes back as it was, to be pressed again; the second press gives way to the error view', async () => {
  const user = userEvent.setup();
  const { attempts, failDownloads } = await openHeldBack();
  failDownloads();
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  await waitFor(() => expect(attempts()).toBeGreaterThan(0));
  await pickGtBank(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // Not left "Loading…" with nothing to load it: the bank step is back, the bank still picked.
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose your bank' })).toBeVisible();
  expect(screen.getByLabelText('Search banks')).toHaveValue('Guaranty Trust Bank');

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
  ).toBeVisible();
});
