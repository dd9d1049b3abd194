import type { TUiLanguage } from '@swipe/contracts/i18n';
import type { isMessageKey as TIsMessageKey, translate as TTranslate } from '@swipe/contracts/messages';

// The contracts' message catalogue (every rule's message, in four languages) is only needed once
// a form shows an error, so it is fetched on the first key or pointer press on a form, or with
// the first lazy page (router.tsx), rather than before the first screen. A form that validated
// before it arrived is re-worded when it lands (forms.ts).

let translateFn: typeof TTranslate | null = null;
let isKeyFn: typeof TIsMessageKey | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches the catalogue once; resolves when it is there (or failed: texts then stay keys). */
export function loadCatalogue(): Promise<void> {
  loading ??= import('@swipe/contracts/messages').then(
    ({ translate, isMessageKey }) => {
      translateFn = translate;
      isKeyFn = isMessageKey;
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

/**
 * The catalogue's text for `key` (a text that is no key reads as the generic 'invalid' message),
 * or the key itself until the catalogue has arrived.
 */
export function translateMessage(
  key: string,
  lang: TUiLanguage,
  params?: Record<string, string | number>,
): string {
  if (!translateFn || !isKeyFn) return key;
  return translateFn(isKeyFn(key) ? key : 'common.invalid', lang, params);
}
