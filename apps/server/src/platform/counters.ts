import type { Redis } from 'ioredis';

// Fixed-window counters for attempt limits (sign-ins, member sign-ins, registrations, forms,
// preview passwords) and the read API's per-client quota. With REDIS_URL every process counts in
// one place, so N processes allow what one allows; without it each process counts alone.

export type TWindowHit = { count: number; resetAt: number };

export interface TWindowCounter {
  /** Counts one hit on `key` in a window of `windowMs` that starts with its first hit. */
  hit(key: string, windowMs: number): Promise<TWindowHit>;
}

/**
 * Windows one process keeps at most (about 150 bytes each). Past it the oldest open window is
 * forgotten: only a flood of that many addresses within a window gets there, and forgetting the
 * window nearest its end weakens that one key's limit, where growing would hold memory for as
 * long as the flood lasts. Shared limits at that scale belong in Redis (REDIS_URL).
 */
export const MEMORY_COUNTER_MAX_KEYS = 50_000;

export function memoryCounter(
  opts: { maxKeys?: number; now?: () => number } = {},
): TWindowCounter & { size(): number } {
  const maxKeys = opts.maxKeys ?? MEMORY_COUNTER_MAX_KEYS;
  const clock = opts.now ?? Date.now;
  // In the order the windows opened: a key whose window ended is deleted before it opens the
  // next one, so the windows that end first come first (for one window length; a longer window
  // in front only delays the sweep of shorter ones behind it, never past the bound).
  const windows = new Map<string, TWindowHit>();
  return {
    async hit(key, windowMs) {
      const now = clock();
      let w = windows.get(key);
      if (w && w.resetAt <= now) {
        windows.delete(key);
        w = undefined;
      }
      if (!w) {
        // Each new window first drops the ended windows in front, and the oldest open ones
        // while the bound is reached: a few entries at a time, not a walk over all of them.
        for (const [k, old] of windows) {
          if (old.resetAt > now && windows.size < maxKeys) break;
          windows.delete(k);
        }
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { ...w };
    },
    size: () => windows.size,
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
