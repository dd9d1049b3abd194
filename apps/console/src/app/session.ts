import { type TAuthUser, type TTokenPair, ZAuthUser, ZTokenPair } from '@swipe/contracts/auth';
import { DEFAULT_UI_LANGUAGE, type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';

// The signed-in state lives in localStorage under the keys of SPEC 9, so that a reload or a
// second tab keeps the session. This module is the only one that touches those keys; React
// reads it through use-session.ts, the API client directly.

export const STORAGE_KEYS = {
  access: 'user_access',
  user: 'userInfo',
  lang: 'user_lang',
} as const;

export type TSession = { tokens: TTokenPair | null; user: TAuthUser | null };

// Storage can throw (privacy modes, quota); a console that cannot persist still works in memory.
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Ignored on purpose: see read().
  }
}

function readJson<T>(key: string, schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }) {
  const raw = read(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as T) : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let snapshot: TSession = load();

function load(): TSession {
  return { tokens: readJson(STORAGE_KEYS.access, ZTokenPair), user: readJson(STORAGE_KEYS.user, ZAuthUser) };
}

function changed() {
  snapshot = load();
  for (const listener of listeners) listener();
}

export const getSession = (): TSession => snapshot;

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-reads storage; used when another tab changed it and by tests that reset storage. */
export const reloadSession = () => changed();

export const readTokens = (): TTokenPair | null => snapshot.tokens;
export const readUser = (): TAuthUser | null => snapshot.user;
export const isSignedIn = () => Boolean(snapshot.tokens && snapshot.user);

export function storeTokens(tokens: TTokenPair) {
  const { accessToken, refreshToken, expiresIn } = tokens;
  write(STORAGE_KEYS.access, JSON.stringify({ accessToken, refreshToken, expiresIn }));
  changed();
}

export function storeUser(user: TAuthUser) {
  write(STORAGE_KEYS.user, JSON.stringify(user));
  changed();
}

/** A login-shaped answer: a token pair plus the user. */
export function storeSignIn(result: TTokenPair & { user: TAuthUser }) {
  const { user, ...tokens } = result;
  write(STORAGE_KEYS.user, JSON.stringify(user));
  storeTokens(tokens);
}

/** Forgets tokens and user; the chosen UI language stays. */
export function clearSession() {
  write(STORAGE_KEYS.access, null);
  write(STORAGE_KEYS.user, null);
  changed();
}

const isUiLanguage = (v: unknown): v is TUiLanguage => UI_LANGUAGES.includes(v as TUiLanguage);

export function readLang(): TUiLanguage {
  const stored = read(STORAGE_KEYS.lang);
  return isUiLanguage(stored) ? stored : DEFAULT_UI_LANGUAGE;
}

export function storeLang(lang: TUiLanguage) {
  write(STORAGE_KEYS.lang, lang);
}
