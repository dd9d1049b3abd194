import { randomBytes } from 'node:crypto';
import http from 'node:http';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@swipe/contracts/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { createEventWriter } from './modules/analytics/event-writer';
import { MODULES } from './modules/modules';
import { currentStamp } from './modules/site-core/live-site';
import { MEDIA_URL_PREFIX } from './modules/uploads/media-route';
import { createLiveSites } from './modules/visits/visits.service';
import { API_CLIENT_SECURITY_SCHEMES } from './platform/api-client';
import {
  announceSiteChange,
  listenForSiteChanges,
  type TSiteChange,
  type TSiteChangeFeed,
} from './platform/change-notices';
import { registerConsole } from './platform/console-shell';
import type { TAppContext } from './platform/context';
import { memoryCounter, redisCounter } from './platform/counters';
import { installGuard } from './platform/guard';
import { installApiConventions } from './platform/http';
import { startWorker, type TWorker } from './platform/jobs';
import { createMailer } from './platform/mail';
import { dailyMaintenance } from './platform/maintenance';
import { collectRegistry, type THttpFallback, type TModule } from './platform/module';
import { openApiTransform } from './platform/openapi';
import { createPageCache } from './platform/page-cache';
import { behindEdge } from './platform/page-edge';
import { registerRoute, type TGuard } from './platform/route';
import { createS3Storage } from './platform/s3-storage';
import { ensureNextRun, recurringHandler } from './platform/schedule';
import { consoleHostOf, installSiteOrigin } from './platform/site-origin';
import { createLocalStorage } from './platform/storage';
import { createStorageHealth } from './platform/storage-health';
import { createTokenSigner, resolveJwtSecret } from './platform/tokens';
import { createUrlSigner } from './platform/url-signer';
import { createVisitKeys } from './platform/visit-keys';

/** The one storage of every file: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/media. */
export const createStorage = (config: TConfig) =>
  config.s3
    ? createS3Storage({ ...config.s3, publicBase: MEDIA_URL_PREFIX })
    : createLocalStorage({ root: config.mediaDir, publicBase: MEDIA_URL_PREFIX });

export interface TBuiltApp {
  app: FastifyInstance;
  ctx: TAppContext;
  worker: TWorker | null;
  /** Every route as registered, with its guard decision (checked by a test). */
  routeTable: { method: string; url: string; guard: TGuard | undefined }[];
  /** Built `behindEdge`: the secret the page edge sends with every request it passes on. */
  edgeSecret: string | null;
}

export async function buildApp(opts: {
  config: TConfig;
  database: TDatabase;
  startJobs?: boolean;
  logger?: boolean;
  /** The modules that make up the product (tests may add one of their own). */
  modules?: readonly TModule[];
  /**
   * Requests come through the page edge (page-edge.ts), which answers cached pages itself: the
   * app listens on loopback and trusts the edge as one more proxy hop.
   */
  behindEdge?: boolean;
}): Promise<TBuiltApp> {
  const { config, database } = opts;
  const modules = opts.modules ?? MODULES;
  // Published pages are answered from memory before Fastify sees the request (at the speed of a bare node:http server); the
  // cache asks the database, through ctx, whether a page it holds is still current.
  // Caches answer only while this process hears every site change (feed below).
  let feed: TSiteChangeFeed | null = null;
  const listening = () => feed?.listening() ?? false;
  const pageCache = createPageCache({
    currentStamp: (siteId) => currentStamp(ctx, siteId),
    listening,
    consoleHost: consoleHostOf(config),
  });
  const liveSites = createLiveSites(database.db, { listening });
  const dropCached = (change: TSiteChange) => {
    if ('all' in change) pageCache.invalidateAll();
    else pageCache.invalidate(change.siteId);
    liveSites.drop(change);
  };
  const trustedHops = config.trustProxyHops + (opts.behindEdge ? 1 : 0);
  const edgeSecret = opts.behindEdge ? randomBytes(24).toString('base64url') : null;
  const app = Fastify({
    serverFactory: (handler) =>
      edgeSecret
        ? // The edge passes an HTTP/1.0 request without Host on as it came (node:http's client
          // speaks HTTP/1.1): its own server has already refused an HTTP/1.1 one without.
          http.createServer({ requireHostHeader: false }, behindEdge(handler, edgeSecret))
        : http.createServer((req, res) => {
            if (!pageCache.serveCached(req, res)) handler(req, res);
          }),
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: (_address: string, hop: number) => hop < trustedHops,
    return503OnClosing: true,
  });

  let worker: TWorker | null = null;
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    onQueued: () => worker?.nudge(),
  });
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  // One place where every process counts rate limits and attempts, when there are several.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  redis?.on('error', () => {});
  const ctx: TAppContext = {
    config,
    db: database.db,
    mailer,
    tokens: createTokenSigner(jwtSecret, config.accessTokenTtlSeconds),
    urls: createUrlSigner(jwtSecret),
    storage: createStorage(config),
    storageHealth: createStorageHealth(config.s3 ? null : config.mediaDir),
    ping: () => database.ping(),
    nudgeJobs: () => worker?.nudge(),
    siteChanged: async (db, change) => {
      await announceSiteChange(db, change);
      dropCached(change);
    },
    pageCache,
    modules: collectRegistry(modules),
    counters: redis
      ? redisCounter(redis, {
          prefix: config.redisPrefix,
          onFallback: (err) => app.log.warn({ err }, 'redis unreachable: limits count in this process'),
        })
      : memoryCounter(),
    visits: {
      writer: createEventWriter(database.db, {
        embedded: database.embedded,
        onError: (err) => app.log.error({ err }, 'visit events: write failed, kept for a retry'),
      }),
      isLive: liveSites.isLive,
      keys: createVisitKeys(jwtSecret),
    },
    jobHandlers: {},
  };
  // The platform's own jobs, then every module's.
  const maintenance = dailyMaintenance(database.db);
  const recurring = [maintenance, ...modules.flatMap((m) => m.recurring?.(ctx) ?? [])];
  Object.assign(ctx.jobHandlers, mailer.jobHandlers, ...modules.map((m) => m.jobs?.(ctx) ?? {}));
  for (const job of recurring) {
    if (ctx.jobHandlers[job.kind]) throw new Error(`job kind '${job.kind}' is declared twice`);
    ctx.jobHandlers[job.kind] = recurringHandler(database.db, job);
  }

  feed = await listenForSiteChanges(database.subscribe, dropCached);
  app.addHook('onClose', async () => {
    await feed?.close();
    redis?.disconnect();
  });

  const routeTable: TBuiltApp['routeTable'] = [];
  app.addHook('onRoute', (route) => {
    // The API's own documentation is public like the spec it shows.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, guard: { public: true } };
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, guard: route.config?.guard });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js collects cards in its own frames when Stripe is configured.
        scriptSrc: ["'self'", ...(config.stripe ? ['https://js.stripe.com'] : [])],
        // Mantine writes its CSS variables into a <style> tag at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Media live on the sites origin (the console's /media/ addresses are sent there).
        imgSrc: ["'self'", 'data:', 'blob:', config.sitesUrl],
        mediaSrc: ["'self'", 'blob:', config.sitesUrl],
        // The console PUTs uploads straight to the bucket where the storage takes them itself.
        connectSrc: [
          "'self'",
          ...(ctx.storage.uploadOrigin ? [ctx.storage.uploadOrigin] : []),
          ...(config.stripe ? ['https://api.stripe.com'] : []),
        ],
        // The editor's preview frames the draft from the sites origin.
        frameSrc: [
          "'self'",
          config.sitesUrl,
          ...(config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // Only where the product is served over HTTPS: on plain http (a laptop, a LAN address)
        // upgrading every asset request to https would break the page.
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    hsts: config.production,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    // Shared by every process through Redis; if Redis does not answer, the route stays open
    // (its attempt window, counted in this process meanwhile, still bounds guessing).
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number };
      err.statusCode = context.statusCode;
      return err;
    },
  });
  installApiConventions(app, { onStorageFull: () => ctx.storageHealth.markFull() });
  installSiteOrigin(app, config);
  installGuard(app, ctx);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Swipe LP API',
        version: '1.0.0',
        description: 'snake_case JSON; see DESIGN.md section 4.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...API_CLIENT_SECURITY_SCHEMES,
        },
      },
    },
    transform: openApiTransform as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const fallbacks: THttpFallback[] = [];
  for (const module of modules) {
    for (const def of module.routes ?? []) registerRoute(app, ctx, def);
    const fallback = await module.http?.(app, ctx);
    if (fallback) fallbacks.push(fallback);
  }

  const consoleShell = await registerConsole(app, config.consoleDist);

  app.setNotFoundHandler(async (req, reply) => {
    for (const fallback of fallbacks) if (await fallback(req, reply)) return reply;
    const url = req.url.split('?')[0] ?? '/';
    const wantsHtml = req.method === 'GET' && !/^\/(api|assets|dev|media)\//.test(url);
    // The console is a single-page app: every other path is one of its routes.
    if (wantsHtml && consoleShell) return consoleShell(req, reply);
    return reply
      .status(404)
      .type('application/json')
      .send(JSON.stringify({ message: translate('common.notFound', req.lang), code: 'NOT_FOUND' }));
  });

  // Closing waits for in-flight requests first (Fastify), then writes every event acknowledged.
  app.addHook('onClose', async () => ctx.visits.writer.close());

  if (opts.startJobs) {
    for (const job of recurring) await ensureNextRun(database.db, job);
    worker = startWorker({
      db: database.db,
      handlers: ctx.jobHandlers,
      pollMs: config.jobPollMs,
      log: app.log,
    });
    app.addHook('onClose', async () => worker?.stop());
    for (const module of modules)
      void module
        .start?.(ctx)
        .catch((err) => app.log.error({ err, module: module.name }, 'start-up step failed'));
  }

  return { app, ctx, worker, routeTable, edgeSecret };
}
