/**
 * robots.txt: the build copies `public/robots.txt`, and the sandbox serves it as a plain text file
 * with the security headers, revalidated on every use (docs/deploy.md). Every hosted page is a
 * customer's capability link; no search engine may crawl any of them.
 */
import { expect, test } from '@playwright/test';

test('robots.txt keeps every hosted page away from crawlers', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  const rules = (await response.text())
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '');
  expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
});
