import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { setupStateResponseSchema } from '../contract/direct-debit';
import { brandingResponseSchema } from '../contract/branding';
import { errorBodySchema } from '../contract/errors';
import { pageInlineHashes } from '../contract/page-inline-hashes';
import { createDemoSetupLink } from './demo';
import { demoCredentialsSchema } from './features/merchants/demo-merchant';
import { startServer, type RunningServer } from './server';
import { tinyPngBase64 } from './testing/logos';

const root = mkdtempSync(join(tmpdir(), 'sandbox-server-'));
const distDir = join(root, 'dist');
const dataDir = join(root, 'data');
const indexHtml = '<!doctype html><title>Secure payment</title><div id="root"></div>';
const setupHtml = indexHtml.replace('</title>', '</title><link rel="modulepreload" href="/s.js">');
const checkoutHtml = indexHtml.replace(
  '</title>',
  '</title><link rel="modulepreload" href="/c.js">',
);
const consoleHtml = '<!doctype html><title>Sandbox console</title><div id="root"></div>';
let server: RunningServer;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), indexHtml);
  writeFileSync(join(distDir, 'console.html'), consoleHtml);
  // The setup and checkout pages' own documents; this build has none for the invoice page.
  mkdirSync(join(distDir, 'pages'));
  writeFileSync(join(distDir, 'pages', 'direct-debit-setup.html'), setupHtml);
  writeFileSync(join(distDir, 'pages', 'checkout.html'), checkoutHtml);
  writeFileSync(join(distDir, 'assets', 'index-AbC123.js'), 'console.log("app");');
  writeFileSync(join(distDir, 'assets', 'index-AbC123.css'), 'body{margin:0}');
  writeFileSync(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, 'secret.txt'), 'outside dist');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw request, so that paths reach the server exactly as written (no URL normalization). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
}> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function expectSecurityHeaders(headers: Headers): void {
  // Inline code only as the page documents' own, pinned by the sha256 the build wrote.
  const pinned = (hashes: readonly string[]) => hashes.map((hash) => ` '${hash}'`).join('');
  expect(headers.get('content-security-policy')).toBe(
    `default-src 'self'; script-src 'self'${pinned(pageInlineHashes.script)}; style-src 'self'${pinned(pageInlineHashes.style)}; img-src 'self' data: https:; connect-src 'self'; worker-src blob:; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  );
  expect(headers.get('content-security-policy')).not.toContain('unsafe-inline');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  const permissions = headers.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`);
  // The copy buttons write the clipboard: never denied.
  expect(permissions).not.toContain('clipboard');
  // Plain http on 127.0.0.1: no HSTS (docs/deploy.md tells HTTPS hosts to send it).
  expect(headers.get('strict-transport-security')).toBeNull();
}

test('the server listens on 127.0.0.1 and writes credentials with its real origin', () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const credentials = demoCredentialsSchema.parse(
    JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')),
  );
  expect(credentials.baseUrl).toBe(server.url);
});

test('a browser navigation gets its page’s document, else index.html, with the security headers, never cached', async () => {
  for (const [path, document] of [
    ['/direct-debit/setup', setupHtml],
    ['/Direct-Debit/Setup/', setupHtml],
    ['/checkout/osp_123', checkoutHtml],
    ['/invoices/inv_1', indexHtml],
    ['/', indexHtml],
    ['/anything', indexHtml],
    ['/checkout/osp_1/more', indexHtml],
    ['/console', consoleHtml],
    ['/Console/payments/osp_1', consoleHtml],
    ['/consoles', indexHtml],
  ] as const) {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(response.headers);
    expect(await response.text(), path).toBe(document);
  }
  // Fetched by name, a page's document is still a document: never cached.
  const byName = await fetch(`${server.url}/pages/checkout.html`);
  expect(byName.headers.get('cache-control')).toBe('no-store');
});

test('hashed assets are served with their content type and a long immutable cache', async () => {
  const js = await fetch(`${server.url}/assets/index-AbC123.js`);
  expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(await js.text()).toBe('console.log("app");');
  const css = await fetch(`${server.url}/assets/index-AbC123.css`);
  expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  const icon = await fetch(`${server.url}/favicon.svg`);
  expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  const missing = await fetch(`${server.url}/assets/missing-123.js`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).not.toContain('<!doctype html>');
  const directory = await fetch(`${server.url}/assets/`);
  expect(directory.status).toBe(404);
});

test('pages and scripts go compressed to browsers that accept it, as-is to others', async () => {
  const script = 'console.log("app");';
  const brotli = await raw('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toBe('accept-encoding');
  expect(brotliDecompressSync(brotli.bytes).toString('utf8')).toBe(script);

  const gzip = await raw('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, br;q=0' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(script);

  const page = await raw('/direct-debit/setup', { 'accept-encoding': 'gzip' });
  expect(page.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(page.bytes).toString('utf8')).toBe(setupHtml);

  const plain = await raw('/assets/index-AbC123.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

test('API answers of 1 KB or more go compressed to clients that accept it, small ones as they are', async () => {
  const { token } = await createDemoSetupLink(server.url, server.sandbox.credentials);
  const headers = { 'x-direct-debit-token': token };
  const plain = await raw('/direct-debit/setup/banks', headers);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.bytes.byteLength).toBeGreaterThan(1024);

  const brotli = await raw('/direct-debit/setup/banks', {
    ...headers,
    'accept-encoding': 'gzip, br',
  });
  expect(brotli.status).toBe(200);
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toContain('accept-encoding');
  expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.byteLength);
  expect(brotli.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 2);
  expect(brotliDecompressSync(brotli.bytes).toString('utf8')).toBe(plain.body);
  expect(brotli.headers['x-request-id']).toMatch(/\S/);

  const gzip = await raw('/direct-debit/setup/banks', { ...headers, 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.bytes).toString('utf8')).toBe(plain.body);

  const refused = await raw('/direct-debit/setup', {
    'x-direct-debit-token': 'nope',
    'accept-encoding': 'gzip, br',
  });
  expect(refused.status).toBe(401);
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(errorBodySchema.parse(JSON.parse(refused.body)).requestId).toMatch(/\S/);
});

test('path traversal never leaves dist', async () => {
  for (const path of [
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/assets/%00.js',
  ]) {
    const response = await raw(path);
    expect(response.status, path).toBeGreaterThanOrEqual(400);
    expect(response.body, path).not.toContain('outside dist');
  }
});

test('a request with the token header is the API and gets JSON, on the same path as the page', async () => {
  const { token } = await createDemoSetupLink(server.url, server.sandbox.credentials);
  const response = await fetch(`${server.url}/direct-debit/setup`, {
    headers: { 'x-direct-debit-token': token },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expectSecurityHeaders(response.headers);
  const state = setupStateResponseSchema.parse(await response.json()).data;
  expect(state.returnUrl).toBe('https://merchant.example.com/billing/return');

  const invalid = await fetch(`${server.url}/direct-debit/setup`, {
    headers: { 'x-direct-debit-token': 'nope' },
  });
  expect(invalid.status).toBe(401);
  expect(errorBodySchema.parse(await invalid.json()).code).toBe('INVALID_SETUP_LINK');
});

test('API paths answer JSON errors, not the page', async () => {
  const missing = await fetch(`${server.url}/api/v1/unknown`);
  expect(missing.status).toBe(404);
  expect(errorBodySchema.parse(await missing.json()).path).toBe('/api/v1/unknown');
  const unauthorized = await fetch(`${server.url}/sandbox/v1/direct-debit/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"enabled":true}',
  });
  expect(unauthorized.status).toBe(401);
  expect(unauthorized.headers.get('x-request-id')).toMatch(/^req_/);
});

test('an oversized body is refused with 413', async () => {
  const response = await fetch(`${server.url}/api/v1/subscriptions/plans`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.sandbox.credentials.testSecretKey}`,
      'content-type': 'application/json',
      'idempotency-key': 'big',
    },
    body: JSON.stringify({ description: 'x'.repeat(200 * 1024) }),
  });
  expect(response.status).toBe(413);
});

test('/healthz answers while the server runs', async () => {
  const response = await fetch(`${server.url}/healthz`);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('an uploaded logo keeps its own closed CSP through the server; the pages may show it', async () => {
  const credentials = demoCredentialsSchema.parse(
    JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')),
  );
  const set = await fetch(`${server.url}/sandbox/v1/merchant/branding`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${credentials.liveSecretKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ logo: { upload: tinyPngBase64 } }),
  });
  const logo = brandingResponseSchema.parse(await set.json()).data.logo;
  expect(logo?.url.startsWith(`${server.url}/sandbox/v1/logos/`)).toBe(true);
  const served = await fetch(logo?.url ?? '');
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'",
  );
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  // The pages' own policy lets an <img> load it: same origin ('self'), or an https URL.
  const page = await fetch(`${server.url}/direct-debit/setup`);
  expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: https:");
});
