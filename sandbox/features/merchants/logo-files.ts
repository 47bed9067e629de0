/**
 * Checks of an uploaded logo (contract/branding.ts; docs/decisions/0022-merchant-branding.md): its
 * type told by its first bytes (PNG signature, or SVG text), never by a name, at most
 * {@link maxLogoBytes}, and an SVG refused, not rewritten, when it holds anything that could run,
 * fetch or pull in something: scripts, event handlers, `foreignObject`, embedded HTML, external
 * references, DTDs and entities, processing instructions, CSS `url(…)` or `@import`.
 *
 * The checks read the text as it is: an SVG that needs an XML parser's help to look harmless
 * (character references, CSS escapes) is refused too. A logo does not need those.
 */
import { maxLogoBytes, type LogoContentType } from '../../../contract/branding';

/** Why a logo was refused, as the API says it (`logo.upload: …`). */
export class LogoRefused extends Error {
  override readonly name = 'LogoRefused';
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function isPng(bytes: Uint8Array): boolean {
  // The signature, then the IHDR chunk every PNG starts with (length 13).
  if (bytes.length < 33) return false;
  if (!pngSignature.every((byte, index) => bytes[index] === byte)) return false;
  return new TextDecoder('latin1').decode(bytes.subarray(12, 16)) === 'IHDR';
}

/**
 * What an SVG may not contain, each with the reason given. Matched case-insensitively on the whole
 * text (attribute names may carry any namespace prefix, e.g. `xlink:href`, `ev:onclick`).
 */
const svgRefusals: readonly [RegExp, string][] = [
  [/<!(?!--)/i, 'a DOCTYPE, entity or CDATA section'],
  [/<\?(?!xml\s)/i, 'a processing instruction'],
  [/<\?xml\s[^>]*\?>[\s\S]*<\?/i, 'a processing instruction'],
  [/<([\w.-]+:)?script[\s/>]/i, 'a script'],
  [/<([\w.-]+:)?foreignObject[\s/>]/i, 'a foreignObject'],
  [
    /<([\w.-]+:)?(iframe|embed|object|html|body|audio|video|handler|listener)[\s/>]/i,
    'embedded content',
  ],
  [/http:\/\/www\.w3\.org\/1999\/xhtml/i, 'embedded HTML'],
  [/[\s/"']([\w.-]+:)?on[\w.-]*\s*=/i, 'an event-handler attribute'],
  [/[\s"']([\w.-]+:)?href\s*=\s*(["'])(?!#)/i, 'an external reference (href not starting with #)'],
  [/[\s"']([\w.-]+:)?href\s*=\s*[^\s"']/i, 'an external reference (href not starting with #)'],
  [/attributeName\s*=\s*["']\s*([\w.-]+:)?(href|on)/i, 'an animation of a reference or handler'],
  [/url\s*\(\s*["']?\s*(?!#)/i, 'a url() that is not a #fragment'],
  [/@import/i, 'a CSS @import'],
  [/&#/, 'a character reference'],
  [/\\/, 'a backslash (CSS escapes)'],
  [/(?<![\w-])(javascript|data|vbscript):/i, 'a script or data URL'],
];

/**
 * Why `text` (an SVG document) is refused, or null when it may be served.
 * The root element must be `<svg` (after an optional XML declaration, comments and whitespace).
 */
export function svgRefusal(text: string): string | null {
  for (const [pattern, reason] of svgRefusals) {
    if (pattern.test(text)) return reason;
  }
  const start = text.replace(/^\uFEFF?\s*(<\?xml\s[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/i, '');
  if (!/^<svg[\s>]/.test(start)) return 'not an SVG document (its root is not <svg>)';
  return null;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 512));
  return /^\uFEFF?\s*(<\?xml\s|<!--|<svg[\s>])/i.test(head) && /<svg[\s>]/i.test(head);
}

/**
 * The content type of an uploaded logo, by its bytes: `image/png` for a PNG, `image/svg+xml` for
 * an SVG that passes {@link svgRefusal}.
 * @throws LogoRefused for more than {@link maxLogoBytes}, any other type, an SVG that is not UTF-8,
 *   or an SVG with anything {@link svgRefusal} names.
 */
export function checkLogo(bytes: Uint8Array): LogoContentType {
  if (bytes.length > maxLogoBytes) {
    throw new LogoRefused(
      `must be at most ${maxLogoBytes / 1024} KB (it is ${bytes.length} bytes)`,
    );
  }
  if (isPng(bytes)) return 'image/png';
  if (!looksLikeSvg(bytes)) throw new LogoRefused('must be a PNG or SVG image');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LogoRefused('an SVG must be UTF-8 text');
  }
  const refusal = svgRefusal(text);
  if (refusal !== null) throw new LogoRefused(`SVG refused: it contains ${refusal}`);
  return 'image/svg+xml';
}
