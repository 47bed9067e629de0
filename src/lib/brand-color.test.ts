import { expect, test } from 'vitest';
import {
  aaTextContrast,
  brandStyle,
  brandTextColors,
  contrastRatio,
  readableTextOn,
  relativeLuminance,
} from './brand-color';

test('luminance and contrast follow WCAG 2: black on white is 21:1, a colour on itself 1:1', () => {
  expect(relativeLuminance('#ffffff')).toBe(1);
  expect(relativeLuminance('#000000')).toBe(0);
  expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
  expect(contrastRatio('#0b5cad', '#0b5cad')).toBe(1);
  // Our own bar (app.css: "white text 6.6:1").
  expect(contrastRatio('#0b5cad', '#ffffff')).toBeCloseTo(6.67, 2);
  expect(relativeLuminance('red')).toBeNull();
  expect(contrastRatio('#fff', '#000000')).toBeNull();
});

const brandColors: [string, string | null][] = [
  ['#0b5cad', '#ffffff'], // dark blue: white
  ['#1d6b3a', '#ffffff'], // dark green: white
  ['#ffd400', '#1a1a1a'], // yellow: near-black
  ['#f5f5f5', '#1a1a1a'], // near white: near-black
  ['#E4572E', '#1a1a1a'], // orange: white is only 3.6:1
  ['#808080', null], // mid grey: neither reaches 4.5:1, so our colour stays
  ['#1c7ed6', null], // mid blue: white 4.2:1, near-black 4.15:1
  ['#d9480f', null], // burnt orange: white 4.3:1, near-black 4.05:1
];

test.each(brandColors)('on %s the bar text is %s', (brand, expected) => {
  expect(readableTextOn(brand)).toBe(expected);
});

test('whatever the brand colour, the text chosen passes AA, or the page keeps its own colours', () => {
  for (let value = 0; value < 0x1000000; value += 0x0f0f0f / 3) {
    const brand = `#${Math.floor(value).toString(16).padStart(6, '0')}`;
    const text = readableTextOn(brand);
    if (text === null) {
      expect(brandStyle(brand)).toEqual({});
      expect(brandTextColors.every((c) => (contrastRatio(brand, c) ?? 0) < aaTextContrast)).toBe(
        true,
      );
    } else {
      expect(contrastRatio(brand, text)).toBeGreaterThanOrEqual(aaTextContrast);
      expect(brandStyle(brand)).toEqual({ '--brand': brand, '--brand-text': text });
    }
  }
});

test('no colour, or a malformed one, leaves the stylesheet defaults', () => {
  expect(brandStyle(null)).toEqual({});
  expect(brandStyle(undefined)).toEqual({});
  expect(brandStyle('#12345')).toEqual({});
});
