import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

test('large answers compressed again each decompress to their own text, in the coding asked for', async () => {
  const page = (first: number) =>
    JSON.stringify({
      data: Array.from({ length: 900 }, (_, index) => ({
        id: `osp_${String(first + index).padStart(6, '0')}`,
        status: 'pending',
      })),
      hasMore: true,
    });
  const [one, two] = [page(0), page(1)];
  expect(one.length).toBeGreaterThan(32 * 1024);
  const decoded = async (text: string, accept: string) => {
    const answer = await compressAnswer(accept, json(text));
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.byteLength);
    return answer.headers.get('content-encoding') === 'br'
      ? brotliDecompressSync(bytes).toString('utf8')
      : gunzipSync(bytes).toString('utf8');
  };
  for (const round of [1, 2]) {
    expect(await decoded(one, 'br'), `round ${String(round)}`).toBe(one);
    expect(await decoded(two, 'br'), `round ${String(round)}`).toBe(two);
    expect(await decoded(one, 'gzip'), `round ${String(round)}`).toBe(one);
  }
});
