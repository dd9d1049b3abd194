import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPgliteInThread, openPgliteWorker, type TEmbeddedDatabase } from './pglite-client';
import * as accounts from './schema/accounts';
import * as analytics from './schema/analytics';
import * as auth from './schema/auth';
import * as billing from './schema/billing';
import * as campaigns from './schema/campaigns';
import * as communications from './schema/communications';
import * as experiments from './schema/experiments';
import * as plans from './schema/plans';
import * as platform from './schema/platform';
import * as preview from './schema/preview';
import * as previewComments from './schema/preview-comments';
import * as sites from './schema/sites';
import * as visitors from './schema/visitors';
import * as webhooks from './schema/webhooks';
import { backendProbe, watchForStalls } from './stall-watchdog';

/**
 * Every file under schema/, each table once (modules.test.ts holds this list to the folder, and
 * each table of the migrated database to the one module that owns it).
 */
export const schema = {
  ...accounts,
  ...analytics,
  ...auth,
  ...billing,
  ...campaigns,
  ...communications,
  ...experiments,
  ...plans,
  ...platform,
  ...preview,
  ...previewComments,
  ...sites,
  ...visitors,
  ...webhooks,
};
export type TSchema = typeof schema;
// Both drivers expose the same query builder; code is written against the node-postgres type.
export type TDb = NodePgDatabase<TSchema>;

/** Handlers of one LISTEN: notices, and the moments the connection is lost and back. */
export type TListener = {
  notice(payload: string | undefined): void;
  /** Listening (again): notices sent while down were missed. */
  up(): void;
  /** Not listening: notices may be missed from now on. */
  down(): void;
};

export interface TDatabase {
  db: TDb;
  kind: 'postgres' | 'pglite';
  /** What only the embedded database does (COPY of visit events, dumps of test databases). */
  embedded?: TEmbeddedDatabase;
  ping(): Promise<boolean>;
  /**
   * LISTENs on `channel` on a connection of its own (PostgreSQL: reconnected with backoff; the
   * listener hears when it is lost and back). Answers the function that stops listening.
   */
  subscribe(channel: string, listener: TListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Advisory lock keys of start-up work that only one process may do at a time. */
export const MIGRATION_LOCK = 7_401_001;
export const SEED_LOCK = 7_401_002;

/**
 * Opens PostgreSQL when `databaseUrl` is given, otherwise PGlite stored under `dataDir`
 * ("memory://" keeps it in memory, for tests), and applies the migrations.
 */
/**
 * How long a request may wait for PostgreSQL: for a connection from the pool, for one statement,
 * and for a lock. Past them the query fails (a 503 to the caller) instead of hanging the API.
 */
export type TDatabaseTimeouts = { acquireMs: number; statementMs: number; lockMs: number };
export const DEFAULT_DATABASE_TIMEOUTS: TDatabaseTimeouts = {
  acquireMs: 5_000,
  statementMs: 15_000,
  lockMs: 5_000,
};
/**
 * How long a pooled connection may stay silent while a query waits before the server is asked
 * whether it is still at work: a healthy server answers every statement within its timeout.
 */
export const stallSilenceMs = (timeouts: TDatabaseTimeouts) => timeouts.statementMs + 500;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  timeouts?: TDatabaseTimeouts;
  /** PGlite only: start from this dump of a data directory (a migrated template, in tests). */
  loadDataDir?: Blob;
  /**
   * PGlite only: on a worker thread of its own (the default, what the product runs: a long
   * query never holds up the requests of others) or on this thread (tests may choose it).
   */
  pgliteThread?: 'worker' | 'this';
  /**
   * PGlite on its worker: the thread's nice value (Linux). The product lowers it (DB_THREAD_NICE)
   * so that on a machine short of CPU the main thread, which serves the visitors, comes first.
   */
  pgliteNice?: number;
  /** PGlite on its worker: told when the thread is lost (the product then exits, to be restarted). */
  onLost?: (error: Error) => void;
}): Promise<TDatabase> {
  if (opts.databaseUrl) {
    const timeouts = opts.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.acquireMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      // A transaction left open by a crashed request must not hold its locks for ever.
      idle_in_transaction_session_timeout: Math.max(timeouts.statementMs * 2, 30_000),
    });
    // An idle client the server drops (restart, admin command) emits 'error' on the pool; with
    // no listener that would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => console.error('database: idle client error', err.message));
    // A query already sent when the network stalls ends too (stall-watchdog.ts): within
    // stallSilenceMs plus acquireMs, its connection destroyed.
    const probe = backendProbe(opts.databaseUrl, timeouts.acquireMs);
    pool.on('connect', (client) =>
      watchForStalls(client, {
        silentMs: stallSilenceMs(timeouts),
        probe,
        onStall: (pid) => console.error(`database: connection to backend ${pid} stalled, destroyed`),
      }),
    );
    const db = drizzleNodePg(pool, { schema });
    // Processes starting together migrate one after another: the first applies, the rest find
    // nothing left to do. Migrations run on connections of their own, without the request
    // timeouts: waiting for another process's migration, or a long one, is expected.
    const migrations = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    const lock = await migrations.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(migrations, { schema }), { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
      await migrations.end();
    }
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      subscribe: (channel, listener) => listenOnPostgres(opts.databaseUrl!, channel, listener),
      close: () => pool.end(),
    };
  }
  const dir = opts.dataDir ?? 'memory://';
  let dataDir = dir;
  if (!dir.startsWith('memory://')) {
    dataDir = path.join(dir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const open = opts.pgliteThread === 'this' ? openPgliteInThread : openPgliteWorker;
  const embedded = await open({
    dataDir,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    ...(opts.pgliteNice ? { nice: opts.pgliteNice } : {}),
    ...(opts.onLost ? { onLost: opts.onLost } : {}),
  });
  const db = drizzlePglite({ client: embedded.client as unknown as PGlite, schema }) as unknown as TDb;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await embedded.close().catch(() => {});
    throw error;
  }
  const { client: _client, listen, close, ...only } = embedded;
  return {
    db,
    kind: 'pglite',
    embedded: only,
    ping: () => ping(db),
    // One embedded database, one process: its notices cannot be missed.
    subscribe: async (channel, listener) => {
      const stop = await listen(channel, (payload) => listener.notice(payload));
      listener.up();
      return stop;
    },
    close,
  };
}

/** A LISTEN connection that comes back after the server drops it (restart, failover, network). */
async function listenOnPostgres(connectionString: string, channel: string, listener: TListener) {
  let current: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 250;
  const connect = async () => {
    const client = new pg.Client({ connectionString, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) current = null;
      listener.down();
      client.end().catch(() => {});
      if (!closed && !retry)
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, delayMs);
      delayMs = Math.min(delayMs * 2, 5_000);
    };
    client.on('notification', (msg) => {
      if (msg.channel === channel) listener.notice(msg.payload);
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) return void client.end().catch(() => {});
      current = client;
      delayMs = 250;
      listener.up();
    } catch {
      onLost();
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

async function ping(db: TDb): Promise<boolean> {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
    ]);
    return true;
  } catch {
    return false;
  }
}
