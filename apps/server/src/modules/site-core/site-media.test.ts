import { describe, expect, it } from 'vitest';
import { siteDocument } from '../sites/site-fixtures';
import { mediaRefs } from './site-media';

describe('mediaRefs', () => {
  it('names every language’s popup image, with its wire path', () => {
    const doc = siteDocument({ languages: ['JP', 'EN'] });
    const jp = { assetId: '11111111-1111-4111-8111-111111111111', kind: 'IMAGE' as const };
    const en = { assetId: '22222222-2222-4222-8222-222222222222', kind: 'IMAGE' as const };
    doc.popupCtas.timeLimit.texts = {
      JP: { image: jp, linkButtonText: '見る' },
      EN: { image: en, linkButtonText: 'See' },
    };
    doc.popupCtas.applicantLimit.texts = { EN: { image: null, linkButtonText: 'Apply' } };
    expect(mediaRefs(doc)).toEqual([
      { field: 'document.popup_ctas.time_limit.texts.JP.image', ref: jp },
      { field: 'document.popup_ctas.time_limit.texts.EN.image', ref: en },
    ]);
  });
});
