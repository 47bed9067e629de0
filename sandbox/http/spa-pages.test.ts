import { Hono } from 'hono';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { spaPages, type PagesEnv } from './spa-pages';

// A build of the hosted pages alone (`vite build` without the console's second build).
const distDir = mkdtempSync(join(tmpdir(), 'spa-pages-'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Secure payment</title>');
const app = new Hono<PagesEnv>();
app.use(...spaPages(distDir));

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

test('without the console’s build, /console says it is not built and how to build it', async () => {
  for (const path of ['/console', '/console/payments/osp_1']) {
    const response = await app.request(path);
    expect(response.status, path).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe(
      'The sandbox console is not built. Run `npm run build`, then reload.',
    );
  }
  const hosted = await app.request('/direct-debit/setup');
  expect(hosted.status).toBe(200);
  expect(await hosted.text()).toContain('Secure payment');
});
