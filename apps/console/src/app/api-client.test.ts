import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../i18n/i18n';
import {
  ApiError,
  api,
  configureApiClient,
  errorMessageOf,
  FORBIDDEN_REDIRECT_MS,
  REQUEST_TIMEOUT_MS,
  resetApiClientState,
  restoreSession,
  SESSION_EXPIRED_REDIRECT_MS,
} from './api-client';
import { readTokens, readUser, reloadSession, STORAGE_KEYS, storeTokens } from './session';

// Node has fetch/Response but no localStorage: a Map-backed stub stands in for it.
function storageStub() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const wireUser = {
  id: 'u1',
  email: 'master@example.com',
  name: 'Master Operator',
  role: 'MASTER',
  acting_role: 'MASTER',
  route_prefix: 'master',
  authority: 'EDIT',
  admin_role_label: 'MAIN_CONTACT',
  must_change_password: false,
  language: 'en',
  account_id: 'a1',
  account_name: 'Platform',
};

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

const tokenBody = (access: string, refresh: string) => ({
  data: { access_token: access, refresh_token: refresh, expires_in: 900, user: wireUser },
});

type TCall = { url: string; method: string; headers: Record<string, string>; body: unknown };

let calls: TCall[];
let fetchMock: ReturnType<typeof vi.fn>;
const notifyError = vi.fn();
const navigate = vi.fn();
let currentPath = '/master';

const storedUser = {
  ...wireUser,
  actingRole: 'MASTER',
  routePrefix: 'master',
  adminRoleLabel: 'MAIN_CONTACT',
  mustChangePassword: false,
  accountId: 'a1',
  accountName: 'Platform',
};

/** A tab that signed in: the user remembered in storage, the access token in memory. */
function signIn(access = 'old-access') {
  rememberUser();
  storeTokens({ accessToken: access, expiresIn: 900 });
}

/** A tab that was reloaded (or a new one): the user is remembered, no token is held yet. */
function rememberUser() {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(storedUser));
  reloadSession();
}

/** Routes each fetch to a handler by path; records what was sent. */
function serve(handler: (call: TCall) => Response | Promise<Response>) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const call: TCall = {
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
}

// The console downloads one language at a time; the error texts are checked in two.
beforeAll(async () => {
  await Promise.all([loadLanguage('en'), loadLanguage('ja')]);
});

beforeEach(() => {
  vi.stubGlobal('localStorage', storageStub());
  localStorage.setItem(STORAGE_KEYS.lang, 'en');
  reloadSession();
  resetApiClientState();
  calls = [];
  notifyError.mockReset();
  navigate.mockReset();
  currentPath = '/master';
  configureApiClient({ notifyError, navigate, currentPath: () => currentPath });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client: wire format', () => {
  it('sends Accept-Language and snake_case, answers camelCase', async () => {
    signIn();
    serve(() => json(200, { data: { user_name: 'x', nested_list: [{ created_at: 't' }] }, message: 'ok' }));
    const env = await api.post('/api/things', { siteName: 'A', pageSize: 2 }, { query: { pageSize: 10 } });
    expect(env).toEqual({ data: { userName: 'x', nestedList: [{ createdAt: 't' }] }, message: 'ok' });
    expect(calls[0]?.url).toBe('/api/things?page_size=10');
    expect(calls[0]?.body).toEqual({ site_name: 'A', page_size: 2 });
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
    expect(calls[0]?.headers.Authorization).toBe('Bearer old-access');
  });

  it('defaults Accept-Language to ja', async () => {
    localStorage.removeItem(STORAGE_KEYS.lang);
    serve(() => json(200, { data: null }));
    await api.get('/api/health', { auth: false });
    expect(calls[0]?.headers['Accept-Language']).toBe('ja');
  });
});

describe('api client: a reloaded tab', () => {
  it('gets its access token through the refresh cookie before anything else', async () => {
    rememberUser();
    expect(readTokens()).toBeNull();
    serve(({ url }) =>
      url === '/api/auth/refresh-token' ? json(200, tokenBody('new-access', 'new-refresh')) : json(404, {}),
    );
    await restoreSession();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh-token']);
    expect(readTokens()).toEqual({ accessToken: 'new-access', expiresIn: 900 });
    expect(readUser()?.email).toBe('master@example.com');
  });

  it('is signed out when the cookie no longer works, without a toast', async () => {
    rememberUser();
    serve(() => json(401, { message: 'Invalid token', code: 'INVALID_TOKEN' }));
    await restoreSession();
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('asks nothing when no user is remembered', async () => {
    serve(() => json(500, {}));
    await restoreSession();
    expect(calls).toEqual([]);
  });
});

describe('api client: 401 refresh and retry', () => {
  it('refreshes once and retries the request once with the new token', async () => {
    signIn();
    serve(({ url, headers }) => {
      if (url === '/api/auth/refresh-token') return json(200, tokenBody('new-access', 'new-refresh'));
      return headers.Authorization === 'Bearer new-access'
        ? json(200, { data: { ok: true } })
        : json(401, { message: 'Expired', code: 'UNAUTHENTICATED' });
    });
    const env = await api.get<{ ok: boolean }>('/api/things');
    expect(env.data.ok).toBe(true);
    expect(calls.map((c) => c.url)).toEqual(['/api/things', '/api/auth/refresh-token', '/api/things']);
    // The refresh token travels in the HttpOnly cookie: never in the body, never held here.
    expect(calls[1]?.body).toEqual({});
    expect(calls[1]?.headers['X-Refresh-Cookie']).toBe('1');
    expect(readTokens()).toEqual({ accessToken: 'new-access', expiresIn: 900 });
    expect(JSON.stringify({ ...localStorage })).not.toContain('new-access');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('retries only once; a second 401 clears the session and goes to /login after 1 s', async () => {
    vi.useFakeTimers();
    signIn();
    serve(({ url }) =>
      url === '/api/auth/refresh-token'
        ? json(200, tokenBody('new-access', 'new-refresh'))
        : json(401, { message: 'Your session has expired.', code: 'UNAUTHENTICATED' }),
    );
    const error = await api.get('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(['/api/things', '/api/auth/refresh-token', '/api/things']);
    expect(readTokens()).toBeNull();
    expect(readUser()).toBeNull();
    expect(notifyError).toHaveBeenCalledTimes(1);
    expect(notifyError).toHaveBeenCalledWith('Your session has expired.');
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a request sent before a sign-out that answers 401 afterwards neither toasts nor redirects', async () => {
    vi.useFakeTimers();
    signIn();
    let answer: (r: Response) => void = () => {};
    serve(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const pending = api.get('/api/things').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    // The user signs out (for example by deleting the account) while the request is in flight.
    localStorage.removeItem(STORAGE_KEYS.user);
    reloadSession();
    answer(json(401, { message: 'Your session has expired.', code: 'UNAUTHENTICATED' }));
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual(['/api/things']);
    // A query refetching after the sign-out goes without a token and is refused the same way.
    serve(() => json(401, { message: 'Your session has expired.', code: 'UNAUTHENTICATED' }));
    await expect(api.get('/api/other')).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a failed refresh does not redirect while on a public page', async () => {
    vi.useFakeTimers();
    signIn();
    currentPath = '/reset-password';
    serve(() => json(401, { message: 'Expired', code: 'UNAUTHENTICATED' }));
    await api.get('/api/things').catch(() => {});
    expect(calls.map((c) => c.url)).toEqual(['/api/things', '/api/auth/refresh-token']);
    expect(readTokens()).toBeNull();
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS * 5);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shares one in-flight refresh between concurrent 401s', async () => {
    signIn();
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const refused: string[] = [];
    serve(async ({ url, headers }) => {
      if (url === '/api/auth/refresh-token') {
        await refreshGate;
        return json(200, tokenBody('new-access', 'new-refresh'));
      }
      if (headers.Authorization === 'Bearer new-access') return json(200, { data: url });
      refused.push(url);
      return json(401, { message: 'Expired', code: 'UNAUTHENTICATED' });
    });
    const both = Promise.all([api.get<string>('/api/a'), api.get<string>('/api/b')]);
    // Both first attempts refused and the refresh asked for, before it answers: the refusals were
    // handled in the same turn, so both wait on that one refresh.
    await vi.waitFor(() => {
      expect(refused.sort()).toEqual(['/api/a', '/api/b']);
      expect(calls.filter((c) => c.url === '/api/auth/refresh-token')).toHaveLength(1);
    });
    releaseRefresh();
    const [a, b] = await both;
    expect(a.data).toBe('/api/a');
    expect(b.data).toBe('/api/b');
    expect(calls.filter((c) => c.url === '/api/auth/refresh-token')).toHaveLength(1);
    expect(calls.filter((c) => c.headers.Authorization === 'Bearer new-access')).toHaveLength(2);
  });

  it('never refreshes on the login call itself', async () => {
    serve(() =>
      json(401, { message: 'The login ID or password is incorrect.', code: 'INVALID_CREDENTIALS' }),
    );
    const error = (await api
      .post('/api/auth/login', { loginId: 'a', password: 'b' }, { auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(calls).toHaveLength(1);
    expect(notifyError).toHaveBeenCalledWith('The login ID or password is incorrect.');
  });
});

describe('api client: 403', () => {
  it('PASSWORD_CHANGE_REQUIRED goes to the first-time page at once', async () => {
    signIn();
    serve(() => json(403, { message: 'Please change your password.', code: 'PASSWORD_CHANGE_REQUIRED' }));
    await api.get('/api/things').catch(() => {});
    expect(navigate).toHaveBeenCalledWith('/first-time-change-password');
    expect(readUser()?.mustChangePassword).toBe(true);
  });

  it('ACCESS_DISABLED (contract ended) signs out and goes to /login after 1 s', async () => {
    vi.useFakeTimers();
    signIn();
    serve(() => json(403, { message: 'Contract not active.', code: 'ACCESS_DISABLED' }));
    await api.get('/api/things').catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('Contract not active.');
    expect(readUser()).toBeNull();
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(navigate).not.toHaveBeenCalledWith('/errors/403');
  });

  it.each(['CONTRACT_SUSPENDED', 'PLAN_LIMIT_REACHED'])(
    '%s (a business rule) stays on the page and shows the server message',
    async (code) => {
      vi.useFakeTimers();
      signIn();
      serve(() => json(403, { message: 'Not now.', code }));
      const error = (await api.put('/api/things/1', {}).catch((e: unknown) => e)) as ApiError;
      expect(error.code).toBe(code);
      await vi.advanceTimersByTimeAsync(3000);
      expect(navigate).not.toHaveBeenCalled();
      expect(notifyError).toHaveBeenCalledWith('Not now.');
      vi.useRealTimers();
    },
  );

  it('other 403s reload user-info, then go to /errors/403 after 2 s', async () => {
    vi.useFakeTimers();
    signIn();
    serve(({ url }) =>
      url === '/api/auth/user-info'
        ? json(200, { data: { ...wireUser, name: 'Renamed' } })
        : json(403, { message: 'No permission.', code: 'FORBIDDEN' }),
    );
    await api.get('/api/things').catch(() => {});
    // Fake timers also drive vi.waitFor, so wait on microtasks instead.
    for (let i = 0; i < 100 && readUser()?.name !== 'Renamed'; i++) await Promise.resolve();
    expect(readUser()?.name).toBe('Renamed');
    expect(notifyError).toHaveBeenCalledWith('No permission.');
    vi.advanceTimersByTime(FORBIDDEN_REDIRECT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/errors/403');
  });
});

describe('api client: error messages', () => {
  it('derives the message from a string, an array, or the status', () => {
    expect(errorMessageOf(400, 'Bad Request', { message: 'Server says no' })).toBe('Server says no');
    expect(errorMessageOf(400, 'Bad Request', { message: ['First', 'Second'] })).toBe('First');
    expect(errorMessageOf(500, 'Internal Server Error', {})).toBe('Error 500: Internal Server Error');
    expect(errorMessageOf(502, 'Bad Gateway', undefined)).toBe('Error 502: Bad Gateway');
  });

  it('toasts the status text for a non-JSON error page and maps field errors to camelCase', async () => {
    serve(({ url }) =>
      url === '/api/html'
        ? new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
        : json(400, {
            message: 'Invalid',
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'current_password', message: 'Wrong' }],
          }),
    );
    await api.get('/api/html', { auth: false }).catch(() => {});
    expect(notifyError).toHaveBeenLastCalledWith('Error 502: Bad Gateway');
    const error = (await api.post('/api/form', {}, { toast: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ currentPassword: 'Wrong' });
    expect(notifyError).toHaveBeenCalledTimes(1);
  });

  it('shows the no-connection text when no response arrives', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const error = (await api.get('/api/x', { auth: false }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(notifyError).toHaveBeenCalledWith(
      'Cannot connect to the server. Check your internet connection or try again later.',
    );
  });

  it('shows the generic request error for anything else, in the stored language', async () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'ja');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('boom')));
    await api.get('/api/x', { auth: false }).catch(() => {});
    expect(notifyError).toHaveBeenCalledWith('リクエストエラーが発生しました。もう一度お試しください。');
  });
});

describe('api client: timeout', () => {
  it('aborts after 60 s and reports no connection', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }),
      ),
    );
    const pending = api.get('/api/slow', { auth: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(aborted).toBe(true);
    expect(error.kind).toBe('timeout');
    expect(notifyError).toHaveBeenCalledWith(
      'Cannot connect to the server. Check your internet connection or try again later.',
    );
    // Loading a screen that never answered shows the timeout page.
    expect(navigate).toHaveBeenCalledWith('/errors/504');
  });

  it('a save that times out, or a 504 on one, keeps the user on the form (the toast says why)', async () => {
    serve(() => json(504, { message: 'Gateway Timeout' }, 'Gateway Timeout'));
    await api.post('/api/things', {}, { auth: false }).catch(() => {});
    expect(navigate).not.toHaveBeenCalled();
    await api.get('/api/things', { auth: false }).catch(() => {});
    expect(navigate).toHaveBeenCalledWith('/errors/504');
  });
});

describe('api client: refused for the address', () => {
  it('goes to the IP-forbidden page on a 403 IP_FORBIDDEN, not the plain forbidden page', async () => {
    signIn();
    serve(() => json(403, { message: 'Not from this address.', code: 'IP_FORBIDDEN' }));
    await api.get('/api/things').catch(() => {});
    expect(navigate).toHaveBeenCalledWith('/errors/403-ip');
    expect(navigate).not.toHaveBeenCalledWith('/errors/403');
  });
});
