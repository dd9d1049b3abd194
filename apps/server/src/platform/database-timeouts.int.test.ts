import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite, siteDocument } from '../modules/sites/site-fixtures';
import { DEMO_PASSWORD } from '../seed/seed';
import { startRelayedApp, type TRelay } from '../test/database-relay';
import type { TTestApp } from '../test/harness';

// A database that does not answer in time (a lock held elsewhere, a stall) or not at all (down)
// gives a 503 with Retry-After within the configured timeouts, never a hung request or a 500,
// and the API works again as soon as the database does. PostgreSQL only: the embedded database
// lives inside the process and can neither be locked from outside nor go down alone.

const TIMEOUTS = { acquireMs: 1_000, statementMs: 3_000, lockMs: 500 };

describe.runIf(process.env.DATABASE_URL)('database timeouts', () => {
  let t: TTestApp;
  let url: string;
  let cut: TRelay;
  let token: string;

  beforeAll(async () => {
    ({ t, url, relay: cut } = await startRelayedApp(TIMEOUTS));
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
