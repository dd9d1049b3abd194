import { type TCampaignInput, ZCampaignInput } from '@swipe/contracts/campaigns';
import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { campaignHref, zonesCss, zonesOf } from './campaigns';
import type { TRenderInput, TViewerCampaign } from './model';
import { renderSitePage } from './site-page';

const IMAGE = '11111111-1111-4111-8111-111111111111';
const BANNER = '33333333-3333-4333-8333-333333333333';
const media: TRenderInput['media'] = Object.fromEntries(
  [IMAGE, BANNER].map((id) => [
    id,
    {
      kind: 'IMAGE' as const,
      url: `/media/${id}/original.png`,
      mime: 'image/png',
      width: 600,
      height: 600,
      variants: [{ width: 300, url: `/media/${id}/w300.webp` }],
    },
  ]),
);

/** A 2 x 2 MOBILE site (A1 B1 / A2 B2). */
function site(edit?: (doc: TSiteDocument) => void): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Autumn',
    numberVertical: 2,
    numberHorizontal: 2,
    languages: ['JP'],
    content: { JP: emptyLanguageContent(2, 2) },
  });
  for (const c of doc.content.JP!.creatives) c.media = { assetId: IMAGE, kind: 'IMAGE' };
  edit?.(doc);
  return doc;
}

let n = 0;
function campaign(over: Partial<TCampaignInput> & { id?: string } = {}): TViewerCampaign {
  const { id, ...rest } = over;
  return {
    ...ZCampaignInput.parse({
      names: { JP: 'キャンペーン', EN: 'Campaign' },
      backgroundColor: '#fff4e6',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      effectivePages: ['A1', 'B1', 'A2', 'B2'],
      position: 2,
      banners: [
        {
          id: 'banner-1',
          media: { assetId: BANNER, kind: 'IMAGE' },
          x: 44,
          y: 120,
          width: 300,
          height: 300,
          link: { type: 'CREATIVE_BLOCK', url: 'B1' },
        },
      ],
      buttons: [
        {
          id: 'button-1',
          type: 'TEXT',
          text: 'Book now',
          x: 94,
          y: 470,
          width: 200,
          height: 48,
          microcopy: { lines: ['Until Oct 31'], color: '#862e0c', align: 'CENTER', position: 'BOTTOM' },
          animation: 'PULSE',
          corner: 'PILL',
          link: { type: 'EXTERNAL_URL', url: 'https://example.com/booking' },
        },
      ],
      ...rest,
    }),
    id: id ?? `c${++n}`,
  };
}

const render = (doc: TSiteDocument, campaigns: TViewerCampaign[], today: string) =>
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
    campaigns: { today, list: campaigns },
  }).html;

const zoneTags = (html: string) => [...html.matchAll(/<div class="cz"[^>]*>/g)].map((m) => m[0]);

describe('campaign zones on a published page', () => {
  it('are rendered for a campaign active today that covers the pages, with its items', () => {
    const html = render(site(), [campaign({ id: 'autumn' })], '2026-10-15');
    expect(zoneTags(html)).toEqual(['<div class="cz" data-cz="autumn" data-pages="A1,B1,A2,B2">']);
    // Position 2: both sides, the right one a copy for the eye.
    expect(html).toContain('class="cs cl"');
    expect(html).toContain('class="cs cr"');
    expect(html.match(/aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(1);
    expect(html).toContain('data-ci="banner-1"');
    expect(html).toContain('href="#B1"');
    expect(html).toContain('href="https://example.com/booking" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('>Book now</a>');
    expect(html).toContain('<span>Until Oct 31</span>');
    // Boxes in percent of the 389 x 737 frame.
    expect(html).toContain('left:11.311%;top:16.282%;width:77.121%;height:40.706%');
    // Their CSS, with the animation only when motion is welcome.
    expect(html).toContain('@media (min-width:501px){.cz{display:block}}');
    expect(html).toContain('@media (prefers-reduced-motion:no-preference){.k1{');
    expect(html).toContain('class="cb k1"');
  });

  it('are absent without a campaign, on a PC site, and outside the dates', () => {
    const none = render(site(), [], '2026-10-15');
    expect(none).not.toContain('class="cz"');
    expect(none).not.toContain('.cz');
    const pc = site((d) => {
      d.viewMode = 'PC';
    });
    expect(render(pc, [campaign()], '2026-10-15')).not.toContain('class="cz"');
    expect(render(site(), [campaign()], '2026-09-30')).not.toContain('class="cz"');
    expect(render(site(), [campaign()], '2026-11-01')).not.toContain('class="cz"');
  });

  it('count both dates as days of the campaign (JST days, inclusive)', () => {
    const c = campaign({ startDate: '2026-10-01', endDate: '2026-10-01' });
    expect(render(site(), [c], '2026-10-01')).toContain('class="cz"');
    const d = campaign({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(render(site(), [d], '2026-10-31')).toContain('class="cz"');
  });

  it('show on each page the campaign covering it, the latest started winning; others hidden at first', () => {
    const older = campaign({ id: 'older', startDate: '2026-09-01', effectivePages: ['A1', 'B1', 'A2'] });
    const newer = campaign({ id: 'newer', startDate: '2026-10-10', effectivePages: ['B1', 'B2'] });
    const html = render(site(), [older, newer], '2026-10-15');
    expect(zoneTags(html)).toEqual([
      '<div class="cz" data-cz="older" data-pages="A1,A2">',
      '<div class="cz" data-cz="newer" data-pages="B1,B2" hidden="">',
    ]);
    // Before the newer one starts, the older one has its pages back.
    expect(zoneTags(render(site(), [older, newer], '2026-10-09'))).toEqual([
      '<div class="cz" data-cz="older" data-pages="A1,B1,A2">',
    ]);
    const only = zonesOf({
      doc: site(),
      lang: 'JP',
      campaigns: { today: '2026-10-15', list: [older, newer] },
    });
    expect(only.map((z) => [z.campaign.id, z.pages])).toEqual([
      ['older', ['A1', 'A2']],
      ['newer', ['B1', 'B2']],
    ]);
  });

  it('place a zone left (1), on both sides (2) or right (3) of the column', () => {
    const sides = (position: 1 | 2 | 3) =>
      [...render(site(), [campaign({ position })], '2026-10-15').matchAll(/class="cs (c[lr])"/g)].map(
        (m) => m[1],
      );
    expect(sides(1)).toEqual(['cl']);
    expect(sides(2)).toEqual(['cl', 'cr']);
    expect(sides(3)).toEqual(['cr']);
  });

  it('draw the background colour at its opacity under the background image', () => {
    const html = render(
      site(),
      [campaign({ backgroundOpacity: 40, background: { assetId: IMAGE, kind: 'IMAGE' } })],
      '2026-10-15',
    );
    expect(html).toContain('background-color:color-mix(in srgb,#fff4e6 40%,transparent)');
    expect(html).toContain(`background-image:url(&quot;/media/${IMAGE}/w300.webp&quot;)`);
  });

  it('write HTML buttons through the allowlist only', () => {
    const c = campaign();
    c.buttons[0] = {
      ...c.buttons[0]!,
      type: 'HTML',
      html: '<b onclick="x()">Big</b><script>alert(1)</script><img src=x onerror=alert(1)><span style="color:red;position:fixed">sale</span>',
    };
    const html = render(site(), [c], '2026-10-15');
    expect(html).toContain('<b>Big</b><span style="color:red">sale</span></a>');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('onclick');
  });

  it('mark SCRIPT items for the runtime (no link; their code is not in the page)', () => {
    const c = campaign();
    c.buttons[0] = { ...c.buttons[0]!, link: { type: 'SCRIPT', url: 'console.log("</script>")' } };
    c.banners[0] = { ...c.banners[0]!, link: { type: 'SCRIPT', url: 'console.log(2)' } };
    const html = render(site(), [c], '2026-10-15');
    const button = /<a class="cb k1"[^>]*data-ci="button-1"[^>]*>/.exec(html)?.[0];
    const banner = /<a class="ci"[^>]*data-ci="banner-1"[^>]*>/.exec(html)?.[0];
    for (const tag of [button, banner]) {
      expect(tag).toContain('data-cs=""');
      // Reached and pressed from the keyboard like a button.
      expect(tag).toContain('role="button"');
      expect(tag).toMatch(/tabindex="0"/i);
      expect(tag).not.toContain('href=');
      expect(tag).not.toContain('target=');
    }
    expect(html).not.toContain('console.log');
    // Other items carry no such mark.
    expect(render(site(), [campaign()], '2026-10-15')).not.toContain('data-cs');
  });

  it('lead links within the site, to its pages and its survey', () => {
    const ctx = { langRoot: '/sites/autumn/en', doc: site(), lang: 'JP' as const };
    expect(campaignHref({ type: 'INTERNAL_URL', url: '/contact' }, ctx)).toBe('/sites/autumn/en/contact');
    expect(campaignHref({ type: 'INTERNAL_URL', url: '//evil.example' }, ctx)).toBeNull();
    expect(campaignHref({ type: 'CREATIVE_BLOCK', url: 'B2' }, ctx)).toBe('#B2');
    expect(campaignHref({ type: 'CREATIVE_BLOCK', url: 'Z9' }, ctx)).toBeNull();
    expect(campaignHref({ type: 'SURVEY', url: '44444444-4444-4444-8444-444444444444' }, ctx)).toBe(
      '/sites/autumn/en/survey?id=44444444-4444-4444-8444-444444444444',
    );
    expect(campaignHref({ type: 'EXTERNAL_URL', url: 'javascript:alert(1)' }, ctx)).toBeNull();
  });

  it('add only the keyframes in use', () => {
    const css = zonesCss(
      zonesOf({ doc: site(), lang: 'JP', campaigns: { today: '2026-10-15', list: [campaign()] } }),
    );
    expect(css).toContain('@keyframes k1');
    expect(css).not.toContain('@keyframes k2');
  });
});
