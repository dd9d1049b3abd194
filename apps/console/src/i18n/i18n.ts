import { FALLBACK_UI_LANGUAGE, type TUiLanguage } from '@swipe/contracts/i18n';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLang } from '../app/session';
import cn from './cn.json';
import en from './en.json';
import ja from './ja.json';
import kr from './kr.json';

// The console's own texts. Server messages arrive already localized (Accept-Language) and
// form-validation messages come from the contracts' catalogue, so neither is duplicated here.
// Each feature keeps its texts in `features/<feature>/i18n/<lang>.json` under its own top-level
// key, so features never edit one shared file; they are merged over the shell's texts here.
const featureFiles = import.meta.glob<Record<string, unknown>>('../features/*/i18n/*.json', {
  eager: true,
  import: 'default',
});

const withFeatures = (lang: TUiLanguage, shell: Record<string, unknown>) => {
  const merged: Record<string, unknown> = { ...shell };
  for (const [file, texts] of Object.entries(featureFiles))
    if (file.endsWith(`/${lang}.json`)) Object.assign(merged, texts);
  return merged;
};

export const resources = {
  en: { translation: withFeatures('en', en) },
  ja: { translation: withFeatures('ja', ja) },
  cn: { translation: withFeatures('cn', cn) },
  kr: { translation: withFeatures('kr', kr) },
} as const satisfies Record<TUiLanguage, { translation: unknown }>;

void i18n.use(initReactI18next).init({
  resources,
  lng: readLang(),
  fallbackLng: FALLBACK_UI_LANGUAGE,
  supportedLngs: Object.keys(resources),
  // Resources are bundled, so initialise synchronously: the first render is already translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
