// Paging the runtime does by itself, kept apart from the DOM so it can be tested alone:
// the auto-advance of sliderTime and the gesture of swipe redirection.

/**
 * Auto-advance (sliderTime): `seconds` after the last arrival or interaction, `next()` moves on
 * (it answers false at the last page, which stops the slides until `restart`). While `held()`
 * (the tab hidden, a finger down, an overlay open) the wait starts over instead.
 */
export function autoAdvance(opts: { seconds: number; next: () => boolean; held: () => boolean }) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const restart = () => {
    clearTimeout(timer);
    timer = setTimeout(tick, opts.seconds * 1000);
  };
  const tick = () => {
    if (opts.held() || opts.next()) restart();
  };
  restart();
  return { restart };
}

/**
 * A swipe forward (the finger moving left, mostly sideways, by 50 px or more): past the last page
 * of a row it follows the page's link button (swipeRedirection).
 */
export const isForwardSwipe = (dx: number, dy: number) => dx <= -50 && -dx > 2 * Math.abs(dy);
