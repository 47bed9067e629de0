/**
 * The built SPA from `dist/` (docs/architecture.md, "sandbox/server.ts"): hashed assets under
 * `/assets/` with a year-long immutable cache, other files of `dist/` revalidated, and
 * `index.html` for every other navigation (SPA fallback), never cached. No directory listings;
 * nothing outside `dist/` is reachable (encoded `..`, backslashes, NUL and symlinks out are
 * refused). Text files are sent compressed (brotli, else gzip) when the browser accepts it: on a
 * weak mobile network the bytes on the wire are most of the first load.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { cacheControl } from './security-headers';

/** Content types by extension; anything else is `application/octet-stream`. */
const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Extensions whose files are worth compressing (the others are already compressed or tiny). */
const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.webmanifest',
  '.txt',
  '.svg',
]);

/** A content coding the server can send. */
type Coding = 'br' | 'gzip';

/**
 * The coding to send for an `Accept-Encoding` header: brotli when accepted, else gzip, else none.
 * A coding listed with `q=0` is refused (RFC 9110, section 12.5.3).
 */
export function chooseCoding(acceptEncoding: string | undefined): Coding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** Compressed bodies by file, modification time and coding: each is compressed once. */
const compressedCache = new Map<string, Promise<Buffer>>();

function compressed(path: string, mtimeMs: number, coding: Coding, body: Buffer): Promise<Buffer> {
  const key = `${path}\0${String(mtimeMs)}\0${coding}`;
  let cached = compressedCache.get(key);
  if (cached === undefined) {
    cached =
      coding === 'br'
        ? brotli(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : gzip(body, { level: 9 });
    if (compressedCache.size >= 500) compressedCache.clear();
    compressedCache.set(key, cached);
    cached.catch(() => compressedCache.delete(key));
  }
  return cached;
}

/**
 * Compresses every compressible file of `distDir/assets` ahead of the first request (in the
 * background; failures only mean the first request compresses instead), so that the first
 * visitor after a start does not wait for maximum-quality brotli.
 */
export async function precompressAssets(distDir: string): Promise<void> {
  let root: string;
  let names: string[];
  try {
    root = await realpath(distDir);
    names = await readdir(join(root, 'assets'));
  } catch {
    return;
  }
  for (const name of names) {
    if (!compressible.has(extname(name).toLowerCase())) continue;
    const path = await regularFileWithin(root, join(root, 'assets', name));
    if (path === null) continue;
    const [body, { mtimeMs }] = await Promise.all([readFile(path), stat(path)]);
    await Promise.all([
      compressed(path, mtimeMs, 'br', body),
      compressed(path, mtimeMs, 'gzip', body),
    ]);
  }
}

/** A static answer: status, headers and body bytes. */
export interface StaticResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function text(status: number, message: string): StaticResponse {
  return {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    body: Buffer.from(message),
  };
}

/** The decoded path segments of `pathname`, or null when it tries to leave the root. */
function safeSegments(pathname: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  return segments;
}

/** The regular file at `path` if it is inside `root` (after resolving symlinks), else null. */
async function regularFileWithin(root: string, path: string): Promise<string | null> {
  try {
    const real = await realpath(path);
    if (!real.startsWith(root + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

async function fileResponse(
  path: string,
  cacheControl: string,
  coding: Coding | null,
): Promise<StaticResponse> {
  const extension = extname(path).toLowerCase();
  const headers: Record<string, string> = {
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'cache-control': cacheControl,
  };
  const body = await readFile(path);
  if (!compressible.has(extension)) return { status: 200, headers, body };
  headers.vary = 'accept-encoding';
  if (coding === null) return { status: 200, headers, body };
  headers['content-encoding'] = coding;
  const { mtimeMs } = await stat(path);
  return { status: 200, headers, body: await compressed(path, mtimeMs, coding, body) };
}

/**
 * The answer to a GET/HEAD navigation or asset request for `pathname` (as sent, still
 * percent-encoded) from `distDir`, compressed as `acceptEncoding` (the request's
 * `Accept-Encoding` header) allows.
 * - 400 for paths that try to leave `distDir`;
 * - `/assets/…`: the file (immutable, 1 year) or 404;
 * - another existing file (e.g. `/favicon.svg`): the file, `no-cache`;
 * - a missing path with a file extension: 404;
 * - anything else: `index.html` with `no-store` (503 when the SPA is not built).
 */
export async function serveStatic(
  distDir: string,
  pathname: string,
  acceptEncoding?: string,
): Promise<StaticResponse> {
  const coding = chooseCoding(acceptEncoding);
  const segments = safeSegments(pathname);
  if (segments === null) return text(400, 'Bad request');
  let root: string;
  try {
    root = await realpath(distDir);
  } catch {
    return text(503, 'The pages are not built. Run `npm run build`, then reload.');
  }
  const candidate = join(root, ...segments);
  const isAsset = segments[0] === 'assets';
  const isIndex = segments.length === 0 || (segments.length === 1 && segments[0] === 'index.html');

  if (!isIndex) {
    const file = await regularFileWithin(root, candidate);
    if (file !== null) {
      return fileResponse(
        file,
        isAsset ? cacheControl.hashedAsset : cacheControl.otherFile,
        coding,
      );
    }
    const last = segments[segments.length - 1] ?? '';
    if (isAsset || last.includes('.')) return text(404, 'Not found');
  }

  const index = await regularFileWithin(root, join(root, 'index.html'));
  if (index === null)
    return text(503, 'The pages are not built. Run `npm run build`, then reload.');
  return fileResponse(index, cacheControl.document, coding);
}
