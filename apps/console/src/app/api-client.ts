import { ZRefreshResponse, ZUserInfoResponse } from '@swipe/contracts/auth';
import { keysToCamel, keysToSnake, snakeToCamel } from '@swipe/contracts/case';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { clearSession, mayRestore, readLang, readTokens, readUser, storeSignIn, storeUser } from './session';

// The one way the console talks to the API: snake_case on the wire and camelCase in
// code, Accept-Language from the chosen UI language, a 60 s timeout, one error toast, a single
// shared token refresh on 401 and the forbidden-page redirect on 403.

export const REQUEST_TIMEOUT_MS = 60_000;
export const SESSION_EXPIRED_REDIRECT_MS = 1_000;
export const FORBIDDEN_REDIRECT_MS = 2_000;

/** Pages where an expired session must not bounce the visitor to /login (they are public). */
const NO_LOGIN_REDIRECT = ['/login', '/reset-pass', '/reset-password', '/new-password'];
/** The calls whose own 401 means "wrong credentials", never "refresh and retry". */
const TOKEN_ISSUING_PATHS = ['/api/auth/login', '/api/auth/refresh-token'];

export type TApiErrorKind = 'http' | 'network' | 'timeout' | 'request' | 'aborted';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: TApiErrorKind,
    readonly status = 0,
    readonly code?: string,
    /** Field errors keyed by the camelCase field path (the wire sends snake_case). */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type TEnvelope<T> = {
  data: T;
  message?: string;
  meta?: { total: number; page: number; pageSize: number };
};

/**
 * A body already in the wire's JSON (snake_case keys), sent as it is: the site editor serializes
 * its large document off the main thread, into a Blob that is never copied here.
 */
export class JsonText {
  constructor(readonly text: Blob) {}
}

type TSchema = { safeParse: (v: unknown) => { success: boolean; data?: unknown } };

export type TRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A file sent as is (an upload) instead of a JSON body. */
  raw?: { data: Blob; contentType: string };
  query?: Record<string, unknown>;
  /** Show the automatic error toast (default true). Forms that show errors inline pass false. */
  toast?: boolean;
  /** Send the bearer token and handle 401/403 (default true). Public endpoints pass false. */
  auth?: boolean;
  /** Validates the camelCased envelope; a mismatch is reported as a request error. */
  schema?: TSchema;
  signal?: AbortSignal;
  timeoutMs?: number;
};

type TEffects = {
  notifyError: (message: string) => void;
  navigate: (path: string) => void;
  currentPath: () => string;
};

// Toasts and navigation belong to the UI; main.tsx plugs them in, tests plug in spies.
let effects: TEffects = {
  notifyError: () => {},
  navigate: () => {},
  currentPath: () => globalThis.location?.pathname ?? '/',
};

export function configureApiClient(next: Partial<TEffects>) {
  effects = { ...effects, ...next };
}

const clientText = (key: 'apiError.noResponse' | 'apiError.request') => i18n.t(key, { lng: readLang() });

/** The server's message (a string, or the first of an array), else the HTTP status. */
export function errorMessageOf(status: number, statusText: string, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && typeof message[0] === 'string' && message[0].trim()) return message[0];
  return statusText ? `Error ${status}: ${statusText}` : `Error ${status}`;
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  const out: Record<string, string> = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors as { field?: unknown; message?: unknown }[]) {
    if (typeof e?.field !== 'string' || typeof e.message !== 'string') continue;
    const field = snakeToCamel(e.field);
    out[field] ??= e.message;
  }
  return out;
}

function buildUrl(path: string, query?: Record<string, unknown>) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(keysToSnake<Record<string, unknown>>(query))) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

type TRawResponse = { response: Response; body: unknown };

/** One HTTP exchange, body included, under the timeout. Throws ApiError when no answer came. */
async function send(path: string, opts: TRequestOptions, accessToken?: string): Promise<TRawResponse> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': readLang(),
    // The refresh token stays in the HttpOnly cookie, never in an answer this page can read.
    'X-Refresh-Cookie': '1',
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  else if (opts.raw) headers['Content-Type'] = opts.raw.contentType;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    const response = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? (opts.body === undefined && !opts.raw ? 'GET' : 'POST'),
      headers,
      body: opts.raw
        ? opts.raw.data
        : opts.body === undefined
          ? undefined
          : opts.body instanceof JsonText
            ? opts.body.text
            : JSON.stringify(keysToSnake(opts.body)),
      signal: controller.signal,
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        // A proxy's HTML error page: keep the status, there is no server message.
        body = undefined;
      }
    }
    return { response, body };
  } catch (error) {
    if (timedOut) throw new ApiError(clientText('apiError.noResponse'), 'timeout');
    if (opts.signal?.aborted) throw new ApiError('aborted', 'aborted');
    // fetch rejects with a TypeError exactly when no response arrived (offline, DNS, CORS).
    if (error instanceof TypeError) throw new ApiError(clientText('apiError.noResponse'), 'network');
    throw new ApiError(clientText('apiError.request'), 'request');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
}

let refreshing: Promise<boolean> | null = null;

type TLocks = { request: <T>(name: string, fn: () => Promise<T>) => Promise<T> };

/**
 * Tabs share the refresh cookie, and presenting a rotated token revokes the session: so one
 * tab at a time rotates it (Web Locks), each sending the cookie as the previous one left it.
 */
function oneTabAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: TLocks } | undefined)?.locks;
  return locks ? locks.request('swipe-refresh-token', fn) : fn();
}

/** True when a usable (new) access token is held; concurrent callers share one refresh. */
function ensureFreshToken(usedToken: string | undefined): Promise<boolean> {
  const current = readTokens();
  if (!current && !readUser()) return Promise.resolve(false);
  // Another request already rotated the pair after ours left: retry with the new token.
  if (usedToken && current && current.accessToken !== usedToken) return Promise.resolve(true);
  refreshing ??= oneTabAtATime(async () => {
    try {
      const env = await perform<z.infer<typeof ZRefreshResponse>['data']>('/api/auth/refresh-token', {
        method: 'POST',
        body: {},
        auth: false,
        schema: ZRefreshResponse,
      });
      storeSignIn(env.data);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  });
  return refreshing;
}

/**
 * On start: a remembered user and no token in this tab (a reload, a new tab) gets its access
 * token through the refresh cookie; when the cookie is gone, the session is.
 */
export async function restoreSession(): Promise<void> {
  if (!mayRestore()) return;
  if (!(await ensureFreshToken(undefined)) && mayRestore()) clearSession();
}

let loginRedirect: ReturnType<typeof setTimeout> | undefined;

function sessionExpired() {
  clearSession();
  const path = effects.currentPath();
  if (NO_LOGIN_REDIRECT.some((p) => path === p || path.startsWith(`${p}/`))) return;
  if (loginRedirect) return; // several requests failing together redirect once
  loginRedirect = setTimeout(() => {
    loginRedirect = undefined;
    effects.navigate('/login');
  }, SESSION_EXPIRED_REDIRECT_MS);
}

let forbiddenPending = false;

const BUSINESS_RULE_CODES = new Set([
  'CONTRACT_SUSPENDED',
  'CONTRACT_INACTIVE',
  'PLAN_FEATURE_UNAVAILABLE',
  'PLAN_LIMIT_REACHED',
]);

async function forbidden(code: string | undefined) {
  // Refused for the address the request came from (an address rule in front of the product).
  if (code === 'IP_FORBIDDEN') {
    effects.navigate('/errors/403-ip');
    return;
  }
  if (code === 'PASSWORD_CHANGE_REQUIRED') {
    const user = readUser();
    if (user && !user.mustChangePassword) storeUser({ ...user, mustChangePassword: true });
    effects.navigate('/first-time-change-password');
    return;
  }
  // The account's contract ended: nothing in the console works any more, so end the session;
  // the toast carries the server's explanation and the login page answers the same.
  if (code === 'ACCESS_DISABLED') {
    sessionExpired();
    return;
  }
  // Refusals by a business rule (suspended contract, plan limits) are not about permission:
  // the caller shows the server's message where the user acted, without leaving the page.
  if (code && BUSINESS_RULE_CODES.has(code)) return;
  if (forbiddenPending) return;
  forbiddenPending = true;
  try {
    // The role or authority may have changed since sign-in: refresh what the UI shows.
    const env = await perform<z.infer<typeof ZUserInfoResponse>['data']>('/api/auth/user-info', {
      schema: ZUserInfoResponse,
    });
    storeUser(env.data);
  } catch {
    // The forbidden page is shown regardless.
  }
  setTimeout(() => {
    forbiddenPending = false;
    effects.navigate('/errors/403');
  }, FORBIDDEN_REDIRECT_MS);
}

async function perform<T>(path: string, opts: TRequestOptions, retried = false): Promise<TEnvelope<T>> {
  const withAuth = opts.auth !== false;
  const accessToken = withAuth ? readTokens()?.accessToken : undefined;
  const { response, body } = await send(path, opts, accessToken);

  if (response.ok) {
    const envelope = keysToCamel<TEnvelope<T>>(body ?? { data: null });
    if (typeof envelope !== 'object' || envelope === null || !('data' in envelope))
      throw new ApiError(clientText('apiError.request'), 'request', response.status);
    if (opts.schema && !opts.schema.safeParse(envelope).success)
      throw new ApiError(clientText('apiError.request'), 'request', response.status);
    return envelope;
  }

  const code = (body as { code?: unknown } | null)?.code;
  const error = new ApiError(
    errorMessageOf(response.status, response.statusText, body),
    'http',
    response.status,
    typeof code === 'string' ? code : undefined,
    fieldErrorsOf(body),
  );
  // Refused with no session left, for example a query still refetching around a sign-out or an
  // account deletion: the session ended on purpose, so there is nothing to refresh and nothing
  // to tell the user (the route guards send a signed-out user to the login page).
  if (withAuth && !readTokens() && (response.status === 401 || response.status === 403))
    throw new ApiError(error.message, 'aborted', response.status, error.code);
  if (withAuth && response.status === 401 && !TOKEN_ISSUING_PATHS.includes(path)) {
    if (!retried && (await ensureFreshToken(accessToken))) return perform<T>(path, opts, true);
    sessionExpired();
  } else if (withAuth && response.status === 403) {
    void forbidden(error.code);
  }
  throw error;
}

/** Sends a request; resolves with the camelCased envelope or rejects with an ApiError. */
export async function apiRequest<T = unknown>(path: string, opts: TRequestOptions = {}) {
  try {
    return await perform<T>(path, opts);
  } catch (caught) {
    const error =
      caught instanceof ApiError ? caught : new ApiError(clientText('apiError.request'), 'request');
    if (opts.toast !== false && error.kind !== 'aborted') effects.notifyError(error.message);
    // A screen whose data never came shows the timeout page; a save that timed out stays on its
    // form (the toast says why), so nothing typed is lost.
    const reading = (opts.method ?? (opts.body === undefined && !opts.raw ? 'GET' : 'POST')) === 'GET';
    // (A caller that handles its own errors, toast: false, keeps them.)
    if (reading && opts.toast !== false && (error.kind === 'timeout' || error.status === 504))
      effects.navigate('/errors/504');
    throw error;
  }
}

type TOpts = Omit<TRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, opts?: TOpts) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, opts?: TOpts) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T = unknown>(path: string, body?: unknown, opts?: TOpts) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  patch: <T = unknown>(path: string, body?: unknown, opts?: TOpts) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body: body ?? {} }),
  delete: <T = unknown>(path: string, opts?: TOpts) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** Test hook: forgets the shared refresh and pending redirects between test cases. */
export function resetApiClientState() {
  refreshing = null;
  forbiddenPending = false;
  if (loginRedirect) clearTimeout(loginRedirect);
  loginRedirect = undefined;
}
