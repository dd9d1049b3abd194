import { useEffect } from 'react';
import { focusField } from './focus-field';

// "Go" from the pre-publish check to a field that may not be shown yet: another tab, a page not
// selected, a closed section. The page asks (focusRequest); the panel that owns the path selects
// what shows it (useFocusRequests), and the field is focused once it has painted.

type TListener = (path: string) => void;
const listeners = new Set<TListener>();
let pending: string | null = null;

/** Asks the editor to show and focus the field at `path`. */
export function focusRequest(path: string) {
  pending = path;
  for (const listener of [...listeners]) listener(path);
  // The tab showing it may mount only now: it takes the request as it subscribes.
  focusWhenShown(path);
}

/**
 * A panel's part in a request: `show` selects what displays the path (a page, a section), if it
 * is the panel's. Called at once for a request made before the panel mounted.
 */
export function useFocusRequests(show: (path: string) => void) {
  useEffect(() => {
    if (pending) show(pending);
    listeners.add(show);
    return () => {
      listeners.delete(show);
    };
  }, [show]);
}

/** Tries for a moment (tabs and sections render and animate) and then gives up quietly. */
function focusWhenShown(path: string, tries = 20) {
  setTimeout(() => {
    if (pending !== path) return;
    if (focusField(path)) pending = null;
    else if (tries > 0) focusWhenShown(path, tries - 1);
    else pending = null;
  }, 50);
}
