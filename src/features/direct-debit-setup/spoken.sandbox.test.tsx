/**
 * What a screen reader speaks on the setup page's status changes, and where focus goes when
 * Continue on the account step fails (issue 27.3), against the sandbox core through MSW. Heard through a virtual screen reader
 * (@guidepup/virtual-screen-reader), which reads what takes the focus and what changes in live
 * regions, as screen readers do.
 */
import { virtual } from '@guidepup/virtual-screen-reader';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { chooseGtBank, enterAccount, gtAccount, openSetup } from './setup-page-testing';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  forgetCapabilityToken('dd');
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
