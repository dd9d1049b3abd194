import zlib from 'node:zlib';
import {
  emptyLanguageContent,
  type TSiteDocument,
  type TSiteDocumentInput,
  ZLink,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import type { TRenderInput } from './model';
import { renderSitePage } from './site-page';

// The site settings that shape the published page: auto-advance, the sound
// toggle of videos, the album of all pages, swipe redirection, the default SEO and the global
// menu's categories and keywords. What the runtime does with them is in runtime/paging.test.ts
// and, in a browser, e2e/src/viewer-settings.e2e.ts.

const IMAGE = '11111111-1111-4111-8111-111111111111';
const VIDEO = '33333333-3333-4333-8333-333333333333';
const media: TRenderInput['media'] = {
  [IMAGE]: {
    kind: 'IMAGE',
    url: '/media/assets/a/original.png',
    mime: 'image/png',
    width: 1170,
    height: 2080,
    variants: [390, 780, 1170].map((w) => ({ width: w, url: `/media/assets/a/w${w}.webp` })),
  },
  [VIDEO]: {
    kind: 'VIDEO',
    url: '/media/assets/v/original.mp4',
    mime: 'video/mp4',
    width: null,
    height: null,
    variants: [],
  },
};

/** A bilingual 3 x 4 site with an image on every page and a link button on each. */
function site(over: Partial<TSiteDocumentInput> = {}, edit?: (doc: TSiteDocument) => void): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 3,
    numberHorizontal: 4,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(3, 4), EN: emptyLanguageContent(3, 4) },
    ...over,
  });
  for (const lang of doc.languages)
    for (const [i, c] of doc.content[lang]!.creatives.entries()) {
      c.media = { assetId: IMAGE, kind: 'IMAGE' };
      c.mainText = `${lang} text ${i + 1}`;
      c.linkButtonText = 'Go';
      c.link = ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com/buy' });
    }
  edit?.(doc);
  return doc;
}

const render = (doc: TSiteDocument, over: Partial<TRenderInput> = {}) =>
  renderSitePage({
    siteId: '22222222-2222-4222-8222-222222222222',
    doc,
    lang: 'JP',
    media,
    basePath: '/sites/autumn',
    origin: 'https://lp.example.com',
    mode: 'PUBLIC',
    runtimeUrl: '/sites/_runtime/runtime.abcd1234.js',
    eventsUrl: '/api/end-user/events',
    ...over,
  });
const html = (doc: TSiteDocument, over: Partial<TRenderInput> = {}) =>
  render(doc, over).html.replace(/ (hrefLang|srcSet)=/g, (_, a: string) => ` ${a.toLowerCase()}=`);

describe('auto-advance and swipe redirection', () => {
  it('are switched on for the runtime by the body only when set', () => {
    const off = html(site());
    expect(off).not.toContain('data-slide');
    expect(off).not.toContain('data-swr');
    const on = html(site({ sliderTime: 5, swipeRedirection: true }));
    expect(on).toMatch(/<body [^>]*data-slide="5"/);
    expect(on).toMatch(/<body [^>]*data-swr=""/);
  });
});

describe('the sound toggle of a video page', () => {
  const withVideo = (over: Partial<TSiteDocumentInput> = {}) =>
    site({ speakerColor: '#FFD43B', ...over }, (doc) => {
      for (const lang of doc.languages)
        doc.content[lang]!.creatives[1]!.media = { assetId: VIDEO, kind: 'VIDEO' };
    });

  it('is on video pages only, muted at first, in the speaker colour, named in the page language', () => {
    const page = html(withVideo());
    const b1 = page.slice(page.indexOf('id="B1"'), page.indexOf('id="C1"'));
    expect(b1).toMatch(/<video [^>]*muted=""[^>]*autoPlay=""/);
    expect(b1).toContain(
      '<button type="button" class="sk" hidden="" aria-pressed="false" aria-label="音声" style="color:#FFD43B">',
    );
    expect(page.match(/class="sk"/g)).toHaveLength(1);
    expect(html(withVideo(), { lang: 'EN' })).toContain('aria-label="Sound"');
  });

  it('brings its rules only to a site with videos', () => {
    expect(html(site())).not.toContain('.sk{');
    expect(html(withVideo())).toContain('.sk{');
  });
});

describe('the album of all pages', () => {
  const album = (page: string) =>
    page.slice(page.indexOf('id="al"'), page.indexOf('</ol>', page.indexOf('id="al"')));

  it('is absent, with its rules, unless displayAlbum is on', () => {
    const page = html(site());
    expect(page).not.toContain('href="#al"');
    expect(page).not.toContain('id="al"');
    expect(page).not.toContain('.ag{');
  });

  it('opens from the header a panel of every page in grid order, by coordinate, that jumps to it', () => {
    const page = html(site({ displayAlbum: true }));
    const header = page.slice(page.indexOf('<header'), page.indexOf('</header>'));
    expect(header).toContain('<a class="ch ab" href="#al">');
    expect(header).toContain('<span class="vh">すべてのページ</span>');
    const panel = album(page);
    expect(panel).toContain('role="dialog"');
    expect(panel).toContain('grid-template-columns:repeat(4,minmax(64px,110px))');
    const links = [...panel.matchAll(/<a href="#([A-Z]+\d+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['A1', 'B1', 'C1', 'D1', 'A2', 'B2', 'C2', 'D2', 'A3', 'B3', 'C3', 'D3']);
    expect(panel.match(/<span>[A-Z]\d<\/span>/g)).toHaveLength(12);
    // The smallest variant, loaded when the panel opens; never the full-size image.
    expect(panel.match(/<img src="\/media\/assets\/a\/w390.webp" alt="" loading="lazy"/g)).toHaveLength(12);
    expect(panel).not.toContain('w1170');
    expect(page).toContain('.ag{');
    expect(html(site({ displayAlbum: true }), { lang: 'EN' })).toContain('>All pages</h2>');
  });

  it('shows the lock of a members-only page, not its image, unless the visitor may see it', () => {
    const doc = site({ displayAlbum: true }, (d) => {
      d.content.JP!.creatives[5]!.membersOnlyLock = true;
      d.content.JP!.creatives[5]!.media = { assetId: VIDEO, kind: 'VIDEO' };
      d.content.JP!.creatives[6]!.membersOnlyLock = true;
    });
    const pub = album(html(doc));
    const b2 = pub.slice(pub.indexOf('href="#B2"'), pub.indexOf('href="#C2"'));
    const c2 = pub.slice(pub.indexOf('href="#C2"'), pub.indexOf('href="#D2"'));
    for (const tile of [b2, c2]) {
      expect(tile).not.toContain('<img');
      expect(tile).toContain('<rect');
      expect(tile).toContain('会員限定');
    }
    expect(pub.match(/<img /g)).toHaveLength(10);
    const member = album(html(doc, { mode: 'MEMBER' }));
    expect(member.match(/<img /g)).toHaveLength(11);
    expect(member).not.toContain('会員限定');
  });

  it('keeps a 12-page bilingual site with the album and videos within 14 KB of HTML and CSS (gzip)', () => {
    const doc = site({ displayAlbum: true, sliderTime: 4, swipeRedirection: true }, (d) => {
      d.content.JP!.creatives[3]!.media = { assetId: VIDEO, kind: 'VIDEO' };
      d.content.JP!.menus = [
        { name: 'Top', target: 'A1', textColor: '', keywords: 'miso, dashi', category: '' },
        { name: 'Gifts', target: 'B2', textColor: '', keywords: '', category: 'Shop' },
      ];
    });
    expect(zlib.gzipSync(render(doc).html, { level: 9 }).length).toBeLessThanOrEqual(14 * 1024);
  });
});

describe('the global menu', () => {
  const menuOf = (page: string) =>
    page.slice(
      page.indexOf('<details class="dd mn">'),
      page.indexOf('</details>', page.indexOf('class="dd mn"')),
    );
  const doc = site({}, (d) => {
    d.content.JP!.menus = [
      { name: 'Miso', target: 'A2', textColor: '', keywords: 'red, white', category: 'Shop' },
      { name: 'Top', target: 'A1', textColor: '', keywords: '', category: '' },
      { name: 'Story', target: 'A3', textColor: '', keywords: '', category: 'About' },
      { name: 'Dashi', target: 'B2', textColor: '', keywords: '', category: 'Shop' },
      { name: 'Contact', target: 'D3', textColor: '', keywords: 'mail', category: '' },
    ];
  });

  it('lists entries without a category first, then each category under its heading', () => {
    const menu = menuOf(html(doc));
    const order = [...menu.matchAll(/<p class="mh" id="mc\d+">([^<]+)<\/p>|data-id="([A-Z]\d)"/g)].map(
      (m) => m[1] ?? m[2],
    );
    expect(order).toEqual(['A1', 'D3', 'Shop', 'A2', 'B2', 'About', 'A3']);
    expect(menu).toMatch(/<div role="group" aria-labelledby="(mc\d+)"><p class="mh" id="\1">Shop<\/p>/);
  });

  it('shows keywords small under the entry name', () => {
    const menu = menuOf(html(doc));
    expect(menu).toContain('Miso<small class="mk">red, white</small></a>');
    expect(menu).toContain('Top</a>');
  });

  it('adds the keywords to the meta keywords of a page that has them, and makes none up', () => {
    expect(html(doc)).not.toContain('name="keywords"');
    const withMeta = site({}, (d) => {
      d.content.JP!.menus = doc.content.JP!.menus;
      d.content.JP!.seo.head = '<meta name="keywords" content="autumn">';
    });
    expect(html(withMeta)).toContain('<meta name="keywords" content="autumn, red, white, mail"/>');
  });
});

describe('the default SEO', () => {
  it('fills each field the language leaves empty: title, description, H1, head and body tags', () => {
    const doc = site(
      {
        seo: {
          title: 'Hinode Autumn',
          h1: 'Hinode',
          description: 'Seasonal gifts',
          head: '<meta name="author" content="Hinode">',
          body: '<script src="https://tags.example.com/t.js" defer></script>',
        },
      },
      (d) => {
        d.content.EN!.seo.title = 'Autumn in English';
      },
    );
    const jp = render(doc);
    expect(jp.html).toContain('<title>Hinode Autumn</title>');
    expect(jp.html).toContain('<meta name="description" content="Seasonal gifts"/>');
    expect(jp.html).toContain('<h1 class="vh">Hinode</h1>');
    expect(jp.html).toContain('<meta name="author" content="Hinode"/>');
    expect(jp.html).toContain('<script src="https://tags.example.com/t.js" defer=""></script>');
    expect(jp.scriptSources).toEqual(['https://tags.example.com']);
    const en = render(doc, { lang: 'EN' }).html;
    expect(en).toContain('<title>Autumn in English</title>');
    expect(en).toContain('<meta property="og:description" content="Seasonal gifts"/>');
  });

  it('leaves a language’s own SEO as it is, and the site name as the title when both are empty', () => {
    const own = site({ seo: { title: 'Default title' } }, (d) => {
      d.content.JP!.seo.title = 'Own title';
    });
    expect(render(own).html).toContain('<title>Own title</title>');
    expect(render(site()).html).toContain('<title>Autumn</title>');
  });
});
