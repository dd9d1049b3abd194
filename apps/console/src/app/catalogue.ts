import type { translate as TTranslate } from '@swipe/contracts/messages';

// The contracts' message catalogue (every rule's message, in four languages) is only needed once
// a form shows an error, so it is fetched on the first key or pointer press on a form, or with
// the first lazy page (router.tsx), rather than before the first screen. A form that validated
// before it arrived is re-worded when it lands (forms.ts).

let translateFn: typeof TTranslate | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches the catalogue once; resolves when it is there (or failed: texts then stay keys). */
export function loadCatalogue(): Promise<void> {
  loading ??= import('@swipe/contracts/messages').then(
    ({ translate }) => {
      translateFn = translate;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

export const isCatalogueLoaded = () => translateFn !== null;

export function subscribeCatalogue(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The catalogue's text for `key`, or the key itself until the catalogue has arrived. */
export const translateMessage: typeof TTranslate = (key, lang, params) =>
  translateFn ? translateFn(key, lang, params) : key;
