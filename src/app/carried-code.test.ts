/**
 * The import map of the carried code is put in effect only where the carried code will run
 * (src/app/carried-code.ts; docs/decisions/0042): a browser that says it has import maps.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { carriedImportsId, installCarriedImports } from './carried-code';

const mapText = '{"imports":{"/assets/entry-A.js":"/assets/entry-A.carried.js"}}';

function documentWithMap(): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = `<script type="application/json" id="${carriedImportsId}">${mapText}</script><script>/* reads */</script>`;
  return doc;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a browser that says it has import maps gets the map in effect, right after its text', () => {
  vi.stubGlobal('HTMLScriptElement', { supports: (type: string) => type === 'importmap' });
  const doc = documentWithMap();
  installCarriedImports(doc);
  const map = doc.getElementById(carriedImportsId)?.nextElementSibling as HTMLScriptElement;
  expect(map.type).toBe('importmap');
  expect(map.textContent).toBe(mapText);
  expect(doc.querySelectorAll('script[type="importmap"]')).toHaveLength(1);
});

test('a browser without import maps, or that cannot say (Chromium 89 to 95), gets none', () => {
  for (const supports of [() => false, undefined]) {
    vi.stubGlobal('HTMLScriptElement', { supports });
    const doc = documentWithMap();
    installCarriedImports(doc);
    expect(doc.querySelectorAll('script[type="importmap"]')).toHaveLength(0);
  }
});
