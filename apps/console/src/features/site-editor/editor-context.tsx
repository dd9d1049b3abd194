import type { TPlanFlag } from '@swipe/contracts/plans';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { useDocDirty, useDocSelector as useDocOf } from '../../app/doc-store';
import { useStoreSelector } from '../../app/value-store';
import { setIn } from './editor-state';
import type { TEditorStore, TSetOptions, TUpdate } from './editor-store';

// What every part of the editor shares. The document and the errors to show live in stores
// (editor-store.ts, the errors below) that components read through selectors, so a keystroke
// re-renders only the fields whose value or error changed; everything else here is stable
// while the editor is open.

export type TPath = (string | number)[];

/** The errors to show, keyed by field path: a small store of its own, set after validation. */
export type TErrorStore = {
  get: () => Record<string, string>;
  subscribe: (listener: () => void) => () => void;
};

export type TEditor = {
  store: TEditorStore;
  errorStore: TErrorStore;
  /** Every edit goes through here (the store's single write point: undo and autosave hang on it). */
  setDoc: (next: TUpdate, options?: TSetOptions) => void;
  /** Marks a field (its dotted path) as changed by the creator: its errors show from now on. */
  touch: (path: string) => void;
  /** Locked: view authority, a suspended contract, or an expired site. */
  readOnly: boolean;
  flags: Record<TPlanFlag, boolean>;
  /** URLs of media already known to the editor (uploaded now, or listed by the server). */
  mediaUrls: Record<string, string>;
  addMediaUrl: (assetId: string, url: string) => void;
  /** The account whose media library uploads go to (the site's owner). */
  accountId?: string;
};

const EditorContext = createContext<TEditor | null>(null);

export function EditorProvider({ value, children }: { value: TEditor; children: ReactNode }) {
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

function useEditorContext() {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the site editor');
  return editor;
}

/**
 * A part of the document, read through a selector: the component re-renders only when the
 * selected value changes (`isEqual`, Object.is by default). Selectors return parts of the
 * document (which keep their identity while unchanged), or values compared with `isEqual`.
 */
export function useDocSelector<T>(
  select: (doc: TSiteDocument) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const { store } = useEditorContext();
  return useDocOf(store, select, isEqual);
}

/** The error of one field (or any other selection of the errors to show). */
export function useErrorSelector<T>(
  select: (errors: Record<string, string>) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const { errorStore } = useEditorContext();
  return useStoreSelector(errorStore.subscribe, errorStore.get, select, isEqual);
}

/**
 * Everything the editor shares, with the whole document and every error. A component using
 * `doc` or `errors` from here re-renders on every change: prefer useDocSelector, useField and
 * useErrorSelector in anything a keystroke reaches.
 */
export function useEditor() {
  const editor = useEditorContext();
  const doc = useDocSelector(whole);
  const errors = useErrorSelector(wholeErrors);
  return { ...editor, doc, errors };
}

/** The shared pieces without the document (no re-render on edits). */
export const useEditorTools = useEditorContext;

const whole = (doc: TSiteDocument) => doc;
const wholeErrors = (errors: Record<string, string>) => errors;

const getIn = (value: unknown, path: TPath): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

/** The value at `path`, re-rendering only when it changes. */
export function useDocValue<T>(path: TPath): T {
  const key = path.join('.');
  // One selector per path (not per render), so the cache above holds.
  const select = useRef<{ key: string; fn: (doc: TSiteDocument) => T } | null>(null);
  if (select.current?.key !== key) select.current = { key, fn: (doc) => getIn(doc, path) as T };
  return useDocSelector(select.current.fn);
}

function useFieldError(key: string): string | undefined {
  const select = useRef<{ key: string; fn: (e: Record<string, string>) => string | undefined } | null>(null);
  if (select.current?.key !== key) select.current = { key, fn: (errors) => errors[key] };
  return useErrorSelector(select.current.fn);
}

/**
 * Props for a Mantine input bound to one field of the document: value, change handler, the
 * field's error, and disabled when read-only. `map` turns the input's event into the value.
 * The input's `data-path` names the field, so the canvas and the pre-publish check can find it.
 */
export function useField<T = string>(path: TPath, map: (e: unknown) => T = defaultMap as (e: unknown) => T) {
  const { setDoc, readOnly, touch } = useEditorContext();
  const key = path.join('.');
  return {
    value: useDocValue<T>(path),
    onChange: (e: unknown) => {
      // Read the event now: React clears currentTarget once the handler returns, before the
      // state updater runs.
      const value = map(e);
      touch(key);
      setDoc((prev) => setIn(prev, path, value), { coalesce: key });
    },
    error: useFieldError(key),
    disabled: readOnly,
    'data-path': key,
  };
}

function defaultMap(e: unknown) {
  const target = (e as { currentTarget?: { value?: unknown } } | null)?.currentTarget;
  return target && 'value' in target ? target.value : e;
}

/** Switch/checkbox binding: `checked` instead of `value`. */
export function useToggle(path: TPath) {
  const { setDoc, readOnly, touch } = useEditorContext();
  const key = path.join('.');
  return {
    checked: Boolean(useDocValue(path)),
    onChange: (e: { currentTarget: { checked: boolean } }) => {
      const checked = e.currentTarget.checked;
      touch(key);
      setDoc((prev) => setIn(prev, path, checked));
    },
    error: useFieldError(key),
    disabled: readOnly,
    'data-path': key,
  };
}

/**
 * Whether the document has changes not saved yet, re-rendering only its children when that flips
 * (the editor around it stays as it is at the first keystroke and at each save).
 */
export function WithDirty({ children }: { children: (dirty: boolean) => ReactNode }) {
  const { store } = useEditorContext();
  const dirty = useDocDirty(store);
  return <>{children(dirty)}</>;
}
