/**
 * The console's views of issue 28 against the sandbox's own handler core through MSW: the
 * payments list refreshed by a create, Keys and controls without refusals for the test key, the
 * clock moved by a duration, the webhook log's filters and payload view, the request log's
 * filters, and the console's own reads kept out of the merchant's request log.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { z } from 'zod';
import { clockResponseSchema } from '../../../contract/sandbox-controls';
import { requestLogListResponseSchema } from '../../../contract/request-log';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { ConsoleRoot } from '../../app/console-root';
import { createQueryClient } from '../../app/query-client';
import { secretKeyStorageKey } from './session';

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => window.sessionStorage.clear());
afterAll(() => {
  server.close();
  sandbox.close();
});

/** The console at `path`, signed in with `key` (the test key by default). */
function openConsole(path: string, key = sandbox.credentials.testSecretKey) {
  window.sessionStorage.setItem(secretKeyStorageKey, key);
  window.history.replaceState(null, '', path);
  render(<ConsoleRoot queryClient={createQueryClient()} />);
  return userEvent.setup();
}

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });

test('a created payment appears in the recent payments list at once', async () => {
  const user = openConsole('/console');
  await heading('Payments');
  const list = await screen.findByRole('region', { name: 'Recent payments' });
  await within(list).findByText(/Nothing here yet|Id/);
  const amount = screen.getByLabelText('Amount (naira)');
  await user.clear(amount);
  await user.type(amount, '4321');
  await user.click(screen.getByRole('button', { name: 'Create payment' }));
  await screen.findByRole('link', { name: 'Open its hosted checkout' });
  expect(await within(list).findByText('₦4,321.00')).toBeVisible();
});

test('Keys and controls opens with the documented test key and no refusal', async () => {
  openConsole('/console/controls');
  await heading('Keys and controls');
  expect(await screen.findByText(/The test clock reads/)).toBeVisible();
  expect(screen.getByText(/IP whitelist|A live-mode setting/, { selector: 'p' })).toBeVisible();
  expect(screen.getByText(/Payout use cases are submitted in live mode/)).toBeVisible();
  expect(screen.queryAllByRole('alert')).toEqual([]);
});

test('the test clock advances by a duration such as 2h30m', async () => {
  const before = clockResponseSchema.parse((await sandbox.api('GET', '/sandbox/v1/clock')).body);
  const user = openConsole('/console/controls');
  const field = await screen.findByLabelText('Advance by', {}, { timeout: 10_000 });
  await user.clear(field);
  await user.type(field, '2h30m');
  await user.click(screen.getByRole('button', { name: 'Advance the clock' }));
  await screen.findByText('Done');
  const after = clockResponseSchema.parse((await sandbox.api('GET', '/sandbox/v1/clock')).body);
  expect(after.data.offsetSeconds - before.data.offsetSeconds).toBe(9000);

  await user.clear(field);
  await user.type(field, '90 minutes');
  await user.click(screen.getByRole('button', { name: 'Advance the clock' }));
  expect(await screen.findByText('Enter a duration such as 90s, 2h30m or 30d')).toBeVisible();
});

test('the webhook log filters by event type and latest delivery, and shows each payload', async () => {
  const key = sandbox.issueKey({ scopes: ['sandbox:controls'] });
  await sandbox.api('PUT', '/sandbox/v1/webhooks/endpoint', {
    key,
    body: { url: 'http://127.0.0.1:9/webhooks' },
  });
  for (const type of ['payment.success', 'payout.failed', 'payout.failed']) {
    expect(
      (await sandbox.api('POST', '/sandbox/v1/webhooks/test', { key, body: { type } })).status,
    ).toBe(202);
  }
  const user = openConsole('/console/webhooks', key);
  await heading('Webhooks');
  const events = await screen.findByRole('region', { name: 'Events and delivery attempts' });
  await within(events).findByText(/^\d+ events\.$/);
  const total = within(events).getAllByRole('article').length;
  expect(total).toBeGreaterThanOrEqual(3);

  await user.selectOptions(within(events).getByLabelText('Event type'), 'payout.failed');
  expect(await within(events).findByText(`2 of ${total} events match the filters.`)).toBeVisible();
  const articles = within(events).getAllByRole('article');
  expect(articles).toHaveLength(2);
  for (const article of articles) {
    expect(within(article).getByRole('heading')).toHaveTextContent(/^payout\.failed evt_/);
  }
  // Nothing was attempted yet (the worker does not run here): every delivery is pending.
  await user.selectOptions(within(events).getByLabelText('Latest delivery'), 'succeeded');
  expect(await within(events).findByText(`0 of ${total} events match the filters.`)).toBeVisible();
  await user.selectOptions(within(events).getByLabelText('Latest delivery'), 'pending');
  await within(events).findByText(`2 of ${total} events match the filters.`);

  // The payload, as delivered, behind its disclosure.
  const first = within(events).getAllByRole('article')[0];
  if (first === undefined) throw new Error('no event shown');
  const payload = within(first).getByText('Payload (as delivered and signed)');
  await user.click(payload);
  const body = z
    .object({ type: z.string(), sample: z.literal(true) })
    .parse(JSON.parse(payload.closest('details')?.querySelector('pre')?.textContent ?? ''));
  expect(body.type).toBe('payout.failed');
});

test('the request log filters by status, method and path, without the console’s own reads', async () => {
  await sandbox.api('GET', '/api/v1/payments/osp_missing');
  await sandbox.api('GET', '/api/v1/subscriptions/plans');
  const user = openConsole('/console/requests');
  await heading('Request log');
  const status = await screen.findByLabelText('HTTP status (e.g. 404)');
  await user.type(status, '404');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  // The table is drawn anew for each filtered read.
  const rowsOf = () =>
    within(screen.getByRole('region', { name: 'Request log: table' }))
      .getAllByRole('row')
      .slice(1);
  await waitFor(() => {
    const rows = rowsOf();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveTextContent('404');
  });
  expect(window.location.search).toBe('?status=404');

  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  await user.selectOptions(screen.getByLabelText('Method'), 'GET');
  await user.type(screen.getByLabelText(/^Path/), '/api/v1/subscriptions/plans');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => {
    const rows = rowsOf();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toHaveTextContent('/api/v1/subscriptions/plans');
  });

  // Above, the console read the payments list and the webhook log (only it did): none of it is
  // the merchant's history. The merchant's own reads are.
  const paths = requestLogListResponseSchema
    .parse((await sandbox.api('GET', '/sandbox/v1/requests?method=GET&limit=100')).body)
    .data.map((entry) => entry.path);
  expect(paths).toContain('/api/v1/subscriptions/plans');
  expect(paths).not.toContain('/api/v1/payments');
  expect(paths).not.toContain('/sandbox/v1/webhooks/events');
});
