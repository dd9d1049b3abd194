// Errors that mean "the database could not do it now", not "the request is wrong": a statement or
// lock timeout, no connection from the pool in time, the server down or restarting. They answer
// 503 with Retry-After; everything else stays a 500.

export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** PostgreSQL codes: query canceled (statement timeout), lock timeout, too many connections, shutdown, connection failures. */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '55P03',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
]);

/** What node-postgres says when it has no code to give: the pool's acquire timeout, a lost connection. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /connect ECONNREFUSED/i,
  /Client has encountered a connection error/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e!.message as string)))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The PostgreSQL error code of an error, looking through the wrappers (drizzle's "Failed query"). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string') return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
