import { brotliDecompressSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { brotliQualityFor, compressAnswer } from './compress-answer';

const json = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });

test('a list page over 32 KB is compressed faster (brotli 3); smaller answers keep brotli 5', async () => {
  // The setup page's bank list (about 8 KB) keeps the quality 0028 measured.
  expect(brotliQualityFor(8 * 1024)).toBe(5);
  expect(brotliQualityFor(32 * 1024)).toBe(5);
  expect(brotliQualityFor(32 * 1024 + 1)).toBe(3);

  const large = JSON.stringify({
    data: Array.from({ length: 250 }, (_, index) => ({
      id: `osp_${String(index).padStart(6, '0')}`,
      checkoutUrl: `http://127.0.0.1:4010/checkout/osp_${String(index)}#token=${'x'.repeat(43)}`,
      customer: { email: `payer${String(index)}@example.com`, phone: '+2348031234567' },
    })),
    hasMore: true,
  });
  expect(large.length).toBeGreaterThan(32 * 1024);
  const answer = await compressAnswer('gzip, br', json(large));
  expect(answer.headers.get('content-encoding')).toBe('br');
  const bytes = Buffer.from(await answer.arrayBuffer());
  expect(Number(answer.headers.get('content-length'))).toBe(bytes.byteLength);
  expect(brotliDecompressSync(bytes).toString('utf8')).toBe(large);
});
