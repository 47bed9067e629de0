import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { brandingResponseSchema, maxLogoBytes } from '../../../contract/branding';
import { errorBodySchema } from '../../../contract/errors';
import { setupStateResponseSchema } from '../../../contract/direct-debit';
import { base64Of, cleanSvg, tinyPngBase64 } from '../../testing/logos';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const path = '/sandbox/v1/merchant/branding';
const sandboxes: TestSandbox[] = [];
const directories: string[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(options: Parameters<typeof createTestSandbox>[0] = {}): TestSandbox {
  const sandbox = createTestSandbox(options);
  sandboxes.push(sandbox);
  return sandbox;
}

async function setBranding(sandbox: TestSandbox, body: unknown) {
  return sandbox.api('PUT', path, { key: sandbox.credentials.liveSecretKey, body });
}

async function readBranding(sandbox: TestSandbox) {
  return brandingResponseSchema.parse((await sandbox.api('GET', path)).body).data;
}

test('a live key sets the name, colour and logo URL; both modes read them and the pages show them', async () => {
  const sandbox = open();
  const before = await readBranding(sandbox);
  expect(before).toMatchObject({ displayName: 'Adaeze Fitness', logo: null });

  const set = await setBranding(sandbox, {
    displayName: '  Ọja Foods  ',
    brandColor: '#E4572E',
    logo: { url: 'https://cdn.example.com/ojafoods.png' },
  });
  expect(set.status).toBe(200);
  // Fetched once (sandbox/testing/logos.ts answers a 1×1 PNG) and served by the sandbox.
  const saved = brandingResponseSchema.parse(set.body).data.logo;
  const sha256 = saved?.source === 'url' ? saved.sha256 : '';
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  const expected = {
    displayName: 'Ọja Foods',
    brandColor: '#E4572E',
    logo: {
      source: 'url',
      sourceUrl: 'https://cdn.example.com/ojafoods.png',
      url: `http://sandbox.test/sandbox/v1/logos/${sha256}.png`,
      contentType: 'image/png',
    },
  };
  expect(brandingResponseSchema.parse(set.body).data).toMatchObject(expected);
  expect(await readBranding(sandbox)).toMatchObject(expected);
  const live = await sandbox.api('GET', path, { key: sandbox.credentials.liveSecretKey });
  expect(brandingResponseSchema.parse(live.body).data).toMatchObject(expected);

  const { token } = await sandbox.createSetupLink();
  const page = setupStateResponseSchema.parse(
    (await sandbox.setupApi('GET', '/direct-debit/setup', token)).body,
  ).data;
  expect(page.merchant).toMatchObject({
    name: 'Ọja Foods',
    brandColor: '#E4572E',
    logoUrl: `/sandbox/v1/logos/${sha256}.png`,
  });

  // A field left out keeps its value; null clears the colour and the logo.
  const cleared = await setBranding(sandbox, { brandColor: null, logo: null });
  expect(brandingResponseSchema.parse(cleared.body).data).toMatchObject({
    displayName: 'Ọja Foods',
    brandColor: null,
    logo: null,
  });
});

test('changing branding takes a live key with sandbox:controls; reading takes the scope', async () => {
  const sandbox = open();
  const test = await sandbox.api('PUT', path, { body: { displayName: 'Test mode name' } });
  expect(test.status).toBe(403);
  expect(errorBodySchema.parse(test.body).code).toBe('LIVE_MODE_REQUIRED');
  const noScope = sandbox.issueKey({ mode: 'live', scopes: ['subscriptions:write'] });
  const refused = await sandbox.api('PUT', path, { key: noScope, body: { displayName: 'X' } });
  expect(refused.status).toBe(403);
  expect(errorBodySchema.parse(refused.body).code).toBe('INSUFFICIENT_SCOPE');
  const read = await sandbox.api('GET', path, { key: noScope });
  expect(errorBodySchema.parse(read.body).code).toBe('INSUFFICIENT_SCOPE');
  expect((await readBranding(sandbox)).displayName).toBe('Adaeze Fitness');
});

const badUpdates: [string, unknown, string][] = [
  ['an empty update', {}, 'at least one of'],
  ['a colour that is not #rrggbb', { brandColor: 'red' }, 'brandColor'],
  ['a short colour', { brandColor: '#fff' }, 'brandColor'],
  ['an empty name', { displayName: '   ' }, 'displayName'],
  ['a long name', { displayName: 'x'.repeat(101) }, 'displayName'],
  ['a name with a control character', { displayName: 'Ada\u0007eze' }, 'displayName'],
  ['an http logo URL', { logo: { url: 'http://cdn.example.com/a.png' } }, 'logo'],
  ['a relative logo URL', { logo: { url: '/a.png' } }, 'logo'],
  ['a logo that is not base64', { logo: { upload: 'not base64!' } }, 'logo'],
  [
    'a logo with both url and upload',
    { logo: { url: 'https://a.example/a.png', upload: tinyPngBase64 } },
    'logo',
  ],
  ['an unknown field', { displayName: 'A', favicon: 'x' }, 'favicon'],
  ['a GIF logo', { logo: { upload: base64Of('GIF89a\u0001\u0000\u0001\u0000;') } }, 'PNG or SVG'],
  [
    'an SVG with a script',
    {
      logo: {
        upload: base64Of('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    },
    'script',
  ],
];

test.each(badUpdates)(
  '%s is 400 VALIDATION_FAILED with a requestId and changes nothing',
  async (_name, body, named) => {
    const sandbox = open();
    await setBranding(sandbox, { displayName: 'Before', brandColor: '#123456' });
    const before = await readBranding(sandbox);
    // The valid name beside the bad field must not be written either.
    const response = await setBranding(
      sandbox,
      typeof body === 'object' && body !== null && Object.keys(body).length > 0
        ? { displayName: 'After', ...body }
        : body,
    );
    expect(response.status).toBe(400);
    const error = errorBodySchema.parse(response.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.requestId).toMatch(/^req_/);
    expect(error.message).toContain(named);
    expect(await readBranding(sandbox)).toEqual(before);
  },
);

test('an uploaded PNG is served by the sandbox under its hash, with its type, nosniff, a closed CSP and a long cache', async () => {
  const sandbox = open();
  const set = await setBranding(sandbox, { logo: { upload: tinyPngBase64 } });
  expect(set.status).toBe(200);
  const logo = brandingResponseSchema.parse(set.body).data.logo;
  if (logo?.source !== 'upload') throw new Error('expected an uploaded logo');
  const png = Buffer.from(tinyPngBase64, 'base64');
  expect(logo).toMatchObject({ contentType: 'image/png', sizeBytes: png.length });
  expect(logo.url).toBe(`http://sandbox.test/sandbox/v1/logos/${logo.sha256}.png`);

  const served = await sandbox.handle(new Request(logo.url));
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'",
  );
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // No key is needed, the wrong extension is not served, and the pages get a same-origin path.
  const wrongType = await sandbox.handle(new Request(logo.url.replace(/\.png$/, '.svg')));
  expect(wrongType.status).toBe(404);
  const { token } = await sandbox.createSetupLink();
  const page = setupStateResponseSchema.parse(
    (await sandbox.setupApi('GET', '/direct-debit/setup', token)).body,
  ).data;
  expect(page.merchant.logoUrl).toBe(`/sandbox/v1/logos/${logo.sha256}.png`);

  // A new logo gets a new address; the old one is gone.
  const svg = await setBranding(sandbox, { logo: { upload: base64Of(cleanSvg) } });
  const svgLogo = brandingResponseSchema.parse(svg.body).data.logo;
  expect(svgLogo).toMatchObject({ source: 'upload', contentType: 'image/svg+xml' });
  expect((await sandbox.handle(new Request(logo.url))).status).toBe(404);
  const servedSvg = await sandbox.handle(new Request(svgLogo?.url ?? ''));
  expect(servedSvg.headers.get('content-type')).toBe('image/svg+xml');
  expect(await servedSvg.text()).toBe(cleanSvg);
});

test('sending the same update again changes nothing more: same logo address, same branding', async () => {
  const sandbox = open();
  const body = { displayName: 'Kano Kitchens', logo: { upload: tinyPngBase64 } };
  const first = brandingResponseSchema.parse((await setBranding(sandbox, body)).body).data;
  const again = brandingResponseSchema.parse((await setBranding(sandbox, body)).body).data;
  expect(again).toEqual(first);
  expect((await sandbox.handle(new Request(first.logo?.url ?? ''))).status).toBe(200);
  const head = await sandbox.handle(new Request(first.logo?.url ?? '', { method: 'HEAD' }));
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toBe('image/png');
});

test(`an upload is at most ${maxLogoBytes / 1024} KB`, async () => {
  const sandbox = open();
  const png = Buffer.from(tinyPngBase64, 'base64');
  const padded = (size: number) =>
    Buffer.concat([png, Buffer.alloc(size - png.length)]).toString('base64');
  expect((await setBranding(sandbox, { logo: { upload: padded(maxLogoBytes) } })).status).toBe(200);
  const over = await setBranding(sandbox, { logo: { upload: padded(maxLogoBytes + 3) } });
  expect(over.status).toBe(400);
  expect(errorBodySchema.parse(over.body).message).toContain('logo.upload: must be at most 32 KB');
});

test('branding and the uploaded logo survive a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-branding-'));
  directories.push(dataDir);
  const first = open({ dataDir });
  await setBranding(first, {
    displayName: 'Kano Kitchens',
    brandColor: '#1d6b3a',
    logo: { upload: tinyPngBase64 },
  });
  const saved = await readBranding(first);
  first.close();
  sandboxes.splice(0);

  const second = open({ dataDir });
  expect(await readBranding(second)).toEqual(saved);
  const served = await second.handle(new Request(saved.logo?.url ?? ''));
  expect(served.status).toBe(200);
});
