import { describe, expect, it } from 'vitest';
import { applyVariation, overridesOf, ZVariationOverrides } from './experiments';
import { type TSiteDocument, ZSiteDocument } from './sites';

const doc = (): TSiteDocument =>
  ZSiteDocument.parse({
    name: 'Doc',
    numberVertical: 1,
    numberHorizontal: 2,
    languages: ['JP', 'EN'],
    content: Object.fromEntries(
      ['JP', 'EN'].map((l) => [
        l,
        { creatives: ['A1', 'B1'].map((coordinate) => ({ coordinate, mainText: `${l} ${coordinate}` })) },
      ]),
    ),
  });

describe('variations', () => {
  it("replace the chosen pages' creatives per language, keep the rest, and come back out the same", () => {
    const base = doc();
    const edited = structuredClone(base);
    edited.content.JP!.creatives[0]!.mainText = 'JP new';
    edited.content.EN!.creatives[1]!.mainText = 'EN untouched page edited';
    edited.popupCtas.timeLimit.enabled = true;
    const overrides = overridesOf(base, edited, { pages: ['A1'], popupCtas: true, forms: false });
    expect(overrides.pages).toHaveLength(1);
    expect(Object.keys(overrides.pages[0]!.creatives)).toEqual(['JP', 'EN']);
    const shown = applyVariation(base, overrides);
    expect(shown.content.JP!.creatives[0]!.mainText).toBe('JP new');
    // B1 was not chosen: its edit is not part of the variation.
    expect(shown.content.EN!.creatives[1]!.mainText).toBe('EN B1');
    expect(shown.popupCtas.timeLimit.enabled).toBe(true);
    expect(base.content.JP!.creatives[0]!.mainText).toBe('JP A1');
  });

  it('ignore pages and languages the base no longer has, and keep the base coordinate', () => {
    const base = doc();
    const overrides = ZVariationOverrides.parse({
      pages: [
        { coordinate: 'C9', creatives: { JP: { coordinate: 'C9', mainText: 'gone' } } },
        {
          coordinate: 'B1',
          creatives: {
            KR: { coordinate: 'B1', mainText: 'no KR' },
            JP: { coordinate: 'Z9', mainText: 'kept' },
          },
        },
      ],
    });
    const shown = applyVariation(base, overrides);
    expect(shown.content.JP!.creatives.map((c) => [c.coordinate, c.mainText])).toEqual([
      ['A1', 'JP A1'],
      ['B1', 'kept'],
    ]);
    expect(shown.content.KR).toBeUndefined();
  });
});
