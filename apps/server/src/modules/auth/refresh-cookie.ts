import type { TTokenPair } from '@swipe/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context';

// The console keeps its refresh token where its own script cannot read it: an HttpOnly,
// SameSite=Strict cookie (Secure and `__Host-` over HTTPS), and its access token in memory.
// A client asks for this with the `X-Refresh-Cookie: 1` header; others (scripts, the API
// client of a partner) keep receiving the refresh token in the body. A token that arrived in
// the cookie is only ever answered in the cookie, so a script in the page cannot lift it.

export const REFRESH_COOKIE_HEADER = 'x-refresh-cookie';
const NAME = 'swipe_refresh';
const HOST_PREFIX = '__Host-';

const secure = (ctx: TAppContext) => ctx.config.publicUrl.startsWith('https:');
const cookieName = (ctx: TAppContext) => `${secure(ctx) ? HOST_PREFIX : ''}${NAME}`;

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
  const attributes = `Path=/; HttpOnly; SameSite=Strict${secure(ctx) ? '; Secure' : ''}`;
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

/** Signs the browser out of its cookie session. */
export const clearRefreshCookie = (ctx: TAppContext, reply: FastifyReply) => setCookie(ctx, reply, '', 0);
