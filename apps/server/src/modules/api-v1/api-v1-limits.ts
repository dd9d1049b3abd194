import type { TRateLimit } from '../../platform/route';

// Per address, before authentication: bounds guessing (each Basic attempt costs an argon2 run).
// The per-client limit (API_RATE_LIMIT_PER_MINUTE) applies after authentication, in the guard.
export const API_V1_IP_LIMIT: TRateLimit = {
  max: (config) => config.apiRateLimitPerMinute * 5,
  timeWindow: '1 minute',
};
