import {
  checkSiteDocument,
  emptyLanguageContent,
  type TLink,
  type TSiteDocument,
  type TSiteLanguage,
  ZLink,
  ZMenuEntry,
  ZSiteDocument,
} from '@swipe/contracts/sites';
import { describe, expect, it } from 'vitest';
import { applyPageOp, pageOpRefusal, placeMedia, removalLosesWork, type TPageOp } from './page-ops';

const LANGS: TSiteLanguage[] = ['JP', 'EN', 'KR', 'CN'];
const image = { assetId: '00000000-0000-4000-8000-000000000001', kind: 'IMAGE' as const };

/** A button that jumps to another page of the site. */
const pageLink = (page: string) => ZLink.parse({ kind: 'CREATIVE_BLOCK', page });
const linkTarget = (l: TLink) => (l.kind === 'CREATIVE_BLOCK' ? l.page : l.kind);

/**
 * A rows x columns site in all four languages whose every page says where it started ('JP B1'), with a
 * product, references to pages in every place they live: menus per language, both popups'
 * effective pages and links, page links of creatives and products.
 */
function site(rows = 2, columns = 3, refs: string[] = ['A1', 'B1', 'C2']): TSiteDocument {
  const doc = ZSiteDocument.parse({
    name: 'Ops',
    numberVertical: rows,
    numberHorizontal: columns,
    defaultLanguage: 'JP',
    languages: LANGS,
    content: Object.fromEntries(LANGS.map((l) => [l, emptyLanguageContent(rows, columns)])),
  });
  for (const lang of LANGS) {
    const content = doc.content[lang]!;
    content.creatives = content.creatives.map((c) => ({
      ...c,
      id: `${lang}-${c.coordinate}`,
      mainText: `${lang} ${c.coordinate}`,
      products: [productOf(lang, c.coordinate)],
    }));
    content.menus = refs.map((target) => ZMenuEntry.parse({ name: `${lang} to ${target}`, target }));
  }
  // Links: the first page leads to the last ref, products to the second, the popups to the first.
  for (const lang of LANGS) {
    const first = doc.content[lang]!.creatives[0]!;
    first.link = pageLink(refs.at(-1)!);
    first.products[0]!.link = pageLink(refs[1] ?? refs[0]!);
  }
  doc.popupCtas.timeLimit.effectivePages = [...refs];
  doc.popupCtas.applicantLimit.effectivePages = [refs[0]!];
  doc.popupCtas.timeLimit.link = pageLink(refs[0]!);
  doc.popupCtas.applicantLimit.link = pageLink(refs.at(-1)!);
  return doc;
}

function productOf(lang: string, coordinate: string) {
  return {
    id: `${lang}-${coordinate}-p`,
    productName: `${lang} product of ${coordinate}`,
    image: null,
    price: null,
    description: '',
    linkButtonText: '',
    link: ZLink.parse({}),
    linkButtonColor: '#2BAA50',
    linkTextColor: '#FFFFFF',
    coordinateX: 65,
    coordinateY: 260,
    textColor: '#000000',
    backgroundColor: '#FFFFFF',
  };
}

/** The same value for every language. */
const inEvery = <T>(value: T) => Object.fromEntries(LANGS.map((l) => [l, value]));

/** Each language's pages as 'cell=text' (empty pages as 'cell='). */
const layout = (doc: TSiteDocument, lang: TSiteLanguage = 'JP') =>
  doc.content[lang]!.creatives.map((c) => `${c.coordinate}=${c.mainText.replace(`${lang} `, '')}`);
const menus = (doc: TSiteDocument, lang: TSiteLanguage) =>
  doc.content[lang]!.menus.map((m) => `${m.name.replace(`${lang} to `, '')}>${m.target}`);

/** Runs `op`; the result must still hold together (pages match the grid, references point at pages). */
function run(doc: TSiteDocument, op: TPageOp, maxPages: number | null = null) {
  const out = applyPageOp(doc, op, maxPages);
  expect(checkSiteDocument(out.doc)).toEqual([]);
  for (const lang of LANGS)
    expect(out.doc.content[lang]!.creatives.map((c) => c.coordinate)).toEqual(
      out.doc.content.JP!.creatives.map((c) => c.coordinate),
    );
  return out;
}

/** Every reference of `out` in every language, for one expectation. */
function references(doc: TSiteDocument) {
  return {
    menus: Object.fromEntries(LANGS.map((l) => [l, menus(doc, l)])),
    pageLinks: Object.fromEntries(
      LANGS.map((l) => [
        l,
        doc.content[l]!.creatives.flatMap((c) => [
          ...(c.link.kind === 'NONE' ? [] : [`${c.coordinate}:${linkTarget(c.link)}`]),
          ...c.products
            .filter((p) => p.link.kind !== 'NONE')
            .map((p) => `${c.coordinate}/product:${linkTarget(p.link)}`),
        ]),
      ]),
    ),
    popups: {
      timeLimit: [doc.popupCtas.timeLimit.effectivePages, linkTarget(doc.popupCtas.timeLimit.link)],
      applicantLimit: [
        doc.popupCtas.applicantLimit.effectivePages,
        linkTarget(doc.popupCtas.applicantLimit.link),
      ],
    },
  };
}

/** The references `site(…, refs)` makes, each page renamed by `to` (a function of the original). */
function expectedRefs(firstPage: string, refs: string[], to: (p: string) => string | null) {
  const kept = refs.flatMap((r) => {
    const n = to(r);
    return n === null ? [] : [[r, n] as const];
  });
  const linkTo = (p: string) => to(p) ?? 'NONE';
  const links = [`${firstPage}:${linkTo(refs.at(-1)!)}`];
  const product = linkTo(refs[1] ?? refs[0]!);
  if (product !== 'NONE') links.push(`${firstPage}/product:${product}`);
  return {
    menus: Object.fromEntries(LANGS.map((l) => [l, kept.map(([r, n]) => `${r}>${n}`)])),
    pageLinks: Object.fromEntries(
      LANGS.map((l) => [l, linkTo(refs.at(-1)!) === 'NONE' ? links.slice(1) : links]),
    ),
    popups: {
      timeLimit: [kept.map(([, n]) => n), linkTo(refs[0]!)],
      applicantLimit: [to(refs[0]!) === null ? [] : [to(refs[0]!)], linkTo(refs.at(-1)!)],
    },
  };
}

describe('inserting rows and columns', () => {
  it('inserts a row before the first: every page moves down one row, in every language', () => {
    const { doc, renames } = run(site(), { kind: 'insertRow', at: 0 });
    expect([doc.numberVertical, doc.numberHorizontal]).toEqual([3, 3]);
    for (const lang of LANGS)
      expect(layout(doc, lang)).toEqual([
        'A1=',
        'B1=',
        'C1=',
        'A2=A1',
        'B2=B1',
        'C2=C1',
        'A3=A2',
        'B3=B2',
        'C3=C2',
      ]);
    expect(renames).toEqual({ A1: 'A2', B1: 'B2', C1: 'C2', A2: 'A3', B2: 'B3', C2: 'C3' });
    const down = (p: string) => `${p[0]}${Number(p.slice(1)) + 1}`;
    expect(references(doc)).toEqual(expectedRefs('A2', ['A1', 'B1', 'C2'], down));
    // The pages keep what they held: their products and ids.
    expect(doc.content.EN!.creatives[3]!).toMatchObject({ id: 'EN-A1', products: [{ id: 'EN-A1-p' }] });
    expect(removalLosesWork(site(), { kind: 'insertRow', at: 0 })).toBe(false);
  });

  it('inserts a row in the middle and at the end; the pages that stay keep their objects', () => {
    const before = site();
    const middle = run(before, { kind: 'insertRow', at: 1 });
    expect(layout(middle.doc, 'EN')).toEqual([
      'A1=A1',
      'B1=B1',
      'C1=C1',
      'A2=',
      'B2=',
      'C2=',
      'A3=A2',
      'B3=B2',
      'C3=C2',
    ]);
    expect(middle.renames).toEqual({ A2: 'A3', B2: 'B3', C2: 'C3' });
    expect(references(middle.doc)).toEqual(
      expectedRefs('A1', ['A1', 'B1', 'C2'], (p) => (p.endsWith('2') ? `${p[0]}3` : p)),
    );
    const end = run(before, { kind: 'insertRow', at: 2 });
    expect(end.renames).toEqual({});
    expect(layout(end.doc)).toEqual([
      'A1=A1',
      'B1=B1',
      'C1=C1',
      'A2=A2',
      'B2=B2',
      'C2=C2',
      'A3=',
      'B3=',
      'C3=',
    ]);
    expect(end.doc.content.JP!.creatives[4]).toBe(before.content.JP!.creatives[4]);
    expect(end.doc.content.JP!.menus).toBe(before.content.JP!.menus);
    expect(references(end.doc)).toEqual(references(before));
  });

  it('inserts a column first, in the middle and last', () => {
    const first = run(site(), { kind: 'insertColumn', at: 0 });
    expect([first.doc.numberVertical, first.doc.numberHorizontal]).toEqual([2, 4]);
    expect(layout(first.doc, 'EN')).toEqual([
      'A1=',
      'B1=A1',
      'C1=B1',
      'D1=C1',
      'A2=',
      'B2=A2',
      'C2=B2',
      'D2=C2',
    ]);
    const right = (p: string) => `${String.fromCharCode(p.charCodeAt(0) + 1)}${p.slice(1)}`;
    expect(first.renames).toEqual({ A1: 'B1', B1: 'C1', C1: 'D1', A2: 'B2', B2: 'C2', C2: 'D2' });
    expect(references(first.doc)).toEqual(expectedRefs('B1', ['A1', 'B1', 'C2'], right));

    const middle = run(site(), { kind: 'insertColumn', at: 2 });
    expect(layout(middle.doc)).toEqual(['A1=A1', 'B1=B1', 'C1=', 'D1=C1', 'A2=A2', 'B2=B2', 'C2=', 'D2=C2']);
    expect(middle.renames).toEqual({ C1: 'D1', C2: 'D2' });
    expect(references(middle.doc)).toEqual(
      expectedRefs('A1', ['A1', 'B1', 'C2'], (p) => (p[0] === 'C' ? `D${p.slice(1)}` : p)),
    );

    const last = run(site(), { kind: 'insertColumn', at: 3 });
    expect(last.renames).toEqual({});
    expect(layout(last.doc)).toEqual(['A1=A1', 'B1=B1', 'C1=C1', 'D1=', 'A2=A2', 'B2=B2', 'C2=C2', 'D2=']);
  });

  it('stays within the plan, 100 rows and 100 columns', () => {
    const doc = site();
    expect(pageOpRefusal(doc, { kind: 'insertRow', at: 0 }, 9)).toBeNull();
    expect(pageOpRefusal(doc, { kind: 'insertRow', at: 0 }, 8)).toBe('overPlan');
    expect(pageOpRefusal(doc, { kind: 'insertColumn', at: 1 }, 7)).toBe('overPlan');
    expect(() => applyPageOp(doc, { kind: 'insertColumn', at: 1 }, 7)).toThrow(RangeError);
    expect(pageOpRefusal(doc, { kind: 'insertRow', at: 3 })).toBe('outOfRange');
    expect(pageOpRefusal(doc, { kind: 'insertColumn', at: -1 })).toBe('outOfRange');
    const tall = applyPageOp(site(1, 1, ['A1']), { kind: 'resize', rows: 100, columns: 1 }).doc;
    expect(pageOpRefusal(tall, { kind: 'insertRow', at: 5 })).toBe('tooManyRows');
    const wide = applyPageOp(site(1, 1, ['A1']), { kind: 'resize', rows: 1, columns: 100 }).doc;
    expect(pageOpRefusal(wide, { kind: 'insertColumn', at: 5 })).toBe('tooManyColumns');
    expect(wide.content.JP!.creatives.at(-1)!.coordinate).toBe('CV1');
  });
});

describe('removing rows and columns', () => {
  it('removes the first row: its pages go in every language, references to them go or lead nowhere', () => {
    const before = site();
    expect(removalLosesWork(before, { kind: 'removeRow', at: 0 })).toBe(true);
    const { doc, renames } = run(before, { kind: 'removeRow', at: 0 });
    expect([doc.numberVertical, doc.numberHorizontal]).toEqual([1, 3]);
    for (const lang of LANGS) expect(layout(doc, lang)).toEqual(['A1=A2', 'B1=B2', 'C1=C2']);
    expect(renames).toEqual({ A1: null, B1: null, C1: null, A2: 'A1', B2: 'B1', C2: 'C1' });
    // Menus to A1 and B1 are dropped, C2's follows; A2 (now A1) held no links.
    expect(references(doc)).toEqual({
      menus: inEvery(['C2>C1']),
      pageLinks: inEvery([]),
      popups: { timeLimit: [['C1'], 'NONE'], applicantLimit: [[], 'C1'] },
    });
    // A link to a removed page is reset to no link at all.
    expect(doc.popupCtas.timeLimit.link).toEqual(ZLink.parse({}));
  });

  it('removes a middle and the last row, and the last column', () => {
    const three = site(3, 2, ['A1', 'B2', 'A3']);
    const middle = run(three, { kind: 'removeRow', at: 1 });
    expect(layout(middle.doc, 'EN')).toEqual(['A1=A1', 'B1=B1', 'A2=A3', 'B2=B3']);
    expect(middle.renames).toEqual({ A2: null, B2: null, A3: 'A2', B3: 'B2' });
    expect(references(middle.doc)).toEqual(
      expectedRefs('A1', ['A1', 'B2', 'A3'], (p) => (p === 'B2' ? null : p === 'A3' ? 'A2' : p)),
    );
    const last = run(three, { kind: 'removeRow', at: 2 });
    expect(last.renames).toEqual({ A3: null, B3: null });
    expect(references(last.doc)).toEqual(
      expectedRefs('A1', ['A1', 'B2', 'A3'], (p) => (p === 'A3' ? null : p)),
    );

    const column = run(site(), { kind: 'removeColumn', at: 2 });
    expect(layout(column.doc)).toEqual(['A1=A1', 'B1=B1', 'A2=A2', 'B2=B2']);
    expect(column.renames).toEqual({ C1: null, C2: null });
    expect(references(column.doc)).toEqual(
      expectedRefs('A1', ['A1', 'B1', 'C2'], (p) => (p === 'C2' ? null : p)),
    );
  });

  it('removes the first column: the others move left', () => {
    const { doc, renames } = run(site(), { kind: 'removeColumn', at: 0 });
    expect(layout(doc, 'EN')).toEqual(['A1=B1', 'B1=C1', 'A2=B2', 'B2=C2']);
    expect(renames).toEqual({ A1: null, B1: 'A1', C1: 'B1', A2: null, B2: 'A2', C2: 'B2' });
    expect(references(doc)).toEqual({
      menus: inEvery(['B1>A1', 'C2>B2']),
      // A1 held the links, and it is gone.
      pageLinks: inEvery([]),
      popups: { timeLimit: [['A1', 'B2'], 'NONE'], applicantLimit: [[], 'B2'] },
    });
  });

  it('refuses to remove the last row or column; a 1 x 1 grid only grows', () => {
    const one = site(1, 1, ['A1']);
    expect(pageOpRefusal(one, { kind: 'removeRow', at: 0 })).toBe('lastRow');
    expect(pageOpRefusal(one, { kind: 'removeColumn', at: 0 })).toBe('lastColumn');
    expect(() => applyPageOp(one, { kind: 'removeRow', at: 0 })).toThrow(/lastRow/);
    expect(removalLosesWork(one, { kind: 'removeRow', at: 0 })).toBe(false);
    expect(pageOpRefusal(site(1, 3), { kind: 'removeRow', at: 0 })).toBe('lastRow');
    expect(pageOpRefusal(site(2, 1, ['A1']), { kind: 'removeColumn', at: 0 })).toBe('lastColumn');
    expect(pageOpRefusal(site(), { kind: 'removeRow', at: 2 })).toBe('outOfRange');

    const taller = run(one, { kind: 'insertRow', at: 0 });
    expect(layout(taller.doc)).toEqual(['A1=', 'A2=A1']);
    expect(taller.renames).toEqual({ A1: 'A2' });
    const wider = run(one, { kind: 'insertColumn', at: 1 });
    expect(layout(wider.doc)).toEqual(['A1=A1', 'B1=']);
    expect(pageOpRefusal(one, { kind: 'swap', a: 'A1', b: 'A1' })).toBe('samePage');
    expect(pageOpRefusal(one, { kind: 'move', from: 'A1', to: 'A1' })).toBe('samePage');
    expect(pageOpRefusal(one, { kind: 'swap', a: 'A1', b: 'B1' })).toBe('unknownPage');
  });

  it('warns only when a removed page holds work, in any language', () => {
    const doc = site(2, 2, ['A1']);
    const blank = (lang: TSiteLanguage, i: number) => {
      const c = doc.content[lang]!.creatives[i]!;
      doc.content[lang]!.creatives[i] = { ...c, mainText: '', products: [], link: ZLink.parse({}) };
    };
    for (const lang of LANGS) for (const i of [2, 3]) blank(lang, i);
    expect(removalLosesWork(doc, { kind: 'removeRow', at: 1 })).toBe(false);
    expect(removalLosesWork(doc, { kind: 'removeColumn', at: 1 })).toBe(true);
    // Work in one language is enough: an image, a price, a button text.
    doc.content.EN!.creatives[3]!.media = image;
    expect(removalLosesWork(doc, { kind: 'removeRow', at: 1 })).toBe(true);
    doc.content.EN!.creatives[3]!.media = null;
    doc.content.JP!.creatives[2]!.price = '¥1,000';
    expect(removalLosesWork(doc, { kind: 'removeRow', at: 1 })).toBe(true);
    doc.content.JP!.creatives[2]!.price = '';
    doc.content.JP!.creatives[2]!.link = pageLink('A1');
    expect(removalLosesWork(doc, { kind: 'removeRow', at: 1 })).toBe(true);
    // Operations that remove nothing never warn.
    for (const op of [
      { kind: 'swap', a: 'A1', b: 'B2' },
      { kind: 'move', from: 'A1', to: 'B2' },
      { kind: 'insertColumn', at: 0 },
      { kind: 'resize', rows: 4, columns: 4 },
    ] as TPageOp[])
      expect(removalLosesWork(doc, op)).toBe(false);
    expect(removalLosesWork(doc, { kind: 'resize', rows: 1, columns: 2 })).toBe(true);
  });
});

describe('moving, swapping and duplicating pages', () => {
  it('swaps two pages with everything that points at them, in every language', () => {
    const { doc, renames } = run(site(), { kind: 'swap', a: 'A1', b: 'C2' });
    for (const lang of LANGS)
      expect(layout(doc, lang)).toEqual(['A1=C2', 'B1=B1', 'C1=C1', 'A2=A2', 'B2=B2', 'C2=A1']);
    expect(renames).toEqual({ A1: 'C2', C2: 'A1' });
    expect(references(doc)).toEqual(
      expectedRefs('C2', ['A1', 'B1', 'C2'], (p) => (p === 'A1' ? 'C2' : p === 'C2' ? 'A1' : p)),
    );
    expect(doc.content.JP!.creatives[5]).toMatchObject({ id: 'JP-A1', coordinate: 'C2' });
    // Swapping back restores the document.
    const back = run(doc, { kind: 'swap', a: 'C2', b: 'A1' });
    expect(back.doc).toEqual(site());
    expect(back.renames).toEqual(renames);
  });

  it('moves a page forward: the pages between shift back one cell', () => {
    const { doc, renames } = run(site(), { kind: 'move', from: 'A1', to: 'B2' });
    expect(layout(doc, 'EN')).toEqual(['A1=B1', 'B1=C1', 'C1=A2', 'A2=B2', 'B2=A1', 'C2=C2']);
    expect(renames).toEqual({ A1: 'B2', B1: 'A1', C1: 'B1', A2: 'C1', B2: 'A2' });
    const moved: Record<string, string> = renames as Record<string, string>;
    expect(references(doc)).toEqual(expectedRefs('B2', ['A1', 'B1', 'C2'], (p) => moved[p] ?? p));
  });

  it('moves a page backward, to the first and from the last cell', () => {
    const { doc, renames } = run(site(), { kind: 'move', from: 'C2', to: 'A1' });
    expect(layout(doc)).toEqual(['A1=C2', 'B1=A1', 'C1=B1', 'A2=C1', 'B2=A2', 'C2=B2']);
    expect(renames).toEqual({ C2: 'A1', A1: 'B1', B1: 'C1', C1: 'A2', A2: 'B2', B2: 'C2' });
    const moved = renames as Record<string, string>;
    expect(references(doc)).toEqual(expectedRefs('B1', ['A1', 'B1', 'C2'], (p) => moved[p] ?? p));
    // Next to each other, a move is a swap.
    expect(applyPageOp(site(), { kind: 'move', from: 'B1', to: 'C1' }).renames).toEqual({
      B1: 'C1',
      C1: 'B1',
    });
  });

  it('duplicates a page into the next cell, the pages after it shifting up to the first free one', () => {
    const before = site(2, 3, ['A1']);
    // B2 is free: empty in every language, referenced nowhere. C2 after it holds work.
    for (const lang of LANGS) {
      const c = before.content[lang]!.creatives[4]!;
      before.content[lang]!.creatives[4] = { ...c, mainText: '', products: [] };
    }
    expect(removalLosesWork(before, { kind: 'duplicate', page: 'B1' })).toBe(false);
    const { doc, renames } = run(before, { kind: 'duplicate', page: 'B1' }, 6);
    expect([doc.numberVertical, doc.numberHorizontal]).toEqual([2, 3]);
    for (const lang of LANGS)
      expect(layout(doc, lang)).toEqual(['A1=A1', 'B1=B1', 'C1=B1', 'A2=C1', 'B2=A2', 'C2=C2']);
    expect(renames).toEqual({ C1: 'A2', A2: 'B2', B2: null });
    // The copy is a new page: the original's content, none of its ids.
    const copy = doc.content.EN!.creatives[2]!;
    expect(copy).toMatchObject({ mainText: 'EN B1', products: [{ productName: 'EN product of B1' }] });
    expect(copy.id).toBeUndefined();
    expect(copy.products[0]!.id).toBeUndefined();
    expect(doc.content.EN!.creatives[1]!.id).toBe('EN-B1');
    // References to the original stay on it.
    expect(references(doc)).toEqual(references(before));
  });

  it('duplicates with no free page by adding a row, within the plan', () => {
    const before = site(2, 2, ['A1', 'B2']);
    expect(pageOpRefusal(before, { kind: 'duplicate', page: 'A1' }, 4)).toBe('overPlan');
    expect(pageOpRefusal(before, { kind: 'duplicate', page: 'A1' }, 6)).toBeNull();
    const { doc, renames } = run(before, { kind: 'duplicate', page: 'A1' }, 6);
    expect([doc.numberVertical, doc.numberHorizontal]).toEqual([3, 2]);
    expect(layout(doc, 'EN')).toEqual(['A1=A1', 'B1=A1', 'A2=B1', 'B2=A2', 'A3=B2', 'B3=']);
    expect(renames).toEqual({ B1: 'A2', A2: 'B2', B2: 'A3' });
    const moved = renames as Record<string, string>;
    const { pageLinks, ...others } = references(doc);
    const { pageLinks: _, ...expected } = expectedRefs('A1', ['A1', 'B2'], (p) => moved[p] ?? p);
    expect(others).toEqual(expected);
    // The copy's own links follow the renames too (A1's button and product led to B2).
    for (const lang of LANGS)
      expect(pageLinks[lang]).toEqual(['A1:A3', 'A1/product:A3', 'B1:A3', 'B1/product:A3']);
    // The last page, and a 1 x 1 grid.
    const last = run(before, { kind: 'duplicate', page: 'B2' });
    expect(layout(last.doc)).toEqual(['A1=A1', 'B1=B1', 'A2=A2', 'B2=B2', 'A3=B2', 'B3=']);
    expect(last.renames).toEqual({});
    const one = run(site(1, 1, ['A1']), { kind: 'duplicate', page: 'A1' });
    expect(layout(one.doc)).toEqual(['A1=A1', 'A2=A1']);
    expect(pageOpRefusal(site(1, 1, ['A1']), { kind: 'duplicate', page: 'A1' }, 1)).toBe('overPlan');
    expect(pageOpRefusal(before, { kind: 'duplicate', page: 'Z9' })).toBe('unknownPage');
  });
});

describe('resizing', () => {
  it('resizes keeping addresses; only pages off the grid are renamed, to null', () => {
    const before = site();
    const { doc, renames } = run(before, { kind: 'resize', rows: 1, columns: 2 });
    expect(layout(doc)).toEqual(['A1=A1', 'B1=B1']);
    expect(renames).toEqual({ C1: null, A2: null, B2: null, C2: null });
    expect(references(doc)).toEqual(expectedRefs('A1', ['A1', 'B1', 'C2'], (p) => (p === 'C2' ? null : p)));
    const grown = run(before, { kind: 'resize', rows: 3, columns: 4 });
    expect(grown.renames).toEqual({});
    expect(references(grown.doc)).toEqual(references(before));
    // Shrinking a grid above the plan is allowed; growing past it is not.
    expect(pageOpRefusal(before, { kind: 'resize', rows: 1, columns: 5 }, 4)).toBeNull();
    expect(pageOpRefusal(before, { kind: 'resize', rows: 3, columns: 3 }, 8)).toBe('overPlan');
  });
});

describe('placing uploaded media', () => {
  it('sets each named page’s media and empties its text alternative, in that language only', () => {
    const doc = site(1, 2);
    for (const l of LANGS) doc.content[l]!.creatives[0]!.imageAlt = 'A red cover';
    const other = { assetId: '00000000-0000-4000-8000-000000000002', kind: 'IMAGE' as const };
    const next = placeMedia(doc, 'JP', [{ coordinate: 'A1', media: other }]);
    expect(next.content.JP!.creatives[0]).toMatchObject({ media: other, imageAlt: '' });
    expect(next.content.JP!.creatives[1]).toBe(doc.content.JP!.creatives[1]);
    expect(next.content.EN).toBe(doc.content.EN);
    expect(placeMedia(doc, 'JP', [])).toBe(doc);
  });
});
