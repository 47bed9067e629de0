import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { brandingResponseSchema } from '../../../contract/branding';
import { startServer } from '../../server';
import { cleanSvg } from '../../testing/logos';
import { brandingUpdateOf, runBrandingCli } from './branding-cli';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('the command line shows the branding, sets name, colour and a logo file, and reports refusals', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-branding-cli-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const running = await startServer({ port: 0, host: '127.0.0.1', dataDir });
  cleanups.push(() => running.close());
  const credentials = { ...running.sandbox.credentials, baseUrl: running.url };
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((text: unknown) => {
    printed.push(String(text));
  });
  const run = async (...args: string[]) => {
    printed.length = 0;
    await runBrandingCli(args, credentials);
    return brandingResponseSchema.parse(JSON.parse(printed.join('\n'))).data;
  };

  expect((await run()).displayName).toBe('Adaeze Fitness');
  const logoFile = join(dataDir, 'logo.png'); // an SVG with a misleading name: the bytes decide
  writeFileSync(logoFile, cleanSvg);
  const set = await run('--name', 'Kano Kitchens', '--color', '#1d6b3a', '--logo-file', logoFile);
  expect(set).toMatchObject({
    displayName: 'Kano Kitchens',
    brandColor: '#1d6b3a',
    logo: { source: 'upload', contentType: 'image/svg+xml' },
  });
  const served = await fetch(set.logo?.url ?? '');
  expect(await served.text()).toBe(cleanSvg);
  expect(await run()).toEqual(set);

  await expect(runBrandingCli(['--color', 'green'], credentials)).rejects.toThrow(
    /failed \(400\).*brandColor/,
  );
  expect(await run('--color', 'none', '--no-logo')).toMatchObject({ brandColor: null, logo: null });
});

test('options become one update; two logo options are refused before any request', () => {
  const options = (entries: [string, string][]) => new Map(entries);
  expect(brandingUpdateOf(options([]))).toBeNull();
  expect(brandingUpdateOf(options([['logo-url', 'https://cdn.example.com/a.png']]))).toEqual({
    logo: { url: 'https://cdn.example.com/a.png' },
  });
  expect(
    brandingUpdateOf(options([['logo-file', 'a.svg']]), () => new TextEncoder().encode('<svg/>')),
  ).toEqual({ logo: { upload: Buffer.from('<svg/>').toString('base64') } });
  expect(() =>
    brandingUpdateOf(
      options([
        ['logo-url', 'https://cdn.example.com/a.png'],
        ['no-logo', 'true'],
      ]),
    ),
  ).toThrow('Give one of');
});
