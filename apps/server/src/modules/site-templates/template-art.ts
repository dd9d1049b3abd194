import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import sharp from 'sharp';
import { motifSvg, type TMotif, type TMotifColours } from './template-motifs';
import type { TSiteTemplateDef } from './template-types';

// The templates' generated images: SVG drawn here and rendered by sharp. The headline is written
// with the glyph outlines of Noto Sans JP Bold (the font the invoices embed), turned into paths,
// so Japanese reads the same on every host whatever fonts it has installed.

/** A page image: the designer frame's shape (389 x 737) at the size of a phone's screen. */
export const PAGE_IMAGE = { width: 1080, height: 2040 } as const;
/** The popup CTA's square image, of the recommended size (250 x 250). */
export const POPUP_IMAGE = { width: 250, height: 250 } as const;

const require = createRequire(import.meta.url);
let loadedFont: fontkit.Font | null = null;

function font(): fontkit.Font {
  if (!loadedFont) {
    // The package exports only its index (dist/index.*); the fonts sit in ../fonts beside it.
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-jp')), '..', 'fonts');
    const parsed = fontkit.create(fs.readFileSync(path.join(dir, 'NotoSansJP-Bold.otf')));
    if (!('layout' in parsed)) throw new Error('NotoSansJP-Bold.otf is a font collection');
    loadedFont = parsed;
  }
  return loadedFont;
}

/** The characters of `text` the font has no glyph for (they would be drawn as empty boxes). */
export const missingGlyphs = (text: string): string[] =>
  [...text.replace(/\s/g, '')].filter((ch) => !font().hasGlyphForCodePoint(ch.codePointAt(0)!));

/** One line of text as glyph outlines at 1 unit = 1 font unit, and its advance width in units. */
function outline(text: string): { paths: string; units: number } {
  const run = font().layout(text);
  let pen = 0;
  let paths = '';
  run.glyphs.forEach((glyph, i) => {
    const d = glyph.path.toSVG();
    if (d) paths += `<path transform="translate(${pen} 0)" d="${d}"/>`;
    pen += run.positions[i]!.xAdvance;
  });
  return { paths, units: pen };
}

/**
 * Lines centred on `cx`, the first baseline at `top + size`, each `lineHeight` apart; the size is
 * the largest up to `maxSize` at which every line fits `maxWidth`. Returns the SVG and its bottom.
 */
function textBlock(
  lines: string[],
  opts: { cx: number; top: number; maxWidth: number; maxSize: number; fill: string; lineHeight?: number },
) {
  const em = font().unitsPerEm;
  const outlined = lines.map(outline);
  const widest = Math.max(1, ...outlined.map((o) => o.units));
  const size = Math.min(opts.maxSize, (opts.maxWidth * em) / widest);
  const scale = size / em;
  const step = size * (opts.lineHeight ?? 1.3);
  const svg = outlined
    .map((o, i) => {
      const x = opts.cx - (o.units * scale) / 2;
      const y = opts.top + size + i * step;
      return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})">${o.paths}</g>`;
    })
    .join('');
  return {
    svg: `<g fill="${opts.fill}">${svg}</g>`,
    bottom: opts.top + size + (lines.length - 1) * step,
    size,
  };
}

/** A rounded label with its text, centred on `cx`. */
function pill(text: string, opts: { cx: number; top: number; size: number; fill: string; ink: string }) {
  const { units } = outline(text);
  const width = (units / font().unitsPerEm) * opts.size + opts.size * 1.6;
  const height = opts.size * 2;
  const label = textBlock([text], {
    cx: opts.cx,
    top: opts.top + opts.size * 0.38,
    maxWidth: 10_000,
    maxSize: opts.size,
    fill: opts.ink,
  });
  return `<rect x="${(opts.cx - width / 2).toFixed(1)}" y="${opts.top}" width="${width.toFixed(1)}" height="${height}" rx="${height / 2}" fill="${opts.fill}"/>${label.svg}`;
}

type TPalette = TSiteTemplateDef['palette'];
const colours = (p: TPalette): TMotifColours => ({ accent: p.accent, light: '#ffffff', dark: p.to });

/** Soft circles that differ from page to page, so a grid of pages does not look copied. */
function decoration(index: number) {
  const spots = [
    [900, 220, 300],
    [140, 420, 240],
    [980, 1500, 260],
    [80, 1750, 340],
  ];
  return spots
    .map(([x, y, r], i) => {
      const shift = ((index * 7 + i * 3) % 5) * 40;
      return `<circle cx="${x! + (i % 2 ? shift : -shift)}" cy="${y! + shift}" r="${r}" fill="#fff" opacity="${i % 2 ? 0.05 : 0.08}"/>`;
    })
    .join('');
}

export type TPageArt = { palette: TPalette; motif: TMotif; kicker: string; headline: string; index: number };

/**
 * A page: the brand gradient, the kicker and the headline in the upper third, the motif in the
 * middle, and a darker foot where the published page writes the main text and the button.
 */
export function pageSvg(art: TPageArt): string {
  const { width, height } = PAGE_IMAGE;
  const { palette } = art;
  const kicker = pill(art.kicker, {
    cx: width / 2,
    top: 200,
    size: 42,
    fill: palette.accent,
    ink: palette.to,
  });
  const headline = textBlock(art.headline.split('\n'), {
    cx: width / 2,
    top: 330,
    maxWidth: 920,
    maxSize: 104,
    fill: '#ffffff',
  });
  const ruleY = headline.bottom + 48;
  const rule = `<rect x="${width / 2 - 60}" y="${ruleY.toFixed(1)}" width="120" height="12" rx="6" fill="${palette.accent}"/>`;
  // The motifs start about y 650: a three-line headline pushes the motif down instead of into it.
  const motifShift = Math.max(0, ruleY + 80 - 650);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0.45" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
<linearGradient id="foot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>${decoration(art.index)}
${kicker}${headline.svg}${rule}
<g transform="translate(0 ${motifShift.toFixed(1)})">${motifSvg(art.motif, colours(palette))}</g>
<rect y="1320" width="${width}" height="${height - 1320}" fill="url(#foot)"/>
</svg>`;
}

/**
 * The popup CTA's picture: the motif on the brand gradient. The popup shows it as a 64 px
 * thumbnail beside its button, so it carries no text (the button's text is per language).
 */
export function popupSvg(art: { palette: TPalette; motif: TMotif }): string {
  const { width, height } = POPUP_IMAGE;
  const scale = width / 760;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.palette.from}"/><stop offset="1" stop-color="${art.palette.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<g transform="translate(${width / 2} ${height / 2}) scale(${scale.toFixed(4)}) translate(-540 -960)">${motifSvg(art.motif, colours(art.palette))}</g>
</svg>`;
}

/** An SVG as the JPEG a creator might have uploaded (the upload pipeline makes the variants). */
export const renderJpeg = (svg: string): Promise<Buffer> =>
  sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();

/** The gallery's picture of a template: its first pages side by side, as WebP. */
export async function previewStrip(svgs: string[], background: string): Promise<Buffer> {
  const pageWidth = 240;
  const pageHeight = Math.round((pageWidth * PAGE_IMAGE.height) / PAGE_IMAGE.width);
  const gap = 16;
  const shown = svgs.slice(0, 3);
  const pages = await Promise.all(
    shown.map((svg) => sharp(Buffer.from(svg)).resize({ width: pageWidth }).png().toBuffer()),
  );
  return sharp({
    create: {
      width: shown.length * pageWidth + (shown.length + 1) * gap,
      height: pageHeight + 2 * gap,
      channels: 3,
      background,
    },
  })
    .composite(pages.map((input, i) => ({ input, left: gap + i * (pageWidth + gap), top: gap })))
    .webp({ quality: 78 })
    .toBuffer();
}
