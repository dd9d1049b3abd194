import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { type Dispatch, type SetStateAction, useEffect, useMemo } from 'react';
import { useShell } from '../../app/use-shell';
import { checkDocument } from './document-check';
import type { TEditor } from './editor-context';
import type { TEditorErrors } from './editor-errors';
import type { TEditorStore } from './editor-store';

// What an editor of a site's document (the site editor, a variation's editor) puts around its
// forms: the context's value, and the document's rules checked as it changes.

/** How long after the last change the document's rules are checked. */
const VALIDATE_MS = 250;

/**
 * The EditorProvider's value over a document store and its errors: every edit clears the server's
 * errors, and the media URLs grow with uploads. Stable while its inputs are.
 */
export function useEditorValue(args: {
  store: TEditorStore;
  errorStore: TEditorErrors;
  readOnly: boolean;
  mediaUrls: Record<string, string>;
  setMediaUrls: Dispatch<SetStateAction<Record<string, string>>>;
  accountId: string | undefined;
}): TEditor {
  const { store, errorStore, readOnly, mediaUrls, setMediaUrls, accountId } = args;
  const { user } = useShell();
  return useMemo<TEditor>(
    () => ({
      store,
      errorStore,
      setDoc: (next, options) => {
        errorStore.setServer({});
        store.set(next, options);
      },
      touch: errorStore.touch,
      readOnly,
      flags: user.planFlags,
      mediaUrls,
      addMediaUrl: (assetId, url) => setMediaUrls((m) => ({ ...m, [assetId]: url })),
      accountId,
    }),
    [store, errorStore, readOnly, user.planFlags, mediaUrls, setMediaUrls, accountId],
  );
}

/**
 * Checks the document's rules off the typing path (in a worker, see document-check.ts): now, and
 * a moment after the last change. `scope` keeps the errors that count (a variation's own parts);
 * a new `scope` checks again.
 */
export function useDocumentCheck(
  store: TEditorStore,
  errorStore: TEditorErrors,
  lang: TUiLanguage,
  scope?: (errors: Record<string, string>, doc: TSiteDocument) => Record<string, string>,
) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const doc = store.getDoc();
      void checkDocument(doc, lang).then(({ errors }) => {
        // A newer document has its own check coming.
        if (store.getDoc() === doc) errorStore.setClient(scope ? scope(errors, doc) : errors);
      });
    };
    check();
    const stop = store.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(check, VALIDATE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [store, errorStore, lang, scope]);
}
