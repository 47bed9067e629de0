/// <reference types="vitest/config" />
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { fileURLToPath } from 'node:url';
import { defineConfig, type BuildEnvironmentOptions, type Plugin, type PluginOption } from 'vite';
import { pageDocuments } from './scripts/page-documents.ts';

// The SPA is served by the sandbox on the same origin as the hosted API (product.md, "Links and
// tokens"), so `npm run dev` proxies the API paths to a running sandbox.
const sandboxOrigin = process.env.SANDBOX_ORIGIN ?? 'http://127.0.0.1:4010';

// `npm run bundle-report` (BUNDLE_REPORT=1): where the first-load bytes go, module by module, as a
// treemap of gzip sizes in test-results/bundle-report.html (docs/decisions/0018-first-load-bytes.md).
// Off otherwise, so ordinary builds stay as fast as before.
const bundleReport = process.env.BUNDLE_REPORT === '1';

// What the entry chunk holds: only what starts a page's first reads and its route module
// (src/app/first-downloads.ts) and what says so when the rest cannot be downloaded, so that the
// reads leave after one small download. Grouped, or the shared chunk below would take these
// modules in as its dependencies and the entry would wait for it.
const entryModules =
  /[\\/](src[\\/](main\.tsx|app[\\/](download-failure|first-downloads|page-match)\.ts|lib[\\/](api-transport|capability-token|first-reads)\.ts)|contract[\\/]hosted-(links|reads)\.ts)$/;

// The hosted pages' shared code in one chunk, which index.html preloads beside the entry: the app's
// start (src/app/boot.tsx and what it renders), src/lib, src/components, TanStack Query, and with
// them, as their dependencies, Preact, zod and Lingui. Split by module they came to a dozen small
// files per first load, each with its own gzip overhead and request. With them the contract
// modules every setup first load needs (the route table's helpers, NUBAN, the setup schemas):
// split out, they made the setup page's second wave seven requests, one more than HTTP/1.1's six
// connections, so the bank list waited a whole extra round trip (2 s on slow 3G). Except the
// timers of later steps (the automatic return's countdown, the rate-limit wait): the setup page
// needs them only in its lazy steps and the invoice page never, so they stay out of it; the
// checkout page loads them with its route (docs/decisions/0024-languages.md).
const hostedSharedModules =
  /[\\/](src[\\/](lib|components)[\\/](?!auto-return-countdown\.|use-auto-return\.|use-countdown\.)|src[\\/]app[\\/](boot|app|router|query-client|first-requests|page-loading|root-error-view)\.tsx?$|node_modules[\\/](@tanstack|react-error-boundary)[\\/]|contract[\\/](route|nuban|direct-debit)\.ts$)/;

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
    // Two chunks every hosted page loads first (docs/decisions/0018-first-load-bytes.md and
    // 0028-first-reads-before-the-code.md): the entry, and the shared code the HTML preloads.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'entry', test: entryModules, priority: 2 },
            {
              name: 'hosted-shared',
              test: hostedSharedModules,
              priority: 1,
            },
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
