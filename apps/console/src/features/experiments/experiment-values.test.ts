import {
  applyVariation,
  goalButtonsOf,
  overridesOf,
  type TVariation,
  ZVariationOverrides,
} from '@swipe/contracts/experiments';
import { describe, expect, it } from 'vitest';
import { addLanguage, newDocument, resizeGrid, setIn } from '../site-editor/editor-state';
import {
  chosenOf,
  editorErrorsOf,
  errorsInScope,
  formatPercent,
  formatProbability,
  goalButtonOf,
  leadingVariationId,
  overrideChips,
  overridesKey,
  shareOf,
  visitorShareOf,
  withBasePage,
  withBasePopups,
} from './experiment-values';

/** A 2 x 2 site in JP and EN: A1 has a linked button, B1 two products (EN names only on the 2nd). */
function site() {
  let doc = addLanguage(resizeGrid(newDocument('Autumn'), 2, 2), 'EN');
  const a1 = ['content', 'JP', 'creatives', 0];
  doc = setIn(doc, [...a1, 'linkButtonText'], '今すぐ購入');
  doc = setIn(doc, [...a1, 'link', 'kind'], 'EXTERNAL');
  doc = setIn(doc, [...a1, 'link', 'url'], 'https://example.com');
  const b1 = doc.content.JP!.creatives.findIndex((c) => c.coordinate === 'B1');
  const product = (name: string) => ({ ...doc.content.JP!.creatives[0]!.products[0], productName: name });
  doc = setIn(doc, ['content', 'JP', 'creatives', b1, 'products'], [product('味噌'), product('')]);
  doc = setIn(doc, ['content', 'EN', 'creatives', b1, 'products'], [product('Miso'), product('Dashi')]);
  doc = setIn(doc, ['popupCtas', 'timeLimit', 'enabled'], true);
  return doc;
}

const variation = (id: string, visitors: number, conversions: number, isBase = false): TVariation => ({
  id,
  name: id,
  isBase,
  weight: 50,
  share: 0.5,
  overrides: ZVariationOverrides.parse({}),
  result: {
    visitors,
    conversions,
    rate: visitors ? conversions / visitors : 0,
    low: 0,
    high: 0,
    beatsBase: null,
  },
});

describe('goal buttons', () => {
  it('lists the linked page buttons, every product and the popups that are on', () => {
    const options = goalButtonsOf(site());
    expect(options.map((o) => o.value)).toEqual(['LINK:A1', 'PRODUCT:B1-1', 'PRODUCT:B1-2', 'CTA:timeLimit']);
    expect(options[0]).toMatchObject({ coordinate: 'A1', text: '今すぐ購入' });
    // The default language's name first, another language's when it has none.
    expect(options[1]!.text).toBe('味噌');
    expect(options[2]!.text).toBe('Dashi');
  });

  it('leaves out a button text that leads nowhere', () => {
    const doc = setIn(site(), ['content', 'JP', 'creatives', 0, 'link', 'kind'], 'NONE');
    expect(goalButtonsOf(doc).some((o) => o.target === 'LINK')).toBe(false);
  });

  it('reads a select value back as the contract object', () => {
    expect(goalButtonOf('PRODUCT:B1-2')).toEqual({ target: 'PRODUCT', targetId: 'B1-2' });
    expect(goalButtonOf('')).toBeNull();
    expect(goalButtonOf('NOPE:x')).toBeNull();
  });
});

describe('results', () => {
  it('formats rates and probabilities, never as a certainty', () => {
    expect(formatPercent(0.048, 'en')).toBe('4.8%');
    expect(formatProbability(0.92, 'en')).toBe('92%');
    expect(formatProbability(0.999, 'en')).toBe('>99%');
    expect(formatProbability(0.001, 'en')).toBe('<1%');
    expect(formatProbability(null, 'en')).toBe('—');
  });

  it('tells the visitors a variation got apart from the allocation new visitors get', () => {
    // The demo's experiment: Thompson sampling now sends 93 % of new visitors to B, whose
    // visitors so far are about half of them.
    const a = { ...variation('a', 780, 23, true), share: 0.07 };
    const b = { ...variation('b', 820, 33), share: 0.93 };
    const running = { status: 'RUNNING', allocation: 'AUTO', variations: [a, b] } as unknown as Parameters<
      typeof shareOf
    >[0];
    expect(shareOf(running, b)).toBe(0.93);
    expect(visitorShareOf(running, b)).toBeCloseTo(820 / 1600, 10);
    expect(visitorShareOf(running, a)).toBeCloseTo(780 / 1600, 10);
    expect(visitorShareOf({ ...running, variations: [variation('a', 0, 0, true)] }, a)).toBeNull();
  });

  it('names the leader once someone converted, none on an exact tie', () => {
    expect(leadingVariationId([variation('a', 10, 0, true), variation('b', 10, 0)])).toBeNull();
    expect(leadingVariationId([variation('a', 100, 5, true), variation('b', 100, 9)])).toBe('b');
    expect(leadingVariationId([variation('a', 100, 5, true), variation('b', 100, 5)])).toBeNull();
  });
});

describe('the variation editor', () => {
  it('keeps only the chosen pages, popups and forms, and applies them back', () => {
    const base = site();
    let edited = setIn(base, ['content', 'JP', 'creatives', 0, 'mainText'], '新しい見出し');
    edited = setIn(edited, ['popupCtas', 'timeLimit', 'limit'], '5');
    const overrides = overridesOf(base, edited, { pages: ['A1'], popupCtas: false, forms: false });
    expect(overrides.pages.map((p) => p.coordinate)).toEqual(['A1']);
    expect(overrides.popupCtas).toBeNull();
    expect(overrideChips(overrides)).toEqual({ pages: ['A1'], popupCtas: false, forms: false });
    expect(chosenOf(base, overrides)).toEqual({ pages: ['A1'], popupCtas: false, forms: false });
    expect(applyVariation(base, overrides).content.JP!.creatives[0]!.mainText).toBe('新しい見出し');
  });

  it('puts a page and the popups back as the base has them', () => {
    const base = site();
    let edited = setIn(base, ['content', 'EN', 'creatives', 0, 'mainText'], 'New');
    edited = setIn(edited, ['popupCtas', 'timeLimit', 'enabled'], false);
    expect(withBasePage(edited, base, 'A1').content.EN!.creatives[0]).toBe(base.content.EN!.creatives[0]);
    expect(withBasePopups(edited, base).popupCtas).toBe(base.popupCtas);
  });

  it('compares what a save sends whatever order the pages were chosen in', () => {
    const base = site();
    const a = overridesOf(base, base, { pages: ['A1', 'B1'], popupCtas: false, forms: false });
    const b = overridesOf(base, base, { pages: ['B1', 'A1'], popupCtas: false, forms: false });
    expect(overridesKey(a)).toBe(overridesKey(b));
  });

  it('checks only what the variation overrides', () => {
    const doc = site();
    const errors = {
      'content.JP.creatives.0.mainText': 'too long',
      'content.JP.creatives.1.price': 'bad',
      'popupCtas.timeLimit.limit': 'digits',
      'content.EN.forms.CONTACT_SETTING.0.title': 'required',
    };
    expect(errorsInScope(errors, doc, { pages: ['A1'], popupCtas: false, forms: true })).toEqual({
      'content.JP.creatives.0.mainText': 'too long',
      'content.EN.forms.CONTACT_SETTING.0.title': 'required',
    });
  });

  it("shows the server's override errors at the editor's fields", () => {
    const doc = site();
    const sent = overridesOf(doc, doc, { pages: ['B1'], popupCtas: true, forms: false });
    const b1 = doc.content.EN!.creatives.findIndex((c) => c.coordinate === 'B1');
    const { fields, other } = editorErrorsOf(
      {
        'overrides.pages.0.creatives.EN.mainText': 'Too long',
        'overrides.popupCtas.timeLimit.limit': 'Digits only',
        'document.content.JP.creatives.0.price': 'Bad price',
        overrides: 'Something else',
      },
      sent,
      doc,
    );
    expect(fields).toEqual({
      [`content.EN.creatives.${b1}.mainText`]: 'Too long',
      'popupCtas.timeLimit.limit': 'Digits only',
      'content.JP.creatives.0.price': 'Bad price',
    });
    expect(other).toEqual(['Something else']);
  });
});
