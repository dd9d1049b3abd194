import { type TPreviewComment, ZPreviewComment } from '@swipe/contracts/preview-comments';
import { describe, expect, it } from 'vitest';
import {
  filterShowing,
  filterThreads,
  openCount,
  pinPosition,
  pinsOf,
  sameBox,
  sortThreads,
  withThread,
} from './comments-model';

// What the drawer lists and where the canvas's pins go, from the threads the server sends.

const SITE = '99999999-9999-4999-8999-999999999999';
let seq = 0;

function thread(over: Partial<TPreviewComment> = {}): TPreviewComment {
  seq += 1;
  return ZPreviewComment.parse({
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    siteId: SITE,
    lang: 'JP',
    page: 'A1',
    x: 500,
    y: 500,
    number: seq,
    body: `comment ${seq}`,
    author: { kind: 'INVITEE', name: 'reviewer@example.com' },
    createdAt: `2026-01-0${Math.min(seq, 9)}T00:00:00.000Z`,
    resolvedAt: null,
    replies: [],
    ...over,
  });
}

const numbers = (list: TPreviewComment[]) => list.map((c) => c.number);

describe('review comment threads', () => {
  const a = thread({ number: 1, createdAt: '2026-01-01T00:00:00.000Z' });
  const b = thread({
    number: 2,
    createdAt: '2026-01-02T00:00:00.000Z',
    resolvedAt: '2026-01-05T00:00:00.000Z',
  });
  const c = thread({ number: 3, createdAt: '2026-01-03T00:00:00.000Z' });
  const d = thread({
    number: 4,
    createdAt: '2026-01-04T00:00:00.000Z',
    resolvedAt: '2026-01-04T01:00:00.000Z',
  });
  const list = sortThreads([a, b, c, d]);

  it('orders open threads first, newest first within each', () => {
    expect(numbers(list)).toEqual([3, 1, 4, 2]);
    // The same time: the later number first.
    const e = thread({ number: 5, createdAt: c.createdAt });
    expect(numbers(sortThreads([c, e]))).toEqual([5, 3]);
  });

  it('filters open, resolved or all, keeping the order, and counts the open ones', () => {
    expect(numbers(filterThreads(list, 'open'))).toEqual([3, 1]);
    expect(numbers(filterThreads(list, 'resolved'))).toEqual([4, 2]);
    expect(numbers(filterThreads(list, 'all'))).toEqual([3, 1, 4, 2]);
    expect(openCount(list)).toBe(2);
    expect(openCount([])).toBe(0);
  });

  it('widens the filter to All only when it hides the thread a pin asks for', () => {
    expect(filterShowing('open', true)).toBe('open');
    expect(filterShowing('resolved', false)).toBe('resolved');
    expect(filterShowing('all', true)).toBe('all');
    expect(filterShowing('open', false)).toBe('all');
    expect(filterShowing('resolved', true)).toBe('all');
  });

  it("puts the server's newer copy of a thread in its place (a resolved one moves down)", () => {
    const resolved = { ...c, resolvedAt: '2026-01-06T00:00:00.000Z' };
    expect(numbers(withThread(list, resolved))).toEqual([1, 4, 3, 2]);
    expect(withThread(list, resolved).find((t) => t.id === c.id)?.resolvedAt).toBe(resolved.resolvedAt);
    const reopened = { ...b, resolvedAt: null };
    expect(numbers(withThread(list, reopened))).toEqual([3, 2, 1, 4]);
    // One the list did not have yet is added.
    const f = thread({ number: 6, createdAt: '2026-01-09T00:00:00.000Z' });
    expect(numbers(withThread(list, f))).toEqual([6, 3, 1, 4, 2]);
  });
});

describe('pins', () => {
  const onA1 = thread({ number: 1, x: 100, y: 200 });
  const resolvedA1 = thread({ number: 2, resolvedAt: '2026-01-05T00:00:00.000Z' });
  const onB1 = thread({ number: 3, page: 'B1' });
  const inEnglish = thread({ number: 4, lang: 'EN' });
  const laterA1 = thread({ number: 5, x: 900, y: 950 });
  const list = sortThreads([onA1, resolvedA1, onB1, inEnglish, laterA1]);

  it("shows the page's open threads, and the resolved ones only when the filter does", () => {
    expect(pinsOf(list, 'JP', 'A1', 'open')).toEqual([
      { id: onA1.id, number: 1, open: true, x: 100, y: 200 },
      { id: laterA1.id, number: 5, open: true, x: 900, y: 950 },
    ]);
    expect(pinsOf(list, 'JP', 'A1', 'resolved').map((p) => [p.number, p.open])).toEqual([
      [1, true],
      [2, false],
      [5, true],
    ]);
    expect(pinsOf(list, 'JP', 'A1', 'all').map((p) => p.number)).toEqual([1, 2, 5]);
    expect(pinsOf(list, 'JP', 'B1', 'open').map((p) => p.number)).toEqual([3]);
    expect(pinsOf(list, 'EN', 'A1', 'open').map((p) => p.number)).toEqual([4]);
    expect(pinsOf(list, 'KR', 'A1', 'all')).toEqual([]);
  });

  it("places a point of the page on the scaled frame, the page's box included", () => {
    // A phone: the page is the whole frame (375 x 667), drawn at half size.
    const phone = { left: 0, top: 0, width: 375, height: 667 };
    expect(pinPosition({ x: 0, y: 0 }, phone, 0.5)).toEqual({ left: 0, top: 0 });
    expect(pinPosition({ x: 1000, y: 1000 }, phone, 0.5)).toEqual({ left: 187.5, top: 333.5 });
    expect(pinPosition({ x: 500, y: 250 }, phone, 1)).toEqual({ left: 187.5, top: 166.75 });
    // A desktop frame: the page is a 500 px column in its middle.
    const column = { left: 390, top: 0, width: 500, height: 800 };
    expect(pinPosition({ x: 500, y: 500 }, column, 0.25)).toEqual({ left: 160, top: 100 });
    // Out of range stays on the page.
    expect(pinPosition({ x: -20, y: 1200 }, phone, 1)).toEqual({ left: 0, top: 667 });
  });

  it('measures that did not move by a pixel are the same box', () => {
    const box = { left: 0, top: 0, width: 375, height: 667 };
    expect(sameBox(box, { ...box, width: 375.2 })).toBe(true);
    expect(sameBox(box, { ...box, left: 2 })).toBe(false);
    expect(sameBox(null, null)).toBe(true);
    expect(sameBox(box, null)).toBe(false);
  });
});
