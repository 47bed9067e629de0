import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import {
  requestLogEntryResponseSchema,
  requestLogListResponseSchema,
} from '../../../contract/request-log';
import { startServer } from '../../server';
import { runRequestLogCli } from './request-log-cli';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the command line lists the request log by Idempotency-Key and shows one request', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-request-log-cli-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const running = await startServer({ port: 0, host: '127.0.0.1', dataDir });
  cleanups.push(() => running.close());
  const credentials = { ...running.sandbox.credentials, baseUrl: running.url };
  const created = await fetch(new URL('/api/v1/subscriptions/plans', running.url), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${credentials.testSecretKey}`,
      'content-type': 'application/json',
      'idempotency-key': 'plan-gold',
    },
    body: JSON.stringify({ name: 'Gold', amount: 9000, currency: 'NGN', interval: 'monthly' }),
  });
  expect(created.status).toBe(201);
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  const run = async (...args: string[]) => {
    printed.length = 0;
    await runRequestLogCli(args, credentials);
    return JSON.parse(printed.join('\n')) as unknown;
  };

  const listed = requestLogListResponseSchema.parse(
    await run('--idempotency-key', 'plan-gold'),
  ).data;
  expect(listed.map((entry) => [entry.method, entry.path, entry.status])).toEqual([
    ['POST', '/api/v1/subscriptions/plans', 201],
  ]);
  const requestId = created.headers.get('x-request-id') ?? '';
  expect(listed[0]?.id).toBe(requestId);
  const one = requestLogEntryResponseSchema.parse(await run(requestId)).data;
  expect(one.requestBody).toEqual({
    name: 'Gold',
    amount: 9000,
    currency: 'NGN',
    interval: 'monthly',
  });
  expect(requestLogListResponseSchema.parse(await run('--mode', 'live')).data).toEqual([]);
});
