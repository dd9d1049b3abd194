import type { TPlanFlag } from '@swipe/contracts/plans';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { createContext, type ReactNode, useContext } from 'react';
import { setIn } from './editor-state';

// What every part of the editor shares: the document, one way to change a field of it, the
// field errors (client rules and the server's), whether writing is allowed, and the plan flags.

export type TPath = (string | number)[];

export type TEditor = {
  doc: TSiteDocument;
  setDoc: (next: TSiteDocument | ((prev: TSiteDocument) => TSiteDocument)) => void;
  /** The errors to show (a field's once it was changed, or every one after a save attempt). */
  errors: Record<string, string>;
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
  /**
   * Records that page operations renamed pages (old coordinate to new, null: removed) since the
   * last save, so the save can move what lives outside the document (the site's campaigns' pages).
   */
  renamePages: (renames: Record<string, string | null>) => void;
};

const EditorContext = createContext<TEditor | null>(null);

export function EditorProvider({ value, children }: { value: TEditor; children: ReactNode }) {
  return <EditorContext.Provider value={value}>{children}</EditorContext.Provider>;
}

export function useEditor() {
  const editor = useContext(EditorContext);
  if (!editor) throw new Error('useEditor outside the site editor');
  return editor;
}

/**
 * A part of the document, read through a selector: the component re-renders only when the
 * selected value changes (compared with Object.is). Prefer it to `useEditor().doc`.
 */
export function useDocSelector<T>(select: (doc: TSiteDocument) => T): T {
  return select(useEditor().doc);
}

const getIn = (value: unknown, path: TPath): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);

/**
 * Props for a Mantine input bound to one field of the document: value, change handler, the
 * field's error, and disabled when read-only. `map` turns the input's event into the value.
 */
export function useField<T = string>(path: TPath, map: (e: unknown) => T = defaultMap as (e: unknown) => T) {
  const { doc, setDoc, errors, readOnly, touch } = useEditor();
  return {
    value: getIn(doc, path) as T,
    onChange: (e: unknown) => {
      // Read the event now: React clears currentTarget once the handler returns, before the
      // state updater runs.
      const value = map(e);
      touch(path.join('.'));
      setDoc((prev) => setIn(prev, path, value));
    },
    error: errors[path.join('.')],
    disabled: readOnly,
  };
}

function defaultMap(e: unknown) {
  const target = (e as { currentTarget?: { value?: unknown } } | null)?.currentTarget;
  return target && 'value' in target ? target.value : e;
}

/** Switch/checkbox binding: `checked` instead of `value`. */
export function useToggle(path: TPath) {
  const { doc, setDoc, errors, readOnly, touch } = useEditor();
  return {
    checked: Boolean(getIn(doc, path)),
    onChange: (e: { currentTarget: { checked: boolean } }) => {
      const checked = e.currentTarget.checked;
      touch(path.join('.'));
      setDoc((prev) => setIn(prev, path, checked));
    },
    error: errors[path.join('.')],
    disabled: readOnly,
  };
}
