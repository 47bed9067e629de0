/**
 * Logo files for tests of the branding settings (contract/branding.ts): a real 1×1 PNG, a clean
 * SVG, and both as the base64 `logo.upload` of `PUT /sandbox/v1/merchant/branding` takes.
 */

/** A valid 1×1 PNG (a dark blue pixel). */
export const tinyPngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** An SVG logo of the kind a designer exports: a gradient referenced by #fragment, text, a title. */
export const cleanSvg = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Adaeze Fitness mark -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 40" width="40" height="40">
  <title>Adaeze Fitness</title>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0b5cad"/><stop offset="1" stop-color="#7cb4f5"/></linearGradient></defs>
  <circle cx="20" cy="20" r="18" fill="url(#g)"/>
  <use xlink:href="#g"/>
  <text x="20" y="26" font-size="16" text-anchor="middle" fill="#ffffff" style="font-weight: 700">A &amp; F</text>
</svg>
`;

/** `text` as base64 (UTF-8), as an upload is sent. */
export function base64Of(text: string | Uint8Array): string {
  return Buffer.from(text).toString('base64');
}
