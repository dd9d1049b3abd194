import type { TPreviewComment } from '@swipe/contracts/preview-comments';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TEnvelope } from '../../app/api-client';
import { createValueStore, useValue } from '../../app/value-store';
import { COMMENTS_REFRESH_MS, commentKeys, commentsApi } from './comments-api';
import { filterShowing, type TCommentFilter } from './comments-model';

// What the header's button, its drawer and the canvas's pins share, outside React's tree (the
// pins live deep in a language tab, the drawer in the header): whether the drawer is open, its
// filter, and the thread a pin asked for. A store, so that only these three re-render when it
// changes, never the editor around them. One editor is on screen at a time; its button resets it.

export type TCommentsUi = {
  opened: boolean;
  filter: TCommentFilter;
  /** The thread to bring into view (a pin was clicked), and a count so the same one comes again. */
  focus: { id: string; seq: number } | null;
  /** Whether closing gives the focus back to what opened it (not when a page link was followed). */
  returnFocus: boolean;
};

const INITIAL: TCommentsUi = { opened: false, filter: 'open', focus: null, returnFocus: true };
const store = createValueStore(INITIAL);
const set = (next: Partial<TCommentsUi>) => store.set({ ...store.get(), ...next });

export const commentsUi = {
  get: store.get,
  reset: () => store.set(INITIAL),
  open: () => set({ opened: true, returnFocus: true }),
  close: () => set({ opened: false, focus: null }),
  /** Closed to show a thread's page: the focus goes to that page's form, not back to the button. */
  leave: () => set({ opened: false, focus: null, returnFocus: false }),
  setFilter: (filter: TCommentFilter) => set({ filter }),
  /** A pin was clicked: the drawer opens at its thread (its filter widened if it hid it). */
  openThread: (id: string, open: boolean) =>
    set({
      opened: true,
      returnFocus: true,
      filter: filterShowing(store.get().filter, open),
      focus: { id, seq: (store.get().focus?.seq ?? 0) + 1 },
    }),
};

/** The part of the shared state a component shows (`select` must be stable or return a primitive). */
export function useCommentsUi<T>(select: (s: TCommentsUi) => T): T {
  return useValue(store, select);
}

/**
 * The site's threads, shared by every part that shows them (one request, one cache entry);
 * `select` picks what a part needs, so it re-renders only when that changed. `poll` refreshes
 * it every 30 s while that part is on screen.
 */
export function useComments<T>(siteId: string, select: (list: TPreviewComment[]) => T, poll: boolean) {
  const pick = useCallback((env: TEnvelope<TPreviewComment[]>) => select(env.data), [select]);
  return useQuery({
    queryKey: commentKeys.list(siteId),
    queryFn: ({ signal }) => commentsApi.list(siteId, { signal, toast: false }),
    select: pick,
    staleTime: 5_000,
    refetchInterval: poll ? COMMENTS_REFRESH_MS : false,
  });
}
