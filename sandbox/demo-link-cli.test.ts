/**
 * `npm run sandbox -- demo-link --language …` (sandbox/README.md, "Running it"): the demo
 * subscription carries the merchant's preferred language, so its setup page opens in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { setupStateResponseSchema } from '../contract/direct-debit';
import { parseHostedLink } from '../contract/hosted-links';
import { runCli } from './cli';
import { createSandbox } from './composition/app';

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-demo-link-'));
  made.push(dir);
  vi.stubEnv('SANDBOX_DATA_DIR', dir);
  return dir;
}

test('`demo-link --language yo` prints a setup link whose page is told Yoruba', async () => {
  const dataDir = dataDirectory();
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  await runCli(['demo-link', '--language', 'yo']);
  const output = printed.join('\n');
  expect(output).toContain('opens in "yo"');
  const setupUrl = /\S+\/direct-debit\/setup#token=\S+/.exec(output)?.[0] ?? '';
  const token = parseHostedLink(setupUrl)?.token ?? '';

  const sandbox = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const response = await sandbox.handle(
    new Request(`${sandbox.publicOrigin}/direct-debit/setup`, {
      headers: { 'x-direct-debit-token': token },
    }),
  );
  expect(response.status).toBe(200);
  expect(setupStateResponseSchema.parse(await response.json()).data.preferredLanguage).toBe('yo');
  sandbox.close();
});

test('`demo-link --language fr` names the accepted languages and creates nothing', async () => {
  const dataDir = dataDirectory();
  await expect(runCli(['demo-link', '--language', 'fr'])).rejects.toThrow(
    '--language must be one of en, pcm, ha, yo, ig',
  );
  const sandbox = createSandbox({ dataDir, publicOrigin: 'http://127.0.0.1:4010' });
  const listed = await sandbox.handle(
    new Request(`${sandbox.publicOrigin}/api/v1/subscriptions`, {
      headers: { authorization: `Bearer ${sandbox.credentials.testSecretKey}` },
    }),
  );
  expect(await listed.json()).toMatchObject({ data: [] });
  sandbox.close();
});
