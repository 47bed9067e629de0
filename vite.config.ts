/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type PluginOption } from 'vite';
import { pageDocuments, routeModules, serverStateModule } from './scripts/page-documents.ts';

// The SPA is served by the sandbox on the same origin as the hosted API (product.md, "Links and
// tokens"), so `npm run dev` proxies the API paths to a running sandbox.
const sandboxOrigin = process.env.SANDBOX_ORIGIN ?? 'http://127.0.0.1:4010';

// `npm run bundle-report` (BUNDLE_REPORT=1): where the first-load bytes go, module by module, as a
// treemap of gzip sizes in test-results/bundle-report.html (docs/decisions/0018-first-load-bytes.md).
// Off otherwise, so ordinary builds stay as fast as before.
const bundleReport = process.env.BUNDLE_REPORT === '1';

/**
 * What every hosted page's first view needs, in the entry's chunk (docs/decisions/
 * 0028-first-reads-before-the-code.md, addendum of issue 25), decided from the import graph, so
 * that a new module needs no edit here: every module the entry (`src/main.tsx`) imports
 * statically, directly or not (the app's start, the query client, the renderer, the shell and its
 * messages), the bundler's runtime, and every module that a hosted page's route module imports
 * statically and another page's code imports at all (the contract's shared schemas, zod's core,
 * the form fields a later step of another page uses). What one page's first view alone needs is in
 * its route's chunk (one group per route), which its document carries with the entry
 * (docs/decisions/0042), even when a later step of the same page uses it too; what only later
 * steps need stays in theirs. Two chunks instead of an entry, a shared chunk and a few small ones;
 * the libraries among the entry's modules are a third, so that the documents run them in a task of
 * their own (issue 25: no task of the first view's code is long).
 */
function firstViewChunks(): {
  plugin: Plugin;
  holds: (id: string) => boolean;
  serverStateHolds: (id: string) => boolean;
  routeHolds: (page: string) => (id: string) => boolean;
} {
  const firstView = new Set<string>();
  const serverState = new Set<string>();
  // The one page whose first view renders inside the root of server state, if only one does: the
  // root is then in that page's route file (one file fewer on its first load), else in its own.
  // None does today: every hosted page draws its first view before it (decision 0028).
  let serverStatePage: string | null = null;
  const routeFirstViews = new Map<string, Set<string>>();
  const fromRoot = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));
  return {
    holds: (id) => firstView.has(id),
    serverStateHolds: (id) => serverStatePage === null && serverState.has(id),
    routeHolds: (page) => (id) =>
      !firstView.has(id) &&
      (serverState.has(id)
        ? serverStatePage === page
        : (routeFirstViews.get(page)?.has(id) ?? false)),
    plugin: {
      name: 'first-view-chunk',
      apply: 'build',
      buildEnd() {
        /** `id` and every module it imports, directly or not: statically, or also dynamically. */
        const closure = (id: string, dynamic: boolean, into = new Set<string>()): Set<string> => {
          if (into.has(id)) return into;
          into.add(id);
          const info = this.getModuleInfo(id);
          for (const imported of [
            ...(info?.importedIds ?? []),
            ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []),
          ])
            closure(imported, dynamic, into);
          return into;
        };
        firstView.clear();
        serverState.clear();
        for (const id of closure(fromRoot('src/main.tsx'), false)) firstView.add(id);
        const routes = Object.entries(routeModules).map(([page, route]) => ({
          page,
          firstView: closure(fromRoot(route), false),
          everything: closure(fromRoot(route), true),
        }));
        // The root of server state and what it needs, unless a page draws its first view before
        // it (every hosted page today) and needs that module there.
        const drawnBefore = routes.filter(
          (route) => !route.firstView.has(fromRoot(serverStateModule)),
        );
        for (const id of closure(fromRoot(serverStateModule), false))
          if (!firstView.has(id) && !drawnBefore.some((route) => route.firstView.has(id)))
            serverState.add(id);
        const inside = routes.filter((route) => !drawnBefore.includes(route));
        serverStatePage = inside.length === 1 ? (inside[0]?.page ?? null) : null;
        for (const route of routes) routeFirstViews.set(route.page, route.firstView);
        for (const route of routes)
          for (const id of route.firstView)
            if (
              !serverState.has(id) &&
              routes.some((other) => other !== route && other.everything.has(id))
            )
              for (const needed of closure(id, false))
                if (!serverState.has(needed)) firstView.add(needed);
      },
    },
  };
}

const firstView = firstViewChunks();

/** React's modules as Preact's (docs/decisions/0027-preact-renderer.md); the console's build too. */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The plugins every page's code needs, the console's included: JSX, and the compiled catalogs. */
export function pagePlugins(): PluginOption[] {
  return [
    react(),
    // PO catalogs compiled at build time (and under Vitest); a language lacking a message, or a
    // message that does not compile, fails the build (docs/decisions/0024-languages.md).
    lingui({ failOnMissing: true, failOnCompileError: true }),
  ];
}

/** Build options the hosted pages' build and the console's share. */
export const pageBuild = {
  // ES2022 syntax as is: TanStack Query's private class fields and methods need no helpers
  // (1.2 KB gzip on every first load at es2020). Browsers: Chrome/WebView 84+, Safari/iOS 15+,
  // Firefox 90+; the build has no class static blocks (docs/decisions/0024-languages.md).
  target: 'es2022',
  sourcemap: false,
  // Report the real (gzip) sizes of what each page loads.
  reportCompressedSize: true,
  // Every browser the pages support preloads modules itself; one without it just loads the
  // chunks a little later. Not worth half a kilobyte on every first load.
  modulePreload: { polyfill: false },
} satisfies BuildEnvironmentOptions;

/**
 * `npm run dev` serves the console's addresses its own document, as the sandbox does
 * (sandbox/http/spa-pages.ts): in a build, the console is vite.console.config.ts's.
 */
function consoleDocumentInDev(): Plugin {
  return {
    name: 'console-document-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url !== undefined && /^\/console(\/[^.]*)?$/i.test(req.url.split('?')[0] ?? ''))
          req.url = '/console.html';
        next();
      });
    },
  };
}

export default defineConfig({
  resolve: { alias: preactAliases },
  plugins: [
    ...pagePlugins(),
    pageDocuments(),
    firstView.plugin,
    consoleDocumentInDev(),
    bundleReport &&
      visualizer({
        filename: 'test-results/bundle-report.html',
        template: 'treemap',
        gzipSize: true,
        brotliSize: true,
      }),
  ],
  build: {
    ...pageBuild,
    // One stylesheet, which every page document carries inline (scripts/page-documents.ts). Split
    // per chunk, Vite's loader of every later chunk (a live half, a later step) asked for it again:
    // 2.2 KB more and a request on a weak network, beside the code the customer is waiting for.
    cssCodeSplit: false,

    // The entry's chunk holds what every page's first view needs (firstViewChunk above), less its
    // libraries, which are a chunk of their own; each page's own code is its route's chunk.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries of the first view in a chunk of their own: the documents run each
            // carried chunk as a task of its own (decision 0042), so neither task is long.
            {
              name: 'first-view-libraries',
              test: (id: string) => firstView.holds(id) && id.includes('/node_modules/'),
              priority: 3,
            },
            { name: 'entry', test: firstView.holds, priority: 2 },
            { name: 'server-state', test: firstView.serverStateHolds, priority: 2 },
            ...Object.entries(routeModules).map(([page, module]) => ({
              name: basename(module).replace(/\.tsx?$/, ''),
              test: firstView.routeHolds(page),
              priority: 1,
            })),
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': sandboxOrigin,
      '/sandbox': sandboxOrigin,
      '^/(direct-debit|checkout|invoices)/': {
        target: sandboxOrigin,
        // Only API calls (they carry a capability header) go to the sandbox; navigations stay here.
        bypass: (req) =>
          req.headers['x-direct-debit-token'] || req.headers['x-checkout-token']
            ? undefined
            : req.url,
      },
    },
  },
  test: {
    restoreMocks: true,
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{contract,sandbox,scripts,merchant-kit}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/.git/**', 'scripts/package/**'],
        },
      },
      {
        extends: true,
        test: {
          // The installable sandbox, packed, installed and run under Node 20.19, 22 and 24
          // (scripts/package/sandbox-package.test.ts): slow, so a project of its own.
          name: 'package',
          environment: 'node',
          include: ['scripts/package/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // The packages that render through React, as ES modules, so that their `react` is
          // Preact's too (docs/decisions/0027-preact-renderer.md): their CommonJS builds would
          // load React itself beside it.
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
            {
              find: /^react-error-boundary$/,
              replacement: 'react-error-boundary/dist/react-error-boundary.js',
            },
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url),
              ),
            },
          ],
          server: {
            deps: {
              inline: [
                /@testing-library\/react/,
                /@tanstack\/react-query/,
                /react-error-boundary/,
                /react-hook-form/,
                /@hookform\/resolvers/,
                /react-router/,
              ],
            },
          },
          setupFiles: ['./vitest.setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
