import type { TTokenPair } from '@swipe/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context';

// The console keeps its refresh token where its own script cannot read it: an HttpOnly,
// SameSite=Strict cookie, and its access token in memory. A client asks for this with the
// `X-Refresh-Cookie: 1` header; others (scripts, the API client of a partner) keep receiving
// the refresh token in the body. A token that arrived in the cookie is only ever answered in the
// cookie, so a script in the page cannot lift it, and a call the cookie authenticates must come
// from the console's own origin (cookieCallAllowed), so no other page can make it either.
// Over HTTPS the cookie is `__Host-swipe_refresh`: Secure, and no other host (a sites subdomain
// included) can set or shadow it; that prefix demands `Path=/`. Over plain HTTP (a laptop) it is
// scoped to the auth calls, `Path=/api/auth`.

export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
const NAME = 'swipe_refresh';
const HOST_PREFIX = '__Host-';
const AUTH_PATH = '/api/auth';

const secure = (ctx: TAppContext) => ctx.config.publicUrl.startsWith('https:');
const cookieName = (ctx: TAppContext) => `${secure(ctx) ? HOST_PREFIX : ''}${NAME}`;

/**
 * Whether a call that the cookie authenticates comes from the console's own pages: browsers say
 * where a request comes from (Sec-Fetch-Site, Origin); a client that says neither is no browser,
 * so no other site's page can be making it with the operator's cookie.
 */
export function cookieCallAllowed(ctx: TAppContext, req: FastifyRequest): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === new URL(ctx.config.publicUrl).origin;
}

/** Whether the client keeps its refresh token in the cookie. */
export const wantsRefreshCookie = (req: FastifyRequest) => req.headers[REFRESH_COOKIE_HEADER] === '1';

/** The refresh token the request carries in the cookie, or undefined. */
export function refreshCookieOf(ctx: TAppContext, req: FastifyRequest): string | undefined {
  const prefix = `${cookieName(ctx)}=`;
  const found = req.headers.cookie
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(prefix));
  const value = found?.slice(prefix.length);
  return value ? decodeURIComponent(value) : undefined;
}

function setCookie(ctx: TAppContext, reply: FastifyReply, value: string, maxAgeSeconds: number) {
  const attributes = secure(ctx)
    ? 'Path=/; HttpOnly; SameSite=Strict; Secure'
    : `Path=${AUTH_PATH}; HttpOnly; SameSite=Strict`;
  reply.header(
    'set-cookie',
    `${cookieName(ctx)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; ${attributes}`,
  );
}

/**
 * The answer of a call that issues a token pair: for a cookie client, the refresh token goes in
 * the cookie and out of the body (also when `fromCookie`: it must never reach the page).
 */
export function answerSession<T extends TTokenPair>(
  ctx: TAppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  pair: T,
  opts: { fromCookie?: boolean } = {},
): T {
  if (!wantsRefreshCookie(req) && !opts.fromCookie) return pair;
  setCookie(ctx, reply, pair.refreshToken ?? '', ctx.config.refreshTokenTtlDays * 86_400);
  const { refreshToken: _kept, ...rest } = pair;
  return rest as T;
}

/** Signs the browser out of its cookie session (and of a plain-HTTP cookie of `Path=/` from before the auth path). */
export function clearRefreshCookie(ctx: TAppContext, reply: FastifyReply) {
  setCookie(ctx, reply, '', 0);
  if (!secure(ctx)) reply.header('set-cookie', `${NAME}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`);
}
