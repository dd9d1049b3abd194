import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../app/catalogue';
import { draftErrors, emptyDraft, forSave, languagesWithErrors, move } from './survey-draft';

const site = { languages: ['JP', 'EN'] as const, defaultLanguage: 'JP' as const };

// The console fetches the message catalogue on demand; these cases read its texts.
beforeAll(() => loadCatalogue());

describe('the survey draft', () => {
  it('moves items up and down within the list', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it("keeps only the site's languages and non-empty texts for saving", () => {
    const d = emptyDraft();
    d.document.title = { JP: '題', EN: ' ', KR: '제목' };
    expect(forSave(d, site.languages).document.title).toEqual({ JP: '題' });
  });

  it("shows the contracts' rules on the default language's fields", () => {
    const d = emptyDraft();
    const errors = draftErrors(d, site, 'en');
    expect(errors).toMatchObject({
      name: 'This field is required.',
      'document.title.JP': 'This item is required.',
      'document.questions.0.text.JP': 'This item is required.',
      'document.questions.0.options.0.label.JP': 'This item is required.',
    });
    expect([...languagesWithErrors(errors)]).toEqual(['JP']);
  });

  it('asks for the title in the default language when another language has it', () => {
    const d = emptyDraft();
    d.name = 'Quiz';
    d.document.title = { EN: 'Quiz' };
    d.document.questions[0]!.text = { EN: 'Q' };
    for (const o of d.document.questions[0]!.options) o.label = { EN: 'A' };
    expect(draftErrors(d, site, 'en')).toEqual({
      'document.title.JP': "Enter the title in the site's default language.",
    });
  });
});
