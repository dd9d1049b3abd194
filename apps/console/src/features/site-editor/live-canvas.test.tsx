import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  canvasContext,
  canvasPage,
  fieldPath,
  framePoint,
  hotspotProduct,
  nudged,
  samePageInputs,
} from './canvas-model';
import { CanvasBody } from './canvas-page';
import { setIn } from './editor-state';

// The live canvas's render context is built in the browser from the draft (the published page's
// comes from the server): one page, the media the editor knows, its popups, and the fields a
// click selects.

const IMAGE = '11111111-1111-4111-8111-111111111111';
const VIDEO = '33333333-3333-4333-8333-333333333333';
const LOGO = '44444444-4444-4444-8444-444444444444';

function site(): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Hinode',
    numberVertical: 2,
    numberHorizontal: 3,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(2, 3), EN: emptyLanguageContent(2, 3) },
  });
  const jp = doc.content.JP!;
  jp.creatives.forEach((c, i) => {
    c.mainText = `冬の大感謝祭 ${i + 1}`;
    c.media = { assetId: i === 4 ? VIDEO : IMAGE, kind: i === 4 ? 'VIDEO' : 'IMAGE' };
  });
  const b1 = jp.creatives[1]!;
  b1.price = '¥1,200';
  b1.linkButtonText = 'Shop now';
  b1.link = { ...b1.link, kind: 'EXTERNAL', url: 'https://example.com/shop' };
  b1.products = [
    { ...b1.products[0], productName: 'Gift box', coordinateX: 100, coordinateY: 300 },
    { ...b1.products[0], productName: 'Tea', coordinateX: 200, coordinateY: 400 },
  ] as typeof b1.products;
  doc.logo = { assetId: LOGO, kind: 'IMAGE' };
  doc.popupCtas.timeLimit = {
    ...doc.popupCtas.timeLimit,
    enabled: true,
    effectivePages: ['B1'],
    texts: { JP: { image: null, linkButtonText: 'Last days' } },
    link: { ...doc.popupCtas.timeLimit.link, kind: 'EXTERNAL', url: 'https://example.com/sale' },
  };
  return doc;
}

const URLS = { [IMAGE]: '/media/a.png', [VIDEO]: '/media/v.mp4', [LOGO]: '/media/logo.png' };
const draw = (doc: TSiteDocument, coordinate: string) =>
  renderToStaticMarkup(<CanvasBody doc={doc} lang="JP" coordinate={coordinate} mediaUrls={URLS} />);

describe('the live canvas', () => {
  it('finds a page with its grid neighbours and the popups it shows', () => {
    const doc = site();
    expect(canvasPage(doc, 'JP', 'B1')).toMatchObject({
      index: 1,
      total: 6,
      neighbours: { down: 'B2', left: 'A1', right: 'C1' },
      popups: ['timeLimit'],
    });
    expect(canvasPage(doc, 'JP', 'C2')).toMatchObject({ index: 5, neighbours: { up: 'C1', left: 'B2' } });
    expect(canvasPage(doc, 'JP', 'C2')!.popups).toEqual([]);
    expect(canvasPage(doc, 'JP', 'Z9')).toBeNull();
    expect(canvasPage(doc, 'KR', 'A1')).toBeNull();
  });

  it('builds the render context from the draft: that page only, the known media, editable, no tracking', () => {
    const doc = site();
    const ctx = canvasContext({ doc, lang: 'EN', page: canvasPage(doc, 'JP', 'B2')!, mediaUrls: URLS });
    expect(ctx.editable).toBe(true);
    expect(ctx.mode).toBe('PREVIEW');
    expect(ctx.eventsUrl).toBeNull();
    // EN is not the default language: its pages live under /en.
    expect(ctx.langRoot).toBe('/en');
    expect(ctx.t.menu).toBe('Menu');
    expect(ctx.doc.content.EN!.creatives.map((c) => c.coordinate)).toEqual(['B2']);
    // B2 holds the video; the logo is an image; nothing else is looked up.
    expect(ctx.media).toEqual({
      [VIDEO]: { kind: 'VIDEO', url: '/media/v.mp4', mime: '', width: null, height: null, variants: [] },
      [LOGO]: { kind: 'IMAGE', url: '/media/logo.png', mime: '', width: null, height: null, variants: [] },
    });
    // A file the editor has no URL for yet is left out (the viewer draws nothing for it).
    const unknown = canvasContext({ doc, lang: 'JP', page: canvasPage(doc, 'JP', 'A1')!, mediaUrls: {} });
    expect(unknown.media).toEqual({});
  });

  it('draws one page with the header and its popup, each text naming its field', () => {
    const html = draw(site(), 'B1');
    expect(html.match(/<article class="pg"/g)).toHaveLength(1);
    expect(html).toContain('id="B1"');
    expect(html).toContain('<header class="hd">');
    expect(html).toContain('src="/media/logo.png"');
    expect(html).toMatch(/<p class="mt"[^>]*data-edit="mainText">冬の大感謝祭 2<\/p>/);
    expect(html).toMatch(/<p class="pr"[^>]*data-edit="price">¥1,200<\/p>/);
    expect(html).toMatch(/<a [^>]*data-edit="linkButtonText"[^>]*>Shop now<\/a>/);
    expect([...html.matchAll(/class="hs"[^>]*data-edit="([^"]+)"/g)].map((m) => m[1])).toEqual([
      'products.0.productName',
      'products.1.productName',
    ]);
    // The popup of B1 at the bottom: the frame lifts the texts above it (as the runtime does).
    expect(html).toContain('<div class="fr pb">');
    expect(html).toMatch(/class="pu"[^>]*data-kind="timeLimit"/);
    expect(html).toContain('data-edit="texts.JP.linkButtonText"');
    // Another page: no popup.
    const a1 = draw(site(), 'A1');
    expect(a1).toContain('<div class="fr">');
    expect(a1).not.toContain('class="pu"');
  });

  it('draws a video page with its video', () => {
    expect(draw(site(), 'B2')).toMatch(/<video src="\/media\/v.mp4"/);
  });

  it('names a field by its document path', () => {
    expect(fieldPath('JP', { kind: 'page', index: 3 }, 'mainText')).toBe('content.JP.creatives.3.mainText');
    expect(fieldPath('EN', { kind: 'page', index: 1 }, 'products.1.productName')).toBe(
      'content.EN.creatives.1.products.1.productName',
    );
    expect(fieldPath('EN', { kind: 'popup', popup: 'timeLimit' }, 'texts.EN.linkButtonText')).toBe(
      'popupCtas.timeLimit.texts.EN.linkButtonText',
    );
    expect(fieldPath('KR', { kind: 'language' }, 'menus.0.name')).toBe('content.KR.menus.0.name');
    expect(hotspotProduct('products.7.productName')).toBe(7);
    expect(hotspotProduct('mainText')).toBeNull();
    expect(hotspotProduct(undefined)).toBeNull();
  });

  it('places a dragged hotspot in designer-frame px, within the frame', () => {
    // The page drawn at half size, 10 px from the frame's corner.
    const box = { left: 10, top: 10, width: 194.5, height: 368.5 };
    expect(framePoint({ x: 10 + 50, y: 10 + 100 }, box)).toEqual({ x: 100, y: 200 });
    expect(framePoint({ x: -40, y: 9000 }, box)).toEqual({ x: 0, y: 737 });
    expect(framePoint({ x: 500, y: -3 }, box)).toEqual({ x: 389, y: 0 });
  });

  it('moves a hotspot by 1 px per arrow key, 10 with Shift, and not out of the frame', () => {
    expect(nudged({ x: 100, y: 200 }, 'ArrowRight', false)).toEqual({ x: 101, y: 200 });
    expect(nudged({ x: 100, y: 200 }, 'ArrowUp', true)).toEqual({ x: 100, y: 190 });
    expect(nudged({ x: 385, y: 3 }, 'ArrowRight', true)).toEqual({ x: 389, y: 3 });
    expect(nudged({ x: 385, y: 3 }, 'ArrowUp', true)).toEqual({ x: 385, y: 0 });
    expect(nudged({ x: 1, y: 1 }, 'Enter', false)).toBeNull();
  });

  it('draws again only when something the page shows changed', () => {
    const doc = site();
    const at = (d: TSiteDocument) => ({ doc: d, lang: 'JP' as const, coordinate: 'B1' });
    const same = (d: TSiteDocument) => samePageInputs(at(doc), at(d));
    // Another page, another language, the SEO or the forms: nothing to draw.
    expect(same(setIn(doc, ['content', 'JP', 'creatives', 4, 'mainText'], 'x'))).toBe(true);
    expect(same(setIn(doc, ['content', 'EN', 'creatives', 1, 'mainText'], 'x'))).toBe(true);
    expect(same(setIn(doc, ['content', 'JP', 'seo', 'title'], 'x'))).toBe(true);
    expect(same(setIn(doc, ['domain', 'customPath'], 'x'))).toBe(true);
    // This page, the menu, the SNS, a site setting, a popup: drawn again.
    expect(same(setIn(doc, ['content', 'JP', 'creatives', 1, 'mainText'], 'x'))).toBe(false);
    expect(same(setIn(doc, ['content', 'JP', 'menus'], []))).toBe(false);
    expect(same(setIn(doc, ['content', 'JP', 'sns'], []))).toBe(false);
    expect(same(setIn(doc, ['displayPageCount'], false))).toBe(false);
    expect(same(setIn(doc, ['popupCtas', 'timeLimit', 'position'], 'TOP'))).toBe(false);
    expect(samePageInputs(at(doc), { ...at(doc), coordinate: 'C1' })).toBe(false);
  });
});
