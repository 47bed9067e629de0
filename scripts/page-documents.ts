/**
 * Vite plugin: what each hosted page's HTML holds before any script has run (docs/decisions/
 * 0028-first-reads-before-the-code.md and 0042-first-view-code-in-the-document.md).
 *
 * - Every document (`index.html` and each page's own) carries, inline, the script that sends the
 *   page's first reads as the HTML is parsed (src/app/first-reads-inline.ts and what it imports,
 *   bundled here into one classic script: the token is read by the same code as everywhere else),
 *   and the app's stylesheet in a `<style>` element instead of a file: the frame paints with the
 *   HTML, and the reads leave right after the frame's HTML (decision 0045), one round trip before
 *   any file of the app has arrived.
 * - Every document also carries the code of its first view (scripts/carried-chunks.ts): the
 *   entry, the app's start and what they import statically, and in a hosted page's own document
 *   (`hostedPageDocuments` in contract/hosted-links.ts) its route's chunk and what that imports,
 *   as one inline module at the end of the body, with an import map that sends later chunks'
 *   imports of those chunks to their stand-ins. The code then downloads with the HTML instead of
 *   one round trip after it. No chunk's dependency list preloads a carried chunk.
 * - The sha256 hashes of every inline script and style, the only inline code the CSP allows, are
 *   written to contract/page-inline-hashes.ts (the one source the sandbox's headers and
 *   docs/deploy.md read); a build whose inline code changed rewrites that file, to be committed
 *   with the change (then `npm run docs:deploy`).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { build, type Plugin, type Rollup } from 'vite';
import { hostedPageDocuments, type HostedPage } from '../contract/hosted-links.ts';
import { carriedImportsId } from '../src/app/carried-code.ts';
import { carryChunks, type CarriedCode } from './carried-chunks.ts';

/** The SPA's entry module, the module that starts the app, and each hosted page's route module (paths from the root). */
export const entryModule = 'src/main.tsx';
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

/**
 * The chunks each document carries (file names, by document file name): `index.html` the entry and
 * the app's start with their static imports; a hosted page's document also its route's chunk
 * with its static imports.
 * @throws Error when no chunk holds the entry, the app's start or a route module.
 */
export function carriedByDocument(chunks: Chunks): {
  entry: string;
  documents: Map<string, string[]>;
} {
  const entry = chunkHolding(chunks, entryModule).fileName;
  const index = withStaticImports(chunks, entry);
  withStaticImports(chunks, chunkHolding(chunks, appStartModule).fileName, index);
  const documents = new Map<string, string[]>([['index.html', [...index]]]);
  for (const [page, document] of Object.entries(hostedPageDocuments)) {
    const route = chunkHolding(chunks, routeModules[page as HostedPage['kind']]);
    documents.set(document, [...withStaticImports(chunks, route.fileName, new Set(index))]);
  }
  return { entry, documents };
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

/** The Vite plugins; build only. */
export function pageDocuments(): Plugin[] {
  // Where the built files are served from (Vite's `base`, '/' here).
  let base = '/';
  let root = process.cwd();
  // Every chunk some document carries: none is in any chunk's list of dependencies to preload
  // (a later chunk's import of one goes to its stand-in, through the document's import map).
  let carriedAnywhere = new Set<string>();
  const carriedPlan: Plugin = {
    name: 'page-documents:carried-chunks',
    apply: 'build',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_fileName: string, deps: string[]) =>
            deps.filter((dep) => !carriedAnywhere.has(dep)),
        },
      },
    }),
    // Before Vite writes the chunks' preload lists (its own generateBundle), which read this.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        carriedAnywhere = new Set(
          [...carriedByDocument(chunksOf(bundle)).documents.values()].flat(),
        );
      },
    },
  };
  const documents: Plugin = {
    name: 'page-documents',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      // The documents carry the code itself and their hashes go to a committed file: a build
      // under NODE_ENV=test (a test spawning `vite build`) would write the hashes of other code.
      if (!config.isProduction)
        throw new Error(
          `page-documents: NODE_ENV is ${process.env.NODE_ENV}: build the pages with NODE_ENV=production or unset`,
        );
      base = config.base;
      root = config.root;
    },
    // After Vite's own generateBundle, which writes the chunks' preload lists into their code.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        return writeDocuments.call(this, bundle);
      },
    },
  };
  async function writeDocuments(this: Rollup.PluginContext, bundle: Rollup.OutputBundle) {
    const index = bundle['index.html'];
    if (index === undefined || index.type !== 'asset' || typeof index.source !== 'string')
      throw new Error('page-documents: the build wrote no index.html');
    // The stylesheet inline in place of its link; the entry's script tag gives way to the inline
    // scripts, below.
    const script = await inlineScript(root);
    const styles: string[] = [];
    const html = index.source.replace(
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
    // Vite's script tags of the build: the entry's, after one per chunk of the entry's own that
    // the entry imports (a manual chunk such as the first view's libraries, vite.config.ts).
    const moduleTags = /\s*<script type="module" crossorigin src="[^"]+"><\/script>/g;
    // `search`, not `test`: a global pattern's `test` would leave its `lastIndex` set.
    if (html.search(moduleTags) === -1 || !html.includes('</body>'))
      throw new Error('page-documents: index.html has no entry script or no </body>');
    const chunks = chunksOf(bundle);
    const { entry, documents } = carriedByDocument(chunks);
    const carried = new Map<string, CarriedCode>();
    for (const [document, fileNames] of documents)
      carried.set(document, carryChunks(chunks, fileNames, entry, base));
    for (const [document, { module, importMap }] of carried) {
      // Vite's script tags go. After the frame (decision 0045: the frame's first paint waits for
      // nothing but the stylesheet and its own HTML): the import map's text, then the inline
      // script that puts it in effect (src/app/carried-code.ts) and sends the first reads, then
      // the carried code.
      const source = html
        .replace(moduleTags, '')
        .replace(
          '</body>',
          () =>
            `  <script type="application/json" id="${carriedImportsId}">${importMap}</script>\n    <script>${script}</script>\n    <script type="module">${module}</script>\n  </body>`,
        );
      if (document === 'index.html') index.source = source;
      else this.emitFile({ type: 'asset', fileName: document, source });
    }
    const standIns = new Map<string, string>();
    for (const { standIns: own } of carried.values())
      for (const [fileName, source] of own) standIns.set(fileName, source);
    for (const [fileName, source] of standIns) this.emitFile({ type: 'asset', fileName, source });
    const inline = [...carried.values()].flatMap(({ module, importMap }) => [importMap, module]);
    await writeInlineHashes({
      script: [...new Set([script, ...inline].map(cspHash))],
      style: styles.map(cspHash),
    });
  }
  return [carriedPlan, documents];
}
