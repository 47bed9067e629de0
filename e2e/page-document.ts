/**
 * What a hosted page's document carries and asks for (docs/decisions/
 * 0028-first-reads-before-the-code.md and 0042-first-view-code-in-the-document.md): the chunks
 * whose code it carries inline (its import map's addresses) and their stand-ins, the script files
 * it names (none: a document names no file of the app), and a way to hold back every file of the
 * build until the page's first view has shown, which proves the first view waits for none of them.
 */
import type { Page } from '@playwright/test';

/** What the document at `path` carries and names: paths under `/assets/`. */
export async function scriptsOfDocument(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const named = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.js)"/g)];
  const importMap = /<script type="application\/json" id="carried-imports">([^<]*)<\/script>/.exec(
    html,
  )?.[1];
  if (importMap === undefined) throw new Error(`The document of ${path} has no import map`);
  const { imports } = JSON.parse(importMap) as { imports: Record<string, string> };
  return {
    /** The chunks whose code the document carries (their own files' paths). */
    carried: new Set(Object.keys(imports)),
    /** Their stand-ins, which later chunks import instead. */
    standIns: new Set(Object.values(imports)),
    named: new Set(named.map((match) => match[1] ?? '')),
  };
}

/**
 * Holds back every file of the build (under `/assets/`) until the returned `release` is called
 * (when the first view has shown).
 */
export async function holdBackBuildFiles(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}
