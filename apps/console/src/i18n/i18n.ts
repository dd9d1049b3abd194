import { FALLBACK_UI_LANGUAGE, type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLang } from '../app/session';

// The console's own texts. Server messages arrive already localized (Accept-Language) and
// form-validation messages come from the contracts' catalogue, so neither is duplicated here.
// Each feature keeps its texts in `features/<feature>/i18n/<lang>.json` under its own top-level
// key, so features never edit one shared file; they are merged over the shell's texts here.
// Only the active language is downloaded: the build puts each language's files into one chunk
// (vite.config.ts), fetched at start-up and on a language switch.
const textFiles = import.meta.glob<Record<string, unknown>>(['./*.json', '../features/*/i18n/*.json'], {
  import: 'default',
});

/** Every text of one language: the shell's file, then each feature's over it. */
export async function loadTexts(lang: TUiLanguage): Promise<Record<string, unknown>> {
  const shell = `./${lang}.json`;
  const files = Object.keys(textFiles)
    .filter((file) => file.endsWith(`/${lang}.json`))
    .sort((a, b) => Number(b === shell) - Number(a === shell));
  const parts = await Promise.all(files.map((file) => textFiles[file]!()));
  return Object.assign({}, ...parts);
}

const loading = new Map<TUiLanguage, Promise<void>>();

/** Makes `lang`'s texts available to i18next (once; a failed download is tried again next time). */
export function loadLanguage(lang: TUiLanguage): Promise<void> {
  let pending = loading.get(lang);
  if (!pending) {
    pending = loadTexts(lang).then(
      (texts) => {
        i18n.addResourceBundle(lang, 'translation', texts, true, true);
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

void i18n.use(initReactI18next).init({
  // Bundles arrive through loadLanguage(); the first render waits for the active one (main.tsx).
  resources: {},
  lng: readLang(),
  fallbackLng: FALLBACK_UI_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
