import { type TAuthUser, type TTokenPair, ZAuthUser } from '@swipe/contracts/auth';
import { DEFAULT_UI_LANGUAGE, type TUiLanguage, UI_LANGUAGES } from '@swipe/contracts/i18n';

// The signed-in state. The access token lives in this module's memory only, never in storage a
// script could read later; the refresh token is in an HttpOnly cookie the page cannot read at
// all. What survives a reload or reaches a second tab is the user (`userInfo`, the hint that a
// session exists) and the UI language: on start, a tab with a user and no token asks the server for
// one through the cookie (restoreSession in api-client.ts).
// This module is the only one that touches those keys; React reads it through use-session.ts.

export const STORAGE_KEYS = {
  user: 'userInfo',
  lang: 'user_lang',
} as const;

/** Where sessions before the cookie kept their token pair: removed on sight. */
const LEGACY_TOKEN_KEY = 'user_access';

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
write(LEGACY_TOKEN_KEY, null);
// Memory is the truth for this tab (it works where storage throws); storage carries it across.
let tokens: TTokenPair | null = null;
let user: TAuthUser | null = readJson(STORAGE_KEYS.user, ZAuthUser);
let snapshot: TSession = { tokens, user };

function changed() {
  snapshot = { tokens, user };
  for (const listener of listeners) listener();
}

export const getSession = (): TSession => snapshot;

export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Re-reads storage: another tab changed it (signing out there signs out here, and the token of
 * this tab goes with it), or a test reset it.
 */
export function reloadSession() {
  user = readJson(STORAGE_KEYS.user, ZAuthUser);
  if (!user) tokens = null;
  changed();
}

export const readTokens = (): TTokenPair | null => snapshot.tokens;
export const readUser = (): TAuthUser | null => snapshot.user;
export const isSignedIn = () => Boolean(snapshot.tokens && snapshot.user);
/** A user is remembered but this tab holds no token yet: the cookie may still restore it. */
export const mayRestore = () => Boolean(snapshot.user && !snapshot.tokens);

/** Keeps the access token (in memory only; a refresh token in the answer is ignored). */
export function storeTokens(next: TTokenPair) {
  tokens = { accessToken: next.accessToken, expiresIn: next.expiresIn };
  changed();
}

export function storeUser(next: TAuthUser) {
  user = next;
  write(STORAGE_KEYS.user, JSON.stringify(next));
  changed();
}

/** A login-shaped answer: a token pair plus the user. */
export function storeSignIn(result: TTokenPair & { user: TAuthUser }) {
  const { user: next, ...pair } = result;
  user = next;
  write(STORAGE_KEYS.user, JSON.stringify(next));
  storeTokens(pair);
}

/** Forgets tokens and user; the chosen UI language stays. */
export function clearSession() {
  tokens = null;
  user = null;
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
