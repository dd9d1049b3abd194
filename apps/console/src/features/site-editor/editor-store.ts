import type { TSiteDocument } from '@swipe/contracts/sites';

// The editor's document lives here, outside React state: components read the part they show
// through a selector (useDocSelector), so a keystroke re-renders only what shows the changed
// field, not the whole editor. `set` is the single write point every edit goes through; undo,
// redo and autosave hang on it.
//
// History: every `set` is one undo step, except consecutive edits of the same field (`coalesce`,
// the field's path) within COALESCE_MS and with no save between, which are one step (typing a
// word is undone at once).
// Documents are immutable and share what did not change, so a step costs little memory.
//
// Page operations rename pages, and the site's campaigns (outside the document) name pages by
// their coordinate: the store keeps, with every state, where each page the editor opened with is
// now (`TPageMap`), so undo takes a move back too, and a save sends the renames since the state
// it last saved (renamesBetween).

export const COALESCE_MS = 1_000;
export const HISTORY_MAX = 200;

type TListener = () => void;
export type TUpdate = TSiteDocument | ((prev: TSiteDocument) => TSiteDocument);
/** Coordinate at opening -> coordinate now (null: removed); absent: where it was. */
export type TPageMap = Readonly<Record<string, string | null>>;
export type TRenames = Record<string, string | null>;

export type TSetOptions = {
  /** The pages this edit renamed (coordinate before -> after, null: removed). */
  renames?: TRenames;
  /** Edits with the same key in quick succession are one undo step (a field's path). */
  coalesce?: string;
  /** Not an edit of the creator (a reload, a server answer): nothing to undo. */
  history?: false;
};

export type THistoryState = { canUndo: boolean; canRedo: boolean };

export type TEditorStore = {
  getDoc: () => TSiteDocument;
  /** Called when the document (or the undo history) changes. */
  subscribe: (listener: TListener) => () => void;
  /**
   * Called when what is saved may have changed: at every change of the document and at every
   * save. What shows "unsaved changes" listens here; the document's readers are not called at a
   * save, which leaves the document as it is.
   */
  subscribeSaved: (listener: TListener) => () => void;
  set: (update: TUpdate, options?: TSetOptions) => void;
  undo: () => void;
  redo: () => void;
  getHistory: () => THistoryState;
  /** The document as last saved: the editor is dirty while the current one is another. */
  getSaved: () => TSiteDocument;
  /** Where the opening's pages are now. */
  getPages: () => TPageMap;
  /** `doc` (with the page map it had) is what the server now holds. */
  markSaved: (doc: TSiteDocument, pages: TPageMap) => void;
  /** The renames a save of the current document must send. */
  pendingRenames: () => TRenames;
  isDirty: () => boolean;
};

/** The page map after an edit that renamed `renames`, of a document opened with `origins`. */
export function composePages(map: TPageMap, renames: TRenames, origins: ReadonlySet<string>): TPageMap {
  const next: Record<string, string | null> = {};
  const placed = new Set<string>();
  for (const [origin, now] of Object.entries(map)) {
    const moved = now !== null && now in renames ? renames[now]! : now;
    if (now !== null) placed.add(now);
    if (moved !== origin) next[origin] = moved;
  }
  // Pages still where they were at opening (absent from the map) that this edit moved.
  for (const [from, to] of Object.entries(renames))
    if (origins.has(from) && !(from in map) && !placed.has(from) && to !== from) next[from] = to;
  return next;
}

/** What moved between two states of the page map: each page's coordinate in `saved` -> in `now`. */
export function renamesBetween(saved: TPageMap, now: TPageMap, origins: ReadonlySet<string>): TRenames {
  const out: TRenames = {};
  for (const origin of origins) {
    const before = origin in saved ? saved[origin]! : origin;
    const after = origin in now ? now[origin]! : origin;
    if (before !== null && before !== after) out[before] = after;
  }
  return out;
}

const coordinatesOf = (doc: TSiteDocument) =>
  new Set(Object.values(doc.content).flatMap((c) => c?.creatives.map((p) => p.coordinate) ?? []));

export function createEditorStore(
  initial: TSiteDocument,
  clock: () => number = () => Date.now(),
): TEditorStore {
  type TState = { doc: TSiteDocument; pages: TPageMap };
  const origins = coordinatesOf(initial);
  let doc = initial;
  let pages: TPageMap = {};
  let saved = initial;
  let savedPages: TPageMap = {};
  let past: TState[] = [];
  let future: TState[] = [];
  let last: { key: string; at: number } | null = null;
  let history: THistoryState = { canUndo: false, canRedo: false };
  const listeners = new Set<TListener>();
  const savedListeners = new Set<TListener>();
  const emitSaved = () => {
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
    getPages: () => pages,
    pendingRenames: () => renamesBetween(savedPages, pages, origins),
    isDirty: () => doc !== saved,
    getHistory: () => history,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeSaved: (listener) => {
      savedListeners.add(listener);
      return () => savedListeners.delete(listener);
    },
    set: (update, options = {}) => {
      const next = typeof update === 'function' ? update(doc) : update;
      if (next === doc) return;
      if (options.history !== false) {
        const now = clock();
        const joins =
          options.coalesce !== undefined &&
          last?.key === options.coalesce &&
          now - last.at < COALESCE_MS &&
          past.length > 0;
        if (!joins || options.renames) {
          past.push({ doc, pages });
          if (past.length > HISTORY_MAX) past = past.slice(-HISTORY_MAX);
        }
        future = [];
        last = options.coalesce !== undefined ? { key: options.coalesce, at: now } : null;
      }
      if (options.renames) pages = composePages(pages, options.renames, origins);
      doc = next;
      emit();
    },
    undo: () => {
      const prev = past.pop();
      if (!prev) return;
      future.push({ doc, pages });
      ({ doc, pages } = prev);
      last = null;
      emit();
    },
    redo: () => {
      const next = future.pop();
      if (!next) return;
      past.push({ doc, pages });
      ({ doc, pages } = next);
      last = null;
      emit();
    },
    markSaved: (next, nextPages) => {
      saved = next;
      savedPages = nextPages;
      // A save is a checkpoint: the next keystroke starts a new undo step. The document is as
      // it was: only what shows the saved state hears of it (not every field of the editor).
      last = null;
      emitSaved();
    },
  };
}
