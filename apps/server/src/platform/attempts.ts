import type { TAppContext } from './context';
import { AppError } from './errors';

// Attempts at something a stranger may guess at (a sign-in, a resend) counted per key, usually
// `${ip}|${siteId}`: a fixed one-minute window of RATE_LIMIT_LOGIN_PER_MINUTE, kept per app
// (in memory: one process's count; the route's own rate limit backs it up).

const attemptWindows = new WeakMap<TAppContext, Map<string, { count: number; resetAt: number }>>();

/** Counts one attempt; false when the key has had more than the limit in its window. */
export function withinAttempts(ctx: TAppContext, key: string, now = Date.now()) {
  let windows = attemptWindows.get(ctx);
  if (!windows) {
    windows = new Map();
    attemptWindows.set(ctx, windows);
  }
  if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  let w = windows.get(key);
  if (!w || w.resetAt <= now) {
    w = { count: 0, resetAt: now + 60_000 };
    windows.set(key, w);
  }
  w.count++;
  return w.count <= ctx.config.loginRateLimitPerMinute;
}

export const tooManyAttempts = () => new AppError(429, 'RATE_LIMITED', 'common.tooManyRequests');
