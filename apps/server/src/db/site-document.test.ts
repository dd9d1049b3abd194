import { describe, expect, it } from 'vitest';
import { siteDocument } from '../modules/sites/site-fixtures';
import { storedSiteDocument } from './site-document';

describe('storedSiteDocument', () => {
  it('hands a stored document back as it is (no copy, no parse)', () => {
    const doc = siteDocument({ languages: ['JP', 'EN'] });
    const stored = JSON.parse(JSON.stringify(doc));
    expect(storedSiteDocument(stored)).toBe(stored);
  });

  it('fills the defaults of a top-level field a document saved earlier does not have', () => {
    const { displayAlbum: _album, popupCtas: _ctas, ...older } = siteDocument();
    const doc = storedSiteDocument(older);
    expect(doc.displayAlbum).toBe(false);
    expect(doc.popupCtas.timeLimit.enabled).toBe(false);
    expect(doc.content.JP?.creatives).toHaveLength(2);
  });

  it('reads a popup CTA saved with one image and button text as the default language’s', () => {
    const stored = JSON.parse(JSON.stringify(siteDocument({ languages: ['JP', 'EN'] })));
    const { texts: _texts, ...cta } = stored.popupCtas.timeLimit;
    stored.popupCtas.timeLimit = { ...cta, linkButtonText: 'ギフト', image: null };
    const doc = storedSiteDocument(stored);
    expect(doc).not.toBe(stored);
    expect(doc.popupCtas.timeLimit.texts).toEqual({ JP: { image: null, linkButtonText: 'ギフト' } });
    expect(doc.popupCtas.timeLimit).not.toHaveProperty('linkButtonText');
    expect(doc.popupCtas.applicantLimit.texts).toEqual({});
  });

  it('parses in full when a language has no content, and refuses what is not a document', () => {
    const doc = siteDocument({ languages: ['JP', 'EN'] });
    const { EN: _en, ...content } = doc.content;
    const partial = { ...doc, content };
    const parsed = storedSiteDocument(partial);
    expect(parsed).not.toBe(partial);
    expect(parsed.content.EN).toBeUndefined();
    expect(() => storedSiteDocument(null)).toThrow();
    expect(() => storedSiteDocument({ ...doc, languages: 'JP' })).toThrow();
    expect(() => storedSiteDocument([])).toThrow();
  });
});
