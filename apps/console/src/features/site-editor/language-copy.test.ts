import { defaultFormFields, type TSiteDocument, ZProduct } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { addLanguage, newDocument, resizeGrid, setIn, setPopupText } from './editor-state';
import { copyLanguage, copyPage, languageHoldsWork, pageCopyLosesWork } from './language-copy';

const image = { assetId: '00000000-0000-4000-8000-000000000001', kind: 'IMAGE' as const };
const productImage = { assetId: '00000000-0000-4000-8000-000000000002', kind: 'IMAGE' as const };
const popupImage = { assetId: '00000000-0000-4000-8000-000000000003', kind: 'IMAGE' as const };

/** A 1 x 2 site in Japanese (filled) and English (empty). */
function bilingual(): TSiteDocument {
  let doc = addLanguage(resizeGrid(newDocument('Spring'), 1, 2), 'EN');
  const a1 = ['content', 'JP', 'creatives', 0];
  doc = setIn(doc, [...a1, 'media'], image);
  doc = setIn(doc, [...a1, 'imageAlt'], '春の新作');
  doc = setIn(doc, [...a1, 'mainText'], '春の新作コレクション');
  doc = setIn(doc, [...a1, 'mainTextColor'], '#FFEE00');
  doc = setIn(doc, [...a1, 'linkButtonText'], '購入する');
  doc = setIn(doc, [...a1, 'link'], {
    kind: 'EXTERNAL',
    internalTarget: null,
    url: 'https://example.com',
    surveyId: null,
  });
  doc = setIn(
    doc,
    [...a1, 'products'],
    [ZProduct.parse({ productName: 'ギフトボックス', image: productImage, coordinateX: 120 })],
  );
  doc = setIn(doc, ['content', 'JP', 'creatives', 1, 'price'], '¥3,000');
  doc = setIn(doc, ['content', 'JP', 'menus'], [{ name: 'トップ', textColor: '', target: 'B1' }]);
  doc = setIn(doc, ['content', 'JP', 'seo', 'title'], '春のセール');
  doc = setIn(doc, ['content', 'JP', 'seo', 'description'], '春の新作を紹介します');
  doc = setIn(
    doc,
    ['content', 'JP', 'sns'],
    [{ snsType: 'instagram', snsUrl: 'https://instagram.com/hinode' }],
  );
  doc = setIn(doc, ['content', 'JP', 'company', 'companyProfile'], '株式会社ひので');
  doc = setPopupText(doc, 'timeLimit', 'JP', { image: popupImage, linkButtonText: '今すぐ' });
  return doc;
}

describe('copying a whole language', () => {
  it('copies pages, products, menu, SEO, SNS, company and popup texts, and keeps the forms', () => {
    let doc = bilingual();
    doc = setIn(doc, ['content', 'EN', 'forms', 'CONTACT_SETTING', 0, 'title'], 'Your email');
    const next = copyLanguage(doc, 'JP', 'EN');
    const jp = next.content.JP!;
    const en = next.content.EN!;
    expect(en.creatives).toEqual(jp.creatives);
    expect(en.creatives[0]).toMatchObject({
      coordinate: 'A1',
      media: image,
      imageAlt: '春の新作',
      mainText: '春の新作コレクション',
      mainTextColor: '#FFEE00',
      link: { kind: 'EXTERNAL', url: 'https://example.com' },
    });
    expect(en.creatives[0]!.products[0]).toMatchObject({
      productName: 'ギフトボックス',
      image: productImage,
    });
    expect(en.creatives[1]!.price).toBe('¥3,000');
    expect(en.menus).toEqual([{ name: 'トップ', textColor: '', target: 'B1' }]);
    expect(en.seo).toEqual(jp.seo);
    expect(en.sns).toEqual(jp.sns);
    expect(en.company.companyProfile).toBe('株式会社ひので');
    expect(next.popupCtas.timeLimit.texts.EN).toEqual({ image: popupImage, linkButtonText: '今すぐ' });
    // The forms stay the tab's own: a changed contact form would delete its submissions.
    expect(en.forms.CONTACT_SETTING[0]!.title).toBe('Your email');
    expect(en.forms.MEMBERSHIP_SETTING).toEqual(doc.content.EN!.forms.MEMBERSHIP_SETTING);
  });

  it('returns a new document and leaves the old one and the source untouched', () => {
    const doc = bilingual();
    const before = structuredClone(doc);
    const next = copyLanguage(doc, 'JP', 'EN');
    expect(doc).toEqual(before);
    expect(next).not.toBe(doc);
    expect(next.content.JP).toBe(doc.content.JP);
    // A copy, not shared: editing the translation does not change the original.
    const edited = setIn(next, ['content', 'EN', 'creatives', 0, 'products', 0, 'productName'], 'Gift box');
    expect(edited.content.JP!.creatives[0]!.products[0]!.productName).toBe('ギフトボックス');
    expect(next.content.EN!.creatives[0]!.products).not.toBe(next.content.JP!.creatives[0]!.products);
  });

  it("keeps the target's own ids, and replaces a popup text the source lacks with none", () => {
    let doc = bilingual();
    doc = setIn(doc, ['content', 'EN', 'creatives', 0, 'id'], 'en-a1');
    doc = setIn(doc, ['content', 'JP', 'creatives', 0, 'id'], 'jp-a1');
    doc = setPopupText(doc, 'applicantLimit', 'EN', { linkButtonText: 'Apply' });
    const next = copyLanguage(doc, 'JP', 'EN');
    expect(next.content.EN!.creatives[0]!.id).toBe('en-a1');
    // JP has no applicantLimit text: EN's goes, so EN shows the default language's again.
    expect(next.popupCtas.applicantLimit.texts.EN).toBeUndefined();
    expect(next.popupCtas.applicantLimit.texts.JP).toBeUndefined();
  });

  it('does nothing onto itself or onto a language the site lacks', () => {
    const doc = bilingual();
    expect(copyLanguage(doc, 'JP', 'JP')).toBe(doc);
    expect(copyLanguage(doc, 'JP', 'KR')).toBe(doc);
  });

  it('says whether the target holds anything the copy would replace', () => {
    const doc = bilingual();
    expect(languageHoldsWork(doc, 'EN')).toBe(false);
    expect(languageHoldsWork(doc, 'JP')).toBe(true);
    // Only default forms and colours: nothing to lose.
    expect(
      languageHoldsWork(setIn(doc, ['content', 'EN', 'creatives', 0, 'mainTextColor'], '#000000'), 'EN'),
    ).toBe(false);
    for (const [path, value] of [
      [['content', 'EN', 'creatives', 1, 'mainText'], 'Hello'],
      [['content', 'EN', 'menus'], [{ name: 'Top', textColor: '', target: 'A1' }]],
      [['content', 'EN', 'seo', 'h1'], 'Spring'],
      [['content', 'EN', 'sns'], [{ snsType: 'x', snsUrl: 'https://x.com/hinode' }]],
      [['content', 'EN', 'company', 'privacyPolicy'], 'We keep your data safe.'],
    ] as const)
      expect(languageHoldsWork(setIn(doc, [...path], value), 'EN'), path.join('.')).toBe(true);
    expect(languageHoldsWork(setPopupText(doc, 'timeLimit', 'EN', { linkButtonText: 'Now' }), 'EN')).toBe(
      true,
    );
  });
});

describe('copying one page', () => {
  it('copies the page at the same coordinate only', () => {
    let doc = bilingual();
    doc = setIn(doc, ['content', 'EN', 'creatives', 1, 'mainText'], 'Already translated');
    const next = copyPage(doc, 'JP', 'EN', 'A1');
    expect(next.content.EN!.creatives[0]).toEqual(doc.content.JP!.creatives[0]);
    expect(next.content.EN!.creatives[1]!.mainText).toBe('Already translated');
    // The rest of the tab is its own.
    expect(next.content.EN!.menus).toEqual([]);
    expect(next.content.EN!.seo).toEqual(doc.content.EN!.seo);
    expect(next.popupCtas).toBe(doc.popupCtas);
    expect(doc.content.EN!.creatives[0]!.mainText).toBe('');
  });

  it('follows the coordinate, not the position', () => {
    const doc = bilingual();
    // A target whose pages are in another order (as during a page operation) still gets B1's.
    const en = doc.content.EN!;
    const shuffled = setIn(doc, ['content', 'EN', 'creatives'], [en.creatives[1], en.creatives[0]]);
    const next = copyPage(shuffled, 'JP', 'EN', 'B1');
    expect(next.content.EN!.creatives[0]).toMatchObject({ coordinate: 'B1', price: '¥3,000' });
  });

  it('does nothing for a page or language that is not there', () => {
    const doc = bilingual();
    expect(copyPage(doc, 'JP', 'EN', 'Z9')).toBe(doc);
    expect(copyPage(doc, 'JP', 'KR', 'A1')).toBe(doc);
    expect(copyPage(doc, 'EN', 'EN', 'A1')).toBe(doc);
  });

  it('says whether the target page holds anything the copy would replace', () => {
    const doc = bilingual();
    expect(pageCopyLosesWork(doc, 'EN', 'A1')).toBe(false);
    expect(pageCopyLosesWork(setIn(doc, ['content', 'EN', 'creatives', 0, 'media'], image), 'EN', 'A1')).toBe(
      true,
    );
    expect(pageCopyLosesWork(doc, 'JP', 'B1')).toBe(true);
  });

  it('keeps the default forms of a fresh tab untouched by any copy', () => {
    const next = copyLanguage(bilingual(), 'JP', 'EN');
    expect(next.content.EN!.forms.CONTACT_SETTING.map((f) => f.builtIn)).toEqual(
      defaultFormFields('CONTACT_SETTING').map((f) => f.builtIn),
    );
  });
});
