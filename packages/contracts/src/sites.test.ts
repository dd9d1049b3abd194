import { describe, expect, it } from 'vitest';
import {
  checkPublishable,
  defaultFormFields,
  emptyLanguageContent,
  isDomainName,
  popupText,
  seoOf,
  type TSiteDocumentInput,
  upgradeSiteDocument,
  ZLink,
  ZSiteDocument,
  ZStoredSiteDocument,
} from './sites';

const base = (over: Partial<TSiteDocumentInput> = {}): TSiteDocumentInput => ({
  name: 'Spring',
  numberVertical: 2,
  numberHorizontal: 2,
  languages: ['JP'],
  content: { JP: emptyLanguageContent(2, 2) },
  ...over,
});
const messages = (input: unknown) => {
  const r = ZSiteDocument.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the site document', () => {
  it('fills every default of the site fields into a minimal document', () => {
    const doc = ZSiteDocument.parse(base());
    expect(doc).toMatchObject({ viewMode: 'MOBILE', defaultLanguage: 'JP', globalMenuTextColor: '#FFFFFF' });
    expect(doc.content.JP!.creatives.map((c) => c.coordinate)).toEqual(['A1', 'B1', 'A2', 'B2']);
    expect(doc.content.JP!.creatives[0]).toMatchObject({
      linkButtonColor: '#99D52A',
      linkTextColor: '#FFFFFF',
    });
    expect(doc.popupCtas.timeLimit).toMatchObject({ enabled: false, linkButtonColor: '#FA5252' });
    expect(doc.content.JP!.forms.CONTACT_SETTING.map((f) => f.builtIn)).toEqual(['EMAIL', 'COMPANY']);
  });

  it('gives each form type its default fields (email and company name, or email and passwords)', () => {
    expect(defaultFormFields('CONTACT_SETTING').map((f) => f.title)).toEqual(['Email', 'Company name']);
    expect(defaultFormFields('HOMEPAGE_SETTING').map((f) => f.title)).toEqual(['Email', 'Company name']);
    expect(defaultFormFields('MEMBERSHIP_SETTING').map((f) => f.title)).toEqual([
      'Email',
      'Password',
      'Confirm password',
    ]);
    expect(defaultFormFields('MEMBERSHIP_SETTING').every((f) => f.isRequired)).toBe(true);
  });

  it('requires the pages of every language to be exactly the grid, in order', () => {
    const swapped = emptyLanguageContent(2, 2);
    swapped.creatives.reverse();
    expect(messages(base({ content: { JP: swapped } }))).toEqual([
      'content.JP.creatives: sites.pagesMismatch',
    ]);
    expect(messages(base({ numberVertical: 0 }))).toContain('numberVertical: sites.gridZero');
  });

  it('keeps languages unique, with the default among them and content for each', () => {
    expect(messages(base({ languages: ['JP', 'JP'] }))).toContain('languages: sites.languageDuplicate');
    expect(messages(base({ defaultLanguage: 'EN' }))).toContain(
      'defaultLanguage: sites.defaultLanguageMissing',
    );
    expect(messages(base({ languages: ['JP', 'EN'] }))).toEqual(['content.EN: sites.languageContentMissing']);
    expect(
      messages(base({ content: { JP: emptyLanguageContent(2, 2), KR: emptyLanguageContent(2, 2) } })),
    ).toEqual(['content.KR: sites.languageUnknown']);
  });

  it('wants menu entries named, unique and pointing at pages of the grid', () => {
    const content = emptyLanguageContent(2, 2);
    const menus = [
      { name: 'Shop', target: 'A1' },
      { name: 'ＳＨＯＰ', target: 'B2' },
      { name: '', target: 'A2' },
      { name: 'Far', target: 'C9' },
    ];
    expect(messages(base({ content: { JP: { ...content, menus } } }))).toEqual([
      'content.JP.menus.1.name: sites.menuDuplicate',
      'content.JP.menus.2.name: sites.itemRequired',
      'content.JP.menus.3.target: sites.pageUnknown',
    ]);
  });

  it('checks an enabled popup CTA: dates, pages, and the applicant limit', () => {
    const popupCtas = {
      timeLimit: {
        enabled: true,
        startDate: '2030-01-02T00:00:00Z',
        endDate: '2030-01-01T00:00:00Z',
        effectivePages: ['A1'],
      },
      applicantLimit: {
        enabled: true,
        startDate: '2030-01-01T00:00:00Z',
        effectivePages: ['Z9'],
        limit: '12a',
      },
    };
    expect(messages(base({ popupCtas }))).toEqual([
      'popupCtas.timeLimit.endDate: sites.endBeforeStart',
      'popupCtas.applicantLimit.endDate: sites.endDateRequired',
      'popupCtas.applicantLimit.effectivePages.0: sites.pageUnknown',
      'popupCtas.applicantLimit.limit: sites.limitDigits',
    ]);
    // A disabled popup is not judged: a draft may hold half-filled settings.
    expect(messages(base({ popupCtas: { timeLimit: { ...popupCtas.timeLimit, enabled: false } } }))).toEqual(
      [],
    );
  });

  it('keeps a popup CTA’s image and button text per language, a language without its own showing the default’s', () => {
    const jp = { assetId: '11111111-1111-4111-8111-111111111111', kind: 'IMAGE' as const };
    const en = { assetId: '22222222-2222-4222-8222-222222222222', kind: 'IMAGE' as const };
    const doc = ZSiteDocument.parse(
      base({
        languages: ['JP', 'EN', 'KR'],
        content: {
          JP: emptyLanguageContent(2, 2),
          EN: emptyLanguageContent(2, 2),
          KR: emptyLanguageContent(2, 2),
        },
        popupCtas: {
          timeLimit: {
            texts: {
              JP: { image: jp, linkButtonText: '見る' },
              EN: { image: en, linkButtonText: 'See' },
              KR: { linkButtonText: '보기' },
            },
          },
        },
      }),
    );
    const cta = doc.popupCtas.timeLimit;
    expect(popupText(cta, 'JP', 'JP')).toEqual({ image: jp, linkButtonText: '見る' });
    expect(popupText(cta, 'EN', 'JP')).toEqual({ image: en, linkButtonText: 'See' });
    // Korean has a text of its own but no image: the Japanese image.
    expect(popupText(cta, 'KR', 'JP')).toEqual({ image: jp, linkButtonText: '보기' });
    // Chinese has nothing: the default language's.
    expect(popupText(cta, 'CN', 'JP')).toEqual({ image: jp, linkButtonText: '見る' });
    expect(popupText(doc.popupCtas.applicantLimit, 'EN', 'JP')).toEqual({ image: null, linkButtonText: '' });
    // The button text is checked in every language as it was before.
    expect(
      messages(base({ popupCtas: { timeLimit: { texts: { JP: { linkButtonText: 'x'.repeat(500) } } } } })),
    ).toEqual(['popupCtas.timeLimit.texts.JP.linkButtonText: common.tooLong']);
  });

  it('reads a stored popup CTA of the single-language shape as the default language’s', () => {
    const image = { assetId: '11111111-1111-4111-8111-111111111111', kind: 'IMAGE' };
    const stored = JSON.parse(JSON.stringify(ZSiteDocument.parse(base({ defaultLanguage: 'JP' }))));
    stored.defaultLanguage = 'EN';
    stored.languages = ['EN'];
    stored.content = { EN: stored.content.JP };
    for (const kind of ['timeLimit', 'applicantLimit'] as const) {
      delete stored.popupCtas[kind].texts;
      stored.popupCtas[kind].image = kind === 'timeLimit' ? image : null;
      stored.popupCtas[kind].linkButtonText = kind === 'timeLimit' ? 'Shop' : '';
    }
    const doc = ZStoredSiteDocument.parse(stored);
    expect(doc.popupCtas.timeLimit.texts).toEqual({ EN: { image, linkButtonText: 'Shop' } });
    expect(doc.popupCtas.timeLimit).not.toHaveProperty('image');
    expect(doc.popupCtas.timeLimit).not.toHaveProperty('linkButtonText');
    expect(doc.popupCtas.applicantLimit.texts).toEqual({ EN: { image: null, linkButtonText: '' } });
    expect(popupText(doc.popupCtas.timeLimit, 'JP', doc.defaultLanguage).linkButtonText).toBe('Shop');
    // A document of the current shape (or not a document) is handed back as it is.
    const current = JSON.parse(JSON.stringify(doc));
    expect(upgradeSiteDocument(current)).toBe(current);
    expect(upgradeSiteDocument(null)).toBeNull();
  });

  it('lets only web links out of an external link button, and wants a target for an internal one', () => {
    const content = emptyLanguageContent(1, 1);
    content.creatives[0]!.link = { ...ZLink.parse({}), kind: 'EXTERNAL', url: 'javascript:alert(1)' };
    expect(messages(base({ numberVertical: 1, numberHorizontal: 1, content: { JP: content } }))).toEqual([
      'content.JP.creatives.0.link.url: sites.externalLinkHttp',
    ]);
    content.creatives[0]!.link = { ...ZLink.parse({}), kind: 'INTERNAL' };
    expect(messages(base({ numberVertical: 1, numberHorizontal: 1, content: { JP: content } }))).toEqual([
      'content.JP.creatives.0.link.internalTarget: common.required',
    ]);
  });

  it('opens a phone SNS entry as a tel: link and refuses a phone number that is none', () => {
    const content = {
      ...emptyLanguageContent(2, 2),
      sns: [{ snsType: 'phone_number' as const, snsUrl: '03-1234-5678' }],
    };
    expect(messages(base({ content: { JP: content } }))).toEqual([]);
    content.sns[0]!.snsUrl = 'call us';
    expect(messages(base({ content: { JP: content } }))).toEqual([
      'content.JP.sns.0.snsUrl: sites.invalidUrl',
    ]);
  });
});

describe('the settings that shape the published page', () => {
  it('reads a document saved before them with everything off or empty', () => {
    const older = {
      ...base(),
      content: { JP: { ...emptyLanguageContent(2, 2), menus: [{ name: 'Top', target: 'A1' }] } },
    };
    const doc = ZStoredSiteDocument.parse(older);
    expect(doc).toMatchObject({
      sliderTime: 0,
      displayAlbum: false,
      swipeRedirection: false,
      contactRecipient: '',
    });
    expect(doc.seo).toEqual({ title: '', h1: '', description: '', head: '', body: '' });
    expect(doc.content.JP!.menus[0]).toMatchObject({ name: 'Top', keywords: '', category: '' });
  });

  it('takes a contact recipient only as an email address (or none)', () => {
    expect(ZSiteDocument.parse(base({ contactRecipient: ' sales@example.com ' })).contactRecipient).toBe(
      'sales@example.com',
    );
    expect(messages(base({ contactRecipient: '' }))).toEqual([]);
    expect(messages(base({ contactRecipient: 'sales at example' }))).toEqual([
      'contactRecipient: common.invalidEmail',
    ]);
  });

  it('checks the default SEO by the rules of a language’s SEO', () => {
    expect(messages(base({ seo: { title: 'Spring sale' } }))).toEqual([]);
    expect(messages(base({ seo: { title: 'Sale_2026' } }))).toEqual(['seo.title: sites.seoTitleChars']);
  });

  it('fills each SEO field a language leaves empty from the default SEO', () => {
    const doc = ZSiteDocument.parse(
      base({
        languages: ['JP', 'EN'],
        content: { JP: emptyLanguageContent(2, 2), EN: emptyLanguageContent(2, 2) },
        seo: { title: 'Spring', description: 'Seasonal offers', body: '' },
      }),
    );
    doc.content.EN!.seo.title = 'Spring in English';
    expect(seoOf(doc, 'EN')).toMatchObject({
      title: 'Spring in English',
      description: 'Seasonal offers',
      h1: '',
    });
    expect(seoOf(doc, 'JP')).toMatchObject({ title: 'Spring', description: 'Seasonal offers' });
  });

  it('keeps menu keywords and categories as short texts', () => {
    const content = {
      ...emptyLanguageContent(2, 2),
      menus: [{ name: 'Top', target: 'A1', keywords: ' miso, dashi ', category: 'Shop' }],
    };
    expect(ZSiteDocument.parse(base({ content: { JP: content } })).content.JP!.menus[0]).toMatchObject({
      keywords: 'miso, dashi',
      category: 'Shop',
    });
    content.menus[0]!.category = 'x'.repeat(51);
    expect(messages(base({ content: { JP: content } }))).toEqual([
      'content.JP.menus.0.category: common.tooLong',
    ]);
  });
});

describe('publishing', () => {
  const image = { assetId: '00000000-0000-4000-8000-000000000001', kind: 'IMAGE' as const };
  const doc = (filled: boolean[]) => {
    const d = ZSiteDocument.parse(
      base({
        numberVertical: 1,
        numberHorizontal: filled.length,
        content: { JP: emptyLanguageContent(1, filled.length) },
      }),
    );
    filled.forEach((f, i) => {
      if (f) d.content.JP!.creatives[i]!.media = image;
    });
    return d;
  };

  it('needs at least one image, placed from the first page without gaps', () => {
    expect(checkPublishable(doc([false, false]))).toEqual([
      { path: ['content', 'JP', 'creatives'], message: 'sites.imageRequired' },
    ]);
    expect(checkPublishable(doc([true, false, true]))).toEqual([
      { path: ['content', 'JP', 'creatives', 1, 'media'], message: 'sites.imagesConsecutive' },
    ]);
    expect(checkPublishable(doc([true, true, false]))).toEqual([]);
  });
});

describe('domain names', () => {
  it('accepts host names of two labels or more, and nothing else', () => {
    for (const ok of ['lp.example.com', 'example.jp', 'xn--eckwd4c7c.xn--zckzah', 'a-b.example.co.jp'])
      expect(isDomainName(ok), ok).toBe(true);
    for (const bad of [
      'localhost',
      'example',
      '-a.example.com',
      'a..example.com',
      '192.168.0.1',
      'ex_ample.com',
      'https://example.com',
    ])
      expect(isDomainName(bad), bad).toBe(false);
  });
});
