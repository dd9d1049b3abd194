import zlib from 'node:zlib';
import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import type { TRenderInput } from './model';
import { linkHref } from './parts';
import { renderNotFoundPage, renderSitePage } from './site-page';

const IMAGE = '11111111-1111-4111-8111-111111111111';
const media: TRenderInput['media'] = {
  [IMAGE]: {
    kind: 'IMAGE',
    url: '/media/assets/a/original.png',
    mime: 'image/png',
    width: 1170,
    height: 2080,
    variants: [390, 780, 1170].map((w) => ({ width: w, url: `/media/assets/a/w${w}.webp` })),
  },
};

/** A bilingual 3 x 4 site with an image on every page, products, menu, SNS, company and popups. */
function site(edit?: (doc: TSiteDocument) => void): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 3,
    numberHorizontal: 4,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(3, 4), EN: emptyLanguageContent(3, 4) },
  });
  for (const lang of doc.languages) {
    const c = doc.content[lang]!;
    c.creatives.forEach((cr, i) => {
      cr.media = { assetId: IMAGE, kind: 'IMAGE' };
      cr.mainText = `${lang} text ${i + 1}`;
      cr.price = '¥1,000';
      cr.linkButtonText = 'Go';
      cr.link = {
        kind: 'EXTERNAL',
        internalTarget: null,
        url: 'https://example.com/buy',
        surveyId: null,
        page: null,
        popup: null,
        script: '',
      };
    });
    c.creatives[0]!.products = [1, 2].map((n) => ({
      productName: `Product ${n}`,
      image: null,
      price: 1280,
      description: 'Tasty',
      linkButtonText: 'Buy',
      link: {
        kind: 'EXTERNAL',
        internalTarget: null,
        url: 'https://example.com/p',
        surveyId: null,
        page: null,
        popup: null,
        script: '',
      },
      linkButtonColor: '#2BAA50',
      linkTextColor: '#FFFFFF',
      coordinateX: 100,
      coordinateY: 300,
      textColor: '#000000',
      backgroundColor: '#FFFFFF',
    }));
    c.menus = [
      { name: 'Top', target: 'A1', textColor: '', keywords: '', category: '' },
      { name: 'Gifts', target: 'B2', textColor: '', keywords: '', category: '' },
    ];
    c.sns = [
      { snsType: 'instagram', snsUrl: 'https://instagram.com/x' },
      { snsType: 'phone_number', snsUrl: '03-1234-5678' },
    ];
    c.company.companyProfile = 'Hinode Foods Inc.';
    c.seo.title = `${lang} title`;
    c.seo.description = 'A description';
  }
  doc.popupCtas.timeLimit = {
    ...doc.popupCtas.timeLimit,
    enabled: true,
    startDate: '2026-01-01T00:00:00.000Z',
    endDate: '2027-01-01T00:00:00.000Z',
    effectivePages: ['A1', 'B1'],
    texts: { JP: { image: { assetId: IMAGE, kind: 'IMAGE' }, linkButtonText: 'Shop' } },
    link: {
      kind: 'EXTERNAL',
      internalTarget: null,
      url: 'https://example.com/shop',
      surveyId: null,
      page: null,
      popup: null,
      script: '',
    },
  };
  doc.popupCtas.applicantLimit = { ...doc.popupCtas.timeLimit, limit: '100' };
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

describe('a published page', () => {
  it('lays out every page of the grid, row by row, as anchors a link can reach', () => {
    const { html } = render(site());
    const ids = [...html.matchAll(/<article class="pg" id="([A-Z]+\d+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(['A1', 'B1', 'C1', 'D1', 'A2', 'B2', 'C2', 'D2', 'A3', 'B3', 'C3', 'D3']);
    expect(html.match(/<section class="rw">/g)).toHaveLength(3);
    // B2's neighbours: up B1, down B3, left A2, right C2.
    const b2 = html.slice(html.indexOf('class="pg" id="B2"'), html.indexOf('class="pg" id="C2"'));
    expect([...b2.matchAll(/href="#([A-Z]\d)"/g)].map((m) => m[1])).toEqual(['B1', 'B3', 'A2', 'C2']);
  });

  it('picks images by srcset from the WebP variants, the first eager and high priority, others lazy', () => {
    // React writes attribute names in camelCase (srcSet); HTML reads them case-insensitively.
    const html = render(site()).html.replace(
      / (srcSet|fetchPriority|hrefLang)=/g,
      (_, a: string) => ` ${a.toLowerCase()}=`,
    );
    expect(html).toContain(
      'srcset="/media/assets/a/w390.webp 390w,/media/assets/a/w780.webp 780w,/media/assets/a/w1170.webp 1170w"',
    );
    const imgs = [...html.matchAll(/<img [^>]*src="\/media\/assets\/a\/original.png"[^>]*>/g)].map(
      (m) => m[0],
    );
    expect(imgs).toHaveLength(12);
    expect(imgs[0]).toContain('loading="eager"');
    expect(imgs[0]).toContain('fetchpriority="high"');
    for (const img of imgs.slice(1)) expect(img).toContain('loading="lazy"');
  });

  it('never carries a members-only page’s content', () => {
    const { html } = render(
      site((doc) => {
        const locked = doc.content.JP!.creatives[1]!;
        locked.membersOnlyLock = true;
        locked.mainText = 'SECRET OFFER';
        locked.price = '¥99,999';
        locked.products = [{ ...doc.content.JP!.creatives[0]!.products[0]!, productName: 'HIDDEN PRODUCT' }];
      }),
    );
    expect(html).not.toContain('SECRET OFFER');
    expect(html).not.toContain('¥99,999');
    expect(html).not.toContain('HIDDEN PRODUCT');
    expect(html).toContain('このページは会員限定です');
    expect(html).toContain('href="/sites/autumn/login?to=B1"');
    expect(html).toContain('href="/sites/autumn/register"');
  });

  it('opens a members-only page and its products for a signed-in member, tracked; PUBLIC keeps the lock', () => {
    const doc = site((d) => {
      const locked = d.content.JP!.creatives[0]!;
      locked.membersOnlyLock = true;
      locked.mainText = 'SECRET OFFER';
      locked.products[0]!.productName = 'HIDDEN PRODUCT';
    });
    const member = render(doc, { mode: 'MEMBER' }).html;
    expect(member).toContain('SECRET OFFER');
    expect(member).toContain('HIDDEN PRODUCT');
    expect(member).not.toContain('このページは会員限定です');
    expect(member).toContain('data-ev-url="/api/end-user/events"');
    expect(member).toContain('data-mode="MEMBER"');
    expect(member).not.toContain('noindex');
    const pub = render(doc, { mode: 'PUBLIC' }).html;
    expect(pub).not.toContain('SECRET OFFER');
    expect(pub).not.toContain('HIDDEN PRODUCT');
    expect(pub).toContain('このページは会員限定です');
  });

  it('shows a members-only page to its owner in preview, marked', () => {
    const doc = site((d) => {
      d.content.JP!.creatives[1]!.membersOnlyLock = true;
      d.content.JP!.creatives[1]!.mainText = 'SECRET OFFER';
    });
    expect(render(doc, { mode: 'PREVIEW', eventsUrl: null }).html).toContain('SECRET OFFER');
  });

  it('escapes what creators and visitors wrote, and drops links other than http(s), mailto and tel', () => {
    const { html } = render(
      site((doc) => {
        doc.content.JP!.creatives[0]!.mainText = '<script>alert(1)</script>';
        doc.content.JP!.creatives[1]!.link.url = 'javascript:alert(1)';
        doc.content.JP!.creatives[2]!.link.url = 'data:text/html,hi';
      }),
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toContain('href="tel:03-1234-5678"');
  });

  it('keeps only safe head tags and https body scripts, and names their origins for the CSP', () => {
    const { html, scriptSources } = render(
      site((doc) => {
        doc.content.JP!.seo.head =
          '<meta name="keywords" content="miso"><meta http-equiv="refresh" content="0;url=https://evil.example"><script>alert(1)</script><link rel="stylesheet" href="https://cdn.example/x.css" onload="x()">';
        doc.content.JP!.seo.body = '<script src="https://tags.example.com/t.js" defer></script>';
      }),
    );
    expect(html).toContain('<meta name="keywords" content="miso"/>');
    expect(html).not.toContain('http-equiv');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onload');
    expect(html).toContain('<script src="https://tags.example.com/t.js" defer=""></script>');
    expect(scriptSources).toEqual(['https://tags.example.com']);
    // Body tags that break a rule (inline code, eval) are not emitted at all.
    const bad = render(
      site((doc) => {
        doc.content.JP!.seo.body = '<script src="https://t.example/a.js" defer>eval(1)</script>';
      }),
    );
    expect(bad.html).not.toContain('t.example');
    expect(bad.scriptSources).toEqual([]);
  });

  it('links the languages by hreflang, with the canonical address of this one', () => {
    const en = render(site(), { lang: 'EN' }).html.replace(/ hrefLang=/g, ' hreflang=');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<link rel="canonical" href="https://lp.example.com/sites/autumn/en"/>');
    expect(en).toContain(
      '<link rel="alternate" hrefLang="ja" href="https://lp.example.com/sites/autumn/"/>'.replace(
        'hrefLang',
        'hreflang',
      ),
    );
    expect(en).toContain('hreflang="x-default" href="https://lp.example.com/sites/autumn/"');
    expect(en).toContain('<title>EN title</title>');
    expect(en).toContain('property="og:image" content="https://lp.example.com/media/assets/a/w1170.webp"');
    // On a custom domain the site lives at the root.
    expect(render(site(), { basePath: '' }).html).toContain('href="/en"');
  });

  it('names the site’s one address as canonical wherever the page is served', () => {
    const en = render(site(), {
      lang: 'EN',
      origin: 'https://sites.example.com',
      basePath: '/sites/22222222-2222-4222-8222-222222222222',
      canonicalRoot: 'https://lp.example.com',
    }).html.replace(/ hrefLang=/g, ' hreflang=');
    expect(en).toContain('<link rel="canonical" href="https://lp.example.com/en"/>');
    expect(en).toContain('<link rel="alternate" hreflang="ja" href="https://lp.example.com/"/>');
    expect(en).toContain('hreflang="x-default" href="https://lp.example.com/"');
    expect(en).toContain('property="og:url" content="https://lp.example.com/en"');
    expect(en).toContain('property="og:image" content="https://lp.example.com/media/assets/a/w1170.webp"');
    expect(en).not.toContain('sites.example.com');
    // The language menu stays on the address the visitor is at.
    expect(en).toContain('href="/sites/22222222-2222-4222-8222-222222222222/en"');
  });

  it('renders the popups hidden with their dates and pages, for the runtime to show', () => {
    const { html } = render(site());
    expect(html).toMatch(
      /<div class="pu" hidden="" data-kind="timeLimit" data-start="2026-01-01T00:00:00.000Z" data-end="2027-01-01T00:00:00.000Z" data-pages="A1,B1"/,
    );
    expect(html).toMatch(/data-kind="applicantLimit"[^>]*data-limit="100"/);
  });

  it('shows the popup in the page language, else the default language’s image and text', () => {
    const popupOf = (html: string) =>
      html.slice(html.indexOf('data-kind="timeLimit"'), html.indexOf('data-kind="applicantLimit"'));
    const other = { assetId: '33333333-3333-4333-8333-333333333333', kind: 'IMAGE' as const };
    const withEnglish = site((doc) => {
      doc.popupCtas.timeLimit.texts.EN = { image: other, linkButtonText: 'Shop now' };
    });
    const jp = popupOf(render(withEnglish).html);
    expect(jp).toContain('>Shop<');
    expect(jp).toContain('/media/assets/a/w390.webp');
    const otherMedia = {
      ...media[IMAGE]!,
      url: '/media/assets/b/original.png',
      variants: [{ width: 390, url: '/media/assets/b/w390.webp' }],
    };
    const en = popupOf(
      render(withEnglish, { lang: 'EN', media: { ...media, [other.assetId]: otherMedia } }).html,
    );
    expect(en).toContain('>Shop now<');
    expect(en).toContain('/media/assets/b/w390.webp');
    expect(en).not.toContain('>Shop<');
    expect(en).not.toContain('/media/assets/a/');
    // English has no popup of its own here: the Japanese image and button show.
    const fallback = popupOf(render(site(), { lang: 'EN' }).html);
    expect(fallback).toContain('>Shop<');
    expect(fallback).toContain('/media/assets/a/w390.webp');
    // A language with only a text keeps the default language's image.
    const textOnly = site((doc) => {
      doc.popupCtas.timeLimit.texts.EN = { image: null, linkButtonText: 'Shop now' };
    });
    const mixed = popupOf(render(textOnly, { lang: 'EN' }).html);
    expect(mixed).toContain('>Shop now<');
    expect(mixed).toContain('/media/assets/a/w390.webp');
  });

  it('turns internal links into the site’s own visitor pages, in the page language', () => {
    expect(
      linkHref(
        {
          kind: 'INTERNAL',
          internalTarget: 'CONTACT',
          url: '',
          surveyId: null,
          page: null,
          popup: null,
          script: '',
        },
        '/sites/x/en',
      ),
    ).toBe('/sites/x/en/contact');
    expect(
      linkHref(
        {
          kind: 'INTERNAL',
          internalTarget: 'FORM',
          url: '',
          surveyId: null,
          page: null,
          popup: null,
          script: '',
        },
        '',
      ),
    ).toBe('/forms');
    expect(
      linkHref(
        {
          kind: 'INTERNAL',
          internalTarget: 'MEMBERSHIP',
          url: '',
          surveyId: null,
          page: null,
          popup: null,
          script: '',
        },
        '/sites/x',
      ),
    ).toBe('/sites/x/register');
    expect(
      linkHref(
        {
          kind: 'SURVEY',
          internalTarget: null,
          url: '',
          surveyId: 's 1',
          page: null,
          popup: null,
          script: '',
        },
        '/sites/x',
      ),
    ).toBe('/sites/x/survey?id=s%201');
    expect(
      linkHref(
        { kind: 'NONE', internalTarget: null, url: '', surveyId: null, page: null, popup: null, script: '' },
        '/sites/x',
      ),
    ).toBeNull();
  });

  it('stays within 14 KB of HTML and critical CSS (gzip) for a 12-page bilingual site', () => {
    const { html } = render(site());
    expect(zlib.gzipSync(html, { level: 9 }).length).toBeLessThanOrEqual(14 * 1024);
  });
});

describe('the not-found page', () => {
  it('speaks the visitor’s language', () => {
    expect(renderNotFoundPage({ uiLang: 'ja' })).toContain('ページが見つかりません');
    expect(renderNotFoundPage({ uiLang: 'en' })).toContain('<html lang="en">');
    expect(renderNotFoundPage({ uiLang: 'ko' })).toContain('페이지를 찾을 수 없습니다');
    expect(renderNotFoundPage({ uiLang: 'zh' })).toContain('找不到页面');
  });
});
