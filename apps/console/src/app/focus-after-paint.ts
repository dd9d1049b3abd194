import { useEffect, useRef } from 'react';

/**
 * Focuses the element once it has been painted, unless the user has focused something already.
 * `autoFocus` would focus during React's commit, which forces a synchronous layout of the whole
 * new page inside that one task; after the paint the layout is done and focusing is cheap.
 */
export function useFocusAfterPaint<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) ref.current?.focus();
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ref;
}
