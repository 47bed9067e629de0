import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { eventLogListResponseSchema, eventLogResponseSchema } from '../../../contract/webhooks';
import { startServer } from '../../server';
import { startTestReceiver } from './test-receiver';
import { runWebhooksCli } from './webhooks-cli';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the command line sets the endpoint, sends a test event, shows the log and replays', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-webhooks-cli-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const hooks = await startTestReceiver();
  cleanups.push(() => hooks.close());
  const running = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    webhooks: { intervalMs: 25, timeoutMs: 1000 },
  });
  cleanups.push(() => running.close());
  // The running sandbox is where credentials.json points.
  const context = { ...running.sandbox.credentials, baseUrl: running.url };
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  const run = async (command: 'webhooks' | 'payouts' | 'settle', ...args: string[]) => {
    printed.length = 0;
    await runWebhooksCli(command, args, context);
    return JSON.parse(printed.join('\n')) as unknown;
  };

  expect(await run('webhooks', 'endpoint', '--url', hooks.url)).toMatchObject({
    data: { mode: 'test', url: hooks.url },
  });
  await run('webhooks', 'test', '--type', 'payment.failed');
  await hooks.waitFor((received) => received.length === 1);
  const [entry] = eventLogListResponseSchema.parse(await run('webhooks', 'events')).data;
  expect(entry?.event.type).toBe('payment.failed');
  const eventId = entry?.event.id ?? '';
  await run('webhooks', 'replay', eventId);
  await hooks.waitFor((received) => received.length === 2);
  expect(hooks.received[1]?.rawBody.equals(hooks.received[0]?.rawBody ?? Buffer.alloc(0))).toBe(
    true,
  );
  const deadline = Date.now() + 3000;
  let log = eventLogResponseSchema.parse(await run('webhooks', 'event', eventId)).data;
  while (log.deliveries.some((d) => d.status === 'pending') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    log = eventLogResponseSchema.parse(await run('webhooks', 'event', eventId)).data;
  }
  expect(log.deliveries.map((d) => [d.trigger, d.attempts.map((a) => a.httpStatus)])).toEqual([
    ['test', [200]],
    ['replay', [200]],
  ]);

  // Payouts and settlement from the command line.
  const [access, key] = await (async () => {
    printed.length = 0;
    await runWebhooksCli('payouts', ['enable'], context);
    return printed.map((text) => JSON.parse(text) as unknown);
  })();
  expect(access).toMatchObject({
    data: { kycApproved: true, enabled: true, ipWhitelist: ['127.0.0.1', '::1'] },
  });
  expect(key).toMatchObject({ data: { mode: 'live', scopes: ['payouts:create'] } });
  expect(await run('settle', '--amount', '2500')).toMatchObject({
    data: { mode: 'live', amount: 2500, availableBalance: 2500 },
  });

  await expect(runWebhooksCli('webhooks', ['replay', 'nope'], context)).rejects.toThrow(/evt_id/);
  await expect(
    runWebhooksCli('webhooks', ['events'], { ...context, baseUrl: 'http://127.0.0.1:1' }),
  ).rejects.toThrow(/No sandbox answers/);
});
