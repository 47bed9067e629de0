import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startServer, type RunningServer } from '../server';

const root = mkdtempSync(join(tmpdir(), 'sandbox-openapi-'));
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, dataDir: join(root, 'data'), distDir: join(root, 'dist') });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET with exactly these headers (no automatic decompression). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
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
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

test('openapi.json is built once, then sent compressed with an ETag, and 304 when the client has it', async () => {
  const handle = vi.spyOn(server.sandbox, 'handle');
  const plain = await get('/api/v1/openapi.json');
  expect(plain.status).toBe(200);
  expect(plain.headers['content-encoding']).toBeUndefined();
  const document = JSON.parse(plain.bytes.toString('utf8')) as { openapi: string };
  expect(document.openapi).toBe('3.1.0');
  expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);
  expect(plain.headers['cache-control']).toBe('no-cache');

  const brotli = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip, deflate, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toContain('accept-encoding');
  expect(Number(brotli.headers['content-length'])).toBe(brotli.bytes.byteLength);
  expect(brotli.bytes.byteLength).toBeLessThan(plain.bytes.byteLength / 5);
  expect(brotliDecompressSync(brotli.bytes).equals(plain.bytes)).toBe(true);
  expect(brotli.headers.etag).not.toBe(plain.headers.etag);

  const gzip = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);

  const etag = String(brotli.headers.etag);
  const again = await get('/api/v1/openapi.json', {
    'accept-encoding': 'br',
    'if-none-match': etag,
  });
  expect(again.status).toBe(304);
  expect(again.bytes.byteLength).toBe(0);
  expect(again.headers.etag).toBe(etag);
  // The security headers are on the 304 too.
  expect(again.headers['x-content-type-options']).toBe('nosniff');

  const stale = await get('/api/v1/openapi.json', { 'if-none-match': '"something-else"' });
  expect(stale.status).toBe(200);
  expect(stale.bytes.equals(plain.bytes)).toBe(true);

  // Five answers, one build: the route ran through the sandbox once.
  const builds = handle.mock.calls.filter(([request]) =>
    request.url.endsWith('/api/v1/openapi.json'),
  );
  expect(builds).toHaveLength(1);
  handle.mockRestore();
});
