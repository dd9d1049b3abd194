import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { TDatabase } from '../db/client';
import { openTestDatabase } from '../db/test-database';
import { MODULES } from '../modules/modules';
import { runDueJobs } from '../platform/jobs';
import type { TModule } from '../platform/module';
import { startPageEdge, type TPageEdge } from '../platform/page-edge';
import { consoleHostOf } from '../platform/site-origin';
import { DEMO_PASSWORD, seedDemo } from '../seed/seed';

const quiet = { error: () => {}, warn: () => {} };

// One app per test file on its own fresh database, seeded with the demo tree (the fixtures).
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    modules?: readonly TModule[];
    /** A database of the test's own making (closed with the app); default a fresh test database. */
    database?: TDatabase;
    /** `listen` serves through the page edge, as the server's start does (platform/page-edge.ts). */
    edge?: boolean;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = opts.database ?? (await openTestDatabase());
  const fixtures = await seedDemo(database.db);
  const built = await buildApp({
    config,
    database,
    logger: false,
    behindEdge: opts.edge ?? false,
    ...(opts.modules ? { modules: [...MODULES, ...opts.modules] } : {}),
  });
  await built.app.ready();
  let edge: TPageEdge | null = null;

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: email, password },
      remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().data as { access_token: string; refresh_token: string; user: Record<string, unknown> };
  };

  return {
    ...built,
    database,
    fixtures,
    config,
    login,
    bearer: (token: string) => ({ authorization: `Bearer ${token}` }),
    /** Serves over real HTTP on loopback (for what inject bypasses: the page cache); the base URL. */
    listen: async () => {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      if (opts.edge) {
        edge = await startPageEdge({
          app: built.app,
          secret: built.edgeSecret!,
          cache: built.ctx.pageCache,
          port: 0,
          host: '127.0.0.1',
          consoleHost: consoleHostOf(config),
          trustProxyHops: config.trustProxyHops,
          onLost: (err) => {
            throw err;
          },
        });
        return `http://127.0.0.1:${edge.port}`;
      }
      return `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    },
    /** The page edge `listen` started (with `edge`). */
    edge: () => edge,
    /** Runs due jobs (and the jobs they queue) until none is left, as the worker would. */
    runJobs: async () => {
      let total = 0;
      for (;;) {
        const ran = await runDueJobs(database.db, built.ctx.jobHandlers, quiet);
        if (ran === 0) return total;
        total += ran;
      }
    },
    close: async () => {
      await edge?.drain();
      await edge?.close();
      await built.app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TTestApp = Awaited<ReturnType<typeof startTestApp>>;
