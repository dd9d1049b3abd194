import { isColour } from './site-rules';

// WCAG 2.x contrast of the colours a creator picks (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio):
// relative luminance of sRGB colours, and the ratio (L1 + 0.05) / (L2 + 0.05). What lies behind a
// colour is often not one colour but a range (a translucent scrim over an unknown photo): the
// contrast asked for is then the worst one over that range.

/** A colour: channels 0 to 255, alpha 0 to 1. */
export type TRgba = { r: number; g: number; b: number; a: number };

/** AA for normal text; large text (24px, or 18.66px bold) needs 3:1. */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

const BLACK: TRgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: TRgba = { r: 255, g: 255, b: 255, a: 1 };

/** A colour code the editor accepts (isColour: hex, rgb(a), hsl(a)) as channels; null otherwise. */
export function parseColour(value: string): TRgba | null {
  const v = value.trim();
  if (!isColour(v)) return null;
  if (v.startsWith('#')) {
    const hex = v.length === 4 ? [...v.slice(1)].map((c) => c + c).join('') : v.slice(1);
    const n = Number.parseInt(hex, 16);
    return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255, a: 1 };
  }
  // isColour has checked the shape and the ranges: only the numbers are read here.
  const fn = v.slice(0, v.indexOf('(')).toLowerCase();
  const parts = v
    .slice(v.indexOf('(') + 1, -1)
    .split(',')
    .map((p) => ({ n: Number.parseFloat(p), percent: p.includes('%') }));
  const alpha = parts[3] ? (parts[3].percent ? parts[3].n / 100 : parts[3].n) : 1;
  if (fn.startsWith('rgb')) {
    const [r, g, b] = parts.map((p) => (p.percent ? (p.n / 100) * 255 : p.n)) as [number, number, number];
    return { r, g, b, a: alpha };
  }
  const [h, s, l] = [parts[0]!.n, parts[1]!.n / 100, parts[2]!.n / 100];
  // CSS Color 4's hsl-to-rgb.
  const f = (k0: number) => {
    const k = (k0 + h / 30) % 12;
    return (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return { r: f(0), g: f(8), b: f(4), a: alpha };
}

/** `top` drawn over the opaque `bottom` (browsers blend in sRGB, as here). */
export function over(top: TRgba, bottom: TRgba): TRgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
export function luminance(c: TRgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** The contrast ratio of two luminances, 1 to 21. */
export const ratioOf = (l1: number, l2: number) => (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);

/**
 * What may lie behind: every colour from `dark` to `light` (one colour when they are the same).
 * A photo under a scrim is the scrim over black up to the scrim over white.
 */
export type TBackdrop = { dark: TRgba; light: TRgba };

/** One known colour behind (an opaque panel). */
export const plain = (c: TRgba): TBackdrop => ({ dark: c, light: c });

/** A translucent layer over any image: from the layer over black to the layer over white. */
export const layerOverImage = (layer: TRgba): TBackdrop => ({
  dark: over(layer, BLACK),
  light: over(layer, WHITE),
});

/** A surface of colour `fill` laid on the backdrop (a button, a panel). */
export const surface = (fill: TRgba, behind: TBackdrop): TBackdrop => ({
  dark: over(fill, behind.dark),
  light: over(fill, behind.light),
});

/**
 * The lowest contrast of text in `text` over anything the backdrop may show. Opaque text whose
 * luminance lies within the backdrop's range can meet a background just as bright: 1:1.
 */
export function worstContrast(text: TRgba, behind: TBackdrop): number {
  const lo = luminance(behind.dark);
  const hi = luminance(behind.light);
  if (text.a < 1)
    return Math.min(
      ratioOf(luminance(over(text, behind.dark)), lo),
      ratioOf(luminance(over(text, behind.light)), hi),
    );
  const l = luminance(text);
  const [min, max] = lo <= hi ? [lo, hi] : [hi, lo];
  if (l >= min && l <= max) return 1;
  return l > max ? ratioOf(l, max) : ratioOf(l, min);
}
