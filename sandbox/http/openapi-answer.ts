/**
 * How the server sends `GET /api/v1/openapi.json` (contract/routes-openapi.ts; issue 26, point 5;
 * docs/decisions/0030-sandbox-serving-and-headers.md). The document is about 560 KB and took
 * about 37 ms of CPU to build, check and serialize, and as much again to compress: served on
 * every call, eight clients pulling it without a key starved every customer's page. It depends
 * only on the contract and the sandbox's origin, so it is built once per server, on the first
 * call, by the route's own handler (sandbox/features/openapi), and then:
 *
 * - each coding (identity, brotli, gzip) is made once and kept as bytes, sent with its
 *   `Content-Length`;
 * - every answer carries a strong `ETag` (SHA-256 of the JSON, with `-br`/`-gzip` for the
 *   compressed forms, RFC 9110 section 8.8.3) and `Cache-Control: no-cache`, so a client that
 *   sends it back in `If-None-Match` gets `304 Not Modified` without a body;
 * - a failed build (any status but 200) is passed on as it came and not kept: the next call
 *   builds again.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { routes } from '../../contract/routes';
import { requestIdHeader } from '../../contract/errors';
import { randomId } from '../core/crypto';
import { chooseCoding, type Coding } from './spa-pages';

/** The path of the OpenAPI document (the contract's route). */
export const openApiPath = routes.getOpenApiDocument.path;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** The document as built once: its JSON bytes, their hash, and each coding made so far. */
interface BuiltDocument {
  identity: Buffer;
  /** base64url SHA-256 of `identity`, the ETag's opaque part. */
  hash: string;
  encoded: Map<Coding, Promise<Buffer>>;
}

function encode(document: BuiltDocument, coding: Coding): Promise<Buffer> {
  let bytes = document.encoded.get(coding);
  if (bytes === undefined) {
    // Made once per server. Brotli 9 takes the 560 KB to about 7.5 KB in tens of milliseconds;
    // 11 saves 0.3 KB more for about a second of the first caller's wait.
    bytes =
      coding === 'br'
        ? brotli(document.identity, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: document.identity.byteLength,
            },
          })
        : gzip(document.identity, { level: 9 });
    document.encoded.set(coding, bytes);
  }
  return bytes;
}

/** The ETag of `document` sent with `coding` (null: as is). */
function etagOf(document: BuiltDocument, coding: Coding | null): string {
  return `"${document.hash}${coding === null ? '' : `-${coding}`}"`;
}

/**
 * Whether `ifNoneMatch` (the request header) names a representation of `document`: `*`, or any of
 * its ETags by weak comparison (RFC 9110 section 13.1.2: a GET compares weakly).
 */
function matches(ifNoneMatch: string | null, document: BuiltDocument): boolean {
  if (ifNoneMatch === null) return false;
  const known = new Set([null, 'br' as const, 'gzip' as const].map((c) => etagOf(document, c)));
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || known.has(tag));
}

/**
 * The answerer of `GET /api/v1/openapi.json` for one server: `build` runs the route through the
 * sandbox (`Sandbox.handle`) and is called once, on the first request (again only after a
 * failure). The returned function answers a request (its `Accept-Encoding` and `If-None-Match`
 * decide the body) with 200 and the document, 304 without a body, or the failed build's answer.
 */
export function openApiAnswers(
  build: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  let built: Promise<BuiltDocument | Response> | null = null;

  async function buildOnce(request: Request): Promise<BuiltDocument | Response> {
    // A plain GET: what the document is does not depend on the caller's headers.
    const response = await build(new Request(request.url, { method: 'GET' }));
    if (response.status !== 200) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const hash = createHash('sha256').update(identity).digest('base64url');
    return { identity, hash, encoded: new Map() };
  }

  return async (request) => {
    built ??= buildOnce(request);
    const mine = built;
    let document: BuiltDocument | Response;
    try {
      document = await mine;
    } catch (error) {
      if (built === mine) built = null;
      throw error;
    }
    if (document instanceof Response) {
      if (built === mine) built = null;
      return document.clone();
    }
    const coding = chooseCoding(request.headers.get('accept-encoding') ?? undefined);
    const headers = new Headers({
      'cache-control': 'no-cache',
      etag: etagOf(document, coding),
      vary: 'accept-encoding',
      [requestIdHeader]: randomId('req_'),
    });
    if (matches(request.headers.get('if-none-match'), document)) {
      return new Response(null, { status: 304, headers });
    }
    const body = coding === null ? document.identity : await encode(document, coding);
    headers.set('content-type', 'application/json; charset=utf-8');
    headers.set('content-length', String(body.byteLength));
    if (coding !== null) headers.set('content-encoding', coding);
    return new Response(new Uint8Array(body), { status: 200, headers });
  };
}
