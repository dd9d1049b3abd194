import type { Redis } from 'ioredis';

// Fixed-window counters for attempt limits (sign-ins, member sign-ins, registrations, forms,
// preview passwords) and the read API's per-client quota. With REDIS_URL every process counts in
// one place, so N processes allow what one allows; without it each process counts alone.

export type TWindowHit = { count: number; resetAt: number };

export interface TWindowCounter {
  /** Counts one hit on `key` in a window of `windowMs` that starts with its first hit. */
  hit(key: string, windowMs: number): Promise<TWindowHit>;
}

export function memoryCounter(): TWindowCounter {
  const windows = new Map<string, TWindowHit>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { ...w };
    },
  };
}

// INCR, and the window's expiry set by its first hit: one round trip, atomic on the server.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/**
 * Counts in Redis; while Redis does not answer, in this process (and says so once), so a Redis
 * outage weakens the limits to one process's instead of refusing every sign-in.
 */
export function redisCounter(
  redis: Redis,
  opts: { prefix: string; onFallback?: (err: unknown) => void },
): TWindowCounter {
  const local = memoryCounter();
  let warned = false;
  return {
    async hit(key, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(HIT, 1, `${opts.prefix}${key}`, windowMs)) as [number, number];
        warned = false;
        return { count, resetAt: Date.now() + ttl };
      } catch (err) {
        if (!warned) opts.onFallback?.(err);
        warned = true;
        return local.hit(key, windowMs);
      }
    },
  };
}
