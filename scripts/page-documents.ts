/**
 * Vite plugin: what each hosted page's HTML holds and asks for before any script has run
 * (docs/decisions/0028-first-reads-before-the-code.md, with its addendum of issue 25).
 *
 * - Every document (`index.html` and each page's own) carries, inline, the script that sends the
 *   page's first reads as the HTML is parsed (src/app/first-reads-inline.ts and what it imports,
 *   bundled here into one classic script: the token is read by the same code as everywhere else),
 *   and the app's stylesheet in a `<style>` element instead of a file: the frame paints with the
 *   HTML, and the reads leave with it, one round trip before any file of the app has arrived.
 *   Their sha256 hashes, the only inline code the CSP allows, are written to
 *   contract/page-inline-hashes.ts (the one source the sandbox's headers and docs/deploy.md read);
 *   a build whose inline code changed rewrites that file, to be committed with the change.
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
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { build, type Plugin, type Rollup } from 'vite';
import { hostedPageDocuments, type HostedPage } from '../contract/hosted-links.ts';

/** The module that starts the app, and each hosted page's route module (paths from the root). */
export const appStartModule = 'src/app/boot.tsx';
/**
 * The root of server state (TanStack Query): a file of its own, which every hosted page loads
 * with its live flow, after its first view.
 */
export const serverStateModule = 'src/app/server-state.tsx';
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

/** The module bundled into every document's inline script (a path from the project root). */
export const inlineScriptModule = 'src/app/first-reads-inline.ts';

/** The generated file that holds the inline script's and style's hashes. */
export const inlineHashesFile = fileURLToPath(
  new URL('../contract/page-inline-hashes.ts', import.meta.url),
);

/** A CSP hash source of `text` as the browser hashes an inline element's content. */
export function cspHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** The inline script: {@link inlineScriptModule} and its imports as one minified classic script. */
async function inlineScript(root: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(`../${inlineScriptModule}`, import.meta.url)),
        formats: ['iife'],
        name: 'hostedPagesFirstReads',
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file): file is Rollup.OutputChunk => file.type === 'chunk');
  if (chunk === undefined) throw new Error('page-documents: the inline script did not build');
  const code = chunk.code.trim();
  if (/<\/script/i.test(code)) throw new Error('page-documents: the inline script holds </script');
  return code;
}

/** Writes {@link inlineHashesFile} when its hashes are not `hashes` (formatted for prettier). */
async function writeInlineHashes(hashes: { script: string[]; style: string[] }): Promise<void> {
  const source = [
    '/**',
    " * The sha256 hashes of the inline script and style of the hosted pages' documents, the only",
    " * inline code their Content-Security-Policy allows ('unsafe-inline' never is). Generated by the",
    ' * build (scripts/page-documents.ts), which rewrites this file when the inline code changes;',
    " * read by the sandbox's header table (sandbox/http/security-headers.ts) and through it by",
    ' * docs/deploy.md. Do not edit.',
    ' */',
    `export const pageInlineHashes = ${JSON.stringify(hashes)} as const;`,
    '',
  ].join('\n');
  const formatted = await format(source, {
    ...(await resolveConfig(inlineHashesFile)),
    filepath: inlineHashesFile,
  });
  let current = '';
  try {
    current = readFileSync(inlineHashesFile, 'utf8');
  } catch {
    // Not written yet.
  }
  if (current !== formatted) writeFileSync(inlineHashesFile, formatted);
}

/** The Vite plugin; build only. */
export function pageDocuments(): Plugin {
  // Where the built files are served from (Vite's `base`, '/' here): the preloads' paths start with it.
  let base = '/';
  let root = process.cwd();
  const preloadLink = (fileName: string) =>
    `<link rel="modulepreload" crossorigin href="${base}${fileName}">`;
  return {
    name: 'page-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      root = config.root;
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
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index === undefined || index.type !== 'asset' || typeof index.source !== 'string')
        throw new Error('page-documents: the build wrote no index.html');
      // The stylesheet inline in place of its link, and the first reads' script before the entry.
      const script = await inlineScript(root);
      const styles: string[] = [];
      let html = index.source.replace(
        /<link rel="stylesheet"[^>]*? href="([^"]+\.css)"[^>]*>/g,
        (_link, href: string) => {
          const fileName = href.slice(base.length);
          const css = bundle[fileName];
          if (css === undefined || css.type !== 'asset')
            throw new Error(`page-documents: no stylesheet ${fileName}`);
          // Vite's mark of the one stylesheet of a build without CSS code splitting, not CSS.
          const text = String(css.source)
            .replace(/\/\*\$vite\$:\d+\*\/\s*$/, '')
            .trim();
          if (/<\/style/i.test(text)) throw new Error('page-documents: the CSS holds </style');
          // No chunk asks for the file (one stylesheet, `cssCodeSplit: false` in vite.config.ts):
          // the documents carry it, and nothing else of the build is served it.
          Reflect.deleteProperty(bundle, fileName); // Rollup: an asset removed from the output
          styles.push(text);
          return `<style>${text}</style>`;
        },
      );
      if (!html.includes('<script type="module"'))
        throw new Error('page-documents: index.html has no module script');
      html = html.replace('<script type="module"', `<script>${script}</script>\n    $&`);
      index.source = html;
      await writeInlineHashes({ script: [cspHash(script)], style: styles.map(cspHash) });
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
