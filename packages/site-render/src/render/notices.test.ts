import zlib from 'node:zlib';
import type { TVisitorNotice } from '@swipe/contracts/communications';
import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import type { TRenderInput } from './model';
import { renderSitePage } from './site-page';

// Latest information and delivered notifications on the published page: the header's news
// control, its panel (no script needed), the newest delivery's banner, and what they cost.

function site(): TSiteDocument {
  return ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 2,
    numberHorizontal: 2,
    languages: ['JP', 'EN'],
    content: { JP: emptyLanguageContent(2, 2), EN: emptyLanguageContent(2, 2) },
  });
}

const notice = (over: Partial<TVisitorNotice> = {}): TVisitorNotice => ({
  id: 'n-news',
  kind: 'NEWS',
  title: 'Holiday hours',
  content: 'Closed from\nDecember 29.',
  linkUrl: 'https://example.com/holidays',
  imageUrl: null,
  postedDate: '2025-12-20',
  visibleFrom: '2025-12-20T01:00:00.000Z',
  ...over,
});

const DELIVERY = notice({
  id: 'n-delivery',
  kind: 'DELIVERY',
  title: 'Autumn menu <b>now</b>',
  content: 'Chestnuts & persimmons',
  linkUrl: '',
  imageUrl: '/media/assets/n/w390.webp',
  postedDate: '2025-12-24',
  visibleFrom: '2025-12-24T03:00:00.000Z',
});

const render = (over: Partial<TRenderInput> = {}, lang: 'JP' | 'EN' = 'JP') =>
  renderSitePage({
    siteId: '22222222-2222-4222-8222-222222222222',
    doc: site(),
    lang,
    media: {},
    basePath: '/sites/autumn',
    origin: 'https://lp.example.com',
    mode: 'PUBLIC',
    runtimeUrl: '/sites/_runtime/runtime.abcd1234.js',
    eventsUrl: '/api/end-user/events',
    ...over,
  }).html;

describe('the news control of a published page', () => {
  it('is absent, with its rules, when nothing is showing', () => {
    const html = render({ notices: [] });
    expect(html).not.toContain('href="#nw"');
    expect(html).not.toContain('id="nw"');
    expect(html).not.toContain('.nbn');
  });

  it('opens a panel of the items, newest first, in the page language (no script needed)', () => {
    const html = render({ notices: [DELIVERY, notice()], pushUrl: '/sites/_runtime/push.1234abcd.js' });
    // The bell: a link to the panel (:target), labelled, carrying the newest item's start.
    expect(html).toMatch(
      /<a class="ch nb" href="#nw" data-t="2025-12-24T03:00:00.000Z"><svg[^<]*<path[^>]*><\/path><\/svg><span class="vh">お知らせ<\/span><\/a>/,
    );
    const panel = html.slice(html.indexOf('<div class="ov" id="nw"'));
    expect(panel).toContain('<h2 id="nw-t">お知らせ</h2>');
    expect(panel.indexOf('Autumn menu')).toBeLessThan(panel.indexOf('Holiday hours'));
    // Dates as the language writes them; visitor text as text.
    expect(panel).toContain('<time dateTime="2025-12-24">2025年12月24日</time>');
    expect(panel).toContain('Autumn menu &lt;b&gt;now&lt;/b&gt;');
    expect(panel).toContain('Chestnuts &amp; persimmons');
    expect(panel).not.toContain('<b>now</b>');
    // A small lazy image whose box is known before it loads.
    expect(panel).toMatch(
      /<img src="\/media\/assets\/n\/w390.webp" alt="" width="56" height="56" loading="lazy" decoding="async"\/>/,
    );
    // External links open apart, without the opener; the item's title says where they lead.
    expect(panel).toContain(
      '<a href="https://example.com/holidays" target="_blank" rel="noopener noreferrer">詳しく見る<span class="vh">: Holiday hours</span></a>',
    );
    // The push button: hidden until the runtime finds the browser can push; the worker at the site's path.
    expect(panel).toContain(
      '<button type="button" class="bt np" hidden="" data-js="/sites/_runtime/push.1234abcd.js" data-sw="/sites/autumn/sw.js">この端末で通知を受け取る</button>',
    );
    // The close link needs no script either.
    expect(panel).toContain('<a class="x" href="#" data-close="" aria-label="閉じる">');
  });

  it('speaks the page’s language', () => {
    const html = render({ notices: [notice()] }, 'EN');
    expect(html).toContain('<span class="vh">News</span>');
    expect(html).toContain('<time dateTime="2025-12-20">Dec 20, 2025</time>');
    expect(html).toContain('>Read more<span class="vh">: Holiday hours</span></a>');
  });

  it('links only to http, https, mailto and tel', () => {
    const html = render({
      notices: [
        notice({ id: 'a', linkUrl: 'javascript:alert(1)' }),
        notice({ id: 'b', linkUrl: 'mailto:shop@example.com' }),
        notice({ id: 'c', linkUrl: 'tel:0312345678' }),
      ],
    });
    expect(html).not.toContain('javascript:');
    // mailto and tel stay in the page.
    expect(html).toContain('<a href="mailto:shop@example.com">');
    expect(html).toContain('<a href="tel:0312345678">');
  });

  it('has a hidden banner for the newest delivery only, and no push button in the preview', () => {
    const older = { ...DELIVERY, id: 'n-older', title: 'Older delivery' };
    const html = render({ notices: [notice(), DELIVERY, older] });
    expect(html).toContain(
      '<div class="nbn" hidden="" data-id="n-delivery"><a href="#nw">Autumn menu &lt;b&gt;now&lt;/b&gt;</a>',
    );
    expect(html.match(/class="nbn"/g)).toHaveLength(1);
    expect(html).not.toContain('class="bt np"');
    expect(render({ notices: [notice()] })).not.toContain('class="nbn"');
  });

  it('costs little: a panel of ten items stays far within the 14 KB of HTML and CSS', () => {
    const without = zlib.gzipSync(render(), { level: 9 }).length;
    const ten = Array.from({ length: 10 }, (_, i) =>
      notice({
        id: `n-${i}`,
        kind: i === 0 ? 'DELIVERY' : 'NEWS',
        title: `Item ${i}: ${'お知らせのタイトル'.repeat(3)}`,
        content: 'お知らせの本文です。'.repeat(12),
        imageUrl: `/media/assets/n${i}/w390.webp`,
      }),
    );
    const withTen = zlib.gzipSync(render({ notices: ten, pushUrl: '/p.js' }), { level: 9 }).length;
    expect(withTen - without).toBeLessThan(2500);
    const one = zlib.gzipSync(render({ notices: [DELIVERY], pushUrl: '/p.js' }), { level: 9 }).length;
    expect(one - without).toBeLessThan(900);
  });
});
