import { describe, expect, it } from 'vitest';
import { checkSite, findingField, publishRefusals, type TMediaSize, type TSiteFinding } from './site-check';
import {
  checkPublishable,
  emptyLanguageContent,
  type TSiteDocument,
  type TSiteLanguage,
  ZLink,
  ZProduct,
  ZSiteDocument,
} from './sites';

/** A publishable document: an image with alt text on every page, and an SEO title in each language. */
function site(languages: TSiteLanguage[] = ['JP'], opts: { columns?: number } = {}): TSiteDocument {
  const columns = opts.columns ?? 2;
  const doc = ZSiteDocument.parse({
    name: 'Spring',
    numberVertical: 1,
    numberHorizontal: columns,
    defaultLanguage: languages[0],
    languages,
    content: Object.fromEntries(languages.map((l) => [l, emptyLanguageContent(1, columns)])),
  });
  for (const l of languages) {
    doc.content[l]!.seo.title = `Spring ${l}`;
    doc.content[l]!.creatives.forEach((c, i) => {
      c.media = { assetId: `page-${i}`, kind: 'IMAGE' };
      c.imageAlt = 'A spring dress';
    });
  }
  return doc;
}

const codes = (findings: TSiteFinding[]) => findings.map((f) => `${f.severity} ${f.code} ${f.path}`);
const only = (findings: TSiteFinding[], code: TSiteFinding['code']) =>
  findings.filter((f) => f.code === code);
const external = ZLink.parse({ kind: 'EXTERNAL', url: 'https://example.com' });

describe('checkSite', () => {
  it('finds nothing in a complete site with the default colours and no buttons', () => {
    expect(checkSite(site(['JP', 'EN']))).toEqual([]);
  });

  describe('errors: empty languages and gaps (checkPublishable)', () => {
    it('names each language none of whose pages has an image', () => {
      const doc = site(['JP', 'EN', 'KR']);
      for (const l of ['JP', 'KR'] as const) for (const c of doc.content[l]!.creatives) c.media = null;
      expect(only(checkSite(doc), 'emptyLanguage')).toEqual([
        {
          severity: 'error',
          code: 'emptyLanguage',
          path: 'content.JP.creatives',
          lang: 'JP',
          page: undefined,
          params: {},
        },
        {
          severity: 'error',
          code: 'emptyLanguage',
          path: 'content.KR.creatives',
          lang: 'KR',
          page: undefined,
          params: {},
        },
      ]);
    });

    it('names the empty page before a filled one', () => {
      const doc = site(['EN'], { columns: 3 });
      doc.content.EN!.creatives[1]!.media = null;
      expect(only(checkSite(doc), 'imagesConsecutive')).toEqual([
        {
          severity: 'error',
          code: 'imagesConsecutive',
          path: 'content.EN.creatives.1.media',
          lang: 'EN',
          page: 'B1',
          params: {},
        },
      ]);
    });
  });

  describe('errors: members-only pages nobody can register for', () => {
    it('is an error when the membership form lacks the email or password field', () => {
      const doc = site(['JP', 'EN'], { columns: 3 });
      doc.content.EN!.creatives[1]!.membersOnlyLock = true;
      doc.content.EN!.creatives[2]!.membersOnlyLock = true;
      doc.content.EN!.forms.MEMBERSHIP_SETTING = doc.content.EN!.forms.MEMBERSHIP_SETTING.filter(
        (f) => f.builtIn !== 'PASSWORD',
      );
      expect(only(checkSite(doc), 'registrationUnavailable')).toEqual([
        {
          severity: 'error',
          code: 'registrationUnavailable',
          path: 'content.EN.forms.MEMBERSHIP_SETTING',
          lang: 'EN',
          page: 'B1',
          params: { pages: 'B1, C1', count: 2 },
        },
      ]);
    });

    it('is fine with the default membership form (the lock screen offers registration), or no locked page', () => {
      const doc = site(['JP']);
      doc.content.JP!.creatives[0]!.membersOnlyLock = true;
      expect(checkSite(doc)).toEqual([]);
      const unlocked = site(['JP']);
      unlocked.content.JP!.forms.MEMBERSHIP_SETTING = [];
      expect(checkSite(unlocked)).toEqual([]);
    });
  });

  describe('warnings: alt text', () => {
    it('names each page with an image or video and no alt text', () => {
      const doc = site(['JP', 'EN']);
      doc.content.EN!.creatives[1]!.imageAlt = '';
      doc.content.JP!.creatives[0]!.imageAlt = '   ';
      doc.content.JP!.creatives[0]!.media = { assetId: 'clip', kind: 'VIDEO' };
      expect(only(checkSite(doc), 'altMissing')).toEqual([
        {
          severity: 'warning',
          code: 'altMissing',
          path: 'content.JP.creatives.0.imageAlt',
          lang: 'JP',
          page: 'A1',
          params: {},
        },
        {
          severity: 'warning',
          code: 'altMissing',
          path: 'content.EN.creatives.1.imageAlt',
          lang: 'EN',
          page: 'B1',
          params: {},
        },
      ]);
    });

    it('leaves pages without media alone (nothing to describe)', () => {
      const doc = site(['JP'], { columns: 2 });
      doc.content.JP!.creatives[1]!.media = null;
      doc.content.JP!.creatives[1]!.imageAlt = '';
      expect(only(checkSite(doc), 'altMissing')).toEqual([]);
    });
  });

  describe('warnings: contrast (WCAG AA)', () => {
    it('warns about the default link button, white on #99D52A (1.76:1), keeping the default', () => {
      const doc = site(['EN']);
      const page = doc.content.EN!.creatives[0]!;
      page.linkButtonText = 'Buy now';
      page.link = external;
      expect(page.linkButtonColor).toBe('#99D52A');
      expect(only(checkSite(doc), 'lowContrast')).toEqual([
        {
          severity: 'warning',
          code: 'lowContrast',
          path: 'content.EN.creatives.0.linkTextColor',
          lang: 'EN',
          page: 'A1',
          params: { element: 'button', ratio: 1.76, required: 4.5, text: '#FFFFFF', background: '#99D52A' },
        },
      ]);
      page.linkButtonColor = '#1F5C00';
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
    });

    it('leaves the colours of an image button alone (it is drawn as its image)', () => {
      const doc = site(['EN']);
      const page = doc.content.EN!.creatives[0]!;
      page.linkButtonText = 'Buy now';
      page.link = ZLink.parse({ kind: 'CREATIVE_BLOCK', page: 'B1' });
      expect(only(checkSite(doc), 'lowContrast')).toHaveLength(1);
      page.buttonImage = { assetId: 'button', kind: 'IMAGE' };
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
    });

    it('judges a button only when it is drawn (a text, and somewhere to go)', () => {
      const doc = site(['EN']);
      doc.content.EN!.creatives[0]!.linkButtonText = 'Buy now';
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
      doc.content.EN!.creatives[0]!.linkButtonText = '';
      doc.content.EN!.creatives[0]!.link = external;
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
    });

    it('judges main text and price against the viewer’s dark scrim, as large text (3:1)', () => {
      const doc = site(['JP']);
      const page = doc.content.JP!.creatives[0]!;
      page.mainText = 'Spring collection';
      page.price = '¥4,800';
      // White (the default) over the scrim over any photo: at worst 4.76:1.
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
      page.mainTextColor = '#000000';
      page.priceTextColor = '#808080';
      expect(only(checkSite(doc), 'lowContrast').map((f) => [f.path, f.params])).toEqual([
        [
          'content.JP.creatives.0.mainTextColor',
          { element: 'mainText', ratio: 1, required: 3, text: '#000000' },
        ],
        [
          'content.JP.creatives.0.priceTextColor',
          { element: 'price', ratio: 1.2, required: 3, text: '#808080' },
        ],
      ]);
    });

    it('judges the texts of a page without media against its own background under the scrim', () => {
      const doc = site(['JP'], { columns: 2 });
      const page = doc.content.JP!.creatives[1]!;
      page.media = null;
      page.mainText = 'Coming soon';
      page.mainTextColor = '#333333';
      const [finding] = only(checkSite(doc), 'lowContrast');
      expect(finding).toMatchObject({ page: 'B1', params: { element: 'mainText', required: 3 } });
      expect(finding!.params.ratio).toBeGreaterThan(1);
      page.mainTextColor = '#DDDDDD';
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
    });

    it('judges product texts and buttons on the white sheet', () => {
      const doc = site(['KR']);
      doc.content.KR!.creatives[0]!.products = [
        ZProduct.parse({
          productName: 'Dress',
          linkButtonText: 'Buy',
          link: external,
          textColor: '#FFFFFF',
          backgroundColor: '#F8F8F8',
        }),
      ];
      expect(
        only(checkSite(doc), 'lowContrast').map((f) => [f.path, f.params.element, f.params.ratio]),
      ).toEqual([
        ['content.KR.creatives.0.products.0.textColor', 'productText', 1.06],
        ['content.KR.creatives.0.products.0.linkTextColor', 'productButton', 3.01],
      ]);
    });

    it('judges an enabled popup’s button once for the site, on its white card', () => {
      const doc = site(['JP', 'EN']);
      doc.popupCtas.timeLimit.link = external;
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
      doc.popupCtas.timeLimit.enabled = true;
      expect(only(checkSite(doc), 'lowContrast')).toEqual([
        {
          severity: 'warning',
          code: 'lowContrast',
          path: 'popupCtas.timeLimit.linkTextColor',
          lang: undefined,
          page: undefined,
          params: {
            element: 'popupButton',
            ratio: 3.28,
            required: 4.5,
            text: '#FFFFFF',
            background: '#FA5252',
          },
        },
      ]);
    });

    it('skips a colour it cannot read rather than guess', () => {
      const doc = site(['JP']);
      doc.content.JP!.creatives[0]!.mainText = 'Hello';
      doc.content.JP!.creatives[0]!.mainTextColor = 'not a colour';
      expect(only(checkSite(doc), 'lowContrast')).toEqual([]);
    });
  });

  describe('warnings: images far larger than shown', () => {
    const size = (width: number | null, height: number | null, bytes = 500_000): TMediaSize => ({
      width,
      height,
      bytes,
    });

    it('warns about a page image over twice the phone frame at 3x (1167 x 2211), or over 5 MB', () => {
      const doc = site(['JP'], { columns: 3 });
      doc.content.JP!.creatives[2]!.media = { assetId: 'clip', kind: 'VIDEO' };
      const media = {
        'page-0': size(4000, 8000, 4_000_000),
        'page-1': size(1170, 2211, 6 * 1024 * 1024),
        clip: size(null, null, 30_000_000),
      };
      expect(only(checkSite(doc, { media }), 'imageOversized')).toEqual([
        {
          severity: 'warning',
          code: 'imageOversized',
          path: 'content.JP.creatives.0.media',
          lang: 'JP',
          page: 'A1',
          params: { width: 4000, height: 8000, times: 3.4, megabytes: 3.8 },
        },
        {
          severity: 'warning',
          code: 'imageOversized',
          path: 'content.JP.creatives.1.media',
          lang: 'JP',
          page: 'B1',
          params: { width: 1170, height: 2211, times: 1, megabytes: 6 },
        },
      ]);
    });

    it('lets a phone photo cropped to the frame pass, and judges nothing it has no size of', () => {
      const doc = site(['JP']);
      expect(checkSite(doc, { media: { 'page-0': size(3024, 4032), 'page-1': size(6000, 3000) } })).toEqual(
        [],
      );
      expect(checkSite(doc)).toEqual([]);
    });

    it('allows larger page images on a PC-mode site', () => {
      const doc = site(['JP']);
      doc.viewMode = 'PC';
      expect(checkSite(doc, { media: { 'page-0': size(4000, 8000) } })).toEqual([]);
    });

    it('judges product, popup, logo and favicon images by their own places', () => {
      const doc = site(['JP']);
      doc.content.JP!.creatives[0]!.products = [
        { ...ZProduct.parse({ productName: 'Dress' }), image: { assetId: 'product', kind: 'IMAGE' } },
      ];
      doc.popupCtas.applicantLimit.enabled = true;
      doc.popupCtas.applicantLimit.texts = {
        JP: { image: { assetId: 'popup', kind: 'IMAGE' }, linkButtonText: '' },
      };
      doc.content.JP!.creatives[1]!.buttonImage = { assetId: 'button', kind: 'IMAGE' };
      doc.logo = { assetId: 'logo', kind: 'IMAGE' };
      doc.favicon = { assetId: 'favicon', kind: 'IMAGE' };
      const small = {
        product: size(1170, 780),
        button: size(1170, 400),
        popup: size(250, 250),
        logo: size(250, 150),
        favicon: size(256, 256),
      };
      expect(checkSite(doc, { media: small })).toEqual([]);
      const large = {
        product: size(2000, 2000),
        button: size(3000, 1000),
        popup: size(1000, 1000),
        logo: size(1000, 600),
        favicon: size(1024, 1024),
      };
      expect(
        only(checkSite(doc, { media: large }), 'imageOversized').map((f) => [f.path, f.params.times]),
      ).toEqual([
        ['content.JP.creatives.0.products.0.image', 2.6],
        ['content.JP.creatives.1.buttonImage', 2.2],
        ['popupCtas.applicantLimit.texts.JP.image', 5.2],
        ['logo', 5.6],
        ['favicon', 4],
      ]);
    });
  });

  describe('warnings: SEO titles', () => {
    it('names each language without an SEO title', () => {
      const doc = site(['JP', 'EN', 'CN']);
      doc.content.EN!.seo.title = '';
      doc.content.CN!.seo.title = '';
      expect(codes(only(checkSite(doc), 'seoTitleMissing'))).toEqual([
        'warning seoTitleMissing content.EN.seo.title',
        'warning seoTitleMissing content.CN.seo.title',
      ]);
    });

    it('takes the Settings tab’s default SEO title for a language without its own', () => {
      const doc = site(['JP', 'EN']);
      doc.content.EN!.seo.title = '';
      doc.seo.title = 'Spring';
      expect(only(checkSite(doc), 'seoTitleMissing')).toEqual([]);
    });
  });

  it('lists the errors before the warnings', () => {
    const doc = site(['JP', 'EN']);
    doc.content.JP!.seo.title = '';
    for (const c of doc.content.EN!.creatives) c.media = null;
    expect(checkSite(doc).map((f) => f.severity)).toEqual(['error', 'warning']);
  });
});

describe('publishRefusals (what the server refuses to publish)', () => {
  it('answers checkPublishable’s refusals as they were: field and message key', () => {
    const doc = site(['JP', 'EN'], { columns: 3 });
    for (const c of doc.content.JP!.creatives) c.media = null;
    doc.content.EN!.creatives[0]!.media = null;
    expect(publishRefusals(doc)).toEqual(
      checkPublishable(doc).map((i) => ({ field: ['document', ...i.path].join('.'), messageKey: i.message })),
    );
    expect(publishRefusals(doc)).toEqual([
      { field: 'document.content.JP.creatives', messageKey: 'sites.imageRequired' },
      { field: 'document.content.EN.creatives.0.media', messageKey: 'sites.imagesConsecutive' },
    ]);
  });

  it('adds members-only pages nobody can register for, and never a warning', () => {
    const doc = site(['JP']);
    doc.content.JP!.creatives[0]!.membersOnlyLock = true;
    doc.content.JP!.creatives[0]!.imageAlt = '';
    doc.content.JP!.creatives[0]!.linkButtonText = 'Buy';
    doc.content.JP!.creatives[0]!.link = external;
    expect(publishRefusals(doc)).toEqual([]);
    doc.content.JP!.forms.MEMBERSHIP_SETTING = [];
    expect(publishRefusals(doc)).toEqual([
      {
        field: 'document.content.JP.forms.MEMBERSHIP_SETTING',
        messageKey: 'sites.registrationUnavailable',
        params: { pages: 'A1', count: 1 },
      },
    ]);
  });

  it('names fields as the wire does', () => {
    expect(findingField('content.EN.creatives.3.imageAlt')).toBe('document.content.EN.creatives.3.image_alt');
    expect(findingField('popupCtas.timeLimit.texts.KR.image')).toBe(
      'document.popup_ctas.time_limit.texts.KR.image',
    );
  });
});
