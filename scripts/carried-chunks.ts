/**
 * The chunks a page document carries inline (docs/decisions/0042-first-view-code-in-the-document.md):
 * the code of a page's first view travels inside its HTML, so it downloads with the document
 * instead of one round trip after it, and the later chunks still share its modules (one Preact,
 * one i18n store, one registry of started reads) through small stand-in files.
 *
 * Given the build's chunks and the ones a document carries, {@link carryChunks} makes:
 * - one inline module script: each carried chunk in its own function, run one per task in the
 *   order of their static imports, its imports of other carried chunks read from a registry on the
 *   page's global object, its exports written there, its dynamic imports of a carried chunk
 *   answered from the registry once that chunk has run, and of any other chunk made absolute (an
 *   inline script's base is the page's address).
 *   A browser without import maps runs none of it and loads the entry's own file instead.
 * - an import map sending each carried chunk's address to its stand-in, a module that exports the
 *   registry's values under the chunk's export names. A later chunk imports the entry as before
 *   and gets the carried modules, never a second copy.
 *
 * Rolldown's chunk syntax is what this reads: top-level `import {…} from`, one `export {…}` list,
 * `import()` of a literal. Anything else (a re-export, `export default`, a computed dynamic import,
 * an exported binding assigned after the chunk ran, which a stand-in could not follow) throws, and
 * so fails the build, rather than making a page that half works.
 */
import { parse, type Node } from 'acorn';
import { full } from 'acorn-walk';
import type { Scope } from 'eslint';
import { analyze } from 'eslint-scope';
import MagicString from 'magic-string';
import { posix } from 'node:path';
import { carriedCodeRegistry } from '../src/app/carried-code.ts';

/** The page's global property that holds the carried chunks' exports, by chunk file name. */
export const carriedRegistry = carriedCodeRegistry;

/** A chunk as the build wrote it: its file name under the output folder and its code. */
export interface BuiltChunk {
  fileName: string;
  code: string;
}

/** What a document gets for the chunks it carries. */
export interface CarriedCode {
  /** The inline module script's text. */
  module: string;
  /** The inline import map's text (JSON). */
  importMap: string;
  /** Stand-in files to write beside the chunks: file name → source. */
  standIns: Map<string, string>;
}

/** The stand-in's file name of a carried chunk: `assets/entry-X.js` → `assets/entry-X.carried.js`. */
export function standInFileName(fileName: string): string {
  return fileName.replace(/\.js$/, '.carried.js');
}

type Located = Node & { start: number; end: number };
interface Specifier extends Located {
  type: string;
  imported?: { type: string; name?: string; value?: string };
  exported?: { type: string; name?: string; value?: string };
  local: { name: string };
}
interface ModuleStatement extends Located {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: Specifier[];
  declaration?: unknown;
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * The inline module's function that answers a carried chunk's `import()`: a promise of its exports
 * once it has run. A name no minifier gives, as the chunks' code runs in its scope.
 */
const chunkRan = '__carriedChunk';

function nameOf(node: { type: string; name?: string; value?: string } | undefined): string {
  const name = node?.type === 'Identifier' ? node.name : node?.value;
  if (typeof name !== 'string')
    throw new Error('carried-chunks: an import or export without a name');
  return name;
}

/** The module code of one carried chunk, rewritten to run inside the document's inline script. */
function carriedBody(
  chunk: BuiltChunk,
  carried: ReadonlySet<string>,
  base: string,
): { body: string; exports: Map<string, string>; imports: string[] } {
  const where = (specifier: string) =>
    posix.normalize(posix.join(posix.dirname(chunk.fileName), specifier));
  const registry = (fileName: string) =>
    `globalThis.${carriedRegistry}[${JSON.stringify(fileName)}]`;
  const ast = parse(chunk.code, { ecmaVersion: 'latest', sourceType: 'module', ranges: true });
  const code = new MagicString(chunk.code);
  const exports = new Map<string, string>();
  const imports: string[] = [];
  for (const statement of ast.body as unknown as ModuleStatement[]) {
    if (statement.type === 'ImportDeclaration') {
      const from = where(String(statement.source?.value));
      if (!carried.has(from))
        throw new Error(`carried-chunks: ${chunk.fileName} imports ${from}, which is not carried`);
      imports.push(from);
      const named = (statement.specifiers ?? []).map((specifier) => {
        if (specifier.type === 'ImportNamespaceSpecifier')
          return `const ${specifier.local.name}=${registry(from)};`;
        const imported =
          specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported);
        return `const ${specifier.local.name}=${registry(from)}[${JSON.stringify(imported)}];`;
      });
      code.overwrite(statement.start, statement.end, named.join(''));
    } else if (statement.type === 'ExportNamedDeclaration' && !statement.declaration) {
      if (statement.source) throw new Error(`carried-chunks: ${chunk.fileName} re-exports`);
      for (const specifier of statement.specifiers ?? [])
        exports.set(nameOf(specifier.exported), specifier.local.name);
      code.remove(statement.start, statement.end);
    } else if (/^Export/.test(statement.type)) {
      throw new Error(`carried-chunks: ${chunk.fileName} has an ${statement.type}`);
    }
  }
  full(ast, (node) => {
    if (node.type !== 'ImportExpression') return;
    const source = (
      node as unknown as { source: Located & { value?: unknown; quasis?: unknown[] } }
    ).source;
    const literal =
      source.type === 'Literal' && typeof source.value === 'string'
        ? source.value
        : source.type === 'TemplateLiteral' && source.quasis?.length === 1
          ? chunk.code.slice(source.start + 1, source.end - 1)
          : null;
    if (literal === null)
      throw new Error(`carried-chunks: ${chunk.fileName} imports a computed address`);
    const target = where(literal);
    if (carried.has(target))
      code.overwrite(node.start, node.end, `${chunkRan}(${JSON.stringify(target)})`);
    else code.overwrite(source.start, source.end, JSON.stringify(`${base}${target}`));
  });
  assertExportsStayPut(chunk, ast, exports);
  const getters = [...exports].map(
    ([name, local]) => `get ${JSON.stringify(name)}(){return ${local}}`,
  );
  const body = `[${JSON.stringify(chunk.fileName)},function(){${code.toString()}\n${registry(chunk.fileName)}=Object.freeze({__proto__:null,${getters.join(',')}});}]`;
  return { body, exports, imports };
}

/**
 * A stand-in reads each export once, when a later chunk first imports it, which is after every
 * carried chunk has run: an exported binding assigned again later would go stale there.
 * @throws Error naming the chunk and binding when an exported binding is assigned after its
 *   declaration.
 */
function assertExportsStayPut(
  chunk: BuiltChunk,
  ast: ReturnType<typeof parse>,
  exports: ReadonlyMap<string, string>,
): void {
  const scopes = analyze(ast, {
    ecmaVersion: 2022,
    sourceType: 'module',
  }) as Scope.ScopeManager;
  const moduleScope = scopes.globalScope?.childScopes.find((scope) => scope.type === 'module');
  const exported = new Set(exports.values());
  for (const variable of moduleScope?.variables ?? []) {
    if (!exported.has(variable.name)) continue;
    if (variable.references.some((reference) => reference.isWrite() && !reference.init))
      throw new Error(
        `carried-chunks: ${chunk.fileName} exports ${variable.name}, which is assigned after it is declared`,
      );
  }
}

/** `carried` in the order they must run: each after the carried chunks it imports. */
function inImportOrder(bodies: Map<string, { imports: string[] }>): string[] {
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (fileName: string) => {
    if (order.includes(fileName)) return;
    if (visiting.has(fileName))
      throw new Error(`carried-chunks: ${fileName} is part of a cycle of static imports`);
    visiting.add(fileName);
    for (const imported of bodies.get(fileName)?.imports ?? []) visit(imported);
    order.push(fileName);
  };
  for (const fileName of bodies.keys()) visit(fileName);
  return order;
}

/** `fileName` and the carried chunks it imports statically, directly or not. */
function importsOf(bodies: Map<string, { imports: string[] }>, fileName: string): Set<string> {
  const found = new Set<string>();
  const visit = (name: string) => {
    if (found.has(name)) return;
    found.add(name);
    for (const imported of bodies.get(name)?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return found;
}

/** The stand-in module of a carried chunk: its exports, read from the registry. */
function standIn(fileName: string, exports: ReadonlyMap<string, string>): string {
  const names = [...exports.keys()];
  for (const name of names)
    if (!identifier.test(name)) throw new Error(`carried-chunks: export name ${name}`);
  const reads = names.map((name, i) => `$${i}=m[${JSON.stringify(name)}]`);
  return [
    `const m=globalThis.${carriedRegistry}?.[${JSON.stringify(fileName)}];`,
    `if(m===undefined)throw new Error(${JSON.stringify(`${fileName} was not carried by this page`)});`,
    names.length > 0 ? `const ${reads.join(',')};` : '',
    names.length > 0 ? `export{${names.map((name, i) => `$${i} as ${name}`).join(',')}};` : '',
    '',
  ].join('\n');
}

/**
 * The inline module, import map and stand-ins of a document that carries `carried` (chunk file
 * names; every static import of one must be carried too), whose entry chunk is `entry`.
 * @param chunks every chunk of the build, by file name.
 * @param base the public path the files are served under (Vite's `base`, '/').
 * @throws Error when a chunk has syntax this does not carry (see the module's doc), imports a chunk
 *   that is not carried, or the carried chunks import each other in a cycle.
 */
export function carryChunks(
  chunks: ReadonlyMap<string, BuiltChunk>,
  carried: readonly string[],
  entry: string,
  base: string,
): CarriedCode {
  const carriedSet = new Set(carried);
  const bodies = new Map(
    carried.map((fileName) => {
      const chunk = chunks.get(fileName);
      if (chunk === undefined) throw new Error(`carried-chunks: no chunk ${fileName}`);
      return [fileName, carriedBody(chunk, carriedSet, base)] as const;
    }),
  );
  const order = inImportOrder(bodies);
  // One chunk per task: each chunk's module code, and what it renders at once, is a task of its
  // own, as when the chunks were files arriving one after the other, not one long task (the
  // phone's main thread answers a tap between them). A carried chunk's `import()` waits for it,
  // and settles a task after the chunk ran: what the importer then renders (the route's first
  // view) is a task of its own too.
  // A chunk that throws rejects its own `import()` (an error boundary shows it, as for a file
  // that failed) and is reported; the chunks after it still run.
  const run = [
    `const ${chunkRan}=(f)=>${chunkRan}.p.get(f)??Promise.reject(new Error(f+" is not carried"));`,
    `${chunkRan}.p=new Map();`,
    `const __carriedSteps=[\n${order.map((fileName) => bodies.get(fileName)?.body ?? '').join(',\n')}\n];`,
    `const __carriedDone=new Map(__carriedSteps.map(([f])=>{let d;const p=new Promise((s,j)=>{d=[s,j]});p.catch(()=>{});${chunkRan}.p.set(f,p);return[f,d]}));`,
    `const __carriedNext=(i)=>{const[f,b]=__carriedSteps[i],[s,j]=__carriedDone.get(f);try{b();setTimeout(s,0,globalThis.${carriedRegistry}[f])}catch(e){j(e);setTimeout(()=>{throw e})}if(i+1<__carriedSteps.length)setTimeout(__carriedNext,0,i+1)};`,
    '__carriedNext(0);',
  ].join('\n');
  // Without import maps a later chunk would import the entry's file and run a second copy: such a
  // browser loads the entry's file, and the files it imports statically (the first view's
  // libraries) at the same time, not one round trip after it; each script element's `error` is the
  // frame's to report. The browser runs each module once, however many elements name it.
  const entryFiles = order.filter((fileName) => importsOf(bodies, entry).has(fileName));
  const fallback = `for(const f of ${JSON.stringify(entryFiles.map((fileName) => `${base}${fileName}`))}){const s=document.createElement("script");s.type="module";s.src=f;document.head.append(s)}`;
  // The same test as the one that puts the import map in place (src/app/carried-code.ts): a
  // browser whose import maps are not in effect here must not run the carried code.
  const module = `globalThis.${carriedRegistry}={};\nif(HTMLScriptElement.supports?.("importmap")){\n${run}\n}else{${fallback}}`;
  if (/<\/script|<!--|<script/i.test(module))
    throw new Error('carried-chunks: the carried code holds </script, <script or <!--');
  // What was rewritten must still be a module: a chunk's top-level `await`, for one, is not
  // allowed inside the function it now runs in.
  try {
    parse(module, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch (error) {
    throw new Error(`carried-chunks: the inline module does not parse: ${String(error)}`);
  }
  const standIns = new Map(
    order.map((fileName) => [
      standInFileName(fileName),
      standIn(fileName, bodies.get(fileName)?.exports ?? new Map()),
    ]),
  );
  const importMap = JSON.stringify({
    imports: Object.fromEntries(
      order.map((fileName) => [`${base}${fileName}`, `${base}${standInFileName(fileName)}`]),
    ),
  });
  return { module, importMap, standIns };
}
