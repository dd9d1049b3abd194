import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../app/catalogue';
import {
  addLanguage,
  changeDefaultLanguage,
  copyPopupText,
  defaultChangeLosesWork,
  documentErrors,
  errorsUnder,
  newDocument,
  removeLanguage,
  resizeGrid,
  resizeLosesWork,
  serverErrors,
  setIn,
  setPopupText,
  shownErrors,
} from './editor-state';

const image = { assetId: '00000000-0000-4000-8000-000000000001', kind: 'IMAGE' as const };

// The console fetches the message catalogue on demand; these cases read its texts.
beforeAll(() => loadCatalogue());

describe('the grid', () => {
  it('grows without clearing anything: every page that stays keeps what it held', () => {
    let doc = addLanguage(newDocument('Spring'), 'EN');
    doc = setIn(doc, ['content', 'JP', 'creatives', 0, 'media'], image);
    doc = setIn(doc, ['content', 'EN', 'creatives', 0, 'mainText'], 'Hello');
    doc = setIn(doc, ['content', 'JP', 'menus'], [{ name: 'Top', textColor: '', target: 'A1' }]);
    doc = {
      ...doc,
      popupCtas: { ...doc.popupCtas, timeLimit: { ...doc.popupCtas.timeLimit, effectivePages: ['A1'] } },
    };
    // Adding a column and a row loses nothing: no warning is due.
    expect(resizeLosesWork(doc, 2, 3)).toBe(false);
    const next = resizeGrid(doc, 2, 3);
    expect(next.content.JP!.creatives.map((c) => c.coordinate)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2']);
    expect(next.content.EN!.creatives).toHaveLength(6);
    expect(next.content.JP!.creatives[0]!.media).toEqual(image);
    expect(next.content.EN!.creatives[0]!.mainText).toBe('Hello');
    expect(next.content.JP!.creatives[1]!.media).toBeNull();
    // Menu entries and popup pages still on the grid stay.
    expect(next.content.JP!.menus).toHaveLength(1);
    expect(next.popupCtas.timeLimit.effectivePages).toEqual(['A1']);
  });

  it('warns and clears only the pages a smaller grid removes', () => {
    let doc = resizeGrid(newDocument(), 2, 2);
    doc = setIn(doc, ['content', 'JP', 'creatives', 0, 'mainText'], 'Kept');
    // B2 (the last page) holds work: shrinking to 1 x 2 removes A2 and B2.
    doc = setIn(doc, ['content', 'JP', 'creatives', 3, 'price'], '1,000');
    expect(resizeLosesWork(doc, 2, 1)).toBe(true);
    expect(resizeLosesWork(doc, 1, 2)).toBe(true);
    const small = resizeGrid(doc, 1, 2);
    expect(small.content.JP!.creatives.map((c) => [c.coordinate, c.mainText])).toEqual([
      ['A1', 'Kept'],
      ['B1', ''],
    ]);
    // Growing back brings empty pages, not the removed ones.
    expect(resizeGrid(small, 2, 2).content.JP!.creatives[3]!.price).toBe('');
    // Only empty pages go: no warning.
    const emptyTail = setIn(
      resizeGrid(newDocument(), 2, 2),
      ['content', 'JP', 'creatives', 0, 'mainText'],
      'A1',
    );
    expect(resizeLosesWork(emptyTail, 1, 1)).toBe(false);
  });

  it('drops menu entries and popup pages that point off the new grid', () => {
    let doc = resizeGrid(newDocument(), 2, 2);
    doc = setIn(doc, ['content', 'JP', 'menus'], [{ name: 'Last', textColor: '', target: 'B2' }]);
    const small = resizeGrid(doc, 1, 1);
    expect(small.content.JP!.menus).toEqual([]);
    expect(documentErrors(small, 'en')).toEqual({});
  });
});

describe('languages', () => {
  it('adds a tab with empty pages and removes one with its data, never the default', () => {
    const doc = resizeGrid(newDocument(), 1, 2);
    const two = addLanguage(doc, 'EN');
    expect(two.languages).toEqual(['JP', 'EN']);
    expect(two.content.EN!.creatives.map((c) => c.coordinate)).toEqual(['A1', 'B1']);
    expect(addLanguage(two, 'EN')).toBe(two);
    const back = removeLanguage(two, 'EN');
    expect(back.languages).toEqual(['JP']);
    expect(back.content.EN).toBeUndefined();
    expect(removeLanguage(two, 'JP')).toBe(two);
  });

  it('renames the only tab in single-language mode, and resets everything otherwise', () => {
    const single = setIn(newDocument(), ['content', 'JP', 'creatives', 0, 'mainText'], 'こんにちは');
    expect(defaultChangeLosesWork(single)).toBe(false);
    const renamed = changeDefaultLanguage(single, 'EN');
    expect(renamed).toMatchObject({ defaultLanguage: 'EN', languages: ['EN'] });
    expect(renamed.content.EN!.creatives[0]!.mainText).toBe('こんにちは');
    expect(renamed.content.JP).toBeUndefined();

    const multi = addLanguage(single, 'KR');
    expect(defaultChangeLosesWork(multi)).toBe(true);
    const reset = changeDefaultLanguage(multi, 'CN');
    expect(reset.languages).toEqual(['CN']);
    expect(reset.content.CN!.creatives[0]!.mainText).toBe('');
    expect(documentErrors(reset, 'en')).toEqual({});
  });
});

describe('popup texts per language', () => {
  it('edits one language, copies the default’s, and follows the languages', () => {
    const two = addLanguage(newDocument(), 'EN');
    const jp = setPopupText(two, 'timeLimit', 'JP', { linkButtonText: '見る', image });
    expect(jp.popupCtas.timeLimit.texts).toEqual({ JP: { image, linkButtonText: '見る' } });
    const en = setPopupText(jp, 'timeLimit', 'EN', { linkButtonText: 'See' });
    expect(en.popupCtas.timeLimit.texts.EN).toEqual({ image: null, linkButtonText: 'See' });
    expect(en.popupCtas.applicantLimit.texts).toEqual({});
    const copied = copyPopupText(en, 'timeLimit', 'JP', 'EN');
    expect(copied.popupCtas.timeLimit.texts.EN).toEqual({ image, linkButtonText: '見る' });
    expect(copied.popupCtas.timeLimit.texts.EN).not.toBe(copied.popupCtas.timeLimit.texts.JP);
    // Removing a language removes its popup texts; a new default language takes the old one's.
    expect(removeLanguage(en, 'EN').popupCtas.timeLimit.texts).toEqual({
      JP: { image, linkButtonText: '見る' },
    });
    const kr = changeDefaultLanguage(en, 'KR');
    expect(kr.popupCtas.timeLimit.texts).toEqual({ KR: { image, linkButtonText: '見る' } });
    expect(documentErrors(kr, 'en')).toEqual({});
  });
});

describe('errors', () => {
  it('words the rules of the contracts in the UI language, by field path', () => {
    const doc = setIn(newDocument(), ['content', 'JP', 'creatives', 0, 'mainTextColor'], 'blue-ish');
    expect(documentErrors(doc, 'en')).toEqual({
      'content.JP.creatives.0.mainTextColor':
        'Invalid colour code. Use #fff, #ffffff, rgb(), rgba(), hsl() or hsla().',
    });
    expect(Object.values(documentErrors(doc, 'ja'))[0]).toContain('カラーコード');
  });

  it("reads the server's field errors as editor paths and counts them per tab", () => {
    const errors = serverErrors({
      'document.content.JP.creatives.0.media': 'The file could not be found.',
      'document.languages': 'Your plan does not include this setting.',
    });
    expect(errors).toEqual({
      'content.JP.creatives.0.media': 'The file could not be found.',
      languages: 'Your plan does not include this setting.',
    });
    expect(errorsUnder(errors, 'content.JP')).toBe(1);
    expect(errorsUnder(errors, 'content.EN')).toBe(0);
  });

  it('copies only along the path it sets', () => {
    const doc = newDocument();
    const next = setIn(doc, ['content', 'JP', 'creatives', 0, 'price'], '¥1,000');
    expect(next).not.toBe(doc);
    expect(next.content.JP!.creatives[0]!.price).toBe('¥1,000');
    expect(doc.content.JP!.creatives[0]!.price).toBe('');
    expect(next.popupCtas).toBe(doc.popupCtas);
  });
});

describe('which errors show', () => {
  const errors = {
    name: 'Required',
    'content.JP.creatives.0.mainTextColor': 'Invalid colour code',
    'content.JP.menus.1.name': 'Required',
    'content.JP.creatives.1.mainTextColor': 'Invalid colour code',
  };

  it('shows nothing on fields nobody changed yet: a new site is not red', () => {
    expect(shownErrors(errors, new Set(), false)).toEqual({});
    const doc = setIn(newDocument('Spring'), ['globalMenuTextColor'], 'reddish');
    const all = documentErrors(doc, 'en');
    expect(Object.keys(all)).toEqual(['globalMenuTextColor']);
    expect(shownErrors(all, new Set(), false)).toEqual({});
    expect(shownErrors(all, new Set(['globalMenuTextColor']), false)).toEqual(all);
  });

  it('shows a changed field, and the fields of a changed list, but not their neighbours', () => {
    const touched = new Set(['content.JP.creatives.0.mainTextColor', 'content.JP.menus']);
    expect(shownErrors(errors, touched, false)).toEqual({
      'content.JP.creatives.0.mainTextColor': 'Invalid colour code',
      'content.JP.menus.1.name': 'Required',
    });
    // A prefix of a key is not a touched ancestor unless it is a whole path segment.
    expect(shownErrors({ 'content.JP.menus10': 'x' }, touched, false)).toEqual({});
  });

  it('shows every error once a save or publish was attempted', () => {
    expect(shownErrors(errors, new Set(), true)).toEqual(errors);
  });
});
