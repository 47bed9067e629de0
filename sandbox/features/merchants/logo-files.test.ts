import { expect, test } from 'vitest';
import { maxLogoBytes } from '../../../contract/branding';
import { cleanSvg, tinyPngBase64 } from '../../testing/logos';
import { checkLogo, LogoRefused } from './logo-files';

const bytes = (text: string) => new TextEncoder().encode(text);
const svg = (inside: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${attributes} viewBox="0 0 10 10">${inside}</svg>`;

test('a PNG and a clean SVG are accepted, each typed by its bytes', () => {
  expect(checkLogo(Buffer.from(tinyPngBase64, 'base64'))).toBe('image/png');
  expect(checkLogo(bytes(cleanSvg))).toBe('image/svg+xml');
  expect(checkLogo(bytes(`\uFEFF  ${svg('<rect width="1" height="1"/>')}`))).toBe('image/svg+xml');
});

const nastySvgs: [string, string][] = [
  ['a script element', svg('<script>alert(1)</script>')],
  [
    'a namespaced script',
    svg('<x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script>'),
  ],
  ['a CDATA script', svg('<script><![CDATA[alert(1)]]></script>')],
  ['an onload attribute', svg('<rect/>', ' onload="alert(1)"')],
  ['an upper-case handler', svg('<rect ONCLICK="alert(1)"/>')],
  ['a handler after a slash', svg('<rect/onmouseover="alert(1)"/>')],
  ['a foreignObject', svg('<foreignObject><p>hi</p></foreignObject>')],
  ['embedded XHTML', svg('<h:p xmlns:h="http://www.w3.org/1999/xhtml">hi</h:p>')],
  ['an iframe', svg('<iframe src="https://evil.example"/>')],
  ['an external image', svg('<image href="https://evil.example/x.png"/>')],
  ['an external xlink:href', svg('<use xlink:href="https://evil.example/s.svg#a"/>')],
  ['a javascript link', svg('<a href="javascript:alert(1)"><rect/></a>')],
  ['a data: image', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
  ['an unquoted href', svg('<use href=https://evil.example/a.svg/>')],
  ['a href animated by set', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
  ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`],
  ['an XML stylesheet', `<?xml-stylesheet href="https://evil.example/a.css"?>${svg('')}`],
  ['a style element with url()', svg('<style>rect { fill: url(https://evil.example/a) }</style>')],
  ['a style attribute with url()', svg('<rect style="background: url(\'//evil.example\')"/>')],
  ['a CSS @import', svg('<style>@import "https://evil.example/a.css";</style>')],
  ['a CSS escape hiding url()', svg('<style>rect { fill: u\\72l(https://evil.example) }</style>')],
  ['a character reference hiding url()', svg('<rect style="fill: u&#114;l(https://e.example)"/>')],
  ['a root that is not svg', '<html><svg></svg></html>'],
];

test.each(nastySvgs)('an SVG with %s is refused, not rewritten', (_name, text) => {
  expect(() => checkLogo(bytes(text))).toThrow(LogoRefused);
});

test('anything that is neither PNG nor SVG is refused, whatever it claims to be', () => {
  const gif = bytes('GIF89a\u0001\u0000\u0001\u0000');
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
  const html = bytes('<!doctype html><title>logo.png</title>');
  const truncatedPng = Buffer.from(tinyPngBase64, 'base64').subarray(0, 10);
  for (const file of [gif, jpeg, html, truncatedPng, bytes('just text')]) {
    expect(() => checkLogo(file)).toThrow('must be a PNG or SVG image');
  }
});

test('an SVG that is not UTF-8 is refused', () => {
  const latin1 = new Uint8Array([
    ...bytes('<svg xmlns="http://www.w3.org/2000/svg"><text>'),
    0xe9,
    ...bytes('</text></svg>'),
  ]);
  expect(() => checkLogo(latin1)).toThrow('UTF-8');
});

test(`a logo over ${maxLogoBytes / 1024} KB is refused; one of exactly that size is taken`, () => {
  const png = Buffer.from(tinyPngBase64, 'base64');
  const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
  expect(checkLogo(padded(maxLogoBytes))).toBe('image/png');
  expect(() => checkLogo(padded(maxLogoBytes + 1))).toThrow(`at most ${maxLogoBytes / 1024} KB`);
});
