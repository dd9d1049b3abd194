import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { openTestDatabase } from '../db/test-database';
import { insertSite, siteDocument } from '../modules/sites/site-fixtures';
import { DEMO_PASSWORD } from '../seed/seed';
import { startTestApp, type TTestApp } from '../test/harness';
import { freePort } from '../test/wait';

// A database that does not answer in time (a lock held elsewhere, a stall) or not at all (down)
// gives a 503 with Retry-After within the configured timeouts, never a hung request or a 500,
// and the API works again as soon as the database does. PostgreSQL only: the embedded database
// lives inside the process and can neither be locked from outside nor go down alone.

/** A TCP relay between the app and PostgreSQL that can be cut and restored, as a network or a restart would. */
async function relay(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const up = () =>
    new Promise<void>((resolve) => {
      if (server) return resolve();
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await up();
  return { port, up, down };
}

const TIMEOUTS = { acquireMs: 1_000, statementMs: 3_000, lockMs: 500 };

describe.runIf(process.env.DATABASE_URL)('database timeouts', () => {
  let t: TTestApp;
  let url: string;
  let cut: Awaited<ReturnType<typeof relay>>;
  let token: string;

  beforeAll(async () => {
    // A database of its own, reached through the relay.
    const direct = await openTestDatabase();
    const { rows } = await direct.db.execute<{ d: string }>(sql`select current_database() as d`);
    const base = new URL(process.env.DATABASE_URL!);
    cut = await relay({ host: base.hostname, port: Number(base.port || 5432) });
    const viaRelay = new URL(base);
    viaRelay.host = `127.0.0.1:${cut.port}`;
    viaRelay.pathname = `/${rows[0]!.d}`;
    url = viaRelay.toString();
    const relayed = await openDatabase({ databaseUrl: url, timeouts: TIMEOUTS });
    t = await startTestApp(
      {},
      {
        database: {
          ...relayed,
          close: async () => {
            await relayed.close().catch(() => {});
            await direct.close();
          },
        },
      },
    );
    token = (await t.login('master@example.com')).access_token;
  });
  afterAll(async () => {
    await cut?.up().catch(() => {});
    await t?.close();
  });

  const users = () =>
    t.app.inject({ url: '/api/users', headers: { ...t.bearer(token), 'accept-language': 'en' } });

  it('answers 503 with Retry-After within the lock timeout while another session holds a lock, then works again', async () => {
    expect((await users()).statusCode).toBe(200);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table users in access exclusive mode');
    try {
      const started = Date.now();
      const res = await users();
      const waited = Date.now() - started;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message:
          'The service is busy and could not finish your request in time. Please try again in a few seconds.',
      });
      expect(waited).toBeLessThan(TIMEOUTS.lockMs + 1_500);
      console.info(`database lock: 503 after ${waited} ms`);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await users()).statusCode).toBe(200);
  });

  it('keeps serving a cached published page while the database is stalled by a lock', async () => {
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Stall-proof LP' }),
      published: true,
    });
    const base = await t.listen();
    const page = `${base}/sites/${site.id}/`;
    expect((await fetch(page)).status).toBe(200); // now in the page cache
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table sites, users in access exclusive mode');
    try {
      const started = Date.now();
      const res = await fetch(page);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Stall-proof LP');
      expect(Date.now() - started).toBeLessThan(TIMEOUTS.lockMs);
      // The API, which needs the database, says so instead.
      expect((await users()).statusCode).toBe(503);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  });

  it('answers 503, not 500, while the database is unreachable, and recovers when it is back', async () => {
    await cut.down();
    try {
      const started = Date.now();
      const read = await users();
      expect(read.statusCode).toBe(503);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login_id: 'master@example.com', password: DEMO_PASSWORD },
      });
      expect(write.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2 * TIMEOUTS.acquireMs + 2_000);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
    } finally {
      await cut.up();
    }
    let back = await users();
    for (let i = 0; i < 20 && back.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await users();
    }
    expect(back.statusCode).toBe(200);
  });
});
