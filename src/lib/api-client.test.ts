import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
// The hosted routes' schemas are zod/mini (docs/decisions/0018): they throw core's $ZodError,
// the base class of classic zod's ZodError.
import { $ZodError } from 'zod/v4/core';
import { directDebitTokenHeader, type SetupState } from '../../contract/direct-debit';
import { routes } from '../../contract/routes';
import {
  ApiError,
  apiRequest,
  hostedWriteTimeoutMs,
  isTransientFailure,
  NetworkError,
  OfflineError,
  parseRetryAfter,
  TimeoutError,
} from './api-client';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const token = { header: directDebitTokenHeader, value: 'secret-token-value-0123456789abcdefghij' };
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

function errorBody(statusCode: number, code: string | undefined, requestId = 'req_abc') {
  return {
    statusCode,
    message: `failed with ${statusCode}`,
    requestId,
    ...(code === undefined ? {} : { code }),
    path: '/direct-debit/setup',
    timestamp: '2026-11-22T10:00:00.000Z',
  };
}

test('calls the route on the page origin with the token header and parses the body', async () => {
  let seen: Request | undefined;
  server.use(
    http.get(`${origin}/direct-debit/setup`, ({ request }) => {
      seen = request;
      return HttpResponse.json({ data: setup });
    }),
  );
  const body = await apiRequest(routes.getSetup, { token });
  expect(body.data.merchant.name).toBe('Gym Co');
  expect(seen?.headers.get(directDebitTokenHeader)).toBe(token.value);
  expect(seen?.headers.get('accept')).toBe('application/json');
  expect(new URL(seen?.url ?? '').origin).toBe(origin);
});

test('fills and encodes path parameters', async () => {
  let path = '';
  server.use(
    http.get(`${origin}/api/v1/subscriptions/:id/direct-debit`, ({ request }) => {
      path = new URL(request.url).pathname;
      return HttpResponse.json({ data: null });
    }),
  );
  await apiRequest(routes.getSubscriptionMandate, { token, params: { subscriptionId: 'sub/1 x' } });
  expect(path).toBe('/api/v1/subscriptions/sub%2F1%20x/direct-debit');
});

test('sends a body as JSON after checking it against the route schema', async () => {
  let sent: unknown;
  let contentType: string | null = null;
  server.use(
    http.post(`${origin}/direct-debit/setup/resolve-account`, async ({ request }) => {
      sent = await request.json();
      contentType = request.headers.get('content-type');
      return HttpResponse.json({ data: { accountName: 'ADA OBI' } });
    }),
  );
  const body = await apiRequest(routes.resolveAccount, {
    token,
    body: { bankId: '000013', bankAccountNumber: '0123456789' },
  });
  expect(body.data.accountName).toBe('ADA OBI');
  expect(sent).toEqual({ bankId: '000013', bankAccountNumber: '0123456789' });
  expect(contentType).toBe('application/json');
});

test('a body that breaks the request schema is never sent', async () => {
  await expect(
    apiRequest(routes.resolveAccount, {
      token,
      body: { bankId: '000013', bankAccountNumber: '123' },
    }),
  ).rejects.toBeInstanceOf($ZodError);
});

test('an error body becomes an ApiError with status, code, message, requestId and Retry-After', async () => {
  server.use(
    http.post(`${origin}/direct-debit/setup/resolve-account`, () =>
      HttpResponse.json(errorBody(429, 'RATE_LIMITED', 'req_429'), {
        status: 429,
        headers: { 'retry-after': '42' },
      }),
    ),
  );
  const error: unknown = await apiRequest(routes.resolveAccount, {
    token,
    body: { bankId: '000013', bankAccountNumber: '0123456789' },
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 429,
    code: 'RATE_LIMITED',
    message: 'failed with 429',
    requestId: 'req_429',
    retryAfterSeconds: 42,
  });
  expect(JSON.stringify(error) + String(error)).not.toContain(token.value);
});

test('an error without a code has code null', async () => {
  server.use(
    http.get(`${origin}/direct-debit/setup`, () =>
      HttpResponse.json(errorBody(404, undefined), { status: 404 }),
    ),
  );
  await expect(apiRequest(routes.getSetup, { token })).rejects.toMatchObject({
    status: 404,
    code: null,
    requestId: 'req_abc',
    retryAfterSeconds: null,
  });
});

test('a non-JSON error (a proxy page) keeps the status and the x-request-id header', async () => {
  server.use(
    http.get(
      `${origin}/direct-debit/setup`,
      () =>
        new HttpResponse('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html', 'x-request-id': 'req_edge' },
        }),
    ),
  );
  await expect(apiRequest(routes.getSetup, { token })).rejects.toMatchObject({
    name: 'ApiError',
    status: 502,
    code: null,
    message: 'Bad Gateway',
    requestId: 'req_edge',
  });
});

test('a success body that breaks the contract is an ApiError, not data', async () => {
  server.use(
    http.get(`${origin}/direct-debit/setup`, () =>
      HttpResponse.json({ data: { mode: 'test' } }, { headers: { 'x-request-id': 'req_bad' } }),
    ),
  );
  await expect(apiRequest(routes.getSetup, { token })).rejects.toMatchObject({
    name: 'ApiError',
    status: 200,
    code: 'UNEXPECTED_RESPONSE',
    requestId: 'req_bad',
  });
});

test('no answer at all is a NetworkError', async () => {
  server.use(http.get(`${origin}/direct-debit/setup`, () => HttpResponse.error()));
  await expect(apiRequest(routes.getSetup, { token })).rejects.toBeInstanceOf(NetworkError);
});

test('an aborted request rejects with the abort reason, not a NetworkError', async () => {
  server.use(
    http.get(`${origin}/direct-debit/setup`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return HttpResponse.json({ data: setup });
    }),
  );
  const controller = new AbortController();
  const pending = apiRequest(routes.getSetup, { token, signal: controller.signal });
  controller.abort();
  const error: unknown = await pending.catch((e: unknown) => e);
  expect(error).not.toBeInstanceOf(NetworkError);
  expect(error).toMatchObject({ name: 'AbortError' });
});

test('Retry-After in seconds or as an HTTP date, measured on the server clock', () => {
  expect(parseRetryAfter('30', null)).toBe(30);
  expect(parseRetryAfter(null, null)).toBeNull();
  expect(parseRetryAfter('soon', null)).toBeNull();
  expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', 'Wed, 21 Oct 2026 07:28:00 GMT')).toBe(
    30,
  );
  expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', 'Wed, 21 Oct 2026 07:29:00 GMT')).toBe(0);
});

test('only no answer and 5xx are worth retrying automatically', () => {
  const apiError = (status: number, code: string | null = null) =>
    new ApiError({ status, code, message: '', requestId: null, retryAfterSeconds: null });
  expect(isTransientFailure(new NetworkError())).toBe(true);
  expect(isTransientFailure(apiError(503))).toBe(true);
  expect(isTransientFailure(apiError(500))).toBe(true);
  expect(isTransientFailure(apiError(429))).toBe(false);
  expect(isTransientFailure(apiError(404))).toBe(false);
  expect(isTransientFailure(apiError(200, 'UNEXPECTED_RESPONSE'))).toBe(false);
  expect(isTransientFailure(new Error('boom'))).toBe(false);
  expect(isTransientFailure(new TimeoutError(10_000))).toBe(false);
});

/** Answers GET /direct-debit/setup with the setup after `ms`; reports when the request is aborted. */
function slowSetupAnswer(ms: number): { aborted: () => boolean } {
  let aborted = false;
  server.use(
    http.get(`${origin}/direct-debit/setup`, async ({ request }) => {
      request.signal.addEventListener('abort', () => (aborted = true));
      await new Promise((resolve) => setTimeout(resolve, ms));
      return HttpResponse.json({ data: setup });
    }),
  );
  return { aborted: () => aborted };
}

test('an answer slower than timeoutMs is a TimeoutError (a NetworkError), and the request is aborted', async () => {
  const answer = slowSetupAnswer(500);
  const error: unknown = await apiRequest(routes.getSetup, { token, timeoutMs: 50 }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TimeoutError);
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).toMatchObject({ timeoutMs: 50 });
  await vi.waitFor(() => expect(answer.aborted()).toBe(true));
});

test('an answer within timeoutMs is parsed as usual, and the caller may still abort', async () => {
  slowSetupAnswer(20);
  const result = await apiRequest(routes.getSetup, { token, timeoutMs: 2_000 });
  expect(result.data.subscription.id).toBe('sub_1');

  slowSetupAnswer(500);
  const controller = new AbortController();
  const pending = apiRequest(routes.getSetup, {
    token,
    timeoutMs: 2_000,
    signal: controller.signal,
  });
  controller.abort();
  const error: unknown = await pending.catch((e: unknown) => e);
  expect(error).not.toBeInstanceOf(NetworkError);
  expect(error).toMatchObject({ name: 'AbortError' });
});

test('sends a Bearer key and an idempotency key, and reports the request id of a success', async () => {
  let seen: Request | undefined;
  server.use(
    http.post(`${origin}/api/v1/subscriptions/plans`, ({ request }) => {
      seen = request;
      return HttpResponse.json(
        {
          data: {
            id: 'subplan_1',
            mode: 'test',
            name: 'Gym',
            amount: 15000,
            currency: 'NGN',
            interval: 'monthly',
            description: null,
            createdAt: '2026-11-22T10:00:00.000Z',
          },
        },
        { status: 201, headers: { 'x-request-id': 'req_ok_1' } },
      );
    }),
  );
  const answers: { status: number; requestId: string | null }[] = [];
  await apiRequest(routes.createPlan, {
    token: { header: 'authorization', value: 'Bearer osk_test_abc' },
    idempotencyKey: 'idem-1',
    body: { name: 'Gym', amount: 15000, currency: 'NGN', interval: 'monthly' },
    onAnswer: (answer) => answers.push(answer),
  });
  expect(seen?.headers.get('authorization')).toBe('Bearer osk_test_abc');
  expect(seen?.headers.get('idempotency-key')).toBe('idem-1');
  expect(answers).toEqual([{ status: 201, requestId: 'req_ok_1' }]);
});

/** Makes `navigator.onLine` say `online` until the test ends. */
function setOnline(online: boolean) {
  const spy = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  onTestFinished(() => spy.mockRestore());
}

test('offline, a write is not sent and fails at once with OfflineError, a NetworkError', async () => {
  let sent = 0;
  server.use(
    http.post(`${origin}/direct-debit/setup/disable`, () => {
      sent += 1;
      return HttpResponse.json({ data: setup });
    }),
  );
  setOnline(false);
  const error: unknown = await apiRequest(routes.disableSetup, {
    token,
    body: {},
    idempotencyKey: 'act_1',
    timeoutMs: hostedWriteTimeoutMs,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OfflineError);
  expect(error).toBeInstanceOf(NetworkError);
  expect(error).not.toBeInstanceOf(TimeoutError);
  expect(sent).toBe(0);

  // Back online, the same write goes out with its key.
  setOnline(true);
  let key: string | null = null;
  server.use(
    http.post(`${origin}/direct-debit/setup/disable`, ({ request }) => {
      key = request.headers.get('idempotency-key');
      return HttpResponse.json({ data: setup });
    }),
  );
  await apiRequest(routes.disableSetup, { token, body: {}, idempotencyKey: 'act_1' });
  expect(key).toBe('act_1');
});

test("offline, a read is still sent: pausing reads is the query client's job", async () => {
  server.use(http.get(`${origin}/direct-debit/setup`, () => HttpResponse.json({ data: setup })));
  setOnline(false);
  const body = await apiRequest(routes.getSetup, { token });
  expect(body.data.subscription.id).toBe('sub_1');
});

test('a write with no answer within its bound is a TimeoutError; the bound is 15 s', async () => {
  expect(hostedWriteTimeoutMs).toBe(15_000);
  server.use(
    http.post(`${origin}/direct-debit/setup/disable`, async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return HttpResponse.json({ data: setup });
    }),
  );
  const error: unknown = await apiRequest(routes.disableSetup, {
    token,
    body: {},
    timeoutMs: 50,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TimeoutError);
  expect(error).toMatchObject({ timeoutMs: 50 });
});
