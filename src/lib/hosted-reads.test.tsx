import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import type { SetupState } from '../../contract/direct-debit';
import { setupRoutes } from '../../contract/routes-setup';
import {
  ApiError,
  parseAnswer,
  readRaw,
  TimeoutError,
  unexpectedResponseCode,
  type RawAnswer,
} from './api-client';
import { hostedReadOptions } from './hosted-reads';

const server = setupServer();
let requests = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  requests = 0;
  server.events.on('request:start', () => {
    requests += 1;
  });
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

const token = 'secret-token-value-0123456789abcdefghij';
const origin = window.location.origin;

const setup: SetupState = {
  mode: 'test',
  merchant: { name: 'Gym Co', logoUrl: null, brandColor: '#112233', supportEmail: null },
  preferredLanguage: null,
  subscription: {
    id: 'sub_1',
    planName: 'Gym',
    amount: 15000,
    currency: 'NGN',
    interval: 'monthly',
    nextBillingDate: null,
  },
  automaticDebitEnabled: true,
  returnUrl: null,
  setupOpen: true,
  expiresAt: '2026-12-22T10:00:00.000Z',
  mandate: null,
  serverTime: '2026-11-22T10:00:00.000Z',
};

function answerSetup(answer: () => Response | Promise<Response>) {
  server.use(http.get(`${origin}/direct-debit/setup`, answer));
}

/** The page's own query after the app's prefetch, as the app does (src/app/first-requests.ts). */
function prefetchThenRender() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.query(hostedReadOptions({ read: 'getSetup' }, token)).catch(() => undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () =>
      useQuery({
        ...hostedReadOptions({ read: 'getSetup' }, token),
        select: (answer: RawAnswer) => parseAnswer(setupRoutes.getSetup, answer).data,
      }),
    { wrapper },
  );
}

test('the page takes the answer of the app’s prefetch, parsed, and asks nothing more', async () => {
  answerSetup(() => HttpResponse.json({ data: setup }, { headers: { 'x-request-id': 'req_1' } }));
  const { result } = prefetchThenRender();
  await waitFor(() => expect(result.current.data?.merchant.name).toBe('Gym Co'));
  expect(requests).toBe(1);
});

test('a prefetch the server refused is the page’s failure, without asking again', async () => {
  answerSetup(() =>
    HttpResponse.json(
      {
        statusCode: 410,
        message: 'expired',
        requestId: 'req_gone',
        code: 'SETUP_LINK_EXPIRED',
        path: '/direct-debit/setup',
        timestamp: '2026-11-22T10:00:00.000Z',
      },
      { status: 410 },
    ),
  );
  const { result } = prefetchThenRender();
  await waitFor(() =>
    expect(result.current.error).toMatchObject({ status: 410, requestId: 'req_gone' }),
  );
  expect(requests).toBe(1);
});

test('an answer that breaks the contract is an unexpected response with its request id', async () => {
  answerSetup(() =>
    HttpResponse.json(
      { data: { ...setup, mandate: 'nonsense' } },
      { headers: { 'x-request-id': 'req_bad' } },
    ),
  );
  const { result } = prefetchThenRender();
  await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
  expect(result.current.error).toMatchObject({
    code: unexpectedResponseCode,
    requestId: 'req_bad',
  });
});

test('a first read that hangs ends at its bound, like every hosted read', async () => {
  answerSetup(async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return HttpResponse.json({ data: setup });
  });
  const error: unknown = await readRaw('/direct-debit/setup', {
    token: { header: 'x-direct-debit-token', value: token },
    timeoutMs: 50,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
});
