import { createHash } from 'node:crypto';
import vm from 'node:vm';
import {
  emptyLanguageContent,
  type TLink,
  type TSiteDocument,
  ZLink,
  ZProduct,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { TRenderInput } from './model';
import { scriptKey } from './parts';
import { renderSitePage } from './site-page';

// Every link kind on the published page: a page of the site is an anchor, a popup opener and a
// script are buttons for the runtime, each script is registered by one inline script that the
// CSP allows by its hash, and an image button is drawn as its image.

const BUTTON_IMAGE = '33333333-3333-4333-8333-333333333333';
const media: TRenderInput['media'] = {
  [BUTTON_IMAGE]: {
    kind: 'IMAGE',
    url: '/media/assets/b/original.png',
    mime: 'image/png',
    width: 600,
    height: 200,
    variants: [{ width: 390, url: '/media/assets/b/w390.webp' }],
  },
};
const link = (over: Partial<TLink>): TLink => ({ ...ZLink.parse({}), ...over });

/** A 2 x 3 site (A1..C2) with a popup CTA on, each page's button text 'Go'. */
function site(edit: (doc: TSiteDocument) => void): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Links',
    numberVertical: 2,
    numberHorizontal: 3,
    content: { JP: emptyLanguageContent(2, 3) },
    popupCtas: {
      timeLimit: {
        enabled: true,
        startDate: '2026-01-01T00:00:00.000Z',
        endDate: '2999-01-01T00:00:00.000Z',
        effectivePages: ['A1'],
        texts: { JP: { linkButtonText: 'Shop' } },
        link: { kind: 'EXTERNAL', url: 'https://example.com/shop' },
      },
    },
  });
  for (const c of doc.content.JP!.creatives) c.linkButtonText = 'Go';
  edit(doc);
  return ZSiteDocument.parse(doc);
}
const pages = (doc: TSiteDocument) => doc.content.JP!.creatives;
/** The site with the first page's button leading to `to`. */
const withFirstButton = (to: Partial<TLink>) =>
  site((doc) => {
    pages(doc)[0]!.link = link(to);
  });

const render = (doc: TSiteDocument, mode: TRenderInput['mode'] = 'PUBLIC') =>
  renderSitePage({
    siteId: '22222222-2222-4222-8222-222222222222',
    doc,
    lang: 'JP',
    media,
    basePath: '/sites/links',
    origin: 'https://lp.example.com',
    mode,
    runtimeUrl: '/sites/_runtime/runtime.abc.js',
    eventsUrl: '/api/end-user/events',
  });

type TElement = DefaultTreeAdapterMap['element'];
/** The elements of the page as a browser's parser builds them. */
function elements(html: string): TElement[] {
  const out: TElement[] = [];
  const walk = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes) {
      if ('tagName' in child) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(parse(html));
  return out;
}
const attr = (el: TElement, name: string) => el.attrs.find((a) => a.name === name)?.value;
/** The inline scripts' texts, as the parser hands them to the script engine. */
const inlineScripts = (html: string) =>
  elements(html)
    .filter((el) => el.tagName === 'script' && attr(el, 'src') === undefined)
    .map((el) => el.childNodes.map((n) => ('value' in n ? n.value : '')).join(''));
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const buttons = (html: string) => elements(html).filter((el) => attr(el, 'class')?.split(' ').includes('bt'));

/** What the page's registrations leave in the registry, run as a browser would run them. */
function registry(html: string) {
  const self: { swipeScripts?: Record<string, () => void>; out?: unknown } = {};
  for (const text of inlineScripts(html)) vm.runInNewContext(text, { self });
  return self;
}

describe('link buttons on the published page', () => {
  it('jumps to another page of the site with a plain anchor (CREATIVE_BLOCK)', () => {
    const { html } = render(withFirstButton({ kind: 'CREATIVE_BLOCK', page: 'C2' }));
    const [button] = buttons(html);
    expect(button!.tagName).toBe('a');
    expect(attr(button!, 'href')).toBe('#C2');
    expect(attr(button!, 'target')).toBeUndefined();
    expect(attr(button!, 'data-ev')).toBe('LINK');
    // The page it leads to is an anchor of the grid.
    expect(elements(html).some((el) => attr(el, 'id') === 'C2' && attr(el, 'class') === 'pg')).toBe(true);
  });

  it('opens the popup CTA from a page and from a product (POPUP_CTA_TRANSITION)', () => {
    const { html } = render(
      site((doc) => {
        pages(doc)[1]!.link = link({ kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' });
        pages(doc)[2]!.products = [
          ZProduct.parse({
            productName: 'Tea',
            linkButtonText: 'Offer',
            link: { kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' },
          }),
        ];
      }),
    );
    const openers = buttons(html).filter((el) => attr(el, 'data-pu') === 'timeLimit');
    expect(openers.map((el) => [el.tagName, attr(el, 'type'), attr(el, 'data-ev')])).toEqual([
      ['button', 'button', 'LINK'],
      ['button', 'button', 'LINK'],
    ]);
    expect(
      elements(html).some((el) => attr(el, 'class') === 'pu' && attr(el, 'data-kind') === 'timeLimit'),
    ).toBe(true);
    // No script of a button: the CSP allows the runtime only.
    expect(inlineScripts(html)).toEqual([]);
  });

  it('registers each script once, allowed by exactly its hash, and names it on its buttons (SCRIPT)', () => {
    const code = 'self.out = (self.out || 0) + 1;';
    const other = 'self.out = "other";';
    const { html, scriptSources } = render(
      site((doc) => {
        pages(doc)[0]!.link = link({ kind: 'SCRIPT', script: code });
        pages(doc)[1]!.link = link({ kind: 'SCRIPT', script: code });
        doc.popupCtas.timeLimit.link = link({ kind: 'SCRIPT', script: other });
      }),
    );
    const texts = inlineScripts(html);
    expect(texts).toHaveLength(2);
    expect(scriptSources).toEqual(texts.map(sha256));
    const pressed = buttons(html).map((el) => [el.tagName, attr(el, 'data-sc')]);
    expect(pressed).toEqual([
      ['button', scriptKey(code)],
      ['button', scriptKey(code)],
      ['button', scriptKey(other)],
    ]);
    const self = registry(html);
    self.swipeScripts![scriptKey(code)]!();
    self.swipeScripts![scriptKey(code)]!();
    expect(self.out).toBe(2);
  });

  it('keeps a script with </script> and <!-- inside its element, meaning what it meant', () => {
    const code = 'self.out = "</script><script>alert(1)</script><!--" + `</SCRIPT >`; // </script>';
    const { html, scriptSources } = render(withFirstButton({ kind: 'SCRIPT', script: code }));
    const texts = inlineScripts(html);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('<\\/script><script>alert(1)<\\/script><\\!--');
    expect(scriptSources).toEqual([sha256(texts[0]!)]);
    const self = registry(html);
    self.swipeScripts![scriptKey(code)]!();
    expect(self.out).toBe('</script><script>alert(1)</script><!--</SCRIPT >');
  });

  it('hashes the text a browser reads: line ends as \\n', () => {
    const code = 'self.out = 1;\r\nself.out += 1;\rself.out += 1;';
    const { html, scriptSources } = render(withFirstButton({ kind: 'SCRIPT', script: code }));
    const [text] = inlineScripts(html);
    expect(text).not.toContain('\r');
    expect(scriptSources).toEqual([sha256(text!)]);
    const self = registry(html);
    self.swipeScripts![scriptKey(code)]!();
    expect(self.out).toBe(3);
  });

  it('never ships a members-only page’s script to visitors who are not members', () => {
    const code = 'self.out = "members";';
    const doc = site((d) => {
      pages(d)[1]!.membersOnlyLock = true;
      pages(d)[1]!.link = link({ kind: 'SCRIPT', script: code });
      pages(d)[1]!.products = [
        ZProduct.parse({
          productName: 'Tea',
          linkButtonText: 'Run',
          link: { kind: 'SCRIPT', script: 'x()' },
        }),
      ];
    });
    const visitor = render(doc, 'PUBLIC');
    expect(visitor.html).not.toContain('members');
    expect(visitor.html).not.toContain('x()');
    expect(visitor.scriptSources).toEqual([]);
    const member = render(doc, 'MEMBER');
    expect(inlineScripts(member.html)).toHaveLength(2);
    expect(member.scriptSources).toEqual(inlineScripts(member.html).map(sha256));
  });

  it('leaves out a button without text, and its script', () => {
    const { html, scriptSources } = render(
      site((doc) => {
        pages(doc)[0]!.linkButtonText = '';
        pages(doc)[0]!.mainText = 'Hello';
        pages(doc)[0]!.link = link({ kind: 'SCRIPT', script: 'x()' });
      }),
    );
    expect(buttons(html).some((el) => attr(el, 'data-sc'))).toBe(false);
    expect(scriptSources).toEqual([]);
  });

  it('draws an image button as its image, the button text its alternative text', () => {
    const { html } = render(
      site((doc) => {
        pages(doc)[0]!.linkButtonText = 'Buy now';
        pages(doc)[0]!.link = link({ kind: 'EXTERNAL', url: 'https://example.com/buy' });
        pages(doc)[0]!.buttonImage = { assetId: BUTTON_IMAGE, kind: 'IMAGE' };
      }),
    );
    const [button] = buttons(html);
    expect(attr(button!, 'class')).toBe('bt bi');
    expect(attr(button!, 'href')).toBe('https://example.com/buy');
    expect(attr(button!, 'style')).toBeUndefined();
    const img = button!.childNodes.find((n): n is TElement => 'tagName' in n && n.tagName === 'img');
    expect(img && [attr(img, 'src'), attr(img, 'alt'), attr(img, 'srcset')]).toEqual([
      '/media/assets/b/original.png',
      'Buy now',
      '/media/assets/b/w390.webp 390w',
    ]);
    // The other pages keep their text buttons.
    expect(attr(buttons(html)[1]!, 'class')).toBe('bt');
  });

  it('says what a vague button text is about, to screen readers and search engines only', () => {
    const { html } = render(
      site((doc) => {
        const [vague, clear] = pages(doc);
        vague!.link = link({ kind: 'EXTERNAL', url: 'https://example.com/miso' });
        vague!.linkButtonText = 'Learn more ›';
        vague!.mainText = 'Naturally brewed\nawase miso';
        clear!.link = link({ kind: 'EXTERNAL', url: 'https://example.com/store' });
        clear!.linkButtonText = 'Visit the store';
        clear!.mainText = 'Autumn gift set';
      }),
    );
    const text = (el: TElement): string =>
      el.childNodes.map((n) => ('value' in n ? n.value : 'tagName' in n ? text(n) : '')).join('');
    const [vague, clear] = buttons(html);
    expect(text(vague!)).toBe('Learn more ›: Naturally brewed awase miso');
    const hidden = vague!.childNodes.find((n): n is TElement => 'tagName' in n)!;
    expect(attr(hidden, 'class')).toBe('vh');
    expect(text(clear!)).toBe('Visit the store');
  });
});
