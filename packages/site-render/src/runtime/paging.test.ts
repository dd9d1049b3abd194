import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoAdvance, isForwardSwipe } from './paging';

describe('the auto-advance (sliderTime)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The pages of a 2 x 2 grid in order; `next` moves one on and says whether there was one. */
  function slides(seconds: number, held = () => false) {
    const pages = ['A1', 'B1', 'A2', 'B2'];
    let at = 0;
    const advance = autoAdvance({
      seconds,
      next: () => {
        if (at + 1 >= pages.length) return false;
        at++;
        return true;
      },
      held,
    });
    return { advance, page: () => pages[at] };
  }

  it('moves to the next page every so many seconds, row after row, and stops at the last page', () => {
    const s = slides(3);
    vi.advanceTimersByTime(2999);
    expect(s.page()).toBe('A1');
    vi.advanceTimersByTime(1);
    expect(s.page()).toBe('B1');
    vi.advanceTimersByTime(6000);
    expect(s.page()).toBe('B2');
    // No wrapping back to the first page, and no timer left running.
    vi.advanceTimersByTime(60_000);
    expect(s.page()).toBe('B2');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits the whole interval again after each interaction or arrival', () => {
    const s = slides(3);
    vi.advanceTimersByTime(2000);
    s.advance.restart();
    vi.advanceTimersByTime(2000);
    expect(s.page()).toBe('A1');
    vi.advanceTimersByTime(1000);
    expect(s.page()).toBe('B1');
  });

  it('holds while it is told to (tab hidden, finger down, overlay open), then goes on', () => {
    let held = true;
    const s = slides(2, () => held);
    vi.advanceTimersByTime(10_000);
    expect(s.page()).toBe('A1');
    held = false;
    vi.advanceTimersByTime(2000);
    expect(s.page()).toBe('B1');
  });
});

describe('the forward swipe (swipeRedirection)', () => {
  it('is a finger moving left by 50 px or more, mostly sideways', () => {
    expect(isForwardSwipe(-80, 10)).toBe(true);
    expect(isForwardSwipe(-50, 0)).toBe(true);
    expect(isForwardSwipe(-30, 0)).toBe(false);
    // Backwards, or mostly up and down (a row change), is no forward swipe.
    expect(isForwardSwipe(80, 0)).toBe(false);
    expect(isForwardSwipe(-80, -60)).toBe(false);
  });
});
