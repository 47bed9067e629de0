/**
 * API answers compressed for the wire (service-api.md leaves transport to us): a JSON answer of at
 * least 1 KB goes with brotli, else gzip, when the request's `Accept-Encoding` allows it
 * (`chooseCoding` in spa-pages.ts), with `Vary: Accept-Encoding`. On a weak mobile network the
 * setup page's bank list (about 8 KB of JSON, under 2 KB compressed) arrives a round trip sooner
 * (docs/decisions/0028-first-reads-before-the-code.md). Quality is moderate (brotli 5, gzip 6):
 * each answer is compressed as it is sent, unlike the built files. Answers over 32 KB (pages of a
 * list) take brotli 3: a 100-payment page (110 KB) compresses in 0.7 ms instead of 1.8 ms of CPU,
 * 4 % larger (docs/decisions/0038-sandbox-throughput.md).
 *
 * Compression does not open a BREACH-style leak here: no answer is authorized by anything a
 * browser sends by itself (cookies); capability tokens and API keys travel in headers that
 * another site cannot make a browser add.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { chooseCoding } from './spa-pages';

/** Answers smaller than this (bytes) gain less than compressing costs. */
const minimumBytes = 1024;

/** Answers larger than this (bytes) are compressed at {@link largeAnswerBrotliQuality}. */
const largeAnswerBytes = 32 * 1024;
const largeAnswerBrotliQuality = 3;

/** The brotli quality of an answer of `byteLength` bytes: 5, or 3 above 32 KB. */
export function brotliQualityFor(byteLength: number): number {
  return byteLength > largeAnswerBytes ? largeAnswerBrotliQuality : 5;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Bodies of at least this many bytes are remembered compressed (a page of payments is 110 KB). */
const rememberedBytes = 32 * 1024;
/** Most compressed bodies remembered; the oldest goes first. */
const maxRemembered = 32;
/** Large bodies compressed lately, by coding and the body's SHA-256. */
const remembered = new Map<string, Buffer>();

/**
 * `body` compressed with `coding`. A large body answered again (a page of payments kept until the
 * data changes, core/kept-answers.ts; the OpenAPI document) is compressed once: hashing it costs
 * a tenth of compressing it.
 */
async function compressedOnce(coding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  const compress = () =>
    coding === 'br'
      ? brotli(body, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQualityFor(body.byteLength) },
        })
      : gzip(body, { level: 6 });
  if (body.byteLength < rememberedBytes) return compress();
  const key = `${coding}:${createHash('sha256').update(body).digest('base64')}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  const compressed = await compress();
  if (remembered.size >= maxRemembered) {
    const oldest = remembered.keys().next();
    if (oldest.done !== true) remembered.delete(oldest.value);
  }
  remembered.set(key, compressed);
  return compressed;
}

/**
 * `response`, compressed when it is a JSON answer of at least 1 KB that is not compressed yet and
 * `acceptEncoding` (the request's header) accepts brotli or gzip; otherwise `response` itself.
 * Status and headers are kept; `Content-Length` is the compressed size.
 */
export async function compressAnswer(
  acceptEncoding: string | undefined,
  response: Response,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.body === null || !/^application\/(.+\+)?json\b/i.test(type)) return response;
  if (response.headers.has('content-encoding')) return response;
  const coding = chooseCoding(acceptEncoding);
  if (coding === null) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('vary', 'accept-encoding');
  if (body.byteLength < minimumBytes) {
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  const compressed = await compressedOnce(coding, body);
  headers.set('content-encoding', coding);
  headers.set('content-length', String(compressed.byteLength));
  return new Response(new Uint8Array(compressed), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
