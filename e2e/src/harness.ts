import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp, createStorage } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type TDatabase } from '../../apps/server/src/db/client';
import { siteExperiments } from '../../apps/server/src/db/schema/experiments';
import { sitePreviewShares } from '../../apps/server/src/db/schema/preview';
import { previewComments } from '../../apps/server/src/db/schema/preview-comments';
import { sites } from '../../apps/server/src/db/schema/sites';
import { openTestDatabase, TEST_PGLITE_THREAD } from '../../apps/server/src/db/test-database';

import { seedDemo, seedDemoModules } from '../../apps/server/src/seed/seed';
import { startMailCatcher } from './mail-catcher';

// The whole product in-process (real HTTP on loopback, real SMTP, embedded database) and the
// system Chromium driving it, as a person would.

export const E2E_JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-0123';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type TFixtures = Awaited<ReturnType<typeof seedDemo>>;
type TDemoSite = Awaited<ReturnType<typeof seedDemoModules>>;

/**
 * What a product of this worker looked like right after its seed: a dump of its database, what
 * the seed answered, and (demo site) a copy of the files the seed wrote under DATA_DIR (stored
 * keys and media urls are relative to it). Later products of the worker start from a copy
 * instead of seeding again; each still gets a database, a data dir and a server of its own.
 * The seed dates things relative to now (today's contracts, 30 days of visits): a copy made a
 * few minutes earlier in the same run reads the same.
 */
type TSeeded = {
  dump: Blob;
  fixtures: TFixtures;
  demoSite: TDemoSite | null;
  /** The seeded files by path under DATA_DIR (a couple of megabytes: kept in memory, nothing to clean up). */
  files: { path: string; data: Buffer }[];
};
const seeded = new Map<'plain' | 'demoSite', TSeeded>();

const filesUnder = (dir: string) =>
  (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .map((file) => ({ path: file, data: fs.readFileSync(path.join(dir, file)) }));

/** A fresh database (and data dir contents) seeded as the demo, from this worker's copy when it has one. */
async function seededDatabase(
  config: ReturnType<typeof loadConfig>,
  opts: { demoSite: boolean; cache: boolean },
): Promise<{ database: TDatabase; fixtures: TFixtures; demoSite: TDemoSite | null }> {
  const key = opts.demoSite ? 'demoSite' : 'plain';
  const copy = opts.cache ? seeded.get(key) : undefined;
  if (copy) {
    const database = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: copy.dump,
      pgliteThread: TEST_PGLITE_THREAD,
    });
    for (const file of copy.files) {
      const to = path.join(config.dataDir, file.path);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, file.data);
    }
    // Each file gets its own objects (a journey may change what it was given).
    return { database, fixtures: structuredClone(copy.fixtures), demoSite: structuredClone(copy.demoSite) };
  }
  const database = await openTestDatabase();
  const fixtures = await seedDemo(database.db);
  const demoSite = opts.demoSite
    ? await seedDemoModules(database.db, createStorage(config), {
        accountId: fixtures.accounts.company.id,
        userId: fixtures.users.user.id,
      })
    : null;
  if (opts.cache && database.embedded) {
    const files = filesUnder(config.dataDir);
    const dump = await database.embedded.dumpDataDir();
    seeded.set(key, {
      dump,
      fixtures: structuredClone(fixtures),
      demoSite: structuredClone(demoSite),
      files,
    });
  }
  return { database, fixtures, demoSite };
}

let browserStarted: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, shared by its files (they run one after another; each works in
 * contexts of its own). Playwright ends it with the worker.
 */
function sharedBrowser() {
  browserStarted ??= chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return browserStarted;
}

/**
 * `demoSite`: also publish the demo's bilingual site (its images take a few seconds to make).
 * Like the product on a fresh machine, the console is on localhost and published sites,
 * previews and media on 127.0.0.1 (same port): two origins with no configuration.
 * `sameOrigin`: both on one origin (SITES_URL = PUBLIC_URL), only to show what that would allow.
 * `env`: more settings, for example an S3 bucket's.
 */
export async function startProduct(
  opts: {
    demoSite?: boolean;
    /** Keep the demo site's running experiment (by default it goes: visitors all see the base). */
    demoExperiment?: boolean;
    sameOrigin?: boolean;
    env?: Record<string, string>;
  } = {},
) {
  const consoleDist = path.resolve(import.meta.dirname, '../../apps/console/dist');
  if (!fs.existsSync(path.join(consoleDist, 'index.html')))
    throw new Error('The console is not built: run `npm run build` first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-e2e-'));
  const mail = await startMailCatcher();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: E2E_JWT_SECRET,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'silent',
    JOB_POLL_MS: '100',
    CONSOLE_DIST: consoleDist,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    ...(opts.sameOrigin ? { SITES_URL: baseUrl } : {}),
    ...opts.env,
  });
  const sitesUrl = config.sitesUrl;
  // Settings of `env` may change what the seed does (an S3 bucket takes its files): those seed anew.
  const { database, fixtures, demoSite } = await seededDatabase(config, {
    demoSite: !!opts.demoSite,
    cache: Object.keys(opts.env ?? {}).length === 0,
  });
  if (demoSite && !opts.demoExperiment) await withoutDemoExperiment(database.db, demoSite.id);
  const { app } = await buildApp({ config, database, startJobs: true, logger: false });
  await app.listen({ port, host: '127.0.0.1' });

  const browser = await sharedBrowser();
  const contexts: BrowserContext[] = [];

  return {
    baseUrl,
    /** Where published sites, previews and media are (baseUrl only with `sameOrigin`). */
    sitesUrl,
    mail,
    database,
    fixtures,
    demoSite,
    browser,
    /** A fresh browser context (own storage) at a desktop or phone size. */
    async newPage(
      opts: {
        phone?: boolean;
        /** A touch phone (isMobile, hasTouch), for the published pages visitors swipe. */
        touch?: boolean;
        viewport?: { width: number; height: number };
        locale?: string;
        javaScriptEnabled?: boolean;
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: opts.viewport ?? (opts.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 }),
        ...(opts.touch ? { isMobile: true, hasTouch: true } : {}),
        locale: opts.locale ?? 'ja-JP',
        javaScriptEnabled: opts.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      return context.newPage();
    },
    async close() {
      // The browser stays for the next file of this worker; what this file opened goes.
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await app.close();
      await database.close();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TProduct = Awaited<ReturnType<typeof startProduct>>;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-id').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Takes away the demo site's seeded review (its invited reviewer and their comments), for the
 * journeys that count invitations or number comments from 1.
 */
export async function withoutDemoReviews(product: TProduct) {
  const siteId = product.demoSite!.id;
  await product.database.db.delete(previewComments).where(eq(previewComments.siteId, siteId));
  await product.database.db.delete(sitePreviewShares).where(eq(sitePreviewShares.siteId, siteId));
}

/**
 * Takes away the demo site's running experiment, before the product starts: journeys
 * that read the published demo pages see the site itself, never a variation drawn at random.
 */
async function withoutDemoExperiment(db: TProduct['database']['db'], siteId: string) {
  await db.delete(siteExperiments).where(eq(siteExperiments.siteId, siteId));
  await db.update(sites).set({ liveExperimentId: null }).where(eq(sites.id, siteId));
}
