import { useRef, useSyncExternalStore } from 'react';

// A value several parts of the editor read (what the autosave is doing, the server's view of the
// site) kept outside React state: each reader picks the part it shows, so a change re-renders
// those readers only, not the editor around them.

export type TValueStore<T> = {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createValueStore<T>(initial: T): TValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The part of a value store a component shows (`select` must be stable or return a primitive). */
export function useValue<T, U = T>(
  store: TValueStore<T>,
  select: (value: T) => U = identity as (value: T) => U,
) {
  return useStoreSelector(store.subscribe, store.get, select, Object.is);
}

const identity = <T>(value: T) => value;

/** A selection of any small store, re-rendering only when it changes (`isEqual`). */
export function useStoreSelector<S, T>(
  subscribe: (listener: () => void) => () => void,
  get: () => S,
  select: (state: S) => T,
  isEqual: (a: T, b: T) => boolean,
): T {
  const cache = useRef<{ state: S; select: (state: S) => T; value: T } | null>(null);
  const snapshot = () => {
    const state = get();
    const c = cache.current;
    if (c && c.state === state && c.select === select) return c.value;
    const value = select(state);
    if (c && isEqual(c.value, value)) {
      cache.current = { state, select, value: c.value };
      return c.value;
    }
    cache.current = { state, select, value };
    return value;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
