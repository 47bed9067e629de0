import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { startFirstDownloads } from './first-downloads';
import { startFirstRequests } from './first-requests';
import { createQueryClient } from './query-client';

const server = setupServer();
const sent: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sent.length = 0;
  server.events.on('request:start', ({ request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const origin = window.location.origin;
const token = 'secret-token-value-0123456789abcdefghij';
let answered = 0;

beforeEach(() => {
  answered = 0;
  server.use(
    http.get(`${origin}/checkout/:paymentId`, ({ params }) => {
      answered += 1;
      return HttpResponse.json({ data: { id: params.paymentId } });
    }),
  );
});

function checkoutKey(paymentId: string) {
  return ['checkout', paymentId];
}

test('the app’s prefetch takes the read the entry sent: one request, and the answer in the cache', async () => {
  window.history.replaceState(null, '', `/checkout/osp_first#token=${token}`);
  startFirstDownloads(window.location.pathname);
  await vi.waitFor(() => expect(sent).toEqual(['GET /checkout/osp_first']));

  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  await vi.waitFor(() =>
    expect(queryClient.getQueryData(checkoutKey('osp_first'))).toMatchObject({
      status: 200,
      body: { data: { id: 'osp_first' } },
    }),
  );
  expect(sent).toEqual(['GET /checkout/osp_first']);
});

test('an answer that waited for the app’s code counts from its arrival, not from when the app took it', async () => {
  window.history.replaceState(null, '', `/checkout/osp_waited#token=${token}`);
  startFirstDownloads(window.location.pathname);
  await vi.waitFor(() => expect(answered).toBe(1));
  const arrivedBy = Date.now();
  // Let the answer's arrival be recorded, then the app's code arrives 5 s later.
  await new Promise((resolve) => setTimeout(resolve, 20));
  vi.spyOn(Date, 'now').mockReturnValue(arrivedBy + 5_000);

  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  await vi.waitFor(() =>
    expect(queryClient.getQueryState(checkoutKey('osp_waited'))?.status).toBe('success'),
  );
  await vi.waitFor(() =>
    expect(queryClient.getQueryState(checkoutKey('osp_waited'))?.dataUpdatedAt).toBeLessThanOrEqual(
      arrivedBy + 100,
    ),
  );
  expect(answered).toBe(1);
});

test('without a token in the link nothing is requested, by the entry or by the app', async () => {
  window.history.replaceState(null, '', '/checkout/osp_none');
  startFirstDownloads(window.location.pathname);
  const queryClient = createQueryClient();
  startFirstRequests(window.location.pathname, queryClient);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent).toEqual([]);
  expect(queryClient.getQueryCache().getAll()).toEqual([]);
});
