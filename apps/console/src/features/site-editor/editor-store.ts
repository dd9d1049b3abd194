import type { TSiteDocument } from '@swipe/contracts/sites';
import { createDocStore, type TDocStore } from '../../app/doc-store';

// The site editor's document store: the editors' common store (app/doc-store.ts: selectors, one
// write point, undo/redo, dirty state) with the page map as its side value.
//
// Page operations rename pages, and the site's campaigns (outside the document) name pages by
// their coordinate: the store keeps, with every state, where each page the editor opened with is
// now (`TPageMap`), so undo takes a move back too, and a save sends the renames since the state
// it last saved (renamesBetween).

/** Coordinate at opening -> coordinate now (null: removed); absent: where it was. */
export type TPageMap = Readonly<Record<string, string | null>>;
export type TRenames = Record<string, string | null>;
export type TUpdate = TSiteDocument | ((prev: TSiteDocument) => TSiteDocument);

export type TSetOptions = {
  /** The pages this edit renamed (coordinate before -> after, null: removed). */
  renames?: TRenames;
  /** Edits with the same key in quick succession are one undo step (a field's path). */
  coalesce?: string;
  /** Not an edit of the creator (a reload, a server answer): nothing to undo. */
  history?: false;
};

export type TEditorStore = Omit<TDocStore<TSiteDocument, TPageMap>, 'set' | 'markSaved'> & {
  set: (update: TUpdate, options?: TSetOptions) => void;
  /** Where the opening's pages are now. */
  getPages: () => TPageMap;
  /** `doc` (with the page map it had) is what the server now holds. */
  markSaved: (doc: TSiteDocument, pages: TPageMap) => void;
  /** The renames a save of the current document must send. */
  pendingRenames: () => TRenames;
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
  const origins = coordinatesOf(initial);
  const store = createDocStore<TSiteDocument, TPageMap>(initial, { meta: {}, clock });
  return {
    ...store,
    set: (update, options = {}) => {
      const { renames, ...rest } = options;
      store.set(update, renames ? { ...rest, meta: (pages) => composePages(pages, renames, origins) } : rest);
    },
    getPages: store.getMeta,
    pendingRenames: () => renamesBetween(store.getSavedMeta(), store.getMeta(), origins),
  };
}
