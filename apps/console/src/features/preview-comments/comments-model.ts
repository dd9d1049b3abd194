import type { TPreviewComment } from '@swipe/contracts/preview-comments';
import type { TSiteLanguage } from '@swipe/contracts/sites';

// What the comments drawer and the canvas's pins show of a site's review threads, kept pure so
// it is unit-tested: the filter, the order, the open count, and where a pin sits on the frame.

export type TCommentFilter = 'open' | 'resolved' | 'all';
export const COMMENT_FILTERS: readonly TCommentFilter[] = ['open', 'resolved', 'all'];

export const isOpen = (c: Pick<TPreviewComment, 'resolvedAt'>) => c.resolvedAt === null;

/** The threads the filter shows, in the list's order. */
export function filterThreads(list: readonly TPreviewComment[], filter: TCommentFilter): TPreviewComment[] {
  if (filter === 'all') return [...list];
  return list.filter((c) => isOpen(c) === (filter === 'open'));
}

/** The filter that shows a thread a pin asked for: the current one if it does, else All. */
export const filterShowing = (filter: TCommentFilter, open: boolean): TCommentFilter =>
  filter === 'all' || filter === (open ? 'open' : 'resolved') ? filter : 'all';

export const openCount = (list: readonly TPreviewComment[]) =>
  list.reduce((n, c) => n + (isOpen(c) ? 1 : 0), 0);

/** As the server lists them: open first, newest first within each (then the higher number). */
export function sortThreads(list: readonly TPreviewComment[]): TPreviewComment[] {
  const time = (iso: string) => {
    const t = Date.parse(iso);
    return Number.isNaN(t) ? 0 : t;
  };
  return [...list].sort(
    (a, b) =>
      Number(isOpen(b)) - Number(isOpen(a)) || time(b.createdAt) - time(a.createdAt) || b.number - a.number,
  );
}

/** The list with one thread replaced by the server's newer copy of it (kept in order). */
export function withThread(list: readonly TPreviewComment[], thread: TPreviewComment): TPreviewComment[] {
  const known = list.some((c) => c.id === thread.id);
  return sortThreads(known ? list.map((c) => (c.id === thread.id ? thread : c)) : [...list, thread]);
}

export type TPin = { id: string; number: number; open: boolean; x: number; y: number };

/**
 * The pins of one page in one language: the open threads always, the resolved ones only while the
 * drawer's filter shows them. Lower numbers first, so a later pin is drawn over an earlier one.
 */
export function pinsOf(
  list: readonly TPreviewComment[],
  lang: TSiteLanguage,
  page: string,
  filter: TCommentFilter,
): TPin[] {
  return list
    .filter((c) => c.lang === lang && c.page === page && (isOpen(c) || filter !== 'open'))
    .sort((a, b) => a.number - b.number)
    .map((c) => ({ id: c.id, number: c.number, open: isOpen(c), x: c.x, y: c.y }));
}

/** A rectangle in the frame's own px (before the canvas's scale). */
export type TBox = { left: number; top: number; width: number; height: number };

const clampPoint = (n: number) => Math.min(1000, Math.max(0, Number.isFinite(n) ? n : 0));

/**
 * Where a point (thousandths of the page's width and height) is on the scaled frame: the page's
 * box inside the frame (on a wide frame the page is a column in its middle), times the scale.
 */
export function pinPosition(point: { x: number; y: number }, page: TBox, scale: number) {
  return {
    left: (page.left + (clampPoint(point.x) / 1000) * page.width) * scale,
    top: (page.top + (clampPoint(point.y) / 1000) * page.height) * scale,
  };
}

/** Two boxes equal to the px (a measure that did not change does not redraw the pins). */
export const sameBox = (a: TBox | null, b: TBox | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    Math.round(a.left) === Math.round(b.left) &&
    Math.round(a.top) === Math.round(b.top) &&
    Math.round(a.width) === Math.round(b.width) &&
    Math.round(a.height) === Math.round(b.height));
