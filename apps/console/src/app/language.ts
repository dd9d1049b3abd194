import type { TUiLanguage } from '@swipe/contracts/i18n';
import { switchTexts } from '../i18n/i18n';
import { authApi } from './auth-api';
import { isSignedIn, storeLang, storeUser } from './session';

// Native names: a reader of any language must recognise their own in the switcher.
export const LANGUAGE_LABELS: Record<TUiLanguage, string> = {
  en: 'English',
  ja: '日本語',
  cn: '中文',
  kr: '한국어',
};

// The UI codes (cn, kr) are the product's; <html lang> needs BCP 47 for fonts and screen readers.
export const HTML_LANG: Record<TUiLanguage, string> = { en: 'en', ja: 'ja', cn: 'zh-CN', kr: 'ko' };

/**
 * Switches the UI locally: storage (and so Accept-Language) at once, then i18next and <html lang>
 * once the language's texts are downloaded. Resolves when the switch is done.
 */
export async function applyLanguage(lang: TUiLanguage) {
  storeLang(lang);
  try {
    // False when a later choice overtook this one.
    if (!(await switchTexts(lang))) return;
  } catch {
    // Offline or a stale build: the texts stay in the current language; a later switch retries.
    return;
  }
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** A choice made while signed out (on the login page): it wins over the saved one at sign-in. */
let chosenSignedOut: TUiLanguage | null = null;

/** The language chosen since the last sign-in while signed out, if any (forgotten once read). */
export function takeSignedOutChoice() {
  const chosen = chosenSignedOut;
  chosenSignedOut = null;
  return chosen;
}

/** The user's choice: applied at once, and remembered server-side (mails use it) when signed in. */
export async function chooseLanguage(lang: TUiLanguage) {
  void applyLanguage(lang);
  if (!isSignedIn()) {
    chosenSignedOut = lang;
    return;
  }
  await rememberLanguage(lang);
}

/** Saves the signed-in user's language server-side. */
export async function rememberLanguage(lang: TUiLanguage) {
  try {
    const { data } = await authApi.setLanguage(lang, { toast: false });
    storeUser(data);
  } catch {
    // The UI already switched; the server keeps the old language until the next change.
  }
}
