/**
 * The checkout page's first view, before its live flow has arrived (docs/decisions/0028, second
 * addendum of issue 25), against the sandbox's own handler core through MSW: the account to pay
 * into shows from the read the document sent, the read is sent once, "I've sent the money" is
 * handed over, and the live flow takes the screen over without redrawing it. The live flow's
 * arrival is held back by the test (the server-state loader the page is given), as a slow network
 * would.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createTestPayment, ok, transfer } from '../../../sandbox/testing/checkout-testing';
import { sandboxBehindMsw } from '../../../sandbox/testing/sandbox-behind-msw';
import { ErrorBoundary } from 'react-error-boundary';
import { startFirstDownloads } from '../../app/first-downloads';
import { renderWithLiveHalfHeldBack } from '../../app/held-back-live-half';
import { RootErrorView } from '../../app/root-error-view';
import { CheckoutPage } from './checkout-page';

const { sandbox, sent } = sandboxBehindMsw({
  publicOrigin: window.location.origin,
  start: new Date('2026-11-22T15:00:00.000Z'),
});

beforeEach(() => {
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The page of a new ₦5,000 payment, opened as from its link (the document's read already sent),
 * with the live flow held back until `arrive` is called.
 */
async function openHeldBack() {
  const payment = await createTestPayment(sandbox(), { metadata: { description: 'Order #42' } });
  const url = new URL(payment.checkoutUrl);
  window.history.replaceState(null, '', url.pathname + url.hash);
  startFirstDownloads(url.pathname);
  const { arrive, failDownloads, attempts, queryClient } = renderWithLiveHalfHeldBack(
    <ErrorBoundary FallbackComponent={RootErrorView}>
      <CheckoutPage paymentId={payment.id} />
    </ErrorBoundary>,
  );
  return { payment, arrive, failDownloads, attempts, queryClient };
}

const reads = (paymentId: string) => sent.filter((line) => line === `GET /checkout/${paymentId}`);

test('the account to pay into shows before the live flow arrives, and the read is sent once', async () => {
  const { payment, arrive, queryClient } = await openHeldBack();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' });
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  expect(screen.getByRole('button', { name: 'Copy account number' })).toBeEnabled();
  expect(heading).toHaveFocus();
  expect(reads(payment.id)).toHaveLength(1);

  arrive();
  // The live flow's query holds the checkout: it took the read the first view looked at.
  await waitFor(() =>
    expect(queryClient.getQueryState(['checkout', payment.id])?.status).toBe('success'),
  );
  expect(reads(payment.id)).toHaveLength(1);
  // Taken over, not drawn again: the same heading, still focused.
  expect(screen.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBe(heading);
  expect(heading).toHaveFocus();
});

test('"I’ve sent the money" pressed before the live flow arrives is checked as soon as it does', async () => {
  const user = userEvent.setup();
  const { payment, arrive } = await openHeldBack();
  await screen.findByText(payment.virtualAccount.accountNumber);
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  // The press shows at once; nothing is sent until the live flow can act on it.
  expect(await screen.findByRole('button', { name: 'Checking…' })).toBeVisible();
  expect(reads(payment.id)).toHaveLength(1);

  await ok(transfer(sandbox(), payment.virtualAccount.id, payment.amount));
  arrive();
  // At once, not at the schedule's first check (3 s after the answer).
  await waitFor(() => expect(reads(payment.id)).toHaveLength(2), { timeout: 1500 });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 5000 }),
  ).toBeVisible();
  expect(reads(payment.id)).toHaveLength(2);
});

test('offline before the live flow could download: the account stays, "I’ve sent the money" keeps checking, and is checked once back online', async () => {
  const user = userEvent.setup();
  const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
  const { payment, arrive, failDownloads } = await openHeldBack();
  failDownloads();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Pay by bank transfer' });
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  expect(await screen.findByRole('button', { name: 'Checking…' })).toBeVisible();
  // The first view stands (no error view took its place), and nothing more was read.
  expect(screen.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBe(heading);
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeVisible();
  expect(reads(payment.id)).toHaveLength(1);

  await ok(transfer(sandbox(), payment.virtualAccount.id, payment.amount));
  onLine.mockReturnValue(true);
  arrive();
  window.dispatchEvent(new Event('online'));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Payment received' }, { timeout: 5000 }),
  ).toBeVisible();
  expect(reads(payment.id)).toHaveLength(2);
});

test('online, a live flow that cannot be downloaded: "I’ve sent the money" is released to be pressed again; the second press gives way to the error view', async () => {
  const user = userEvent.setup();
  const { payment, attempts, failDownloads } = await openHeldBack();
  failDownloads();
  await screen.findByText(payment.virtualAccount.accountNumber);
  await waitFor(() => expect(attempts()).toBeGreaterThan(0));
  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  // Not left "Checking…" with nothing to check it: the press can be made again.
  expect(await screen.findByRole('button', { name: 'I’ve sent the money' })).toBeEnabled();
  expect(screen.getByText(payment.virtualAccount.accountNumber)).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'I’ve sent the money' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
});
