import { describe, expect, it } from 'vitest';
import { escapeInlineScript, scriptParses, scriptProblem } from './button-script';
import * as browser from './button-script.browser';
import { translate } from './messages';
import {
  documentLinks,
  emptyLanguageContent,
  LINK_SCRIPT_MAX,
  type TLink,
  type TSiteDocumentInput,
  ZLink,
  ZSiteDocument,
  ZStoredSiteDocument,
} from './sites';

// Every link type a site's button may have: each valid with what it needs, refused without.

const link = (over: Partial<TLink>): TLink => ({ ...ZLink.parse({}), ...over });

/** A 2 x 2 site whose first page's button has `first`, its first product's `product`. */
const site = (
  first: Partial<TLink>,
  over: Partial<TSiteDocumentInput> & { product?: Partial<TLink> } = {},
): TSiteDocumentInput => {
  const { product, ...rest } = over;
  const content = emptyLanguageContent(2, 2);
  content.creatives[0]!.link = link(first);
  if (product) content.creatives[0]!.products = [{ ...ZLinkProduct(), link: link(product) }];
  return { name: 'Spring', numberVertical: 2, numberHorizontal: 2, content: { JP: content }, ...rest };
};
const ZLinkProduct = () => ({
  productName: 'Tea',
  image: null,
  price: null,
  description: '',
  linkButtonText: 'Buy',
  linkButtonColor: '#2BAA50',
  linkTextColor: '#FFFFFF',
  coordinateX: 65,
  coordinateY: 260,
  textColor: '#000000',
  backgroundColor: '#FFFFFF',
});
const messages = (input: unknown) => {
  const r = ZSiteDocument.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const popupOn = {
  enabled: true,
  startDate: '2020-01-01T00:00:00.000Z',
  endDate: '2999-01-01T00:00:00.000Z',
  effectivePages: ['A1'],
};

describe('a link to another page of the site (CREATIVE_BLOCK)', () => {
  it('jumps to a page of the grid', () => {
    expect(messages(site({ kind: 'CREATIVE_BLOCK', page: 'B2' }))).toEqual([]);
    expect(messages(site({ kind: 'NONE' }, { product: { kind: 'CREATIVE_BLOCK', page: 'A2' } }))).toEqual([]);
  });

  it('needs a page, of the grid, written as a coordinate', () => {
    expect(messages(site({ kind: 'CREATIVE_BLOCK' }))).toEqual([
      'content.JP.creatives.0.link.page: common.required',
    ]);
    expect(messages(site({ kind: 'CREATIVE_BLOCK', page: 'C2' }))).toEqual([
      'content.JP.creatives.0.link.page: sites.pageUnknown',
    ]);
    expect(messages(site({ kind: 'NONE' }, { product: { kind: 'CREATIVE_BLOCK', page: 'A3' } }))).toEqual([
      'content.JP.creatives.0.products.0.link.page: sites.pageUnknown',
    ]);
    expect(messages(site({ kind: 'CREATIVE_BLOCK', page: 'c 2' }))[0]).toBe(
      'content.JP.creatives.0.link.page: sites.invalidCoordinate',
    );
  });

  it('keeps a page it no longer uses without complaint (another kind chosen since)', () => {
    expect(messages(site({ kind: 'NONE', page: 'Z9' }))).toEqual([]);
  });
});

describe('a link that opens the popup CTA (POPUP_CTA_TRANSITION)', () => {
  it('opens an enabled popup', () => {
    const doc = site(
      { kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' },
      { popupCtas: { timeLimit: popupOn } },
    );
    expect(messages(doc)).toEqual([]);
  });

  it('needs a popup, and one that is turned on', () => {
    expect(messages(site({ kind: 'POPUP_CTA_TRANSITION' }))).toEqual([
      'content.JP.creatives.0.link.popup: common.required',
    ]);
    expect(messages(site({ kind: 'POPUP_CTA_TRANSITION', popup: 'applicantLimit' }))).toEqual([
      'content.JP.creatives.0.link.popup: sites.popupDisabled',
    ]);
    expect(messages(site({ kind: 'POPUP_CTA_TRANSITION', popup: 'other' as 'timeLimit' }))).toHaveLength(1);
    expect(translate('sites.popupDisabled', 'en')).toMatch(/turned off/);
  });

  it('is not a popup’s own button', () => {
    const doc = site(
      { kind: 'NONE' },
      {
        popupCtas: {
          timeLimit: { ...popupOn, link: { kind: 'POPUP_CTA_TRANSITION', popup: 'timeLimit' } },
        },
      },
    );
    expect(messages(doc)).toEqual(['popupCtas.timeLimit.link.kind: sites.popupOpensPopup']);
  });
});

describe('a link that runs a custom script (SCRIPT)', () => {
  it('keeps a script that parses, as the body of a function', () => {
    expect(messages(site({ kind: 'SCRIPT', script: 'window.dataLayer?.push({ event: "book" });' }))).toEqual(
      [],
    );
    expect(messages(site({ kind: 'SCRIPT', script: 'if (!window.x) return;\nx(); // done' }))).toEqual([]);
  });

  it('refuses a script that does not parse, saying where', () => {
    const r = ZSiteDocument.safeParse(site({ kind: 'SCRIPT', script: 'let a = 1;\nalert(' }));
    const issue = r.error!.issues[0]!;
    expect(issue.path.join('.')).toBe('content.JP.creatives.0.link.script');
    expect(issue.message).toBe('sites.scriptInvalid');
    expect((issue as { params?: unknown }).params).toEqual({ line: 2, column: 7 });
    for (const lang of ['en', 'ja', 'cn', 'kr'] as const)
      expect(translate('sites.scriptInvalid', lang, { line: 2, column: 7 })).toMatch(/2.*7/);
  });

  it('needs a script, of at most 2,000 characters', () => {
    expect(messages(site({ kind: 'SCRIPT', script: '   ' }))).toEqual([
      'content.JP.creatives.0.link.script: common.required',
    ]);
    const long = `x(${'1'.repeat(LINK_SCRIPT_MAX)})`;
    expect(messages(site({ kind: 'SCRIPT', script: long }))).toEqual([
      'content.JP.creatives.0.link.script: common.tooLong',
    ]);
  });

  it('keeps </script> and <!-- where code may hold them, and refuses them where they would change it', () => {
    const ok = 'var s = "</script><!--"; /* </SCRIPT> */ var r = /<\\/script>/;';
    expect(scriptProblem(ok)).toBeNull();
    expect(escapeInlineScript(ok)).not.toMatch(/<\/script|<!--/i);
    // Parses as written, but not once escaped: a comparison with a regex, an HTML-like comment.
    expect(scriptParses('var a = 1; a </script/i')).toBe(true);
    expect(scriptProblem('var a = 1; a </script/i')?.message).toBe('sites.scriptInvalid');
    expect(scriptProblem('<!-- legacy\nx()')?.message).toBe('sites.scriptInvalid');
    expect(messages(site({ kind: 'SCRIPT', script: 'a </script/i' }))).toEqual([
      'content.JP.creatives.0.link.script: sites.scriptInvalid',
    ]);
  });

  it('is checked in browsers once the parser is loaded, exactly as on the server', async () => {
    expect(browser.scriptRulesLoaded()).toBe(false);
    expect(browser.scriptProblem('alert(')).toBeNull();
    await browser.loadScriptRules();
    expect(browser.scriptRulesLoaded()).toBe(true);
    for (const code of ['alert(', 'x()', 'a </script/i', '<!--'])
      expect(browser.scriptProblem(code), code).toEqual(scriptProblem(code));
  });
});

describe('old documents and image buttons', () => {
  it('reads a stored document without the new fields with every default', () => {
    const stored = JSON.parse(
      JSON.stringify(ZSiteDocument.parse(site({ kind: 'EXTERNAL', url: 'https://a.example' }))),
    );
    const page = stored.content.JP.creatives[0];
    delete page.buttonImage;
    for (const key of ['page', 'popup', 'script']) delete page.link[key];
    const doc = ZStoredSiteDocument.parse(stored);
    expect(doc.content.JP!.creatives[0]!.buttonImage).toBeNull();
    expect(doc.content.JP!.creatives[0]!.link).toMatchObject({
      kind: 'EXTERNAL',
      page: null,
      popup: null,
      script: '',
    });
  });

  it('keeps a page’s button image', () => {
    const input = site({ kind: 'NONE' });
    const image = { assetId: '8b0e3c8e-7f3a-4c55-9a55-0d6f7b1d2c11', kind: 'IMAGE' as const };
    (input.content!.JP!.creatives![0] as { buttonImage?: unknown }).buttonImage = image;
    expect(ZSiteDocument.parse(input).content.JP!.creatives[0]!.buttonImage).toEqual(image);
  });

  it('lists every link of the document with its path', () => {
    const doc = ZSiteDocument.parse(site({ kind: 'NONE' }, { product: { kind: 'NONE' } }));
    expect(documentLinks(doc).map((l) => l.path.join('.'))).toEqual([
      'content.JP.creatives.0.link',
      'content.JP.creatives.0.products.0.link',
      'content.JP.creatives.1.link',
      'content.JP.creatives.2.link',
      'content.JP.creatives.3.link',
      'popupCtas.timeLimit.link',
      'popupCtas.applicantLimit.link',
    ]);
  });
});
