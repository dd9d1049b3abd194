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
export const resources = {
  en: { translation: en },
  ja: { translation: ja },
  cn: { translation: cn },
  kr: { translation: kr },
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
