import type { TAppContext } from './context';
import { AppError } from './errors';

// Attempts at something a stranger may guess at (a sign-in, a resend) counted per key, usually
// `${ip}|${siteId}`: a fixed one-minute window of RATE_LIMIT_LOGIN_PER_MINUTE, shared by every
// process through the app's counter (Redis when REDIS_URL is set).

/** Counts one attempt; false when the key has had more than the limit in its window. */
export async function withinAttempts(ctx: TAppContext, key: string) {
  const { count } = await ctx.counters.hit(`attempt:${key}`, 60_000);
  return count <= ctx.config.loginRateLimitPerMinute;
}

export const tooManyAttempts = () => new AppError(429, 'RATE_LIMITED', 'common.tooManyRequests');
