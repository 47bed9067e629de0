import { afterEach, expect, test } from 'vitest';
import { brandingResponseSchema, maxLogoBytes } from '../../../contract/branding';
import { checkoutStateResponseSchema } from '../../../contract/checkout';
import { setupStateResponseSchema } from '../../../contract/direct-debit';
import { errorBodySchema } from '../../../contract/errors';
import { checkoutApi, createTestPayment, tokenOf } from '../../testing/checkout-testing';
import { cleanSvg } from '../../testing/logos';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';
import { LogoRefused } from './logo-files';
import type { LogoFetcher } from '../../core/logo-fetcher';
import { fetchPublicLogo, isPublicAddress } from './remote-logo';

const path = '/sandbox/v1/merchant/branding';
const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

/** A sandbox whose logo fetcher answers `answer(url)` and counts its calls. */
function withFetcher(answer: (url: URL) => Promise<Uint8Array>) {
  const fetched: string[] = [];
  const logoFetcher: LogoFetcher = (url) => {
    fetched.push(url.href);
    return answer(url);
  };
  const sandbox = createTestSandbox({ logoFetcher });
  sandboxes.push(sandbox);
  return { sandbox, fetched };
}

function setLogoUrl(sandbox: TestSandbox, url: string) {
  return sandbox.api('PUT', path, {
    key: sandbox.credentials.liveSecretKey,
    body: { logo: { url } },
  });
}

test('a logo URL on another host is fetched once, when set, and every page gets it from our origin', async () => {
  const { sandbox, fetched } = withFetcher(() => Promise.resolve(Buffer.from(cleanSvg)));
  const set = await setLogoUrl(sandbox, 'https://cdn.ojafoods.example/logo.svg');
  expect(set.status).toBe(200);
  const logo = brandingResponseSchema.parse(set.body).data.logo;
  if (logo?.source !== 'url') throw new Error(`expected a URL logo, got ${JSON.stringify(logo)}`);
  expect(logo.sourceUrl).toBe('https://cdn.ojafoods.example/logo.svg');
  expect(logo.url).toBe(`http://sandbox.test/sandbox/v1/logos/${logo.sha256}.svg`);
  expect(logo.contentType).toBe('image/svg+xml');

  // The pages' logo is a path on their own origin, never the merchant's host.
  const { token } = await sandbox.createSetupLink();
  const setup = setupStateResponseSchema.parse(
    (await sandbox.setupApi('GET', '/direct-debit/setup', token)).body,
  ).data;
  expect(setup.merchant.logoUrl).toBe(`/sandbox/v1/logos/${logo.sha256}.svg`);
  const payment = await createTestPayment(sandbox);
  const checkout = checkoutStateResponseSchema.parse(
    (await checkoutApi(sandbox, 'GET', `/checkout/${payment.id}`, tokenOf(payment.checkoutUrl)))
      .body,
  ).data;
  expect(checkout.merchant.logoUrl).toBe(`/sandbox/v1/logos/${logo.sha256}.svg`);

  // Served by the sandbox, byte for byte what was fetched.
  const served = await sandbox.sandbox.handle(new Request(logo.url));
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/svg+xml');
  expect(await served.text()).toBe(cleanSvg);

  // Reading the branding and opening pages never fetches it again.
  await sandbox.api('GET', path);
  await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(fetched).toEqual(['https://cdn.ojafoods.example/logo.svg']);
});

test('a logo URL that cannot be fetched, or whose file an upload would be refused, is refused and changes nothing', async () => {
  const answers: Record<string, () => Promise<Uint8Array>> = {
    'https://down.example/logo.png': () =>
      Promise.reject(new LogoRefused('its address answered 404, not 200')),
    'https://cdn.example/script.svg': () =>
      Promise.resolve(Buffer.from(cleanSvg.replace('<title>', '<script>alert(1)</script><title>'))),
    'https://cdn.example/huge.svg': () =>
      Promise.resolve(Buffer.from(cleanSvg + ' '.repeat(maxLogoBytes))),
    'https://cdn.example/page.html': () => Promise.resolve(Buffer.from('<!doctype html><p>hi')),
  };
  const { sandbox } = withFetcher((url) =>
    (answers[url.href] ?? (() => Promise.reject(new LogoRefused('unknown'))))(),
  );
  const before = (await sandbox.api('GET', path)).body;
  for (const [url, reason] of [
    ['https://down.example/logo.png', 'answered 404'],
    ['https://cdn.example/script.svg', 'a script'],
    ['https://cdn.example/huge.svg', 'at most 32 KB'],
    ['https://cdn.example/page.html', 'must be a PNG or SVG'],
  ] as const) {
    const refused = await setLogoUrl(sandbox, url);
    expect(refused.status, url).toBe(400);
    const error = errorBodySchema.parse(refused.body);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message, url).toContain('logo.url');
    expect(error.message, url).toContain(reason);
  }
  expect((await sandbox.api('GET', path)).body).toEqual(before);
});

test('the sandbox fetches logos from public https hosts only', async () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
  for (const address of ['8.8.8.8', '102.89.1.1', '2606:4700:4700::1111']) {
    expect(isPublicAddress(address), address).toBe(true);
  }
  for (const [url, reason] of [
    ['https://127.0.0.1/logo.png', 'not on the public internet'],
    ['https://[::1]/logo.png', 'not on the public internet'],
    ['https://169.254.169.254/latest/meta-data', 'not on the public internet'],
    ['https://localhost/logo.png', 'not on the public internet'],
    ['http://cdn.example.com/logo.png', 'https'],
  ] as const) {
    await expect(fetchPublicLogo(new URL(url)), url).rejects.toThrow(reason);
  }

  // Through the API with the sandbox's own fetcher: refused before any connection is made.
  const sandbox = createTestSandbox({ logoFetcher: fetchPublicLogo });
  sandboxes.push(sandbox);
  const refused = await setLogoUrl(sandbox, 'https://127.0.0.1:9/logo.png');
  expect(refused.status).toBe(400);
  expect(errorBodySchema.parse(refused.body).message).toBe(
    'Validation failed: logo.url: its host 127.0.0.1 is not on the public internet',
  );
});
