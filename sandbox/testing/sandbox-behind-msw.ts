/**
 * Test support for SPA component tests that run against the sandbox's own handler core (never
 * part of the packaged sandbox): every request the page sends goes to a fresh in-memory sandbox
 * per test through MSW, and is noted as "METHOD /path". Call once at a test file's top level: it
 * registers the file's hooks (the MSW server listens for the file, unhandled requests are errors;
 * each test gets a new sandbox and an empty list of requests; handlers a test added with
 * `server.use` and the test's sandbox go after it).
 */
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestSandbox, type TestSandbox } from './test-sandbox';

/**
 * The sandbox behind MSW for a test file; `options` makes each test's sandbox (its origin, its
 * clock's start).
 */
export function sandboxBehindMsw(options: Parameters<typeof createTestSandbox>[0] = {}) {
  let current: TestSandbox | null = null;
  /** The current test's sandbox. @throws Error outside a test. */
  const sandbox = (): TestSandbox => {
    if (current === null) throw new Error('No sandbox outside a test');
    return current;
  };
  /** Requests sent in the current test, as "METHOD /path", in order. */
  const sent: string[] = [];
  const server = setupServer(http.all('*', ({ request }) => sandbox().handle(request)));
  server.events.on('request:start', ({ request }) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    current = createTestSandbox(options);
    sent.length = 0;
  });
  afterEach(() => {
    server.resetHandlers();
    current?.close();
    current = null;
  });
  afterAll(() => server.close());
  return { sandbox, sent, server };
}
