import type { TPageRenames } from '@swipe/contracts/site-api';
import { coordinateOf, GRID_MAX_ROWS, gridCoordinates } from '@swipe/contracts/site-grid-rules';
import {
  documentLinks,
  emptyCreative,
  type TCreative,
  type TLink,
  type TMediaRef,
  type TPopupCta,
  type TSiteDocument,
  type TSiteLanguage,
  ZLink,
} from '@swipe/contracts/sites';

// Page operations on the grid (pages you can move), pure so they are tested on their
// own. Each lays the new grid out cell by cell from the old one, then renumbers every reference
// to a page in every language: menu entries, the popup CTAs' effective pages, and page links
// (CREATIVE_BLOCK) of pages, products and popups. What lives outside the document (campaign
// pages) follows through the returned renames, which the save sends along.
//
// Semantics, in the grid's reading order (A1, B1, ..., A2, ...):
// - insert a row or column: the pages from that position shift down or right, the new ones are empty;
// - remove a row or column: its pages go, in every language; the ones after it close the gap;
// - swap: two pages exchange cells (dropping a tile onto another, the arrow moves of the tile menu);
// - move: a page takes another cell and the pages between shift one cell back towards its old one;
// - duplicate: the copy takes the next cell; the pages after it shift one cell forward up to the
//   first free page (empty in every language and referenced nowhere), which makes room; with no
//   free page the grid grows by a row at the end, within the plan's page limit;
// - resize (the settings form): pages keep their addresses; those off the new grid go.

/** The new document, and its renames: old coordinate to new (null: removed), moved pages only. */
export type TPageOpResult = { doc: TSiteDocument; renames: TPageRenames };

/** Rows and columns are 0-based; `at` of an insert is the new row's or column's index (rows: at the end). */
export type TPageOp =
  | { kind: 'insertRow'; at: number }
  | { kind: 'insertColumn'; at: number }
  | { kind: 'removeRow'; at: number }
  | { kind: 'removeColumn'; at: number }
  | { kind: 'swap'; a: string; b: string }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'duplicate'; page: string }
  | { kind: 'resize'; rows: number; columns: number };

/** Why an operation cannot run: the editor disables it and says so. */
export type TPageOpRefusal =
  | 'lastRow'
  | 'lastColumn'
  | 'tooManyRows'
  | 'tooManyColumns'
  | 'overPlan'
  | 'unknownPage'
  | 'samePage'
  | 'outOfRange';

/** The document's column limit (numberHorizontal); rows are GRID_MAX_ROWS. */
export const GRID_MAX_DOC_COLUMNS = 100;

/** Whether a page holds anything an operation that removes it would lose (then the editor warns). */
export const pageHoldsWork = (c: TCreative) =>
  c.media !== null ||
  c.mainText !== '' ||
  c.price !== '' ||
  c.linkButtonText !== '' ||
  c.buttonImage !== null ||
  c.link.kind !== 'NONE' ||
  c.products.length > 0;

/** A cell of the new grid: an old page moved (or left) there, a copy of one, or a new empty page. */
type TCell = { from: string } | { copyOf: string } | null;
type TLayout = { rows: number; columns: number; cells: TCell[] };

const pagesOf = (doc: TSiteDocument) => gridCoordinates(doc.numberVertical, doc.numberHorizontal);

/** The cells of a rows x columns grid, each from `source(row, column)`. */
function layoutOf(rows: number, columns: number, source: (r: number, c: number) => TCell): TLayout {
  const cells: TCell[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) cells.push(source(r, c));
  return { rows, columns, cells };
}

/** Reading-order pages as the cells of the same grid. */
const inOrder = (doc: TSiteDocument, order: (string | 'COPY' | null)[], copyOf = ''): TLayout => ({
  rows: Math.ceil(order.length / doc.numberHorizontal),
  columns: doc.numberHorizontal,
  cells: order.map((p) => (p === null ? null : p === 'COPY' ? { copyOf } : { from: p })),
});

/** The pages that are not free: holding work in some language, or pointed at by a menu entry, popup or page link. */
function busyPages(doc: TSiteDocument): Set<string> {
  const busy = new Set<string>();
  const add = (page: string | null) => {
    if (page !== null) busy.add(page);
  };
  for (const content of Object.values(doc.content)) {
    if (!content) continue;
    for (const c of content.creatives) if (pageHoldsWork(c)) busy.add(c.coordinate);
    for (const m of content.menus) busy.add(m.target);
  }
  for (const cta of Object.values(doc.popupCtas)) for (const p of cta.effectivePages) busy.add(p);
  for (const { link } of documentLinks(doc)) add(linkPage(link));
  return busy;
}

/** The page a CREATIVE_BLOCK link jumps to (none while it is being chosen). */
const linkPage = (link: TLink): string | null => (link.kind === 'CREATIVE_BLOCK' ? link.page : null);

function layout(doc: TSiteDocument, op: TPageOp, maxPages: number | null): TLayout | TPageOpRefusal {
  const rows = doc.numberVertical;
  const columns = doc.numberHorizontal;
  const old = (r: number, c: number): TCell => ({ from: coordinateOf(r, c) });
  const fits = (r: number, c: number): TPageOpRefusal | null =>
    r > GRID_MAX_ROWS
      ? 'tooManyRows'
      : c > GRID_MAX_DOC_COLUMNS
        ? 'tooManyColumns'
        : maxPages !== null && r * c > maxPages && r * c > rows * columns
          ? 'overPlan'
          : null;
  const pages = pagesOf(doc);
  const index = (p: string) => pages.indexOf(p);
  switch (op.kind) {
    case 'insertRow': {
      if (!Number.isInteger(op.at) || op.at < 0 || op.at > rows) return 'outOfRange';
      const refused = fits(rows + 1, columns);
      if (refused) return refused;
      return layoutOf(rows + 1, columns, (r, c) =>
        r < op.at ? old(r, c) : r === op.at ? null : old(r - 1, c),
      );
    }
    case 'insertColumn': {
      if (!Number.isInteger(op.at) || op.at < 0 || op.at > columns) return 'outOfRange';
      const refused = fits(rows, columns + 1);
      if (refused) return refused;
      return layoutOf(rows, columns + 1, (r, c) =>
        c < op.at ? old(r, c) : c === op.at ? null : old(r, c - 1),
      );
    }
    case 'removeRow':
      if (!Number.isInteger(op.at) || op.at < 0 || op.at >= rows) return 'outOfRange';
      if (rows === 1) return 'lastRow';
      return layoutOf(rows - 1, columns, (r, c) => old(r < op.at ? r : r + 1, c));
    case 'removeColumn':
      if (!Number.isInteger(op.at) || op.at < 0 || op.at >= columns) return 'outOfRange';
      if (columns === 1) return 'lastColumn';
      return layoutOf(rows, columns - 1, (r, c) => old(r, c < op.at ? c : c + 1));
    case 'resize': {
      if (!Number.isInteger(op.rows) || !Number.isInteger(op.columns) || op.rows < 1 || op.columns < 1)
        return 'outOfRange';
      const refused = fits(op.rows, op.columns);
      if (refused) return refused;
      return layoutOf(op.rows, op.columns, (r, c) => (r < rows && c < columns ? old(r, c) : null));
    }
    case 'swap': {
      const a = index(op.a);
      const b = index(op.b);
      if (a < 0 || b < 0) return 'unknownPage';
      if (a === b) return 'samePage';
      const order = [...pages];
      order[a] = op.b;
      order[b] = op.a;
      return inOrder(doc, order);
    }
    case 'move': {
      const from = index(op.from);
      const to = index(op.to);
      if (from < 0 || to < 0) return 'unknownPage';
      if (from === to) return 'samePage';
      const order = [...pages];
      order.splice(from, 1);
      order.splice(to, 0, op.from);
      return inOrder(doc, order);
    }
    case 'duplicate': {
      const at = index(op.page);
      if (at < 0) return 'unknownPage';
      const busy = busyPages(doc);
      const free = pages.findIndex((p, i) => i > at && !busy.has(p));
      if (free >= 0)
        return inOrder(
          doc,
          [...pages.slice(0, at + 1), 'COPY', ...pages.slice(at + 1, free), ...pages.slice(free + 1)],
          op.page,
        );
      const refused = fits(rows + 1, columns);
      if (refused) return refused;
      const order: (string | null)[] = [...pages.slice(0, at + 1), 'COPY', ...pages.slice(at + 1)];
      while (order.length < (rows + 1) * columns) order.push(null);
      return inOrder(doc, order, op.page);
    }
  }
}

/** Why `op` cannot run on `doc` (with the plan's page limit, null: unknown), or null when it can. */
export function pageOpRefusal(
  doc: TSiteDocument,
  op: TPageOp,
  maxPages: number | null = null,
): TPageOpRefusal | null {
  const out = layout(doc, op, maxPages);
  return typeof out === 'string' ? out : null;
}

/** Old coordinate to new (null: removed) of a layout, for the pages whose address changes. */
function renamesOf(doc: TSiteDocument, out: TLayout): TPageRenames {
  const target = new Map<string, string>();
  const pages = gridCoordinates(out.rows, out.columns);
  out.cells.forEach((cell, i) => {
    if (cell && 'from' in cell) target.set(cell.from, pages[i]!);
  });
  const renames: TPageRenames = {};
  for (const p of pagesOf(doc)) {
    const to = target.get(p) ?? null;
    if (to !== p) renames[p] = to;
  }
  return renames;
}

/** A warning is due: `op` removes a page that holds work in some language. Growing never does. */
export function removalLosesWork(doc: TSiteDocument, op: TPageOp): boolean {
  const out = layout(doc, op, null);
  if (typeof out === 'string') return false;
  const removed = new Set(
    Object.entries(renamesOf(doc, out))
      .filter(([, to]) => to === null)
      .map(([from]) => from),
  );
  if (removed.size === 0) return false;
  return Object.values(doc.content).some((c) =>
    c?.creatives.some((p) => removed.has(p.coordinate) && pageHoldsWork(p)),
  );
}

/**
 * Runs `op` (throws a RangeError naming the refusal when it cannot run; see pageOpRefusal).
 * Pages that do not move keep their objects, so parts of the editor that show them need not redraw.
 */
export function applyPageOp(doc: TSiteDocument, op: TPageOp, maxPages: number | null = null): TPageOpResult {
  const out = layout(doc, op, maxPages);
  if (typeof out === 'string') throw new RangeError(`page operation ${op.kind} refused: ${out}`);
  const renames = renamesOf(doc, out);
  return { doc: rebuild(doc, out, renames), renames };
}

/** The document laid out as `out`, every reference renamed by `renames`. */
function rebuild(doc: TSiteDocument, out: TLayout, renames: TPageRenames): TSiteDocument {
  const rename = (p: string): string | null => (Object.hasOwn(renames, p) ? renames[p]! : p);
  let defaultLink: TLink | null = null;
  const link = <L extends TLink>(l: L): L => {
    const page = linkPage(l);
    if (page === null || !Object.hasOwn(renames, page)) return l;
    const to = renames[page];
    if (to !== null) return { ...l, page: to };
    // A link to a removed page leads nowhere now.
    defaultLink ??= ZLink.parse({});
    return { ...defaultLink } as L;
  };
  const renumber = (c: TCreative, coordinate: string): TCreative => {
    const pageLink = link(c.link);
    const products = c.products.some((p) => link(p.link) !== p.link)
      ? c.products.map((p) => ({ ...p, link: link(p.link) }))
      : c.products;
    if (coordinate === c.coordinate && pageLink === c.link && products === c.products) return c;
    return { ...c, coordinate, link: pageLink, products };
  };
  const copy = (c: TCreative, coordinate: string): TCreative => {
    // The copy is a new page: its ids (and its products') are the original's no more.
    const { id: _id, ...rest } = renumber(c, coordinate);
    return { ...rest, coordinate, products: rest.products.map(({ id: _pid, ...p }) => p) };
  };
  const pages = gridCoordinates(out.rows, out.columns);
  const content = Object.fromEntries(
    Object.entries(doc.content).map(([lang, c]) => {
      if (!c) return [lang, c];
      const held = new Map(c.creatives.map((p) => [p.coordinate, p]));
      const creatives = out.cells.map((cell, i) => {
        const coordinate = pages[i]!;
        const source = cell && held.get('from' in cell ? cell.from : cell.copyOf);
        if (!cell || !source) return emptyCreative(coordinate);
        return 'from' in cell ? renumber(source, coordinate) : copy(source, coordinate);
      });
      const menus = c.menus.some((m) => rename(m.target) !== m.target)
        ? c.menus.flatMap((m) => {
            const target = rename(m.target);
            return target === null ? [] : [{ ...m, target }];
          })
        : c.menus;
      return [lang, { ...c, creatives, menus }];
    }),
  );
  const popup = (cta: TPopupCta): TPopupCta => ({
    ...cta,
    link: link(cta.link),
    effectivePages: cta.effectivePages.flatMap((p) => {
      const to = rename(p);
      return to === null ? [] : [to];
    }),
  });
  return {
    ...doc,
    numberVertical: out.rows,
    numberHorizontal: out.columns,
    content,
    popupCtas: {
      timeLimit: popup(doc.popupCtas.timeLimit),
      applicantLimit: popup(doc.popupCtas.applicantLimit),
    },
  };
}

/**
 * Uploaded media placed on pages of one language (by coordinate). Each page's text alternative
 * is emptied with it: it described the page's image before, and the pre-publish check asks for
 * a new one.
 */
export function placeMedia(
  doc: TSiteDocument,
  lang: TSiteLanguage,
  placed: { coordinate: string; media: TMediaRef }[],
): TSiteDocument {
  const content = doc.content[lang];
  if (!content || placed.length === 0) return doc;
  const at = new Map(placed.map((p) => [p.coordinate, p.media]));
  const creatives = content.creatives.map((c) => {
    const media = at.get(c.coordinate);
    return media ? { ...c, media, imageAlt: '' } : c;
  });
  return { ...doc, content: { ...doc.content, [lang]: { ...content, creatives } } };
}
