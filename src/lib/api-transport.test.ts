import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { readRaw, TimeoutError } from './api-client';
import { receive, requestHeaders, requestUrl, startRead } from './api-transport';

const server = setupServer();
const seen: { url: string; token: string | null; signal: AbortSignal }[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  server.events.on('request:start', ({ request }) => {
    seen.push({
      url: request.url,
      token: request.headers.get('x-checkout-token'),
      signal: request.signal,
    });
  });
});
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
});
afterAll(() => server.close());

const origin = window.location.origin;
const token = { header: 'x-checkout-token', value: 'secret-token-value-0123456789abcdefghij' };
let answers = 0;

function answerCheckout() {
  server.use(
    http.get(`${origin}/checkout/:paymentId`, ({ params }) => {
      answers += 1;
      return HttpResponse.json(
        { data: { id: params.paymentId, answer: answers } },
        { headers: { 'x-request-id': `req_${answers}` } },
      );
    }),
  );
}

function start(paymentId: string, header = token) {
  startRead(requestUrl('/checkout/:paymentId', { paymentId }), requestHeaders(header));
}

function read(paymentId: string, options: { timeoutMs?: number } = {}) {
  return readRaw('/checkout/:paymentId', { params: { paymentId }, token, ...options });
}

test('a read started early is the answer of the first same request, which asks nothing more', async () => {
  answerCheckout();
  start('osp_started');
  const answer = await read('osp_started');
  expect(answer.body).toMatchObject({ data: { id: 'osp_started' } });
  expect(seen).toHaveLength(1);
  expect(seen[0]?.token).toBe(token.value);
});

test('a started read is taken once: the next request asks the server again', async () => {
  answerCheckout();
  start('osp_once');
  const first = await read('osp_once');
  const second = await read('osp_once');
  expect(seen).toHaveLength(2);
  expect(second.requestId).not.toBe(first.requestId);
});

test('a request with another token or another path does not take a started read', async () => {
  answerCheckout();
  start('osp_theirs', {
    header: 'x-checkout-token',
    value: 'another-token-value-0123456789abcdefgh',
  });
  start('osp_other');
  await read('osp_mine');
  expect(seen.map((request) => request.url.split('/').pop())).toEqual([
    'osp_theirs',
    'osp_other',
    'osp_mine',
  ]);
});

test('the same read started twice before anyone takes it is sent once', async () => {
  answerCheckout();
  start('osp_twice');
  start('osp_twice');
  await read('osp_twice');
  expect(seen).toHaveLength(1);
});

test('a started read that hangs past the taker’s bound is abandoned and reported as a timeout', async () => {
  server.use(http.get(`${origin}/checkout/:paymentId`, () => new Promise<never>(() => undefined)));
  start('osp_hangs');
  await expect(read('osp_hangs', { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
  expect(seen).toHaveLength(1);
  expect(seen[0]?.signal.aborted).toBe(true);
});

test('the bound of a read the entry sent counts from its sending, not from when the page took it', async () => {
  server.use(http.get(`${origin}/checkout/:paymentId`, () => new Promise<never>(() => undefined)));
  start('osp_waited');
  // The page's code took 10 s to arrive: the read's 10 s bound has passed by the time it is taken.
  const sentAt = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(sentAt + 10_000);
  const stillWaiting = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000));
  await expect(
    Promise.race([read('osp_waited', { timeoutMs: 10_000 }), stillWaiting]),
  ).rejects.toEqual(expect.objectContaining({ name: 'TimeoutError', timeoutMs: 10_000 }));
  expect(seen[0]?.signal.aborted).toBe(true);
});

test('an answer already in when the page takes it is the page’s, however long its code took', async () => {
  answerCheckout();
  start('osp_early');
  await vi.waitFor(() => expect(seen).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The page's code arrived 12 s after the read was sent: past the read's 10 s bound.
  const now = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(now + 12_000);
  const answer = await read('osp_early', { timeoutMs: 10_000 });
  expect(answer.body).toMatchObject({ data: { id: 'osp_early' } });
  expect(seen).toHaveLength(1);
});

test('a started read not taken within 30 s is dropped: the page asks the server itself', async () => {
  answerCheckout();
  start('osp_stale');
  await vi.waitFor(() => expect(seen).toHaveLength(1));
  const now = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(now + 31_000);
  const answer = await read('osp_stale');
  expect(seen).toHaveLength(2);
  expect(answer.requestId).toBe(`req_${answers}`);
});

test('the capability header is never sent to another origin', async () => {
  await expect(
    receive(new URL('https://elsewhere.example/checkout/osp_1'), 'GET', requestHeaders(token)),
  ).rejects.toBeInstanceOf(TypeError);
  expect(seen).toHaveLength(0);
});
