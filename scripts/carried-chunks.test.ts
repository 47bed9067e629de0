/**
 * The carried chunks (scripts/carried-chunks.ts; docs/decisions/0042): the document's inline module
 * runs the carried chunks once, in their import order, and a later chunk that imports one of them
 * through its stand-in gets the same functions and values, never a second copy. What a stand-in
 * could not follow fails the build.
 */
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { carriedRegistry, carryChunks, standInFileName, type BuiltChunk } from './carried-chunks';

const chunksOf = (...chunks: BuiltChunk[]) =>
  new Map(chunks.map((chunk) => [chunk.fileName, chunk]));

/** Carries every one of `chunks` (in the order given), the first being the entry. */
const carryAll = (...chunks: BuiltChunk[]) =>
  carryChunks(
    chunksOf(...chunks),
    chunks.map((chunk) => chunk.fileName),
    chunks[0]?.fileName ?? '',
    '/',
  );

// Rolldown's shapes: a runtime chunk, an entry that imports it and starts the page's route, the
// route importing the entry, and a later chunk that is not carried.
const runtime = {
  fileName: 'assets/runtime-A.js',
  code: 'var e=40;function t(){return e+2}export{t};',
};
const entry = {
  fileName: 'assets/entry-B.js',
  code: [
    'import{t as r}from"./runtime-A.js";',
    'globalThis.ranEntry=(globalThis.ranEntry??0)+1;',
    'var n={count:0};function o(){return r()}',
    'const route=import("./route-C.js");route.then(()=>{globalThis.routeSettled=true});',
    'function later(){return import(`./later-D.js`)}',
    'export{o as a,n as b,route as c,later as d};',
  ].join(''),
};
const route = {
  fileName: 'assets/route-C.js',
  code: [
    'import{a as x,b as y}from"./entry-B.js";y.count++;function p(){return x()}',
    // A task queued while the route runs: whether its import() had settled by then.
    'setTimeout(()=>{globalThis.settledWithRoute=globalThis.routeSettled===true});',
    'export{p as default};',
  ].join(''),
};

type Registry = Record<string, Record<string, unknown>>;
const registry = () => (globalThis as unknown as Record<string, Registry>)[carriedRegistry] ?? {};

/** Runs the inline module's text as the document would (it has no import or export left). */
function runInline(module: string): void {
  runInThisContext(module);
}

/** Waits, task by task, until every one of `fileNames` has run; the tasks they ran in, counted. */
async function ranAll(fileNames: string[]): Promise<number> {
  let tasks = 0;
  while (!fileNames.every((fileName) => fileName in registry())) {
    tasks += 1;
    if (tasks > 50) throw new Error(`not run: ${fileNames.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return tasks;
}

/** Imports a stand-in's source as a module, as a later chunk would through the import map. */
async function importStandIn(source: string): Promise<Record<string, unknown>> {
  const loaded: unknown = await import(
    /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`
  );
  return loaded as Record<string, unknown>;
}

const appended: { src: string; type: string }[] = [];
beforeEach(() => {
  appended.length = 0;
  const world = globalThis as Record<string, unknown>;
  world.HTMLScriptElement = { supports: (type: string) => type === 'importmap' };
  world.document = {
    createElement: () => ({ src: '', type: '' }),
    head: { append: (element: { src: string; type: string }) => appended.push(element) },
  };
  Reflect.deleteProperty(world, 'ranEntry');
});
afterEach(async () => {
  // The tasks the chunks queued as they ran (the route's), before their globals go.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const name of [
    'HTMLScriptElement',
    'document',
    carriedRegistry,
    'ranEntry',
    'routeSettled',
    'settledWithRoute',
  ])
    Reflect.deleteProperty(globalThis, name);
});

test('the inline module runs each carried chunk once, in a task of its own, after the ones it imports', async () => {
  const carried = carryAll(entry, route, runtime);
  runInline(carried.module);
  // The first chunk runs at once; each other in a task of its own, the entry's before the route's.
  expect(Object.keys(registry())).toEqual([runtime.fileName]);
  expect(await ranAll([entry.fileName])).toBeGreaterThanOrEqual(1);
  expect(Object.keys(registry())).toEqual([runtime.fileName, entry.fileName]);
  expect(await ranAll([route.fileName])).toBeGreaterThanOrEqual(1);
  expect((globalThis as Record<string, unknown>).ranEntry).toBe(1);
  const exported = registry()[entry.fileName] ?? {};
  expect((exported.a as () => number)()).toBe(42);
  // The route ran after the entry it imports, on the same object the entry exports.
  expect(exported.b).toEqual({ count: 1 });
  // The entry's import of a carried chunk is answered from the registry, not downloaded.
  const routeModule = (await exported.c) as Record<string, unknown>;
  expect((routeModule.default as () => number)()).toBe(42);
  expect(routeModule).toBe(registry()[route.fileName]);
  expect(appended).toEqual([]);
});

test("a carried chunk's import() settles a task after the chunk ran, so what the importer does then is a task of its own", async () => {
  const carried = carryAll(entry, route, runtime);
  runInline(carried.module);
  await ranAll([runtime.fileName, entry.fileName, route.fileName]);
  await (registry()[entry.fileName]?.c as Promise<unknown>);
  const world = globalThis as Record<string, unknown>;
  while (!('settledWithRoute' in world)) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(world.routeSettled).toBe(true);
  // The task the route queued as it ran came before the import() settled.
  expect(world.settledWithRoute).toBe(false);
});

test('a later chunk importing a carried chunk gets the very same values through its stand-in', async () => {
  const carried = carryAll(entry, route, runtime);
  runInline(carried.module);
  await ranAll([runtime.fileName, entry.fileName, route.fileName]);
  const standIn = carried.standIns.get(standInFileName(entry.fileName));
  if (standIn === undefined) throw new Error('no stand-in for the entry');
  const laterView = await importStandIn(standIn);
  expect(laterView.b).toBe(registry()[entry.fileName]?.b);
  expect(laterView.a).toBe(registry()[entry.fileName]?.a);
  // The import map sends the chunk's own address to its stand-in, for every carried chunk.
  expect(JSON.parse(carried.importMap)).toEqual({
    imports: {
      '/assets/runtime-A.js': '/assets/runtime-A.carried.js',
      '/assets/entry-B.js': '/assets/entry-B.carried.js',
      '/assets/route-C.js': '/assets/route-C.carried.js',
    },
  });
});

test('a chunk that is not carried is imported from its absolute address', () => {
  const carried = carryAll(entry, route, runtime);
  // The inline script's base is the page's address, not /assets/.
  expect(carried.module).toContain('import("/assets/later-D.js")');
  expect(carried.module).not.toContain('./later-D.js');
});

test('a stand-in whose chunk the page did not carry says so', async () => {
  const carried = carryAll(runtime);
  const standIn = carried.standIns.get(standInFileName(runtime.fileName)) ?? '';
  await expect(importStandIn(standIn)).rejects.toThrow(/was not carried by this page/);
});

test('a browser without import maps runs none of it and loads the entry file, with its static imports, instead', () => {
  const world = globalThis as Record<string, unknown>;
  world.HTMLScriptElement = { supports: () => false };
  const carried = carryAll(entry, route, runtime);
  runInline(carried.module);
  expect(world.ranEntry).toBeUndefined();
  // The runtime the entry imports is asked for at once, not a round trip after the entry; the
  // route, which the entry imports only when it runs, is not.
  expect(appended).toEqual([
    { src: '/assets/runtime-A.js', type: 'module' },
    { src: '/assets/entry-B.js', type: 'module' },
  ]);
  // The frame's check finds the carried code ran (src/app/download-failure.ts).
  expect(world[carriedRegistry]).toEqual({});
});

test('what a stand-in could not follow fails the build', () => {
  const reassigned = {
    fileName: 'assets/state-E.js',
    code: 'var s=1;function bump(){s=2}export{s,bump};',
  };
  expect(() => carryAll(reassigned)).toThrow(/exports s, which is assigned after it is declared/);
  // A local of the same name in a function is another binding: that is fine.
  const shadowed = { ...reassigned, code: 'var s=1;function f(s){s=2}export{s,f};' };
  expect(() => carryAll(shadowed)).not.toThrow();
  expect(() =>
    carryChunks(chunksOf(route, runtime), [route.fileName], route.fileName, '/'),
  ).toThrow(/imports assets\/entry-B.js, which is not carried/);
  const computed = { fileName: 'assets/f-F.js', code: 'const p="./x.js";import(p);' };
  expect(() => carryAll(computed)).toThrow(/computed address/);
  const a = { fileName: 'assets/a.js', code: 'import{b}from"./b.js";export{b as a};' };
  const b = { fileName: 'assets/b.js', code: 'import{a}from"./a.js";export{a as b};' };
  expect(() => carryAll(a, b)).toThrow(/cycle/);
  const closing = { fileName: 'assets/g.js', code: 'const t="</script>";export{t};' };
  expect(() => carryAll(closing)).toThrow(/<\/script/);
});

test('a carried chunk that throws rejects its import and the chunks after it still run', async () => {
  const failing = {
    fileName: 'assets/route-C.js',
    code: 'throw new Error("route failed");export{};',
  };
  const after = { fileName: 'assets/z-Z.js', code: 'globalThis.ranAfter=true;export{};' };
  const starter = {
    fileName: 'assets/entry-B.js',
    code: 'const route=import("./route-C.js");export{route as c};',
  };
  const thrown: unknown[] = [];
  const world = globalThis as Record<string, unknown>;
  const realSetTimeout = globalThis.setTimeout;
  // The failure is reported the way an uncaught error is: thrown from a task of its own.
  world.setTimeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    realSetTimeout(() => {
      try {
        callback(...args);
      } catch (error) {
        thrown.push(error);
      }
    }, ms);
  try {
    const carried = carryAll(starter, failing, after);
    runInline(carried.module);
    await ranAll([after.fileName]);
    await expect(registry()[starter.fileName]?.c).rejects.toThrow('route failed');
    expect(world.ranAfter).toBe(true);
    expect(thrown).toEqual([new Error('route failed')]);
  } finally {
    world.setTimeout = realSetTimeout;
    Reflect.deleteProperty(world, 'ranAfter');
  }
});
