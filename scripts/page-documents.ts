/**
 * Vite plugin: what each hosted page's HTML asks for before any script has run
 * (docs/decisions/0028-first-reads-before-the-code.md).
 *
 * - `index.html` preloads the chunks that start the app (the chunk holding `src/app/boot.tsx` and
 *   every chunk it imports). The entry imports them only after it has sent the page's first reads,
 *   and Vite preloads an entry's static imports only, not its dynamic ones.
 * - Each hosted page gets its own document (`hostedPageDocuments` in contract/hosted-links.ts):
 *   `index.html` plus preloads of the page's route chunk and the chunks that one imports. A page's
 *   code then downloads beside the app's instead of after the entry has run, one round trip sooner.
 *
 * Every chunk is preloaded once per document: what the entry's script tag already loads (the entry
 * and its static imports) is left out.
 */
import type { Plugin, Rollup } from 'vite';
import { hostedPageDocuments, type HostedPage } from '../contract/hosted-links.ts';

/** The module that starts the app, and each hosted page's route module (paths from the root). */
export const appStartModule = 'src/app/boot.tsx';
export const routeModules: Readonly<Record<HostedPage['kind'], string>> = {
  directDebitSetup: 'src/app/routes/direct-debit-setup-route.tsx',
  checkout: 'src/app/routes/checkout-route.tsx',
  invoice: 'src/app/routes/invoice-route.tsx',
};

type Chunks = ReadonlyMap<string, Rollup.OutputChunk>;

function chunksOf(bundle: Rollup.OutputBundle): Chunks {
  return new Map(
    Object.values(bundle).flatMap((output) =>
      output.type === 'chunk' ? [[output.fileName, output] as const] : [],
    ),
  );
}

/** `fileName` and every chunk it imports statically, directly or not. */
function withStaticImports(chunks: Chunks, fileName: string, into = new Set<string>()) {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? [])
    withStaticImports(chunks, imported, into);
  return into;
}

/**
 * The chunk holding `module` (a path from the project root).
 * @throws Error when no chunk holds it: the build no longer matches this plugin's table.
 */
function chunkHolding(chunks: Chunks, module: string): Rollup.OutputChunk {
  const found = [...chunks.values()].find((chunk) =>
    chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)),
  );
  if (found === undefined) throw new Error(`page-documents: no chunk holds ${module}`);
  return found;
}

/** What the entry's script tag loads, plus the app-start chunks `index.html` preloads. */
function loadedByIndex(chunks: Chunks): { entry: Set<string>; appStart: string[] } {
  const entry = new Set<string>();
  for (const chunk of chunks.values())
    if (chunk.isEntry) withStaticImports(chunks, chunk.fileName, entry);
  const start = withStaticImports(chunks, chunkHolding(chunks, appStartModule).fileName);
  return { entry, appStart: [...start].filter((fileName) => !entry.has(fileName)) };
}

/** The Vite plugin; build only. */
export function pageDocuments(): Plugin {
  // Where the built files are served from (Vite's `base`, '/' here): the preloads' paths start with it.
  let base = '/';
  const preloadLink = (fileName: string) =>
    `<link rel="modulepreload" crossorigin href="${base}${fileName}">`;
  return {
    name: 'page-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (bundle === undefined) return [];
        return loadedByIndex(chunksOf(bundle)).appStart.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index === undefined || index.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('page-documents: the build wrote no index.html');
      const chunks = chunksOf(bundle);
      const { entry, appStart } = loadedByIndex(chunks);
      const loaded = new Set([...entry, ...appStart]);
      for (const [page, document] of Object.entries(hostedPageDocuments)) {
        const route = chunkHolding(chunks, routeModules[page as HostedPage['kind']]);
        const links = [...withStaticImports(chunks, route.fileName)]
          .filter((fileName) => !loaded.has(fileName))
          .map(preloadLink);
        if (!index.source.includes('</head>')) throw new Error('page-documents: no </head>');
        this.emitFile({
          type: 'asset',
          fileName: document,
          source: index.source.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
        });
      }
    },
  };
}
