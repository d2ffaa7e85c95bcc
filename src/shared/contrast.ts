/**
 * WCAG 2.x contrast between two sRGB colours (`#rrggbb`): relative luminance of each, then
 * (lighter + 0.05) / (darker + 0.05), from 1 (none) to 21 (black on white). Pure.
 */

/** WCAG AA for normal-size text. */
export const WCAG_AA_NORMAL_TEXT = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rrggbb` (0 black … 1 white); throws on anything else. */
export function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new TypeError(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => channel(Number.parseInt(part, 16)));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Whether text in this colour on white passes WCAG AA (4.5:1). */
export function isReadableOnWhite(hex: string): boolean {
  return contrastRatio(hex, "#ffffff") >= WCAG_AA_NORMAL_TEXT;
}
