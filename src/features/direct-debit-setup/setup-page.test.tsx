/**
 * The setup page against the sandbox's own handler core, through MSW (conventions.md, "Tests").
 * Each test makes a fresh setup link on one in-memory sandbox; the page runs behind the real
 * router, query client and API client, on jsdom's origin.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { directDebitTokenHeader, setupStateResponseSchema } from '../../../contract/direct-debit';
import { nubanCheckDigit } from '../../../contract/nuban';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { App } from '../../app/app';
import { startFirstDownloads } from '../../app/first-downloads';
import { startFirstRequests } from '../../app/first-requests';
import { createQueryClient } from '../../app/query-client';
import { forgetCapabilityToken } from '../../lib/capability-token';
import { redirectTo } from '../../lib/redirect';
import { translate } from '../../messages/i18n';
import { stepModules } from './lazy-steps';
import { rejectionCategoryOf, type RejectionCategory } from './rejection-reason';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

// Every request the page sends, as "METHOD /path?query" (its whole URL but the origin, so that a
// token put in a query string shows), and the capability token each carried in its header.
let sent: string[] = [];
let tokensSent: (string | null)[] = [];
server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  sent.push(`${request.method} ${url.pathname}${url.search}`);
  tokensSent.push(request.headers.get(directDebitTokenHeader));
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent = [];
  tokensSent = [];
  forgetCapabilityToken('directDebitSetup');
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

const merchant = sandbox.credentials.merchantName;

// The sandbox's documented test accounts (sandbox/README.md): GTBank (bank id 000013, CBN code
// 058) serials 000000001 to 000000006 with their check digit.
const testSerials = {
  approved_after_delay: '000000001',
  verified: '000000002',
  pending_activation: '000000003',
  rejected: '000000005',
  account_not_found: '000000006',
} as const;
function testAccountFor(outcome: keyof typeof testSerials): string {
  const serial = testSerials[outcome];
  return serial + String(nubanCheckDigit('058', serial));
}
const returnUrl = 'https://Merchant.example.com/billing/return?ref=42';
const normalizedReturnUrl = 'https://merchant.example.com/billing/return?ref=42';

function renderPage(path: string, options: { retry?: boolean } = {}) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  if (options.retry === false) {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    });
  }
  // As the entry and the app's start do (src/main.tsx, src/app/boot.tsx): the first reads
  // leave before the page renders, and the app's prefetches take them.
  startFirstDownloads(window.location.pathname);
  startFirstRequests(window.location.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

async function openSetup(link: { token: string }, options?: { retry?: boolean }) {
  renderPage(`/direct-debit/setup#token=${link.token}`, options);
  // The first test of a run also waits for the page's lazy chunks to compile.
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
}

async function chooseGtBank(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
}

async function enterAccount(user: ReturnType<typeof userEvent.setup>, accountNumber: string) {
  const field = screen.getByLabelText('Account number');
  await user.clear(field);
  await user.type(field, accountNumber);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function authorize(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  await user.click(screen.getByRole('checkbox', { name: /I authorize/ }));
  await user.click(screen.getByRole('button', { name: 'Authorize direct debit' }));
}

test('the happy path: bank, account, confirm, then the countdown and "Return now"', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await openSetup(link);

  expect(window.location.hash).toBe('');
  expect(screen.getByRole('note')).toHaveTextContent('Test mode');
  expect(screen.getByText(merchant)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  expect(sent).toEqual(
    expect.arrayContaining(['GET /direct-debit/setup', 'GET /direct-debit/setup/banks']),
  );

  await chooseGtBank(user);
  expect(screen.getByText('Bank: Guaranty Trust Bank')).toBeInTheDocument();
  await enterAccount(user, testAccountFor('verified'));

  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  const last4 = testAccountFor('verified').slice(-4);
  expect(screen.getByText(`******${last4}`)).toBeInTheDocument();
  expect(screen.getByText('Test data')).toBeInTheDocument();
  expect(screen.getByText('₦15,000.00')).toBeInTheDocument();
  expect(screen.getByText('Monthly')).toBeInTheDocument();

  // No consent, no request.
  await user.click(screen.getByRole('button', { name: 'Authorize direct debit' }));
  expect(screen.getByText('Tick the box to give your authorization.')).toBeInTheDocument();
  expect(sent).not.toContain('POST /direct-debit/setup');

  await authorize(user);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(sent.filter((request) => request === 'POST /direct-debit/setup')).toHaveLength(1);
  expect(screen.getByRole('timer')).toHaveTextContent(
    new RegExp(`Returning to ${merchant} in [1-5] s`),
  );

  await user.click(screen.getByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(normalizedReturnUrl));
  expect(redirectTo).toHaveBeenCalledTimes(1);

  // The token travels only in its header: every request, reads and writes, went to exactly its
  // path, and carried the link's token in its header.
  expect(new Set(sent)).toEqual(
    new Set([
      'GET /direct-debit/setup',
      'GET /direct-debit/setup/banks',
      'POST /direct-debit/setup/resolve-account',
      'POST /direct-debit/setup',
    ]),
  );
  expect(tokensSent).toEqual(sent.map(() => link.token));
});

test('coming back with the Back button after the return shows the status without a new countdown', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  const first = renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  await authorize(user);
  await user.click(await screen.findByRole('button', { name: 'Return now' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
  first.unmount();

  renderPage('/direct-debit/setup');
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Return to ${merchant}` })).toHaveAttribute(
    'href',
    normalizedReturnUrl,
  );
  expect(redirectTo).toHaveBeenCalledTimes(1);
});

test('the countdown returns to the merchant by itself after 5 seconds', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  await authorize(user);
  await screen.findByRole('timer');
  expect(redirectTo).not.toHaveBeenCalled();
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith(normalizedReturnUrl), {
    timeout: 7_000,
  });
});

test('"Stay here" stops the countdown and leaves a manual return link', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  await authorize(user);
  await user.click(await screen.findByRole('button', { name: 'Stay here' }));

  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Return to ${merchant}` })).toHaveAttribute(
    'href',
    normalizedReturnUrl,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('an approved mandate without a return URL shows success and stays', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  await authorize(user);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Return to/ })).not.toBeInTheDocument();
});

test('a wrong check digit is caught in the browser: no lookup is sent', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await chooseGtBank(user);
  const valid = testAccountFor('verified');
  const wrong = valid.slice(0, 9) + String((Number(valid[9]) + 1) % 10);
  await enterAccount(user, wrong);

  expect(
    await screen.findByText(
      'This is not a valid Guaranty Trust Bank account number. Check the number, or change the bank.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Account number')).toHaveAttribute('aria-invalid', 'true');
  await enterAccount(user, '12345');
  expect(screen.getByText('Enter exactly 10 digits.')).toBeInTheDocument();
  expect(sent).not.toContain('POST /direct-debit/setup/resolve-account');
});

test('an account the bank does not know is said so, and the same pair is never looked up twice', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await chooseGtBank(user);
  const missing = testAccountFor('account_not_found');
  await enterAccount(user, missing);

  expect(
    await screen.findByText(
      'Guaranty Trust Bank has no account with this number. Check the number, or change the bank.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Account number')).toHaveValue(missing);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(sent.filter((r) => r === 'POST /direct-debit/setup/resolve-account')).toHaveLength(1);

  // A good number resolves; going back and entering it again reuses the answer.
  await enterAccount(user, testAccountFor('verified'));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  await user.click(screen.getByRole('button', { name: 'Change account' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  expect(sent.filter((r) => r === 'POST /direct-debit/setup/resolve-account')).toHaveLength(2);
});

test('a rate-limited lookup shows the wait from Retry-After and keeps the input', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  // Spend the link's lookups (5 a minute) outside the page.
  for (let serial = 100; serial < 105; serial += 1) {
    const nine = `000000${serial}`;
    const spent = await sandbox.setupApi(
      'POST',
      '/direct-debit/setup/resolve-account',
      link.token,
      {
        bankId: '000013',
        bankAccountNumber: nine + String(nubanCheckDigit('058', nine)),
      },
    );
    expect(spent.status).toBe(200);
  }
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    /Too many account checks\. Try again in \d+ s\./,
  );
  expect(screen.getByLabelText('Account number')).toHaveValue(testAccountFor('verified'));
  expect(screen.getByRole('button', { name: /Try again in \d+ s/ })).toBeDisabled();
});

test('a pending mandate explains the activation transfer and keeps checking', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('pending_activation'));
  await authorize(user);

  await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });
  const activation = screen.getByRole('region', { name: 'Activate it with a small transfer' });
  expect(within(activation).getByText('₦50.00')).toBeInTheDocument();
  expect(within(activation).getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
  expect(screen.getByText(/Last checked at \d\d:\d\d:\d\d/)).toBeInTheDocument();
  // Pending never returns by itself, but the manual link is there.
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Return to ${merchant}` })).toHaveAttribute(
    'href',
    normalizedReturnUrl,
  );

  const before = sent.filter((r) => r === 'GET /direct-debit/setup').length;
  await waitFor(
    () =>
      expect(sent.filter((r) => r === 'GET /direct-debit/setup').length).toBeGreaterThan(before),
    { timeout: 5_000 },
  );
});

test('a pending mandate that the bank approves while watching starts the return', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('approved_after_delay'));
  await authorize(user);
  await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });
  // No activation step asked of the customer: they may leave.
  expect(screen.getByText(/You can leave this page/)).toBeInTheDocument();

  sandbox.clock.advanceBy(60_000);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Direct debit is set up' },
    { timeout: 6_000 },
  );
  expect(screen.getByRole('timer')).toHaveTextContent(`Returning to ${merchant}`);
});

test('a reload resumes where the service stands: a rejected mandate, then another account', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: testAccountFor('rejected'),
    consent: true,
  });
  expect(submitted.status).toBe(201);

  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', {
    level: 1,
    name: 'Your bank did not approve the direct debit',
  });
  // The account type refusal: its own message, then the bank's words.
  expect(
    screen.getByText('Your bank says this type of account cannot be used for direct debit.'),
  ).toBeInTheDocument();
  expect(screen.getByText(/^Your bank said: Mandate rejected: /)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try another account' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
});

test('the sandbox’s rejected test accounts give one reason of each kind the page tells apart', async () => {
  // sandbox/README.md, "Test account numbers": the rejected ones, serials 5 and 7 to 12.
  const serials = [
    '000000005',
    '000000007',
    '000000008',
    '000000009',
    '000000010',
    '000000011',
    '000000012',
  ];
  const categories = new Set<RejectionCategory>();
  for (const serial of serials) {
    const link = await sandbox.createSetupLink();
    const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
      bankId: '000013',
      bankAccountNumber: serial + String(nubanCheckDigit('058', serial)),
      consent: true,
    });
    const { data } = setupStateResponseSchema.parse(submitted.body);
    expect(data.mandate?.status).toBe('rejected');
    categories.add(rejectionCategoryOf(data.mandate?.rejectionReason ?? null));
  }
  expect([...categories].sort()).toEqual(
    [
      'account_not_eligible',
      'closed',
      'customer_declined',
      'details_mismatch',
      'dormant',
      'general',
      'restricted',
    ].sort(),
  );
});

test('a dormant account’s rejection says so, with the bank’s words beneath', async () => {
  const link = await sandbox.createSetupLink();
  const serial = '000000008';
  await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: serial + String(nubanCheckDigit('058', serial)),
    consent: true,
  });
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', {
    level: 1,
    name: 'Your bank did not approve the direct debit',
  });
  expect(screen.getByText(/Your bank says this account is dormant/)).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your bank said: Mandate rejected: Dormant Account - reactivation required (sandbox data)',
    ),
  ).toBeInTheDocument();
});

test('an unknown link says so with the request reference, and sends nothing else', async () => {
  renderPage(`/direct-debit/setup#token=${'x'.repeat(43)}`);
  await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
  expect(screen.getByText(/A newer link may have replaced it/)).toBeInTheDocument();
  expect(screen.getByText(/Open the latest email/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
});

test('a link without a token never calls the API', async () => {
  renderPage('/direct-debit/setup');
  await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
  expect(screen.getByText('The link is incomplete: it has no access code.')).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('a token in the query string is ignored', async () => {
  const link = await sandbox.createSetupLink();
  renderPage(`/direct-debit/setup?token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
  expect(sent).toEqual([]);
});

test('a reload in the same tab works from the kept token', async () => {
  const link = await sandbox.createSetupLink();
  const first = renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
  first.unmount();
  forgetCapabilityToken('directDebitSetup'); // memory is gone after a reload; sessionStorage is not
  window.sessionStorage.setItem('dd-token', link.token);
  renderPage('/direct-debit/setup');
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
});

test('an unexpected server error shows the reference and "Try again" recovers', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  server.use(
    http.get(
      '*/direct-debit/setup',
      ({ request }) =>
        request.headers.has(directDebitTokenHeader)
          ? HttpResponse.json(
              {
                statusCode: 500,
                message: 'boom',
                requestId: 'req_test_500',
                code: 'INTERNAL_ERROR',
                path: '/direct-debit/setup',
                timestamp: new Date().toISOString(),
              },
              { status: 500 },
            )
          : undefined,
      { once: true },
    ),
  );
  renderPage(`/direct-debit/setup#token=${link.token}`, { retry: false });
  await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
  expect(screen.getByText('req_test_500')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' });
});

test('an account number typed first puts the matching banks on top', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await user.type(screen.getByLabelText('Account number (optional)'), testAccountFor('verified'));
  const suggested = screen.getByRole('group', { name: 'Suggested for this account number' });
  expect(
    within(suggested).getByRole('option', { name: 'Guaranty Trust Bank' }),
  ).toBeInTheDocument();

  await user.click(within(suggested).getByRole('option', { name: 'Guaranty Trust Bank' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
  expect(screen.getByLabelText('Account number')).toHaveValue(testAccountFor('verified'));
});

test('Continue without a bank asks for one', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(screen.getByText('Choose your bank.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Choose your bank' })).toBeInTheDocument();
});

test('other paths show the not-found page', async () => {
  renderPage('/somewhere/else');
  await screen.findByRole('heading', { level: 1, name: 'Page not found' });
  expect(sent).toEqual([]);
});

test('the entry sends the first reads before the app exists, and the page takes them: each is sent once', async () => {
  const link = await sandbox.createSetupLink();
  window.history.replaceState(null, '', `/direct-debit/setup#token=${link.token}`);
  startFirstDownloads(window.location.pathname);
  // Sent with the link's token before the app or the page exists; the token is still for the
  // page to read and take out of the address bar.
  await waitFor(() =>
    expect(sent).toEqual(
      expect.arrayContaining(['GET /direct-debit/setup', 'GET /direct-debit/setup/banks']),
    ),
  );
  expect(window.location.hash).toBe(`#token=${link.token}`);

  // The app starts (src/app/boot.tsx): its prefetches and the page take the reads in flight.
  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  render(<App queryClient={queryClient} />);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
  expect(window.location.hash).toBe('');
  expect(screen.getByRole('option', { name: 'Guaranty Trust Bank' })).toBeInTheDocument();
  expect(sent.filter((request) => request.startsWith('GET '))).toEqual([
    'GET /direct-debit/setup',
    'GET /direct-debit/setup/banks',
  ]);
});

async function submitDirectly(link: { token: string }, outcome: keyof typeof testSerials) {
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: testAccountFor(outcome),
    consent: true,
  });
  expect(submitted.status).toBe(201);
}

test('turning automatic debit off asks first, states its effects, and sends one request', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await submitDirectly(link, 'pending_activation');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });

  await user.click(screen.getByRole('button', { name: 'Turn off automatic debit' }));
  const dialog = screen.getByRole('region', { name: 'Turn off automatic debit?' });
  expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
  expect(within(dialog).getByText(/will stop collecting renewals/)).toBeInTheDocument();
  expect(
    within(dialog).getByText(/already sent to your bank may still go through/),
  ).toBeInTheDocument();
  // "Keep it on" changes nothing, and focus goes back to the button that opened the question.
  await user.click(within(dialog).getByRole('button', { name: 'Keep it on' }));
  expect(sent).not.toContain('POST /direct-debit/setup/disable');
  expect(screen.getByRole('button', { name: 'Turn off automatic debit' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Turn off automatic debit' }));
  await user.dblClick(screen.getByRole('button', { name: 'Yes, turn it off' }));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
  expect(sent.filter((r) => r === 'POST /direct-debit/setup/disable')).toHaveLength(1);
  expect(
    screen.queryByRole('button', { name: 'Turn off automatic debit' }),
  ).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Return to ${merchant}` })).toBeInTheDocument();

  // The bank confirms the revocation; the page finds out by itself and stops there.
  sandbox.clock.advanceBy(60_000);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Automatic debit is off' },
    { timeout: 6_000 },
  );
  expect(redirectTo).not.toHaveBeenCalled();
});

test('a failed disable keeps the confirmation open with the reference, and retrying works', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'verified');
  server.use(
    http.post(
      '*/direct-debit/setup/disable',
      () =>
        HttpResponse.json(
          {
            statusCode: 503,
            message: 'down',
            requestId: 'req_disable_503',
            code: 'INTERNAL_ERROR',
            path: '/direct-debit/setup/disable',
            timestamp: new Date().toISOString(),
          },
          { status: 503 },
        ),
      { once: true },
    ),
  );
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  await user.click(screen.getByRole('button', { name: 'Turn off automatic debit' }));
  await user.click(screen.getByRole('button', { name: 'Yes, turn it off' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing has changed/);
  expect(screen.getByText('req_disable_503')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Yes, turn it off' }));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
});

test('a link the merchant revoked says it was withdrawn', async () => {
  const link = await sandbox.createSetupLink();
  const revoked = await sandbox.api(
    'POST',
    `/sandbox/v1/subscriptions/${link.subscriptionId}/direct-debit/revoke-link`,
    { body: {} },
  );
  expect(revoked.status).toBe(200);
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
  expect(screen.getByText('The business has withdrawn this link.')).toBeInTheDocument();
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
});

test('the page says when the phone is offline, and checks the status again when it is back', async () => {
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'pending_activation');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  expect(await screen.findByText(/You are offline/)).toBeInTheDocument();

  onLine.mockReturnValue(true);
  const before = sent.filter((r) => r === 'GET /direct-debit/setup').length;
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument());
  await waitFor(() =>
    expect(sent.filter((r) => r === 'GET /direct-debit/setup').length).toBeGreaterThan(before),
  );
  onLine.mockRestore();
});

test('an unknown result stays on the page, explains it, and offers no other account', async () => {
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: `000000004${nubanCheckDigit('058', '000000004')}`,
    consent: true,
  });
  expect(submitted.status).toBe(201);
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'We are confirming your direct debit' });
  expect(screen.getByText(/nothing more you need to do now/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try another account' })).not.toBeInTheDocument();
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: `Return to ${merchant}` })).toBeInTheDocument();
  expect(redirectTo).not.toHaveBeenCalled();
});

test('a pending status is checked again when the window regains focus', async () => {
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'pending_activation');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });
  const before = sent.filter((r) => r === 'GET /direct-debit/setup').length;
  window.dispatchEvent(new Event('focus'));
  await waitFor(() =>
    expect(sent.filter((r) => r === 'GET /direct-debit/setup').length).toBeGreaterThan(before),
  );
});

test('a link past its 30 days says it has expired, and the page forgets its token', async () => {
  const link = await sandbox.createSetupLink();
  sandbox.clock.advanceBy(30 * 24 * 60 * 60 * 1000);
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'This link is not valid' });
  expect(screen.getByText('This link has expired.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
  expect(window.sessionStorage.getItem('dd-token')).toBeNull();
});

// ---------------------------------------------------------------------------------------------
// Review fixes: checks after approval, failed checks, step downloads, disable races, bank search,
// rate-limit wait, activation deadline.

// The browser says "online" only after "offline" (TanStack Query reacts to the change).
function backOnline() {
  window.dispatchEvent(new Event('offline'));
  window.dispatchEvent(new Event('online'));
}

function setupGets(): number {
  return sent.filter((r) => r === 'GET /direct-debit/setup').length;
}

async function disableAsMerchant(subscriptionId: string) {
  const disabled = await sandbox.api(
    'POST',
    `/api/v1/subscriptions/${subscriptionId}/direct-debit/disable`,
    { body: {} },
  );
  expect(disabled.status).toBe(200);
}

function errorBody(status: number, requestId: string) {
  return HttpResponse.json(
    {
      statusCode: status,
      message: 'unavailable',
      requestId,
      code: 'INTERNAL_ERROR',
      path: '/direct-debit/setup',
      timestamp: new Date().toISOString(),
    },
    { status },
  );
}

test('approved, "Stay here", then the merchant turns debit off: a refocused tab says so', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await submitDirectly(link, 'verified');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  await user.click(screen.getByRole('button', { name: 'Stay here' }));

  // Coming back checks again, and does not restart the countdown the customer stopped.
  let before = setupGets();
  window.dispatchEvent(new Event('focus'));
  await waitFor(() => expect(setupGets()).toBeGreaterThan(before));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();

  await disableAsMerchant(link.subscriptionId);
  before = setupGets();
  document.dispatchEvent(new Event('visibilitychange'));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
  expect(setupGets()).toBeGreaterThan(before);
  expect(screen.queryByText(/can now collect your subscription/)).not.toBeInTheDocument();
  expect(redirectTo).not.toHaveBeenCalled();
});

test('approved with no countdown: checked again when back online, not on a timer', async () => {
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'verified');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  const before = setupGets();
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  expect(setupGets()).toBe(before);

  await disableAsMerchant(link.subscriptionId);
  backOnline();
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
});

test('debit turned off during the countdown: a check on focus stops it and the page never leaves', async () => {
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  await submitDirectly(link, 'verified');
  const startedAt = Date.now();
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('timer');

  await disableAsMerchant(link.subscriptionId);
  window.dispatchEvent(new Event('focus'));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  // Past the moment the countdown would have returned.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 6_000 - Date.now())));
  expect(redirectTo).not.toHaveBeenCalled();
});

test('a status check that fails with a 5xx shows its reference and "Check now" recovers', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'verified');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });

  server.use(
    http.get('*/direct-debit/setup', () => errorBody(503, 'req_check_503'), { once: true }),
  );
  window.dispatchEvent(new Event('focus'));
  expect(await screen.findByText('We could not check the status just now.')).toBeInTheDocument();
  expect(screen.getByText('req_check_503')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();

  const before = setupGets();
  await user.click(screen.getByRole('button', { name: 'Check now' }));
  await waitFor(() =>
    expect(screen.queryByText('We could not check the status just now.')).not.toBeInTheDocument(),
  );
  expect(setupGets()).toBe(before + 1);
  expect(screen.queryByText('req_check_503')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Check now' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Direct debit is set up' })).toBeVisible();
});

test('a status check that gets no answer says so, with "Check now"', async () => {
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'verified');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });

  server.use(http.get('*/direct-debit/setup', () => HttpResponse.error(), { once: true }));
  backOnline();
  expect(
    await screen.findByText(/We could not reach the server to check the status/),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Check now' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Copy reference' })).not.toBeInTheDocument();
});

test('a status check in flight when debit is turned off cannot bring the old status back', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: `000000004${nubanCheckDigit('058', '000000004')}`,
    consent: true,
  });
  expect(submitted.status).toBe(201);
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'We are confirming your direct debit' });

  // The next status check is answered (as "unknown") only after the disable call went through.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  server.use(
    http.get(
      '*/direct-debit/setup',
      async ({ request }) => {
        held = true;
        const answer = await sandbox.handle(request);
        await released;
        return answer;
      },
      { once: true },
    ),
  );
  window.dispatchEvent(new Event('focus'));
  await waitFor(() => expect(held).toBe(true));

  await user.click(screen.getByRole('button', { name: 'Turn off automatic debit' }));
  await user.click(screen.getByRole('button', { name: 'Yes, turn it off' }));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
  release();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(
    screen.getByRole('heading', { level: 1, name: 'Automatic debit is being turned off' }),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: 'Turn off automatic debit' }),
  ).not.toBeInTheDocument();
});

test('a step whose code fails to download can be retried, keeping the bank and the number', async () => {
  const user = userEvent.setup();
  const account = vi
    .spyOn(stepModules, 'account')
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
  // React reports the errors its boundaries catch.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const link = await sandbox.createSetupLink();
    await openSetup(link);
    const number = testAccountFor('verified');
    await user.type(screen.getByLabelText('Account number (optional)'), number);
    await user.type(screen.getByLabelText('Search banks'), 'guaranty');
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { level: 1, name: 'This step could not be loaded' });
    expect(screen.getByText(/What you entered is kept/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload the page' })).not.toBeInTheDocument();

    // Still failing: the retry tries the download again, and now a reload is offered too.
    const calls = account.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Reload the page' });
    expect(account.mock.calls.length).toBeGreaterThan(calls);

    account.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Enter your account number' });
    expect(screen.getByText('Bank: Guaranty Trust Bank')).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveValue(number);
    expect(sent).not.toContain('POST /direct-debit/setup/resolve-account');
  } finally {
    account.mockRestore();
    consoleError.mockRestore();
  }
});

test('a first visit does not download the status view; a status whose code fails to load can be retried', async () => {
  const user = userEvent.setup();
  const status = vi.spyOn(stepModules, 'status');
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const fresh = await sandbox.createSetupLink();
    await openSetup(fresh);
    expect(status).not.toHaveBeenCalled();

    const link = await sandbox.createSetupLink();
    const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
      bankId: '000013',
      bankAccountNumber: testAccountFor('rejected'),
      consent: true,
    });
    expect(submitted.status).toBe(201);
    status.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    cleanup();
    renderPage(`/direct-debit/setup#token=${link.token}`);
    await screen.findByRole('heading', { level: 1, name: 'This step could not be loaded' });

    status.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', {
      level: 1,
      name: 'Your bank did not approve the direct debit',
    });
  } finally {
    status.mockRestore();
    consoleError.mockRestore();
  }
});

test('an error in a step that is not a failed download goes to the page-wide error view', async () => {
  const user = userEvent.setup();
  const broken = vi.spyOn(stepModules, 'account').mockResolvedValue({
    AccountStep: () => {
      throw new Error('a bug');
    },
  });
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const link = await sandbox.createSetupLink();
    await openSetup(link);
    await user.type(screen.getByLabelText('Search banks'), 'guaranty');
    await user.click(screen.getByRole('option', { name: 'Guaranty Trust Bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText(translate('common.rootError.body'));
    expect(
      screen.queryByRole('heading', { name: 'This step could not be loaded' }),
    ).not.toBeInTheDocument();
  } finally {
    broken.mockRestore();
    consoleError.mockRestore();
  }
});

test('the bank search filters the suggested banks too, and the count says what is listed', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await user.type(screen.getByLabelText('Account number (optional)'), testAccountFor('verified'));
  const banks = screen.getByRole('group', { name: 'Your bank' });
  expect(
    within(banks).getByRole('group', { name: 'Suggested for this account number' }),
  ).toBeInTheDocument();

  // A search that the suggestion does not match hides it.
  await user.type(screen.getByLabelText('Search banks'), 'access');
  expect(
    within(banks).queryByRole('group', { name: 'Suggested for this account number' }),
  ).not.toBeInTheDocument();
  expect(
    within(banks).queryByRole('option', { name: 'Guaranty Trust Bank' }),
  ).not.toBeInTheDocument();
  const listed = within(banks).getAllByRole('option').length;
  expect(listed).toBeGreaterThan(0);
  expect(within(banks).getByRole('status')).toHaveTextContent(
    translate('setup.bank.matches', { count: listed }),
  );

  // A search the suggestion matches keeps it on top, counted once.
  await user.clear(screen.getByLabelText('Search banks'));
  await user.type(screen.getByLabelText('Search banks'), 'guaranty');
  const suggested = within(banks).getByRole('group', { name: 'Suggested for this account number' });
  expect(
    within(suggested).getByRole('option', { name: 'Guaranty Trust Bank' }),
  ).toBeInTheDocument();
  expect(within(banks).getAllByRole('option', { name: 'Guaranty Trust Bank' })).toHaveLength(1);
  expect(within(banks).getByRole('status')).toHaveTextContent(
    translate('setup.bank.matches', { count: within(banks).getAllByRole('option').length }),
  );
  expect(
    within(banks).queryByText(translate('setup.bank.matches', { count: 0 })),
  ).not.toBeInTheDocument();
});

async function pendingWithActivation(): Promise<{
  token: string;
  activation: { deadline: string; destinationAccountNumber: string };
}> {
  const link = await sandbox.createSetupLink({ callbackUrl: returnUrl });
  const submitted = await sandbox.setupApi('POST', '/direct-debit/setup', link.token, {
    bankId: '000013',
    bankAccountNumber: testAccountFor('pending_activation'),
    consent: true,
  });
  expect(submitted.status).toBe(201);
  const { activation } = (
    submitted.body as {
      data: { mandate: { activation: { deadline: string; destinationAccountNumber: string } } };
    }
  ).data.mandate;
  return { token: link.token, activation };
}

test('a pending mandate whose activation deadline has passed (service time) no longer asks for the transfer', async () => {
  const { token, activation } = await pendingWithActivation();
  const before = sandbox.clock.now();
  // The service's clock is past the deadline; the phone's own clock is not.
  sandbox.clock.set(new Date(Date.parse(activation.deadline) + 60_000));
  try {
    renderPage(`/direct-debit/setup#token=${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Waiting for your bank' });
    const expired = screen.getByRole('region', {
      name: 'The time for the activation transfer has passed',
    });
    expect(within(expired).getByText(/Do not make the transfer now/)).toBeInTheDocument();
    // Never "you can leave this page" beside "do not make the transfer".
    expect(screen.queryByText(/You can leave this page/)).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Activate it with a small transfer' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(activation.destinationAccountNumber)).not.toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  } finally {
    sandbox.clock.set(before);
  }
});

test('a phone whose clock runs two days fast still shows the activation transfer in time', async () => {
  const { token, activation } = await pendingWithActivation();
  vi.setSystemTime(Date.parse(activation.deadline) + 3_600_000);
  try {
    renderPage(`/direct-debit/setup#token=${token}`);
    const instructions = await screen.findByRole('region', {
      name: 'Activate it with a small transfer',
    });
    expect(within(instructions).getByText(activation.destinationAccountNumber)).toBeInTheDocument();
  } finally {
    vi.useRealTimers();
  }
});

test('the activation instructions give way when the deadline passes while the page is open', async () => {
  const { token, activation } = await pendingWithActivation();
  const before = sandbox.clock.now();
  sandbox.clock.set(new Date(Date.parse(activation.deadline) - 800));
  try {
    renderPage(`/direct-debit/setup#token=${token}`);
    await screen.findByRole('region', { name: 'Activate it with a small transfer' });
    await screen.findByRole(
      'region',
      { name: 'The time for the activation transfer has passed' },
      { timeout: 3_000 },
    );
  } finally {
    sandbox.clock.set(before);
  }
});

// ---------------------------------------------------------------------------------------------
// Actions that get no answer (issue 14, point 4; decision 0023): offline, nothing is sent and the
// step keeps what was entered; a lost answer is retried with the same Idempotency-Key.

/** While the phone says it is offline: `apiRequest` refuses writes at once. */
function goOffline() {
  return vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

const posts = (path: string) => sent.filter((r) => r === `POST ${path}`);

/** The subscription's mandates, as the merchant lists them. */
async function mandatesOf(subscriptionId: string): Promise<unknown[]> {
  const list = await sandbox.api('GET', '/api/v1/subscriptions/direct-debit');
  const { data } = list.body as { data: { subscriptionId: string }[] };
  return data.filter((mandate) => mandate.subscriptionId === subscriptionId);
}

test('offline, the account lookup is not sent: the notice says nothing has changed, the number stays, and Try again looks it up', async () => {
  const user = userEvent.setup();
  await openSetup(await sandbox.createSetupLink());
  await chooseGtBank(user);
  const online = goOffline();
  await enterAccount(user, testAccountFor('verified'));

  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent('You are offline. Nothing has changed');
  expect(screen.getByLabelText('Account number')).toHaveValue(testAccountFor('verified'));
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(posts('/direct-debit/setup/resolve-account')).toEqual([]);

  online.mockRestore();
  await user.click(within(notice).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Confirm your direct debit' });
  expect(posts('/direct-debit/setup/resolve-account')).toHaveLength(1);
});

test('offline, the authorization is not sent: the consent stays ticked, and Try again authorizes once', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  const online = goOffline();
  await authorize(user);

  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent('You are offline. Nothing has changed');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Confirm your direct debit');
  expect(screen.getByRole('checkbox', { name: /I authorize/ })).toBeChecked();
  expect(posts('/direct-debit/setup')).toEqual([]);
  expect(await mandatesOf(link.subscriptionId)).toEqual([]);

  online.mockRestore();
  await user.click(within(notice).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(posts('/direct-debit/setup')).toHaveLength(1);
  expect(await mandatesOf(link.subscriptionId)).toHaveLength(1);
});

test('offline, turning debit off is not sent: the confirmation stays open with the notice, and Try again turns it off', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  await submitDirectly(link, 'verified');
  renderPage(`/direct-debit/setup#token=${link.token}`);
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  await user.click(screen.getByRole('button', { name: 'Turn off automatic debit' }));
  const online = goOffline();
  await user.click(screen.getByRole('button', { name: 'Yes, turn it off' }));

  const dialog = screen.getByRole('region', { name: 'Turn off automatic debit?' });
  const notice = await within(dialog).findByRole('alert');
  expect(notice).toHaveTextContent('You are offline. Nothing has changed');
  expect(within(dialog).getByRole('button', { name: 'Yes, turn it off' })).toBeEnabled();
  expect(posts('/direct-debit/setup/disable')).toEqual([]);

  online.mockRestore();
  await user.click(within(notice).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Automatic debit is being turned off' });
  expect(posts('/direct-debit/setup/disable')).toHaveLength(1);
});

test('an authorization whose answer was lost is sent again with the same key and makes one mandate', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  const keys: (string | null)[] = [];
  let lose = true;
  server.use(
    http.post('*/direct-debit/setup', async ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      // The service applies it; only its answer is lost on the way back.
      const answer = await sandbox.handle(request);
      return lose ? HttpResponse.error() : answer;
    }),
  );
  await openSetup(link);
  await chooseGtBank(user);
  await enterAccount(user, testAccountFor('verified'));
  await authorize(user);

  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent('No answer from the service');
  expect(screen.getByRole('checkbox', { name: /I authorize/ })).toBeChecked();
  expect(await mandatesOf(link.subscriptionId)).toHaveLength(1);

  lose = false;
  await user.click(within(notice).getByRole('button', { name: 'Try again' }));
  await screen.findByRole('heading', { level: 1, name: 'Direct debit is set up' });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^act_/);
  expect(keys[1]).toBe(keys[0]);
  expect(await mandatesOf(link.subscriptionId)).toHaveLength(1);
});
