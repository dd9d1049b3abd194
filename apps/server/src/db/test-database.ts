import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  MIGRATION_LOCK,
  migrationsFolder,
  openDatabase,
  type TDatabase,
  type TDatabaseTimeouts,
} from './client';

/**
 * Where the migrated template of this test run is: the file of a PGlite dump, or the name of a
 * template database on the PostgreSQL server of DATABASE_URL. Set by the test runner's global
 * setup (`prepareTestTemplate`); without it each test database migrates on its own.
 */
export const TEST_TEMPLATE_ENV = 'SWIPE_TEST_TEMPLATE';

/** A digest of the migrations: a template made from other migrations is never reused. */
function migrationsDigest() {
  const hash = createHash('sha256');
  for (const name of fs
    .readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Migrates one database for the whole run and answers where it is. PostgreSQL keeps the template
 * between runs (named by the migrations' digest); PGlite's dump is written to the temp folder.
 */
export async function prepareTestTemplate(): Promise<string> {
  const digest = migrationsDigest();
  const base = process.env.DATABASE_URL;
  if (!base) {
    const file = path.join(os.tmpdir(), `swipe-test-template-${digest}.tar`);
    if (fs.existsSync(file)) return file;
    const database = await openDatabase({ dataDir: 'memory://' });
    const dump = await database.embedded!.dumpDataDir();
    await database.close();
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return file;
  }
  const name = `swipe_template_${digest}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    // Two runs starting together make the template once.
    await admin.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ databaseUrl: withDatabase(base, building) });
      await database.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await admin.end();
  }
  return name;
}

const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

let templateDump: Blob | undefined;

/**
 * Where test databases run PGlite: on a worker thread, as the product does (the default), or on
 * the test's own thread (`SWIPE_TEST_PGLITE_THREAD=this`, to compare).
 */
export const TEST_PGLITE_THREAD: 'worker' | 'this' =
  process.env.SWIPE_TEST_PGLITE_THREAD === 'this' ? 'this' : 'worker';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of DATABASE_URL (dropped again on close). Both start from the run's
 * template when there is one.
 */
export async function openTestDatabase(
  opts: { timeouts?: TDatabaseTimeouts; pgliteThread?: 'worker' | 'this'; pgliteNice?: number } = {},
): Promise<TDatabase> {
  const template = process.env[TEST_TEMPLATE_ENV];
  const base = process.env.DATABASE_URL;
  if (!base) {
    if (template && fs.existsSync(template)) templateDump ??= new Blob([fs.readFileSync(template)]);
    return openDatabase({
      dataDir: 'memory://',
      pgliteThread: opts.pgliteThread ?? TEST_PGLITE_THREAD,
      ...(opts.pgliteNice ? { pgliteNice: opts.pgliteNice } : {}),
      ...(template && templateDump ? { loadDataDir: templateDump } : {}),
    });
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const database = await openDatabase({
    databaseUrl: withDatabase(base, name),
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
