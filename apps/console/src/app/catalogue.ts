import type { translate as TTranslate } from '@swipe/contracts/messages';

// The contracts' message catalogue (every rule's message, in four languages) is only needed once
// a form shows an error, so it is fetched after the app has started rather than before the first
// screen. Lazy pages wait for it (router.tsx); the sign-in form re-words its errors when it lands.

let translateFn: typeof TTranslate | null = null;
const listeners = new Set<() => void>();

/** Resolves once the catalogue is loaded (or failed to load: texts then fall back to their keys). */
export const catalogueReady: Promise<void> = import('@swipe/contracts/messages').then(
  ({ translate }) => {
    translateFn = translate;
    for (const listener of listeners) listener();
  },
  () => undefined,
);

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
