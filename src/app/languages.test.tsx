/**
 * The pages' languages end to end in jsdom (docs/decisions/0024-languages.md): the switch, the
 * browser's languages, the merchant's preference and the tab's choice, against the sandbox's own
 * handler core through MSW. Yoruba here is a stand-in catalog made from English (each message
 * prefixed "Yorùbá:"), so the test depends on the machinery, not on a translation's wording.
 */
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Messages } from '@lingui/core';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { createTestSandbox } from '../../sandbox/testing/test-sandbox';
import { ConfirmStep } from '../features/direct-debit-setup/confirm-step';
import { gtb, gtbAccount, open } from '../features/direct-debit-setup/test-fixtures';
import { forgetCapabilityToken } from '../lib/capability-token';
import {
  addCatalogLoaders,
  chooseLanguage,
  getLanguageState,
  translate,
  type CatalogPart,
} from '../messages/i18n';
import { messages as checkoutEnglish } from '../messages/locales/en/checkout.po';
import { messages as commonEnglish } from '../messages/locales/en/common.po';
import { messages as invoiceEnglish } from '../messages/locales/en/invoice.po';
import { messages as setupStepsEnglish } from '../messages/locales/en/setup-steps.po';
import { messages as setupEnglish } from '../messages/locales/en/setup.po';
import { usePageLanguage } from '../messages/use-messages';
import { App } from './app';
import { startFirstDownloads } from './first-downloads';
import { startFirstRequests } from './first-requests';
import { createQueryClient } from './query-client';

const sandbox = createTestSandbox();
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  sandbox.close();
});

/** English with every message prefixed "Yorùbá: " (compiled messages are strings or token lists). */
function standIn(english: Messages): Messages {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [
      id,
      typeof message === 'string' ? `Yorùbá: ${message}` : ['Yorùbá: ', ...message],
    ]),
  );
}

const loads: CatalogPart[] = [];
beforeEach(() => {
  forgetCapabilityToken('directDebitSetup');
  loads.length = 0;
  const standInLoader = (part: CatalogPart, english: Messages) => () => {
    loads.push(part);
    return Promise.resolve({ messages: standIn(english) });
  };
  // Every part the test setup registers (vitest.setup.ts): a language is offered only with all.
  const english = {
    common: commonEnglish,
    setup: setupEnglish,
    'setup-steps': setupStepsEnglish,
    checkout: checkoutEnglish,
    invoice: invoiceEnglish,
  };
  for (const [part, messages] of Object.entries(english) as [CatalogPart, Messages][]) {
    addCatalogLoaders(part, { [`./locales/yo/${part}.po`]: standInLoader(part, messages) });
  }
});

function renderSetupPage(token: string) {
  window.history.replaceState(null, '', `/direct-debit/setup#token=${token}`);
  startFirstDownloads(window.location.pathname);
  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  return render(<App queryClient={queryClient} />);
}

test('choosing Yorùbá changes the page’s words, <html lang> and title, and keeps the draft', async () => {
  const user = userEvent.setup();
  const link = await sandbox.createSetupLink();
  renderSetupPage(link.token);
  await screen.findByRole('heading', { level: 1, name: 'Choose your bank' }, { timeout: 5_000 });
  expect(document.documentElement.lang).toBe('en-NG');
  await user.type(screen.getByLabelText('Account number (optional)'), '0123');

  const select = screen.getByRole('combobox', { name: 'Language' });
  expect(within(select).getByRole('option', { name: 'Yorùbá' })).toHaveAttribute('lang', 'yo');
  expect(within(select).getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en-NG');
  await user.selectOptions(select, 'yo');

  await screen.findByRole('heading', { level: 1, name: 'Yorùbá: Choose your bank' });
  expect(document.documentElement.lang).toBe('yo');
  await waitFor(() => expect(document.title).toBe('Yorùbá: Set up direct debit'));
  // The same field, still holding what was typed: nothing was remounted or reloaded.
  expect(screen.getByLabelText('Yorùbá: Account number (optional)')).toHaveValue('0123');
  // The switch is labelled, and the change said, in the new language.
  expect(screen.getByRole('combobox', { name: 'Yorùbá: Language' })).toHaveValue('yo');
  expect(screen.getByText('Yorùbá: This page is now in English.')).toHaveAttribute(
    'role',
    'status',
  );
  // The catalogs of the parts in use (here every part: vitest.setup.ts registers them all, and
  // the setup page's later steps register theirs), each once.
  expect([...loads].sort()).toEqual(['checkout', 'common', 'invoice', 'setup', 'setup-steps']);
  // Kept for the tab.
  expect(sessionStorage.getItem('hosted-pages.language')).toBe('yo');
});

test('the browser’s language opens the page in it, and never shows English first', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['yo-NG', 'en-GB']);
  const link = await sandbox.createSetupLink();
  renderSetupPage(link.token);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Yorùbá: Choose your bank' },
    { timeout: 5_000 },
  );
  expect(document.documentElement.lang).toBe('yo');
  expect(screen.queryByRole('heading', { name: 'Choose your bank' })).not.toBeInTheDocument();
});

test('a page waits for the merchant’s preference before choosing a language, which then wins over the browser', async () => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
  const { result, rerender } = renderHook(
    ({ preferred }: { preferred: 'yo' | null | undefined }) => usePageLanguage('setup', preferred),
    { initialProps: { preferred: undefined as 'yo' | null | undefined } },
  );
  expect(result.current).toBe(false);
  rerender({ preferred: 'yo' });
  await waitFor(() => expect(result.current).toBe(true));
  expect(getLanguageState().active).toBe('yo');
  expect(translate('setup.bank.title')).toBe('Yorùbá: Choose your bank');
});

test('the customer’s choice wins over the merchant’s preference', async () => {
  await act(() => chooseLanguage('en'));
  const { result } = renderHook(() => usePageLanguage('setup', 'yo'));
  await waitFor(() => expect(result.current).toBe(true));
  expect(getLanguageState().active).toBe('en');
});

test('a language whose catalogs cannot be downloaded leaves the page in English', async () => {
  const offline = () => Promise.reject(new Error('offline'));
  addCatalogLoaders('common', { './locales/ig/common.po': offline });
  addCatalogLoaders('setup', { './locales/ig/setup.po': offline });
  const { result } = renderHook(() => usePageLanguage('setup', 'ig'));
  await waitFor(() => expect(result.current).toBe(true));
  expect(getLanguageState().active).toBe('en');
  expect(document.documentElement.lang).toBe('en-NG');
});

test('in another language, the mandate consent shows its exact English text one tap away', async () => {
  const user = userEvent.setup();
  await act(() => chooseLanguage('yo'));
  render(
    <ConfirmStep
      setup={open}
      bank={gtb}
      accountNumber={gtbAccount}
      accountName="TEST ACCOUNT"
      notice={null}
      busy={false}
      onConfirm={() => undefined}
      onChangeAccount={() => undefined}
    />,
  );
  const consent = screen.getByRole('checkbox', { name: /^Yorùbá: I authorize/ });
  expect(consent).not.toBeChecked();
  const english = screen.getByText(
    /^I authorize .+ from this account by direct debit until I cancel\.$/,
  );
  expect(english).not.toBeVisible();
  const show = screen.getByRole('button', { name: 'Yorùbá: Show the authorization in English' });
  expect(show).toHaveAttribute('aria-expanded', 'false');
  await user.click(show);
  expect(english).toBeVisible();
  expect(screen.getByRole('button', { name: 'Yorùbá: Hide the English text' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(english).toHaveAttribute('lang', 'en');
  expect(english).toHaveTextContent(`I authorize ${open.merchant.name} to collect ₦`);
});

test('in English, the consent has no “Show in English”', () => {
  render(
    <ConfirmStep
      setup={open}
      bank={gtb}
      accountNumber={gtbAccount}
      accountName="TEST ACCOUNT"
      notice={null}
      busy={false}
      onConfirm={() => undefined}
      onChangeAccount={() => undefined}
    />,
  );
  expect(
    screen.queryByRole('button', { name: 'Show the authorization in English' }),
  ).not.toBeInTheDocument();
});
