import { useStoreSelector } from './editor-context';

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
