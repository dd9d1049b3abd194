import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { pinned } from './cores';
import { ensureConsoleBuild, repoRoot, type TConsoleBuild } from './targets';

// The product as a user starts it: `npm run serve`'s command (what `npm start` runs after the
// console build) in a child process, on a free loopback port, with the demo seed and a data
// directory of its own under the temp folder. Beside it, the bare node:http baseline in a
// process of its own (bare-server.mjs). The bench's own process only drives and measures.

/** Limits a load generator (one address, one client) would hit at once; set high for the bench. */
const BENCH_LIMIT = '1000000';

/** What the child inherits from the bench's environment: nothing that configures the product. */
const INHERITED_ENV = ['PATH', 'HOME', 'TMPDIR', 'TZ', 'LANG', 'LC_ALL', 'CHROMIUM_PATH'];

export interface TProduct {
  /** The sites origin (published pages, visit events), http://127.0.0.1:<port>. */
  baseUrl: string;
  /** Host headers of the two origins the one port serves. */
  sitesHost: string;
  consoleHost: string;
  pid: number;
  kind: 'pglite' | 'postgres';
  consoleDist: string;
  console: TConsoleBuild;
  loginRateLimitPerMinute: number;
  /** Seconds from spawn until /api/health answered (migrations and the demo seed included). */
  startSeconds: number;
  /** CPU time of the process so far (user + system), in microseconds. */
  cpuUs(): number;
  /** Resident set of the process, in bytes. */
  rssBytes(): number;
  /** Signs in a demo login on the console's origin; answers the access token. */
  login(email: string): Promise<string>;
  /** A JSON call on the console's origin. */
  api(
    apiPath: string,
    opts?: { method?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; json: unknown }>;
  /** The last lines the server logged. */
  logTail(lines?: number): string;
  close(): Promise<void>;
}

export interface TProductOptions {
  /** PostgreSQL instead of the embedded PGlite (the database must exist and may be empty). */
  databaseUrl?: string;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeFlags?: string[];
  /** Extra settings. */
  env?: Record<string, string>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** `npm run serve` as written in package.json: node and its arguments. */
function serveCommand(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts.serve ?? '').split(/\s+/).filter(Boolean);
  if (words[0] !== 'node') throw new Error(`npm run serve is not a node command: ${pkg.scripts.serve}`);
  return words.slice(1);
}

/**
 * One request, fully read: status, headers, body bytes. `host` may name the other origin. A
 * server that stops answering fails the request after `timeoutMs` instead of holding the bench.
 */
export function requestRaw(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const timeoutMs = opts.timeoutMs ?? 60_000;
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${opts.method ?? 'GET'} ${url}: no answer within ${timeoutMs / 1000} s`)),
    );
    req.end(opts.body);
  });
}

function readProc(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

const CLOCK_TICK_US = 10_000; // USER_HZ is 100 on Linux

/** utime + stime of a process from /proc, in microseconds (0 where /proc is missing). */
export function processCpuUs(pid: number): number {
  const stat = readProc(pid, 'stat');
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields from the third (state): utime is the 14th of the line, stime the 15th.
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

/** VmRSS of a process from /proc, in bytes (0 where /proc is missing). */
export function processRssBytes(pid: number): number {
  const status = readProc(pid, 'status');
  const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kb ? Number(kb) * 1024 : 0;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, log: () => string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the product exited (${child.exitCode ?? child.signalCode}) before answering:\n${log()}`,
      );
    const ok = await requestRaw(url, { timeoutMs: 10_000 }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the product did not answer ${url} within ${timeoutMs / 1000} s:\n${log()}`);
}

/**
 * Starts the product in a child process as `npm start` does (after the console build, which is
 * made here when missing) and waits until it answers.
 */
export async function startProduct(opts: TProductOptions = {}): Promise<TProduct> {
  const consoleDist = process.env.CONSOLE_DIST
    ? path.resolve(process.env.CONSOLE_DIST)
    : path.join(repoRoot, 'apps', 'console', 'dist');
  const consoleBuild = ensureConsoleBuild(consoleDist);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-bench-product-'));
  const logFile = path.join(dataDir, 'server.log');
  const env: Record<string, string> = {};
  for (const name of INHERITED_ENV) if (process.env[name]) env[name] = process.env[name]!;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // One load generator is one address and one client: the per-address limits would cap it.
    RATE_LIMIT_LOGIN_PER_MINUTE: BENCH_LIMIT,
    EVENTS_RATE_LIMIT_PER_MINUTE: BENCH_LIMIT,
    API_RATE_LIMIT_PER_MINUTE: BENCH_LIMIT,
    // A token outlives the longest load (the memory scenario's ten minutes and more).
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    ...(process.env.CONSOLE_DIST ? { CONSOLE_DIST: consoleDist } : {}),
    ...(opts.databaseUrl
      ? { DATABASE_URL: opts.databaseUrl, JWT_SECRET: randomBytes(48).toString('base64url') }
      : {}),
    ...opts.env,
  });
  const out = fs.openSync(logFile, 'a');
  const started = performance.now();
  const [command, args] = pinned('server', process.execPath, [...(opts.nodeFlags ?? []), ...serveCommand()]);
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the product');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const logTail = (lines = 20) => {
    try {
      return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  };
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(force);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A cold start on a busy 2-core machine migrates and seeds for well over a minute.
    await waitForHealth(`${baseUrl}/api/health`, child, 300_000, logTail);
  } catch (err) {
    await close();
    throw err;
  }
  const consoleHost = `localhost:${port}`;
  const api: TProduct['api'] = async (apiPath, o = {}) => {
    const res = await requestRaw(`${baseUrl}${apiPath}`, {
      method: o.method ?? 'GET',
      headers: {
        host: consoleHost,
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    const text = res.body.toString();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, json };
  };
  return {
    baseUrl,
    sitesHost: `127.0.0.1:${port}`,
    consoleHost,
    pid,
    kind: opts.databaseUrl ? 'postgres' : 'pglite',
    consoleDist,
    console: consoleBuild,
    loginRateLimitPerMinute: Number(BENCH_LIMIT),
    startSeconds: (performance.now() - started) / 1000,
    cpuUs: () => processCpuUs(pid),
    rssBytes: () => processRssBytes(pid),
    api,
    login: async (email) => {
      const res = await api('/api/auth/login', {
        method: 'POST',
        body: { login_id: email, password: DEMO_PASSWORD },
      });
      const token = (res.json as { data?: { access_token?: string } }).data?.access_token;
      if (res.status !== 200 || !token)
        throw new Error(`login ${email} answered ${res.status}: ${JSON.stringify(res.json)}`);
      return token;
    },
    logTail,
    close,
  };
}

/** What the bare server answers: a captured answer of the product. */
export interface TBareAnswer {
  status?: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The keep-alive timeout the product's Keep-Alive header names (the bare server takes it). */
  keepAliveMs?: number;
}

export interface TBare {
  baseUrl: string;
  pid: number;
  cpuUs(): number;
  /** Sets the one answer the bare server gives to every request. */
  respondWith(answer: TBareAnswer): Promise<void>;
  close(): Promise<void>;
}

const bareScript = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/** Node's keep-alive timeout as a Keep-Alive header names it (`timeout=5`), in ms. */
export const keepAliveMsOf = (header: string | undefined) => {
  const s = header?.match(/timeout=(\d+)/)?.[1];
  return s ? Number(s) * 1000 : 5_000;
};

/** The bare node:http baseline in a process of its own (`nodeFlags`: e.g. --cpu-prof). */
export async function startBare(nodeFlags: string[] = []): Promise<TBare> {
  // fork runs `execPath execArgv script`: taskset in front of node when the server is pinned.
  const [command, args] = pinned('server', process.execPath, nodeFlags);
  const child = fork(bareScript, [], {
    execPath: command,
    execArgv: args,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the bare server');
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
    child.once('message', (msg: { type: string; port: number }) => resolve(msg.port));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid,
    cpuUs: () => processCpuUs(pid),
    respondWith: (answer) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send({
          type: 'answer',
          status: answer.status ?? 200,
          headers: answer.headers,
          body: answer.body.toString('base64'),
          keepAliveMs: answer.keepAliveMs ?? 5_000,
        });
      }),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.disconnect();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(force);
      }
    },
  };
}

/** The admin connection that creates and drops the bench's own PostgreSQL databases. */
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, empty PostgreSQL database for one product (dropped by `drop`), or the reason there
 * is none (no server reachable at BENCH_POSTGRES_URL).
 */
export async function createBenchDatabase(): Promise<
  | { ok: true; url: string; name: string; backends(): Promise<number[]>; drop(): Promise<void> }
  | { ok: false; reason: string }
> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (err) {
    return { ok: false, reason: `no PostgreSQL at ${POSTGRES_ADMIN_URL}: ${(err as Error).message}` };
  }
  const name = `swipe_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    ok: true,
    url: url.toString(),
    name,
    /** The server processes answering this database's connections. */
    backends: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      try {
        const r = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        return r.rows.map((row) => row.pid);
      } finally {
        await c.end();
      }
    },
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
