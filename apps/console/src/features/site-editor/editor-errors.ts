import type { TErrorStore } from './editor-context';
import { shownErrors, type TFieldPath } from './editor-state';

// The errors the editor shows: the document's rule violations (checked off the typing path, see
// site-editor-page), filtered to touched fields until a save was attempted, with the server's
// field errors of the last refused save on top. A store, so each field reads its own error.

export type TEditorErrors = TErrorStore & {
  /** Every rule violation of the current document, shown or not. */
  all: () => Record<TFieldPath, string>;
  setClient: (errors: Record<TFieldPath, string>) => void;
  setServer: (errors: Record<TFieldPath, string>) => void;
  touch: (path: TFieldPath) => void;
  /** A save or publish was attempted: every error shows. */
  attempt: () => void;
  /** What was saved is valid: forget the touched fields and the attempt. */
  saved: () => void;
};

export function createErrorStore(): TEditorErrors {
  let client: Record<string, string> = {};
  let server: Record<string, string> = {};
  let touched = new Set<string>();
  let attempted = false;
  let shown: Record<string, string> = {};
  const listeners = new Set<() => void>();

  const update = () => {
    const next = { ...shownErrors(client, touched, attempted), ...server };
    if (sameErrors(next, shown)) return;
    shown = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    get: () => shown,
    all: () => client,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setClient: (errors) => {
      client = errors;
      update();
    },
    setServer: (errors) => {
      if (Object.keys(errors).length === 0 && Object.keys(server).length === 0) return;
      server = errors;
      update();
    },
    touch: (path) => {
      if (touched.has(path)) return;
      touched = new Set(touched).add(path);
      // Only a field with an error changes what shows.
      if (Object.keys(client).some((k) => k === path || k.startsWith(`${path}.`))) update();
    },
    attempt: () => {
      attempted = true;
      update();
    },
    saved: () => {
      attempted = false;
      touched = new Set();
      server = {};
      update();
    },
  };
}

function sameErrors(a: Record<string, string>, b: Record<string, string>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
