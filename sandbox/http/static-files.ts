/**
 * The built SPA from `dist/` (docs/architecture.md, "sandbox/server.ts"): hashed assets under
 * `/assets/` with a year-long immutable cache, other files of `dist/` revalidated, and
 * `index.html` for every other navigation (SPA fallback), never cached. No directory listings;
 * nothing outside `dist/` is reachable (encoded `..`, backslashes, NUL and symlinks out are
 * refused).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';

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

async function fileResponse(path: string, cacheControl: string): Promise<StaticResponse> {
  return {
    status: 200,
    headers: {
      'content-type': contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': cacheControl,
    },
    body: await readFile(path),
  };
}

/**
 * The answer to a GET/HEAD navigation or asset request for `pathname` (as sent, still
 * percent-encoded) from `distDir`.
 * - 400 for paths that try to leave `distDir`;
 * - `/assets/…`: the file (immutable, 1 year) or 404;
 * - another existing file (e.g. `/favicon.svg`): the file, `no-cache`;
 * - a missing path with a file extension: 404;
 * - anything else: `index.html` with `no-store` (503 when the SPA is not built).
 */
export async function serveStatic(distDir: string, pathname: string): Promise<StaticResponse> {
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
      return fileResponse(file, isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    const last = segments[segments.length - 1] ?? '';
    if (isAsset || last.includes('.')) return text(404, 'Not found');
  }

  const index = await regularFileWithin(root, join(root, 'index.html'));
  if (index === null)
    return text(503, 'The pages are not built. Run `npm run build`, then reload.');
  return fileResponse(index, 'no-store');
}
