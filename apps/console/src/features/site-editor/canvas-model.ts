import type { TCampaign } from '@swipe/contracts/campaigns';
import {
  DESIGN_FRAME,
  POPUP_KINDS,
  popupText,
  type TCreative,
  type TMediaRef,
  type TPopupKind,
  type TSiteDocument,
  type TSiteLanguage,
} from '@swipe/contracts/sites';
import type { TViewerMedia } from '@swipe/site-render/render/model';
import { languagePath, type TCtx } from '@swipe/site-render/render/parts';
import { TEXTS } from '@swipe/site-render/render/texts';

// What the live canvas hands the viewer's own components: one page of the draft in memory, its
// render context built here in the browser (the published page's is built on the server from the
// database), and the arithmetic of selecting and moving things on it. No React, no DOM.

export type TDevice = 'phone' | 'tablet' | 'desktop';
export const DEVICES: readonly TDevice[] = ['phone', 'tablet', 'desktop'];

/** The frames the canvas draws in, in CSS px: a phone is the designer frame itself. */
export const DEVICE_FRAMES: Record<TDevice, { width: number; height: number }> = {
  phone: DESIGN_FRAME,
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
};

/** One page of the grid with what surrounds it on the published page. */
export type TCanvasPage = {
  creative: TCreative;
  index: number;
  total: number;
  neighbours: { up?: string; down?: string; left?: string; right?: string };
  /** The popup CTAs this page shows (enabled, and the page among their effective pages). */
  popups: TPopupKind[];
};

/** The page at `coordinate` in `lang`, or null when the draft has no such page. */
export function canvasPage(doc: TSiteDocument, lang: TSiteLanguage, coordinate: string): TCanvasPage | null {
  const creatives = doc.content[lang]?.creatives ?? [];
  const index = creatives.findIndex((c) => c.coordinate === coordinate);
  if (index < 0) return null;
  const rows = doc.numberVertical;
  const cols = doc.numberHorizontal;
  const r = Math.floor(index / cols);
  const c = index % cols;
  // As the published page links them (site-page.tsx): the grid's neighbours, when they exist.
  const at = (rr: number, cc: number) =>
    rr >= 0 && rr < rows && cc >= 0 && cc < cols ? creatives[rr * cols + cc]?.coordinate : undefined;
  return {
    creative: creatives[index]!,
    index,
    total: creatives.length,
    neighbours: { up: at(r - 1, c), down: at(r + 1, c), left: at(r, c - 1), right: at(r, c + 1) },
    popups: POPUP_KINDS.filter(
      (k) => doc.popupCtas[k].enabled && doc.popupCtas[k].effectivePages.includes(coordinate),
    ),
  };
}

/**
 * The media the page shows, as the viewer expects them, from the editor's asset-to-URL map: the
 * originals only (variants are the server's business; the canvas shows one page at a time).
 */
export function canvasMedia(
  urls: Record<string, string>,
  refs: readonly (TMediaRef | null | undefined)[],
): Record<string, TViewerMedia> {
  const out: Record<string, TViewerMedia> = {};
  for (const ref of refs) {
    const url = ref ? urls[ref.assetId] : undefined;
    if (ref && url)
      out[ref.assetId] = { kind: ref.kind, url, mime: '', width: null, height: null, variants: [] };
  }
  return out;
}

const campaignRefs = (c: TCampaign) => [
  c.background,
  ...c.banners.map((b) => b.media),
  ...c.buttons.map((b) => b.media),
];

/**
 * The viewer's render context for one page of the draft. The language's pages are cut down to
 * that one, so what reads "the first page" (the logo's link, which campaign zone shows) reads it.
 * PREVIEW: members-only pages show their content, as in the owner's preview; no tracking.
 */
export function canvasContext(opts: {
  doc: TSiteDocument;
  lang: TSiteLanguage;
  page: TCanvasPage;
  mediaUrls: Record<string, string>;
  campaigns?: readonly TCampaign[];
  /** Today in Japan (YYYY-MM-DD), for which campaign is active. */
  today?: string;
}): TCtx {
  const { doc, lang, page } = opts;
  const content = doc.content[lang]!;
  const shown: TSiteDocument = { ...doc, content: { [lang]: { ...content, creatives: [page.creative] } } };
  const campaigns = opts.campaigns ?? [];
  const urls = campaigns.length
    ? Object.assign({}, opts.mediaUrls, ...campaigns.map((c) => c.media))
    : opts.mediaUrls;
  const media = canvasMedia(urls, [
    page.creative.media,
    doc.logo,
    ...page.popups.map((k) => popupText(doc.popupCtas[k], lang, doc.defaultLanguage).image),
    ...campaigns.flatMap(campaignRefs),
  ]);
  return {
    siteId: '',
    doc: shown,
    lang,
    media,
    basePath: '',
    origin: '',
    mode: 'PREVIEW',
    runtimeUrl: '',
    eventsUrl: null,
    ...(campaigns.length && opts.today ? { campaigns: { today: opts.today, list: [...campaigns] } } : {}),
    t: TEXTS[lang],
    langRoot: languagePath({ basePath: '', doc }, lang).replace(/\/$/, ''),
    editable: true,
  };
}

/** Where a `data-edit` field of the canvas lives in the document. */
export type TEditScope =
  | { kind: 'page'; index: number }
  | { kind: 'popup'; popup: string }
  | { kind: 'language' };

/** The document path of a field the canvas names relative to its page, popup or language. */
export function fieldPath(lang: TSiteLanguage, scope: TEditScope, field: string): string {
  if (scope.kind === 'page') return `content.${lang}.creatives.${scope.index}.${field}`;
  if (scope.kind === 'popup') return `popupCtas.${scope.popup}.${field}`;
  return `content.${lang}.${field}`;
}

/** The product a hotspot's `data-edit` names (`products.N.productName`), or null. */
export const hotspotProduct = (field: string | null | undefined): number | null => {
  const m = field ? /^products\.(\d+)\./.exec(field) : null;
  return m ? Number(m[1]) : null;
};

const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));

/**
 * A point of the page's box (client px) in designer-frame px, clamped to the frame and rounded
 * to whole px: where a hotspot dropped there sits (its left/top are percents of the frame).
 */
export function framePoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return {
    x: Math.round(clamp(((client.x - box.left) / box.width) * DESIGN_FRAME.width, DESIGN_FRAME.width)),
    y: Math.round(clamp(((client.y - box.top) / box.height) * DESIGN_FRAME.height, DESIGN_FRAME.height)),
  };
}

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** A hotspot moved by an arrow key: 1 px, 10 with Shift, within the frame; null for other keys. */
export function nudged(
  at: { x: number; y: number },
  key: string,
  shift: boolean,
): { x: number; y: number } | null {
  const d = STEPS[key];
  if (!d) return null;
  const step = shift ? 10 : 1;
  return {
    x: clamp(at.x + d[0] * step, DESIGN_FRAME.width),
    y: clamp(at.y + d[1] * step, DESIGN_FRAME.height),
  };
}

/** What a language holds that the canvas does not draw (the pages are compared one by one). */
const PAGE_BLIND = new Set(['creatives', 'forms', 'seo', 'company']);

/**
 * Whether the canvas must draw again: only what the page reads, compared by identity (the editor
 * changes the document by copying the path to a field, so untouched parts keep theirs). Another
 * page, language, or the forms changing leave the canvas as it is.
 */
export function samePageInputs(
  a: { doc: TSiteDocument; lang: TSiteLanguage; coordinate: string },
  b: { doc: TSiteDocument; lang: TSiteLanguage; coordinate: string },
): boolean {
  if (a.lang !== b.lang || a.coordinate !== b.coordinate) return false;
  if (a.doc === b.doc) return true;
  // Every site-wide setting but the content (new settings are compared without being listed).
  for (const key of Object.keys(b.doc) as (keyof TSiteDocument)[])
    if (key !== 'content' && key !== 'domain' && !Object.is(a.doc[key], b.doc[key])) return false;
  const ca = a.doc.content[a.lang];
  const cb = b.doc.content[b.lang];
  if (!ca || !cb) return ca === cb;
  for (const key of Object.keys(cb) as (keyof typeof cb)[])
    if (!PAGE_BLIND.has(key) && !Object.is(ca[key], cb[key])) return false;
  const pa = canvasPage(a.doc, a.lang, a.coordinate);
  const pb = canvasPage(b.doc, b.lang, b.coordinate);
  if (!pa || !pb) return pa === pb;
  return (
    pa.creative === pb.creative &&
    pa.index === pb.index &&
    pa.total === pb.total &&
    JSON.stringify(pa.neighbours) === JSON.stringify(pb.neighbours)
  );
}
