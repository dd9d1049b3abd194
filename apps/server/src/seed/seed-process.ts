import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count } from 'drizzle-orm';
import type { TConfig } from '../config';
import type { TDatabase } from '../db/client';
import { users } from '../db/schema/accounts';

// The demo seed of a first start runs in a process of its own, which exits when it is done:
// what seeding takes (the generated creatives' decoding and encoding in libvips, whose freed
// buffers glibc keeps in the arenas of the threads that used them; 30 days of generated visits
// on the JavaScript heap; the embedded database's own heap) leaves with it, so the server that
// then opens the seeded database holds what a restart on that database holds. Measured on the
// demo: 760-870 MB resident after a start that seeded in-process, 480-530 MB after a restart.
// seed() in the server stays the last word: it finds the users and does nothing, or (a seed
// process that could not know, see below) seeds in-process as before.

const SEED_MAIN = fileURLToPath(new URL('./seed-main.ts', import.meta.url));

/**
 * Node flags a child process of the server keeps: how modules are loaded (`--import tsx`, a
 * loader, export conditions). Not what watches files, debugs, profiles or writes reports, which
 * would restart the child, claim the debugger's port or write a second profile.
 */
export function loaderFlags(execArgv: readonly string[]): string[] {
  const withValue = new Set([
    '--import',
    '--require',
    '-r',
    '--loader',
    '--experimental-loader',
    '--conditions',
    '-C',
  ]);
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    const name = flag.split('=', 1)[0]!;
    if (!withValue.has(name)) continue;
    if (flag.includes('=')) out.push(flag);
    else if (i + 1 < execArgv.length) out.push(flag, execArgv[++i]!);
  }
  return out;
}

/**
 * Whether this start seeds the demo, known before the embedded database is opened (only one
 * process may open it at a time): its data directory does not exist yet (db/client.ts keeps the
 * embedded database under DATA_DIR/pglite). A directory left by a start that stopped before
 * seeding is seeded by the server itself, as before.
 */
export function embeddedDatabaseIsNew(config: Pick<TConfig, 'databaseUrl' | 'dataDir'>): boolean {
  if (config.databaseUrl) return false;
  const dir = path.join(config.dataDir, 'pglite');
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** PostgreSQL: whether the (migrated) database has no users yet, so the demo seed is due. */
export async function databaseHasNoUsers(database: TDatabase): Promise<boolean> {
  const [row] = await database.db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Runs seed-main.ts (open the database, migrate, seed() under its lock, close) in a child
 * process with this process's environment and module loader; rejects when it fails (its own
 * output says why).
 */
export async function seedInOwnProcess(opts: { execArgv?: readonly string[] } = {}): Promise<void> {
  const child = spawn(process.execPath, [...loaderFlags(opts.execArgv ?? process.execArgv), SEED_MAIN], {
    env: process.env,
    stdio: 'inherit',
  });
  const code = await new Promise<number | string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal ?? exitCode ?? 1));
  });
  if (code !== 0) throw new Error(`the demo seed's process failed (${code})`);
}
