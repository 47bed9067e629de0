/**
 * A merchant's brand colour (`#rrggbb`, from their branding settings: contract/branding.ts) as CSS
 * custom properties, with a text colour that keeps WCAG AA contrast (4.5:1) on it, since merchants
 * pick colours for their logo, not for legibility. The one place of the pages' contrast maths
 * (WCAG 2.x relative luminance and contrast ratio; docs/decisions/0022-merchant-branding.md).
 */
import type { CSSProperties } from 'react';

/** WCAG AA's minimum contrast ratio for body text. */
export const aaTextContrast = 4.5;

/**
 * The text colours the merchant's bar may use: white, or our near-black body text (`--text` of
 * src/app/app.css), whichever passes on the brand colour.
 */
export const brandTextColors = ['#ffffff', '#1a1a1a'] as const;
export type BrandTextColor = (typeof brandTextColors)[number];

/** WCAG 2 relative luminance (0 to 1) of `#rrggbb`; null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1, 4).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  if (r === undefined || g === undefined || b === undefined) return null;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1 to 21) of two `#rrggbb` colours; null when either is not one. */
export function contrastRatio(a: string, b: string): number | null {
  const first = relativeLuminance(a);
  const second = relativeLuminance(b);
  if (first === null || second === null) return null;
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

/**
 * The text colour of {@link brandTextColors} with the higher contrast on `hex`, when that
 * contrast passes AA (≥ 4.5:1); null when neither passes (mid-tones such as `#808080`) or `hex`
 * is not `#rrggbb`: the page then keeps its own colours.
 */
export function readableTextOn(hex: string): BrandTextColor | null {
  const [white, nearBlack] = brandTextColors.map((color) => contrastRatio(hex, color) ?? 0);
  if (white === undefined || nearBlack === undefined) return null;
  if (Math.max(white, nearBlack) < aaTextContrast) return null;
  return white >= nearBlack ? '#ffffff' : '#1a1a1a';
}

/**
 * `--brand` and `--brand-text` for a React `style` prop (CSSOM, allowed by the CSP), or an empty
 * object so the stylesheet's defaults apply: no colour, or one no text colour reads on.
 */
export function brandStyle(hex: string | null | undefined): CSSProperties {
  if (hex === null || hex === undefined) return {};
  const text = readableTextOn(hex);
  if (text === null) return {};
  const style: CSSProperties & Record<`--${string}`, string> = {
    '--brand': hex,
    '--brand-text': text,
  };
  return style;
}
