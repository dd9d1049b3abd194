import { emptyLanguageContent, type TSiteDocument, ZSiteDocument } from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { emptyLanguages } from './publish-check';

const doc = (languages: ('JP' | 'EN' | 'KR' | 'CN')[]): TSiteDocument =>
  ZSiteDocument.parse({
    name: 'Spring',
    numberVertical: 1,
    numberHorizontal: 2,
    defaultLanguage: languages[0],
    languages,
    content: Object.fromEntries(languages.map((l) => [l, emptyLanguageContent(1, 2)])),
  });
const withImage = (d: TSiteDocument, lang: 'JP' | 'EN' | 'KR' | 'CN', page = 0) => {
  d.content[lang]!.creatives[page]!.media = { assetId: `asset-${lang}`, kind: 'IMAGE' };
  return d;
};

describe('emptyLanguages', () => {
  it('names every language none of whose pages has an image, in the tabs’ order', () => {
    expect(emptyLanguages(doc(['JP', 'EN', 'CN']))).toEqual(['JP', 'EN', 'CN']);
    expect(emptyLanguages(withImage(doc(['JP', 'EN', 'CN']), 'EN'))).toEqual(['JP', 'CN']);
  });

  it('is empty when each language has an image, wherever it is (a gap is another refusal)', () => {
    const d = withImage(withImage(doc(['JP', 'KR']), 'JP'), 'KR', 1);
    expect(emptyLanguages(d)).toEqual([]);
  });

  it('counts a video as an image, like the server', () => {
    const d = doc(['JP']);
    d.content.JP!.creatives[0]!.media = { assetId: 'clip', kind: 'VIDEO' };
    expect(emptyLanguages(d)).toEqual([]);
  });
});
