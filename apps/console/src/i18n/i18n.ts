import { FALLBACK_UI_LANGUAGE, type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLang } from '../app/session';

// The console's own texts. Server messages arrive already localized (Accept-Language) and
// form-validation messages come from the contracts' catalogue, so neither is duplicated here.
// Each feature keeps its texts in `features/<feature>/i18n/<lang>.json` under its own top-level
// key, so features never edit one shared file; they are merged over the shell's texts here.
// Only the active language is downloaded, in two parts (one chunk each, vite.config.ts): the
// shell's texts, which the first screen waits for, and the features', which lazy pages wait for.
const shellFiles = import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default' });
const featureFiles = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  import: 'default',
});

type TPart = 'shell' | 'features';
const FILES: Record<TPart, typeof shellFiles> = { shell: shellFiles, features: featureFiles };

/** One part of a language's texts, its files merged into one tree. */
export async function loadTexts(lang: TUiLanguage, part: TPart): Promise<Record<string, unknown>> {
  const files = Object.entries(FILES[part]).filter(([file]) => file.endsWith(`/${lang}.json`));
  const texts = await Promise.all(files.map(([, load]) => load()));
  return Object.assign({}, ...texts);
}

const loading = new Map<string, Promise<void>>();

function loadPart(lang: TUiLanguage, part: TPart): Promise<void> {
  const key = `${lang}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadTexts(lang, part).then(
      (texts) => {
        // Deep and overwriting: the parts have disjoint top-level keys.
        i18n.addResourceBundle(lang, 'translation', texts, true, true);
      },
      (error: unknown) => {
        // A failed download is tried again next time.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** The texts of the first screen (sign-in, loaders, errors, the signed-in shell). */
export const loadShellTexts = (lang: TUiLanguage) => loadPart(lang, 'shell');

/** Every text of `lang`, once. */
export const loadLanguage = (lang: TUiLanguage) =>
  Promise.all([loadPart(lang, 'shell'), loadPart(lang, 'features')]).then(() => undefined);

// The language being switched to, and whether any page has needed the features' texts yet.
let target: TUiLanguage = readLang();
let featuresWanted = false;

/**
 * The features' texts of the language on screen and of the one being switched to; lazy pages
 * wait for this, and from then on every switch fetches them too.
 */
export function loadFeatureTexts(): Promise<void> {
  featuresWanted = true;
  const langs = new Set([i18n.language as TUiLanguage, target]);
  return Promise.all([...langs].map((lang) => loadPart(lang, 'features'))).then(() => undefined);
}

/**
 * Fetches what `lang` needs on screen, then switches i18next to it. False when a later switch
 * overtook this one (the later one wins).
 */
export async function switchTexts(lang: TUiLanguage): Promise<boolean> {
  target = lang;
  await loadPart(lang, 'shell');
  // Checked after the wait: a page that asked for the features meanwhile gets them in this
  // language too. From the check to the switch nothing waits, so none can slip in between.
  if (featuresWanted) await loadPart(lang, 'features');
  if (target !== lang) return false;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  return true;
}

void i18n.use(initReactI18next).init({
  // Bundles arrive through the loaders above; the first render waits for the shell's (main.tsx).
  resources: {},
  lng: readLang(),
  fallbackLng: FALLBACK_UI_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
