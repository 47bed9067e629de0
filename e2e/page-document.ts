/**
 * What a hosted page's document asks for (docs/decisions/0028-first-reads-before-the-code.md):
 * the scripts it names (its entry and its module preloads), and a way to hold back every other
 * file of the build until the page's first view has shown, which proves the first view does not
 * wait for them (the checkout's live flow, later steps' code).
 */
import type { Page } from '@playwright/test';

/** The scripts the document at `path` names: its entry script, and all of them (entry and preloads). */
export async function scriptsOfDocument(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const named = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.js)"/g)];
  const entry = /<script[^>]*\bsrc="([^"]+\.js)"/.exec(html)?.[1];
  if (entry === undefined) throw new Error(`The document of ${path} has no entry script`);
  return { entry, named: new Set(named.map((match) => match[1] ?? '')) };
}

/**
 * Holds back every file under `/assets/` that the document does not name (`named`, paths) until
 * the returned `release` is called (when the first view has shown).
 */
export async function holdBackUnnamedFiles(page: Page, named: ReadonlySet<string>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && !named.has(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}
