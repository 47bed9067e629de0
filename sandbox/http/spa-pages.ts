/**
 * The built SPA from `dist/` (docs/architecture.md, "sandbox/server.ts"; docs/decisions/0014), as
 * Hono middleware around `@hono/node-server`'s `serveStatic`: hashed assets under `/assets/` with a
 * year-long immutable cache, other files of `dist/` revalidated, and for every other navigation
 * its HTML document (a hosted page's own, else `index.html`: the SPA fallback), never cached.
 * Nothing outside `dist/` is reachable (encoded `..`, backslashes and NUL are 400; symlinks out
 * are 404). Text files go compressed (brotli, else gzip)
 * when the browser accepts it: on a weak mobile network the bytes on the wire are most of the
 * first load. Each file is compressed once per modification (Node's zlib; Hono's own `compress`
 * has no brotli on Node 20).
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from 'node:zlib';
import { hostedPageAt, hostedPageDocuments, type HostedPage } from '../../contract/hosted-links';
import { cacheControl } from './security-headers';

/** What the page steps leave on the context: the file `serveStatic` found, if any. */
export interface PagesEnv {
  Variables: { servedFile: string | undefined };
}

/** Where the pages' content types differ from Hono's (which adds a charset to SVG, none to JSON). */
const mimes: Record<string, string> = {
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
};

/** Extensions whose files are worth compressing (the others are already compressed or tiny). */
const compressible = /\.(html|m?js|css|json|map|webmanifest|txt|svg)$/i;

/** A content coding the server can send. */
export type Coding = 'br' | 'gzip';

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

async function compressFile(path: string, coding: Coding): Promise<Buffer> {
  const [bytes, { mtimeMs }] = await Promise.all([readFile(path), stat(path)]);
  return compressed(path, mtimeMs, coding, bytes);
}

/**
 * Compresses every compressible file of `distDir/assets` ahead of the first request (in the
 * background; failures only mean the first request compresses instead), so that the first
 * visitor after a start does not wait for maximum-quality brotli.
 */
export async function precompressAssets(distDir: string): Promise<void> {
  try {
    const assets = join(await realpath(distDir), 'assets');
    for (const name of await readdir(assets)) {
      if (!compressible.test(name)) continue;
      const path = join(assets, name);
      await Promise.all([compressFile(path, 'br'), compressFile(path, 'gzip')]);
    }
  } catch {
    // Not built, or a file went away: the first request compresses instead.
  }
}

function text(c: Context, status: 400 | 404 | 503, message: string): Response {
  return c.text(message, status, { 'cache-control': cacheControl.document });
}

/** The sandbox console's document (the input of vite.console.config.ts) and its addresses. */
export const consoleDocument = 'console.html';
export const consolePath = /^\/console(\/.*)?$/i;
const consoleNotBuilt = 'The sandbox console is not built. Run `npm run build`, then reload.';

const notBuilt = 'The pages are not built. Run `npm run build`, then reload.';

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

/** Whether `path` exists. */
async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** False when `path` exists but resolves (through a symlink) outside `root`. */
async function staysWithin(root: string, path: string): Promise<boolean> {
  try {
    const real = await realpath(path);
    return real === root || real.startsWith(root + sep);
  } catch {
    return true;
  }
}

/**
 * The page steps for GET/HEAD requests that are not the API, in order:
 * - 400 for paths that try to leave `distDir`, 404 for symlinks out of it;
 * - a file of `distDir` (`/assets/…` immutable for a year, HTML documents `no-store`, others
 *   `no-cache`), compressed as the request's `Accept-Encoding` allows;
 * - a missing `/assets/…` path or one with a file extension: 404;
 * - the sandbox console's addresses (`/console` and below): its own document, `console.html`
 *   (built apart by vite.console.config.ts; docs/decisions/0019-sandbox-console.md), `no-store`;
 *   503 when the build has none;
 * - a hosted page's address: that page's document (`hostedPageDocuments` in
 *   contract/hosted-links.ts; docs/decisions/0028-first-reads-before-the-code.md), `no-store`;
 * - anything else, or a page whose document the build lacks: `index.html`, `no-store` (503 when
 *   the SPA is not built).
 */
export function spaPages(distDir: string): MiddlewareHandler<PagesEnv>[] {
  const found = (path: string, c: Context<PagesEnv>) => {
    c.set('servedFile', path);
  };
  const pageDocuments = Object.fromEntries(
    Object.entries(hostedPageDocuments).map(([page, path]) => [
      page,
      serveStatic({ root: distDir, path, onFound: found }),
    ]),
  ) as Record<HostedPage['kind'], MiddlewareHandler<PagesEnv>>;
  const serveConsole = serveStatic({ root: distDir, path: consoleDocument, onFound: found });
  return [
    async function refuseEscapes(c, next) {
      const segments = safeSegments(new URL(c.req.url).pathname);
      if (segments === null) return text(c, 400, 'Bad request');
      let root: string;
      try {
        root = await realpath(distDir);
      } catch {
        return text(c, 503, notBuilt);
      }
      if (!(await staysWithin(root, join(root, ...segments)))) return text(c, 404, 'Not found');
      c.set('servedFile', undefined);
      await next();
    },
    async function cacheAndCompress(c, next) {
      await next();
      const file = c.get('servedFile');
      if (file === undefined) return;
      const inDist = relative(distDir, file).split(sep);
      c.header(
        'cache-control',
        file.endsWith('.html')
          ? cacheControl.document
          : inDist[0] === 'assets'
            ? cacheControl.hashedAsset
            : cacheControl.otherFile,
      );
      c.header(
        'content-type',
        getMimeType(file, mimes) ?? getMimeType(file) ?? 'application/octet-stream',
      );
      if (!compressible.test(file)) return;
      c.header('vary', 'accept-encoding');
      const coding = chooseCoding(c.req.header('accept-encoding'));
      if (coding === null) return;
      const body = await compressFile(file, coding);
      // Headers first: Hono's `c.res` setter copies the old response's headers onto the new one.
      c.header('content-encoding', coding);
      c.header('content-length', String(body.byteLength));
      c.res = new Response(new Uint8Array(body), c.res);
    },
    serveStatic({ root: distDir, onFound: found }),
    async function spaFallback(c, next) {
      const segments = safeSegments(new URL(c.req.url).pathname) ?? [];
      const last = segments[segments.length - 1] ?? '';
      if (segments[0] === 'assets' || last.includes('.')) return text(c, 404, 'Not found');
      await next();
    },
    async function consolePage(c, next) {
      if (!consolePath.test(new URL(c.req.url).pathname)) return next();
      // A build of the hosted pages alone (`vite build`) has no console document: say so.
      if (!(await exists(join(distDir, consoleDocument)))) return text(c, 503, consoleNotBuilt);
      return serveConsole(c, next);
    },
    function hostedPageDocument(c, next) {
      const page = hostedPageAt(new URL(c.req.url).pathname);
      // A build without the page's document (made before there were any) still has index.html.
      return page === null ? next() : pageDocuments[page.kind](c, next);
    },
    serveStatic({ root: distDir, path: 'index.html', onFound: found }),
    (c) => Promise.resolve(text(c, 503, notBuilt)),
  ];
}
