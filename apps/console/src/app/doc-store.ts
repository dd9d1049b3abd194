import { useEffect, useSyncExternalStore } from 'react';
import { useStoreSelector } from './value-store';

// The store every editor keeps its document in (the site editor, the campaign designer, the
// survey builder): the document lives outside React state, components read the part they show
// through a selector (useDocSelector), and `set` is the single write point every edit goes
// through; undo, redo, the dirty state and the leave guard hang on it.
//
// History: every `set` is one undo step, except consecutive edits with the same `coalesce` key
// (a field's path, one drag) within COALESCE_MS and with no save between, which are one step
// (typing a word is undone at once). Documents are immutable and share what did not change, so a
// step costs little memory.
//
// An editor may keep a side value with every state (`TMeta`: the site editor keeps where each
// page it opened with is now), so undo takes that back too.

export const COALESCE_MS = 1_000;
export const HISTORY_MAX = 200;

type TListener = () => void;

export type TDocSetOptions<TMeta> = {
  /** Edits with the same key in quick succession are one undo step (a field's path). */
  coalesce?: string;
  /** Not an edit of the creator (a reload, a server answer): nothing to undo. */
  history?: false;
  /** The side value after this edit; an edit that changes it is always a step of its own. */
  meta?: (prev: TMeta) => TMeta;
};

export type THistoryState = { canUndo: boolean; canRedo: boolean };

export type TDocStore<TDoc, TMeta = null> = {
  getDoc: () => TDoc;
  /** Called when the document (or the undo history) changes. */
  subscribe: (listener: TListener) => () => void;
  /**
   * Called when what is saved may have changed: at every change of the document and at every
   * save. What shows "unsaved changes" listens here; the document's readers are not called at a
   * save, which leaves the document as it is.
   */
  subscribeSaved: (listener: TListener) => () => void;
  set: (update: TDoc | ((prev: TDoc) => TDoc), options?: TDocSetOptions<TMeta>) => void;
  undo: () => void;
  redo: () => void;
  getHistory: () => THistoryState;
  /** The document as last saved: the editor is dirty while the current one is another. */
  getSaved: () => TDoc;
  getMeta: () => TMeta;
  getSavedMeta: () => TMeta;
  /** `doc` (with the side value it had) is what the server now holds. */
  markSaved: (doc: TDoc, meta?: TMeta) => void;
  isDirty: () => boolean;
};

export function createDocStore<TDoc, TMeta = null>(
  initial: TDoc,
  options: {
    meta?: TMeta;
    /** Whether two documents save the same (default: the same object). */
    sameSaved?: (a: TDoc, b: TDoc) => boolean;
    clock?: () => number;
  } = {},
): TDocStore<TDoc, TMeta> {
  type TState = { doc: TDoc; meta: TMeta };
  const clock = options.clock ?? (() => Date.now());
  const sameSaved = options.sameSaved ?? Object.is;
  let doc = initial;
  let meta = (options.meta ?? null) as TMeta;
  let saved = initial;
  let savedMeta = meta;
  let dirty = false;
  let past: TState[] = [];
  let future: TState[] = [];
  let last: { key: string; at: number } | null = null;
  let history: THistoryState = { canUndo: false, canRedo: false };
  const listeners = new Set<TListener>();
  const savedListeners = new Set<TListener>();
  const emitSaved = () => {
    dirty = doc !== saved && !sameSaved(doc, saved);
    for (const listener of [...savedListeners]) listener();
  };
  const emit = () => {
    const next = { canUndo: past.length > 0, canRedo: future.length > 0 };
    if (next.canUndo !== history.canUndo || next.canRedo !== history.canRedo) history = next;
    for (const listener of [...listeners]) listener();
    emitSaved();
  };

  return {
    getDoc: () => doc,
    getSaved: () => saved,
    getMeta: () => meta,
    getSavedMeta: () => savedMeta,
    isDirty: () => dirty,
    getHistory: () => history,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeSaved: (listener) => {
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },
    set: (update, opts = {}) => {
      const next = typeof update === 'function' ? (update as (prev: TDoc) => TDoc)(doc) : update;
      if (next === doc) return;
      if (opts.history !== false) {
        const now = clock();
        const joins =
          opts.coalesce !== undefined &&
          last?.key === opts.coalesce &&
          now - last.at < COALESCE_MS &&
          past.length > 0;
        if (!joins || opts.meta) {
          past.push({ doc, meta });
          if (past.length > HISTORY_MAX) past = past.slice(-HISTORY_MAX);
        }
        future = [];
        last = opts.coalesce !== undefined ? { key: opts.coalesce, at: now } : null;
      }
      if (opts.meta) meta = opts.meta(meta);
      doc = next;
      emit();
    },
    undo: () => {
      const prev = past.pop();
      if (!prev) return;
      future.push({ doc, meta });
      ({ doc, meta } = prev);
      last = null;
      emit();
    },
    redo: () => {
      const next = future.pop();
      if (!next) return;
      past.push({ doc, meta });
      ({ doc, meta } = next);
      last = null;
      emit();
    },
    markSaved: (next, nextMeta) => {
      saved = next;
      if (nextMeta !== undefined) savedMeta = nextMeta;
      // A save is a checkpoint: the next keystroke starts a new undo step. The document is as
      // it was: only what shows the saved state hears of it (not every field of the editor).
      last = null;
      emitSaved();
    },
  };
}

/**
 * A part of the document, read through a selector: the component re-renders only when the
 * selected value changes (`isEqual`, Object.is by default). Selectors return parts of the
 * document (which keep their identity while unchanged), or values compared with `isEqual`.
 */
export function useDocSelector<TDoc, T>(
  store: Pick<TDocStore<TDoc>, 'subscribe' | 'getDoc'>,
  select: (doc: TDoc) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  return useStoreSelector(store.subscribe, store.getDoc, select, isEqual);
}

/** Whether undo and redo have anything to take. */
export const useDocHistory = (store: Pick<TDocStore<unknown>, 'subscribe' | 'getHistory'>) =>
  useSyncExternalStore(store.subscribe, store.getHistory);

/** Whether the document has changes not saved yet (re-rendering when that flips only). */
export const useDocDirty = (store: Pick<TDocStore<unknown>, 'subscribeSaved' | 'isDirty'>) =>
  useSyncExternalStore(store.subscribeSaved, store.isDirty);

/**
 * Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, anywhere in the editor. The keys work in
 * text fields too: the fields show the document, so the editor's undo is the one that counts.
 * Not inside a dialog of its own (a modal's fields keep the browser's undo).
 */
export function useUndoKeys(store: Pick<TDocStore<unknown>, 'undo' | 'redo'>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      // A rich-text field that took the key for its own undo keeps it.
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.defaultPrevented) return;
      const key = e.key.toLowerCase();
      if ((e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        store.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        store.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, enabled]);
}
