/**
 * The sandbox console's build (docs/decisions/0019-sandbox-console.md, last addendum): `console.html`
 * and `src/console-main.tsx` into the same `dist/` as the hosted pages (`npm run build` runs this
 * after vite.config.ts, which empties `dist/` first). A build of its own because rolldown
 * tree-shakes a module once per build: in the hosted pages' build, the console's classic zod made
 * zod's shared core (`zod/v4/core`) carry almost all of zod into every hosted page's first load.
 * Same renderer, plugins and targets as the hosted pages (vite.config.ts).
 */
import { defineConfig } from 'vite';
import { pageBuild, pagePlugins, preactAliases } from './vite.config.ts';

export default defineConfig({
  resolve: { alias: preactAliases },
  plugins: pagePlugins(),
  build: {
    ...pageBuild,
    outDir: 'dist',
    emptyOutDir: false,
    rollupOptions: { input: 'console.html' },
  },
});
