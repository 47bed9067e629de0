/**
 * The page global that holds the code a page's document carries inline (scripts/carried-chunks.ts;
 * docs/decisions/0042-first-view-code-in-the-document.md): the carried chunks' exports, by chunk
 * file name. The document's inline module creates it first thing, so its presence also says that
 * the carried code ran (src/app/download-failure.ts).
 */
export const carriedCodeRegistry = '__hostedPagesCarried';
