import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stallSilenceMs } from '../db/client';
import type { TModule } from '../platform/module';
import { startRelayedApp, type TRelay } from '../test/database-relay';
import type { TTestApp } from '../test/harness';
import { within } from '../test/wait';

// A query already on its way when the network to PostgreSQL stops carrying packets (no error, no
// FIN) ends its request with a 503 and Retry-After like a new request would, instead of waiting
// for the network; its connection is destroyed, not handed out again, and the API works as soon
// as the network does. PostgreSQL only: the embedded database has no network to stall.

const TIMEOUTS = { acquireMs: 1_000, statementMs: 1_500, lockMs: 500 };
/** A stalled query's request ends once its connection was silent this long and the server did not answer a probe. */
const STALL_BOUND_MS = stallSilenceMs(TIMEOUTS) + TIMEOUTS.acquireMs;

/** A route whose one query takes `s` seconds (pg_sleep), to have a query in flight. */
const sleeper: TModule = {
  name: 'sleeper',
  http: (app, ctx) => {
    app.get('/test/sleep', async (req) => {
      const seconds = Number((req.query as { s?: string }).s ?? 0);
      await ctx.db.execute(sql`select pg_sleep(${seconds})`);
      return { slept: seconds };
    });
    return undefined;
  },
};

describe.runIf(process.env.DATABASE_URL)('a database connection that stalls', () => {
  let t: TTestApp;
  let directUrl: string;
  let relay: TRelay;

  beforeAll(async () => {
    ({ t, directUrl, relay } = await startRelayedApp(TIMEOUTS, { modules: [sleeper] }));
  });
  afterAll(async () => {
    relay?.resume();
    await t?.close();
  });

  const sleep = (s: number) =>
    t.app.inject({ url: `/test/sleep?s=${s}`, headers: { 'accept-language': 'en' } });

  it('ends the request whose query was in flight with 503 and Retry-After, destroys the connection, and serves again once the network is back', async () => {
    expect((await sleep(0)).statusCode).toBe(200);
    const observer = new pg.Client({ connectionString: directUrl });
    await observer.connect();
    try {
      const started = Date.now();
      const inFlight = sleep(1);
      // The query has reached the server: now the network stalls under it.
      let backend: { pid: number; client_port: number } | undefined;
      await within(5_000, async () => {
        const { rows } = await observer.query(
          `select pid, client_port from pg_stat_activity
            where datname = current_database() and state = 'active' and query like 'select pg_sleep%'`,
        );
        backend = rows[0];
        return backend !== undefined;
      });
      relay.stall();
      try {
        const res = await Promise.race([
          inFlight,
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error('the request waited for the stalled network')),
              STALL_BOUND_MS + 3_000,
            ),
          ),
        ]);
        const waited = Date.now() - started;
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({
          code: 'UNAVAILABLE',
          message:
            'The service is busy and could not finish your request in time. Please try again in a few seconds.',
        });
        expect(waited).toBeLessThan(STALL_BOUND_MS + 1_500);
        // Destroyed on the app's side while the network still carried nothing, not kept in the pool.
        expect(relay.closedByApp(backend!.client_port)).toBe(true);
        console.info(`stalled query: 503 after ${waited} ms (bound ${STALL_BOUND_MS} ms)`);
      } finally {
        relay.resume();
      }
      // The server hears the goodbye once the network is back: that backend ends.
      await within(5_000, async () => {
        const { rows } = await observer.query('select 1 from pg_stat_activity where pid = $1', [
          backend!.pid,
        ]);
        return rows.length === 0;
      });
    } finally {
      await observer.end();
    }
    // More requests at once than the pool has connections: none gets a dead one.
    const back = await within(5_000, async () => (await sleep(0)).statusCode === 200, 100);
    const all = await Promise.all(Array.from({ length: 12 }, () => sleep(0)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    console.info(`stalled query: serving again ${back} ms after the network came back`);
  });

  it('lets a statement that turned its timeout off run past the silence (the seed waiting for another process)', async () => {
    const started = Date.now();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_sleep(${(stallSilenceMs(TIMEOUTS) + 700) / 1000})`);
    });
    expect(Date.now() - started).toBeGreaterThan(stallSilenceMs(TIMEOUTS));
  });
});
