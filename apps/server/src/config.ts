import path from 'node:path';
import { z } from 'zod';

// The ONLY place that reads process.env. Every variable is listed in the README.

/** An optional key of a known shape; set but empty counts as unset. */
function optionalSecret(shape: RegExp, what: string) {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(shape, `must be ${what}`).optional(),
  );
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  // Published sites, previews and creators' scripts on an origin of their own (another host name
  // or domain), so tenant content never shares the console's origin. Unset: the other loopback
  // name of PUBLIC_URL's (localhost <-> 127.0.0.1); required for any other PUBLIC_URL.
  SITES_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // The embedded database's thread runs at this nice value (Linux): on a machine short of CPU the
  // main thread, which serves every visitor, comes first and reports wait.
  DB_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  // The page edge: a thread of its own owns the port, answers published pages from its copy of
  // the page cache and hands every other request to the main thread ('off': the main thread
  // listens itself). Only the server's start (main.ts) runs it.
  PAGE_EDGE: z.enum(['on', 'off']).default('on'),
  // With the page edge on, the main thread (console, API, renders) runs at this nice value
  // (Linux): on a machine short of CPU, published pages come first and operators' screens wait.
  MAIN_THREAD_NICE: z.coerce.number().int().min(0).max(19).default(10),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Swipe LP <no-reply@swipe-lp.local>'),
  MASTER_EMAIL: z.string().email().optional(),
  MASTER_PASSWORD: z.string().optional(),
  DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().positive().default(10),
  CONSOLE_DIST: z.string().optional(),
  // Behind a load balancer: how many proxy hops to trust for the client address (rate limits,
  // audit). 0 trusts none, so a spoofed X-Forwarded-For changes nothing.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  JOB_POLL_MS: z.coerce.number().int().positive().default(1000),
  // Read API (/api/v1): requests per minute per API client (one account's settings).
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  EVENTS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // Raw visit events (and visitor ids) are kept this many months; the rollups stay.
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  // Files on an S3-compatible store instead of DATA_DIR/media (several processes or machines).
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_DIRECT_UPLOADS: z.enum(['true', 'false']).default('true'),
  // Shared counters for every rate limit and attempt window when several processes run.
  REDIS_URL: z.string().optional(),
  // Keys are prefixed with this, so deployments (or test runs) may share one Redis.
  REDIS_PREFIX: z.string().default('swipe:'),
  // The host name a custom domain's CNAME record must point at (the domain wizard shows it).
  SITES_CNAME_TARGET: z.string().optional(),
  // Card payments through Stripe: all three or none (none: the test-mode payment provider).
  STRIPE_SECRET_KEY: optionalSecret(
    /^(sk|rk)_(test|live)_/,
    'a Stripe secret key (sk_test_... or sk_live_...)',
  ),
  STRIPE_PUBLISHABLE_KEY: optionalSecret(
    /^pk_(test|live)_/,
    'a Stripe publishable key (pk_test_... or pk_live_...)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalSecret(/^whsec_/, 'a Stripe webhook signing secret (whsec_...)'),
  // Web Push of delivered notifications: the VAPID key pair (both or none; none: generated once
  // and kept in the database for every process) and the contact push services see.
  VAPID_PUBLIC_KEY: optionalSecret(/^[A-Za-z0-9_-]{87}$/, 'a VAPID public key (87 base64url characters)'),
  VAPID_PRIVATE_KEY: optionalSecret(/^[A-Za-z0-9_-]{43}$/, 'a VAPID private key (43 base64url characters)'),
  VAPID_SUBJECT: optionalSecret(/^(https:\/\/|mailto:)\S+$/, 'an https: URL or a mailto: address'),
});
/** Every variable the server reads (the README's table names each one). */
export const ENV_VARIABLES = Object.keys(ZEnv.shape);

/** Loopback names that always resolve, so a fresh machine gets two origins with no set-up. */
const OTHER_LOOPBACK_NAME: Record<string, string> = {
  localhost: '127.0.0.1',
  '127.0.0.1': 'localhost',
  '[::1]': '127.0.0.1',
};

/**
 * The sites origin: SITES_URL's, else PUBLIC_URL's other loopback name on the same port. Any
 * other console address needs SITES_URL (a sites host cannot be guessed).
 */
function sitesOriginOf(publicUrl: string, sitesUrl: string | undefined): string {
  if (sitesUrl) return new URL(sitesUrl).origin;
  const consoleUrl = new URL(publicUrl);
  const other = OTHER_LOOPBACK_NAME[consoleUrl.hostname];
  if (!other)
    throw new Error(
      `SITES_URL is required with PUBLIC_URL=${publicUrl}: published sites and creators' scripts are served on an origin of their own, for example SITES_URL=${consoleUrl.protocol}//sites.${consoleUrl.host}.`,
    );
  const sites = new URL(publicUrl);
  sites.hostname = other;
  return sites.origin;
}

const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export type TConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.DEMO ? e.DEMO === 'true' : !production;
  if (production && !e.DATABASE_URL && !e.DATA_DIR) throw new Error('DATA_DIR is required');
  // A secret generated into DATA_DIR is one process's: processes sharing a database would each
  // refuse the others' tokens and signed links.
  if (e.DATABASE_URL && !e.JWT_SECRET)
    throw new Error(
      'JWT_SECRET is required with DATABASE_URL: every process sharing the database must sign with the same secret (32+ characters).',
    );
  const stripeSet = STRIPE_VARS.filter((name) => e[name]);
  if (stripeSet.length > 0 && stripeSet.length < STRIPE_VARS.length)
    throw new Error(
      `Stripe needs all of ${STRIPE_VARS.join(', ')} (or none of them, for test-mode payments); missing: ${STRIPE_VARS.filter((name) => !e[name]).join(', ')}.`,
    );
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new Error(
      'Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither: generated once).',
    );
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const sitesUrl = sitesOriginOf(publicUrl, e.SITES_URL);
  if (sitesUrl === new URL(publicUrl).origin && (production || e.DATABASE_URL))
    throw new Error(
      `SITES_URL (${sitesUrl}) must differ from PUBLIC_URL: tenant pages and creators' scripts must never run on the console's origin. Give published sites a host of their own, for example SITES_URL=https://sites.example.com.`,
    );
  const stripeMode = (key: string) => (/^[a-z]+_test_/.test(key) ? 'test' : 'live');
  if (
    e.STRIPE_SECRET_KEY &&
    e.STRIPE_PUBLISHABLE_KEY &&
    stripeMode(e.STRIPE_SECRET_KEY) !== stripeMode(e.STRIPE_PUBLISHABLE_KEY)
  )
    throw new Error(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys.',
    );
  return {
    env: e.NODE_ENV,
    production,
    demo,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** The origin of published sites, visitor pages, previews and media (never the console's). */
    sitesUrl,
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
    },
    /** PGlite: the nice value of the database's worker thread. */
    databaseThreadNice: e.DB_THREAD_NICE,
    /** Published pages answered by a thread of their own in front of the main thread. */
    pageEdge: e.PAGE_EDGE === 'on',
    /** With the page edge: the nice value of the main thread. */
    mainThreadNice: e.MAIN_THREAD_NICE,
    dataDir: path.resolve(e.DATA_DIR),
    /** Uploaded media on local disk when no S3 bucket is set, served under /media/. */
    mediaDir: path.join(path.resolve(e.DATA_DIR), 'media'),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    masterEmail: e.MASTER_EMAIL,
    masterPassword: e.MASTER_PASSWORD,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginRateLimitPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    consoleDist: path.resolve(e.CONSOLE_DIST ?? new URL('../../console/dist', import.meta.url).pathname),
    jobPollMs: e.JOB_POLL_MS,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    eventsRateLimitPerMinute: e.EVENTS_RATE_LIMIT_PER_MINUTE,
    analyticsRetentionMonths: e.ANALYTICS_RETENTION_MONTHS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          directUploads: e.S3_DIRECT_UPLOADS === 'true',
        }
      : null,
    /** Card payments through Stripe when its keys are set; null: the test-mode payment provider. */
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : null,
    /** VAPID keys from the environment; null: generated once into the database (push-keys.ts). */
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    /** Who push services may contact about this sender: VAPID_SUBJECT, else the mail sender. */
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim()}`,
    sitesCnameTarget: e.SITES_CNAME_TARGET ?? `sites.${new URL(publicUrl).hostname}`,
  };
}
