import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { translate } from '@swipe/contracts/messages';
import Fastify, { type FastifyInstance } from 'fastify';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { authJobHandlers } from './modules/auth/auth.service';
import { registerDevMailbox } from './modules/dev/dev-mailbox';
import { memberJobHandlers } from './modules/members/members.service';
import { siteDomainJobs } from './modules/sites/site-domain';
import { MEDIA_URL_PREFIX, registerMediaRoute } from './modules/uploads/media-route';
import { contractJobs } from './modules/users/contract-jobs';
import { createPageCache } from './modules/viewer/page-cache';
import { currentStamp } from './modules/viewer/viewer.service';
import { registerViewer } from './modules/viewer/viewer-http';
import { createEventWriter } from './modules/visits/event-writer';
import { createLiveSites } from './modules/visits/visits.service';
import { API_CLIENT_SECURITY_SCHEMES } from './platform/api-client';
import { registerConsole } from './platform/console-shell';
import type { TAppContext } from './platform/context';
import { installGuard } from './platform/guard';
import { installHttpEdge } from './platform/http';
import { startWorker, type TWorker } from './platform/jobs';
import { createMailer } from './platform/mail';
import { dailyMaintenance } from './platform/maintenance';
import { openApiTransform } from './platform/openapi';
import { registerRoute, type TAnyRoute, type TGuard } from './platform/route';
import { ensureNextRun, recurringHandler } from './platform/schedule';
import { createLocalStorage } from './platform/storage';
import { createTokenSigner, resolveJwtSecret } from './platform/tokens';
import { createUrlSigner } from './platform/url-signer';

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));

/** Every file under modules/<domain>/routes/ is one endpoint (DESIGN 2). */
export async function loadRouteDefinitions(): Promise<TAnyRoute[]> {
  const defs: TAnyRoute[] = [];
  for (const domain of fs.readdirSync(modulesDir).sort()) {
    const dir = path.join(modulesDir, domain, 'routes');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!/\.ts$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: TAnyRoute };
      defs.push(mod.default);
    }
  }
  return defs;
}

/** The one storage of DESIGN 5 (local disk under DATA_DIR/media; S3 when it arrives). */
export const createStorage = (config: TConfig) =>
  createLocalStorage({ root: config.mediaDir, publicBase: MEDIA_URL_PREFIX });

export interface TBuiltApp {
  app: FastifyInstance;
  ctx: TAppContext;
  worker: TWorker | null;
  /** Every route as registered, with its guard decision (checked by a test). */
  routeTable: { method: string; url: string; guard: TGuard | undefined }[];
}

export async function buildApp(opts: {
  config: TConfig;
  database: TDatabase;
  startJobs?: boolean;
  logger?: boolean;
}): Promise<TBuiltApp> {
  const { config, database } = opts;
  // Published pages are answered from memory before Fastify sees the request (DESIGN 7); the
  // cache asks the database, through ctx, whether a page it holds is still current.
  const pageCache = createPageCache({ currentStamp: (siteId) => currentStamp(ctx, siteId) });
  const app = Fastify({
    serverFactory: (handler) =>
      http.createServer((req, res) => {
        if (!pageCache.serveCached(req, res)) handler(req, res);
      }),
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
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
  const ctx: TAppContext = {
    config,
    db: database.db,
    mailer,
    tokens: createTokenSigner(jwtSecret, config.accessTokenTtlSeconds),
    urls: createUrlSigner(jwtSecret),
    storage: createStorage(config),
    ping: () => database.ping(),
    nudgeJobs: () => worker?.nudge(),
    siteChanged: (siteId) => pageCache.invalidate(siteId),
    visits: {
      writer: createEventWriter(database.db, {
        pglite: database.pglite,
        onError: (err) => app.log.error({ err }, 'visit events: write failed, kept for a retry'),
      }),
      isLive: createLiveSites(database.db),
    },
    jobHandlers: {},
  };
  const maintenance = dailyMaintenance(database.db);
  Object.assign(
    ctx.jobHandlers,
    mailer.jobHandlers,
    authJobHandlers(ctx),
    memberJobHandlers(ctx),
    siteDomainJobs(ctx),
    {
      [maintenance.kind]: recurringHandler(database.db, maintenance),
    },
  );
  const contractRecurring = contractJobs(database.db);
  for (const job of contractRecurring) ctx.jobHandlers[job.kind] = recurringHandler(database.db, job);

  const routeTable: TBuiltApp['routeTable'] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, guard: route.config?.guard });
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> tag at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
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
    errorResponseBuilder: (_req, context) => {
      const err = new Error('rate limited') as Error & { statusCode: number };
      err.statusCode = context.statusCode;
      return err;
    },
  });
  installHttpEdge(app);
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

  for (const def of await loadRouteDefinitions()) registerRoute(app, ctx, def);
  registerMediaRoute(app, ctx);
  const customDomainPage = await registerViewer(app, ctx, pageCache);
  if (config.demo) registerDevMailbox(app, ctx);

  const consoleShell = await registerConsole(app, config.consoleDist);

  app.setNotFoundHandler(async (req, reply) => {
    if (await customDomainPage(req, reply)) return reply;
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
    await ensureNextRun(database.db, maintenance);
    for (const job of contractRecurring) await ensureNextRun(database.db, job);
    worker = startWorker({
      db: database.db,
      handlers: ctx.jobHandlers,
      pollMs: config.jobPollMs,
      log: app.log,
    });
    app.addHook('onClose', async () => worker?.stop());
  }

  return { app, ctx, worker, routeTable };
}
