/**
 * A merchant's brand colour (`#rrggbb`, from the setup) as CSS custom properties, with a text
 * colour that keeps WCAG AA contrast (4.5:1) on it, since merchants pick colours for their logo,
 * not for legibility.
 */
import type { CSSProperties } from 'react';

/** WCAG 2 relative luminance of `#rrggbb`; null for anything else. */
export function relativeLuminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return null;
  const [r, g, b] = match.slice(1, 4).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  if (r === undefined || g === undefined || b === undefined) return null;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two luminances (1 to 21). */
function contrast(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** Black or white, whichever reads better on `hex`; null when `hex` is not `#rrggbb`. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' | null {
  const luminance = relativeLuminance(hex);
  if (luminance === null) return null;
  return contrast(luminance, 1) >= contrast(luminance, 0) ? '#ffffff' : '#000000';
}

/**
 * `--brand` and `--brand-text` for a React `style` prop (CSSOM, allowed by the CSP), or an empty
 * object so the stylesheet's defaults apply.
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
