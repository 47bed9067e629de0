/**
 * The invoice page's first view, before its live page has arrived (docs/decisions/0028, second
 * addendum of issue 25), against the sandbox's own handler core through MSW: the invoice shows
 * from the read the document sent, the read is sent once, "Pay now" pressed before is sent once
 * the live page arrives, and the live page takes the screen over without redrawing it; a live page
 * that cannot be downloaded (offline) leaves the first view standing, and a press there is not
 * sent. The live page's arrival is held back by the test (the server-state loader the page is given).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createTestSubscription } from '../../../sandbox/testing/checkout-testing';
import { sandboxBehindMsw } from '../../../sandbox/testing/sandbox-behind-msw';
import { ErrorBoundary } from 'react-error-boundary';
import { startFirstDownloads } from '../../app/first-downloads';
import { renderWithLiveHalfHeldBack } from '../../app/held-back-live-half';
import { RootErrorView } from '../../app/root-error-view';
import { redirectTo } from '../../lib/redirect';
import { InvoicePage } from './invoice-page';

vi.mock('../../lib/redirect', () => ({ redirectTo: vi.fn() }));

const { sandbox, sent } = sandboxBehindMsw({
  publicOrigin: window.location.origin,
  start: new Date('2026-11-22T15:00:00.000Z'),
});

beforeEach(() => {
  window.sessionStorage.clear();
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The page of a new subscription's first invoice, opened as from its link (the document's read
 * already sent), with the live page held back until `arrive` is called.
 */
async function openHeldBack() {
  const subscription = await createTestSubscription(sandbox(), {
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const { invoice } = subscription;
  if (invoice.checkoutUrl === null) throw new Error('The invoice has no checkoutUrl');
  const url = new URL(invoice.checkoutUrl);
  window.history.replaceState(null, '', url.pathname + url.hash);
  startFirstDownloads(url.pathname);
  const { arrive, failDownloads, attempts, queryClient } = renderWithLiveHalfHeldBack(
    <ErrorBoundary FallbackComponent={RootErrorView}>
      <InvoicePage invoiceId={invoice.id} />
    </ErrorBoundary>,
  );
  return { invoice, arrive, failDownloads, attempts, queryClient };
}

test('the invoice shows before the live page arrives, and its read is sent once', async () => {
  const { invoice, arrive, queryClient } = await openHeldBack();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  expect(screen.getByText('Awaiting payment')).toBeVisible();
  expect(heading).toHaveFocus();
  expect(sent).toEqual([`GET /invoices/${invoice.id}`]);

  arrive();
  // The live page's query holds the invoice: it took the read the first view looked at.
  await waitFor(() =>
    expect(queryClient.getQueryState(['invoice', invoice.id])?.status).toBe('success'),
  );
  expect(sent).toEqual([`GET /invoices/${invoice.id}`]);
  // Taken over, not drawn again: the same heading, still focused.
  expect(screen.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBe(heading);
  expect(heading).toHaveFocus();
});

test('"Pay now" pressed before the live page arrives is sent once it does, once', async () => {
  const user = userEvent.setup();
  const { invoice, arrive } = await openHeldBack();
  await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  // The press shows at once; nothing is sent until the live page can send it.
  expect(screen.getByRole('button', { name: /Opening/ })).toBeDisabled();
  expect(sent.filter((line) => line.startsWith('POST'))).toEqual([]);

  arrive();
  await vi.waitFor(() => {
    expect(redirectTo).toHaveBeenCalledWith(invoice.authorizationUrl);
  });
  expect(sent.filter((line) => line.startsWith('POST'))).toHaveLength(1);
});

test('offline before the live page could download: the invoice stays, "Pay now" is not sent and says so, and back online nothing is sent until pressed again', async () => {
  const user = userEvent.setup();
  const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  const { invoice, arrive, failDownloads, queryClient } = await openHeldBack();
  failDownloads();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  const notice = await screen.findByRole('alert', { name: 'You are offline' });
  expect(notice).toHaveTextContent('Nothing has changed');
  // The first view stands: no error view took its place.
  expect(screen.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBe(heading);
  const posts = () => sent.filter((line) => line.startsWith('POST'));
  expect(posts()).toEqual([]);
  // Pressed again, still offline: the same notice; being offline is no reason to give up.
  await user.click(within(notice).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('alert', { name: 'You are offline' })).toBeVisible();
  await user.click(
    within(screen.getByRole('alert', { name: 'You are offline' })).getByRole('button', {
      name: 'Try again',
    }),
  );
  expect(await screen.findByRole('alert', { name: 'You are offline' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBe(heading);
  expect(posts()).toEqual([]);

  // Back online, the live page downloads by itself and takes over, saying the same: not sent.
  onLine.mockReturnValue(true);
  arrive();
  window.dispatchEvent(new Event('online'));
  await waitFor(() =>
    expect(queryClient.getQueryState(['invoice', invoice.id])?.status).toBe('success'),
  );
  expect(screen.getByRole('alert', { name: 'You are offline' })).toHaveTextContent(
    'Nothing has changed',
  );
  expect(posts()).toEqual([]);

  await user.click(
    within(screen.getByRole('alert', { name: 'You are offline' })).getByRole('button', {
      name: 'Try again',
    }),
  );
  await vi.waitFor(() => {
    expect(redirectTo).toHaveBeenCalledWith(invoice.authorizationUrl);
  });
  expect(posts()).toHaveLength(1);
});

test('online, a live page that cannot be downloaded: the first "Pay now" says it was not sent; the second gives way to the error view, whose button loads the page afresh', async () => {
  const user = userEvent.setup();
  const { attempts, failDownloads } = await openHeldBack();
  failDownloads();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pay your invoice' });
  // The first attempt, made by itself, has failed.
  await waitFor(() => expect(attempts()).toBeGreaterThan(0));
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
  expect(screen.getByRole('heading', { level: 1, name: 'Pay your invoice' })).toBe(heading);

  // A browser that remembers a failed download fails every later one at once: a way out.
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  expect(sent.filter((line) => line.startsWith('POST'))).toEqual([]);
});
