/**
 * What a screen reader speaks on the setup page's status changes, and where focus goes when
 * Continue on the account step fails (issue 27.3), against the sandbox core through MSW. Heard through a virtual screen reader
 * (@guidepup/virtual-screen-reader), which reads what takes the focus and what changes in live
 * regions, as screen readers do.
 */
import { virtual } from '@guidepup/virtual-screen-reader';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
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

/** Types the number (replacing what was there) and presses Continue. */
async function enterAccount(user: User, accountNumber: string) {
  const field = screen.getByLabelText('Account number');
  await user.clear(field);
  await user.type(field, accountNumber);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  forgetCapabilityToken('directDebitSetup');
  window.sessionStorage.clear();
  await virtual.start({ container: document.body });
});
afterEach(async () => {
  await virtual.stop();
  cleanup();
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  sandbox.close();
});

test('too many checks: focus goes to the notice, which is spoken', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  // Spend the link's lookups (5 a minute) outside the page.
  for (let serial = 100; serial < 105; serial += 1) {
    const spent = await sandbox.setupApi(
      'POST',
      '/direct-debit/setup/resolve-account',
      link.token,
      {
        bankId: '000013',
        bankAccountNumber: gtAccount(`000000${serial}`),
      },
    );
    expect(spent.status).toBe(200);
  }
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, gtAccount('000000002'));

  const notice = await screen.findByRole('alert');
  await waitFor(() => expect(notice).toHaveFocus());
  expect(await virtual.spokenPhraseLog()).toContainEqual(
    expect.stringMatching(/^alert, Too many account checks\. Try again in \d+ s\.$/),
  );
});

test('no answer from the service: focus goes to the notice, which is spoken', async () => {
  const user = userEvent.setup();
  await openSetup(await sandbox.createSetupLink());
  await chooseGtBank(user);
  server.use(http.post('*/direct-debit/setup/resolve-account', () => HttpResponse.error()));
  await enterAccount(user, gtAccount('000000002'));

  const notice = await screen.findByRole('alert');
  await waitFor(() => expect(notice).toHaveFocus());
  expect(await virtual.spokenPhraseLog()).toContainEqual(
    expect.stringMatching(
      /^alert, No answer from the service, No answer from the service, so we cannot tell yet whether it went through\. .*What you entered is kept\./,
    ),
  );
});

test('an approved mandate is spoken: its status, then the automatic return', async () => {
  const user = userEvent.setup();
  const merchant = sandbox.credentials.merchantName;
  await openSetup(
    await sandbox.createSetupLink({ callbackUrl: 'https://merchant.example.com/billing/return' }),
  );
  await chooseGtBank(user);
  await enterAccount(user, gtAccount('000000002'));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  await user.click(screen.getByRole('checkbox', { name: /I authorize/ }));
  await user.click(screen.getByRole('button', { name: 'Authorize direct debit' }));
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });

  const returnSaid = `polite: You will be taken back to ${merchant} after 5 seconds. Choose Stay here to stay on this page.`;
  await waitFor(async () => expect(await virtual.spokenPhraseLog()).toContain(returnSaid));
  const log = await virtual.spokenPhraseLog();
  expect(log).toContain('polite: Direct debit is set up');
  expect(log).toContain('heading, Direct debit is set up, level 1');
});
