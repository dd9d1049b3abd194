import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, createStorage } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type TDatabase } from '../../apps/server/src/db/client';
import type { TAppContext } from '../../apps/server/src/platform/context';
import { seedDemo, seedDemoModules } from '../../apps/server/src/seed/seed';
import { freePort } from './product';

const BENCH_LOGIN_RATE_LIMIT = 1_000_000;

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const defaultConsoleDist = path.join(repoRoot, 'apps', 'console', 'dist');

export interface TTarget {
  baseUrl: string;
  close(): Promise<void>;
}

export type TConsoleBuild = { ok: true } | { ok: false; reason: string; output?: string };

export interface TAppTarget extends TTarget {
  /** Where the app serves the console from (SPA fallback to index.html when it exists). */
  consoleDist: string;
  console: TConsoleBuild;
  /** Set high for the bench, so the login scenario measures argon2id rather than the limiter. */
  loginRateLimitPerMinute: number;
  /** The app's database and context, for scenarios that check what was written. */
  database: TDatabase;
  ctx: TAppContext;
  /** The demo site's id (published, so it takes visit events). */
  demoSiteId: string;
  /**
   * The Host of the sites origin (visitors' API, published pages) on the same port: `baseUrl`
   * is the console's origin, whose refresh and sign-out calls check the browser's Origin.
   */
  sitesHost: string;
}

const urlOf = (server: http.Server | { address(): AddressInfo | string | null }) => {
  const addr = server.address() as AddressInfo;
  return `http://127.0.0.1:${addr.port}`;
};

/**
 * Builds the console once when its dist is missing, so GET / has a page to serve.
 * Returns an explanation when it could not.
 */
export function ensureConsoleBuild(consoleDist: string): TConsoleBuild {
  const indexHtml = path.join(consoleDist, 'index.html');
  if (fs.existsSync(indexHtml)) return { ok: true };
  if (path.resolve(consoleDist) !== defaultConsoleDist)
    return { ok: false, reason: `CONSOLE_DIST=${consoleDist} has no index.html` };
  console.log('console build missing (apps/console/dist); running npm run build -w apps/console');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (build.status === 0 && fs.existsSync(indexHtml)) return { ok: true };
  const output = `${build.stdout ?? ''}\n${build.stderr ?? ''}`
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('npm '))
    .slice(-12)
    .join('\n');
  return {
    ok: false,
    reason: `npm run build -w apps/console failed (${build.error?.message ?? `exit ${build.status}`})`,
    output,
  };
}

/**
 * The real app in-process: PGlite in memory, the demo seed with its published site (its images in
 * a scratch data directory), no logger, no job worker, ephemeral port.
 */
export async function startApp(): Promise<TAppTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-bench-'));
  // The console and the sites origin are two names of one port, as on a fresh machine; the
  // console's address must be its real one (a signed-in browser's refresh call names it).
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SITES_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_PER_MINUTE: String(BENCH_LOGIN_RATE_LIMIT),
    // A load generator is one address: the visit-events limit per address would cap it.
    EVENTS_RATE_LIMIT_PER_MINUTE: String(BENCH_LOGIN_RATE_LIMIT),
    // Likewise the read API's limit per client (and per address, five times it): the lists
    // scenario pages through /api/v1 as one client.
    API_RATE_LIMIT_PER_MINUTE: String(BENCH_LOGIN_RATE_LIMIT),
    // Given explicitly so nothing is written to a data directory.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    // The one setting taken from the caller's environment: bench another console build.
    ...(process.env.CONSOLE_DIST ? { CONSOLE_DIST: process.env.CONSOLE_DIST } : {}),
  });
  // Before buildApp: the app decides at build time whether it serves the console.
  const consoleBuild = ensureConsoleBuild(config.consoleDist);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    const demo = await seedDemo(database.db);
    const demoSite = await seedDemoModules(database.db, createStorage(config), {
      accountId: demo.accounts.company.id,
      userId: demo.users.user.id,
    });
    const { app, ctx } = await buildApp({ config, database, startJobs: false, logger: false });
    await app.listen({ host: '127.0.0.1', port });
    return {
      baseUrl: urlOf(app.server),
      sitesHost: `localhost:${port}`,
      consoleDist: config.consoleDist,
      console: consoleBuild,
      loginRateLimitPerMinute: config.loginRateLimitPerMinute,
      database,
      ctx,
      demoSiteId: demoSite.id,
      close: async () => {
        await app.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
