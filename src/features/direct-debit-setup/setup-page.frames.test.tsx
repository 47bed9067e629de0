/**
 * The setup page on Preact's own effect timing (src/lib/test-frames.ts; decision 0031): what a
 * customer does in the frame between a render and its passive effects. Both bugs reached CI once
 * (decision 0027) and passed every test that runs effects with the render, as React does under
 * test. Against the sandbox's handler core through MSW, as setup-page.test.tsx.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { nubanCheckDigit } from '../../../contract/nuban';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { frameLikeEffects } from '../../lib/test-frames';

const frames = frameLikeEffects();
const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => forgetCapabilityToken('directDebitSetup'));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

// GTBank (CBN code 058) test serial 000000002: verified (sandbox/README.md).
const verifiedAccount = '000000002' + String(nubanCheckDigit('058', '000000002'));

/** The page as the entry starts it (src/main.tsx, src/app/boot.tsx), on Preact's own root. */
function renderPage(path: string) {
  window.history.replaceState(window.history.state, '', path);
  const queryClient = createQueryClient();
  startFirstDownloads(window.location.pathname);
  startFirstRequests(window.location.pathname, queryClient);
  return frames.render(<App queryClient={queryClient} />);
}

async function openAccountStep(user: ReturnType<typeof userEvent.setup>) {
  const link = await sandbox.createSetupLink();
  window.history.replaceState(null, '', '/');
  const page = renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  return { link, page };
}

/** Fired when the history entry `ddStep` shows (jsdom traverses history in a task of its own). */
function nextPopState(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );
}

test('digits typed just before a reload are still in the box after it', async () => {
  const user = userEvent.setup();
  const { link, page } = await openAccountStep(user);
  const field = screen.getByLabelText('Account number');
  await user.type(field, verifiedAccount.slice(0, 8));

  // The last two digits, then a reload before the browser's next frame.
  frames.hold();
  await user.type(field, verifiedAccount.slice(8));
  expect(field).toHaveValue(verifiedAccount);
  page.unmount();
  frames.release();

  forgetCapabilityToken('directDebitSetup'); // memory is gone after a reload; sessionStorage is not
  window.sessionStorage.setItem('dd-token', link.token);
  renderPage('/direct-debit/setup');
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  expect(screen.getByLabelText('Account number')).toHaveValue(verifiedAccount);
});

test('two quick Backs keep the Forward entries: Forward returns to the steps left', async () => {
  const user = userEvent.setup();
  await openAccountStep(user);
  await user.type(screen.getByLabelText('Account number'), verifiedAccount);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });

  // Back, and Back again before the next frame.
  frames.hold();
  let popped = nextPopState();
  window.history.back();
  await popped;
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  popped = nextPopState();
  window.history.back();
  await popped;
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  frames.release();

  // Without a Forward entry, Forward does nothing and the bank step stays.
  window.history.forward();
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  window.history.forward();
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
});
