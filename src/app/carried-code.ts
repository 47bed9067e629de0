/**
 * The page's side of the code a page's document carries inline (scripts/carried-chunks.ts;
 * docs/decisions/0042-first-view-code-in-the-document.md).
 */

/**
 * The page global that holds the carried chunks' exports, by chunk file name. The document's
 * inline module creates it first thing, so its presence also says that the carried code ran
 * (src/app/download-failure.ts).
 */
export const carriedCodeRegistry = '__hostedPagesCarried';

/** The id of the document's element that holds the carried chunks' import map (JSON). */
export const carriedImportsId = 'carried-imports';

/**
 * Puts the document's import map in effect (a `<script type="importmap">` with the text of the
 * element {@link carriedImportsId}, inserted after it) when the browser says it has import maps
 * (`HTMLScriptElement.supports`); otherwise does nothing, and the carried module, which asks the
 * same, loads the entry's file instead. Chromium 89 to 95 has import maps but not `supports`: a map
 * in effect there while the entry's file runs would send its imports to stand-ins of code that
 * never ran. Called by the page document's inline head script, before any module is fetched.
 */
export function installCarriedImports(doc: Document = document): void {
  const source = doc.getElementById(carriedImportsId);
  // Absent before Chromium 96, Safari 16 and Firefox 94, whatever the DOM's types say.
  const scriptElement = HTMLScriptElement as { supports?: (type: string) => boolean };
  if (source === null || scriptElement.supports?.('importmap') !== true) return;
  const map = doc.createElement('script');
  map.type = 'importmap';
  map.textContent = source.textContent;
  source.after(map);
}
