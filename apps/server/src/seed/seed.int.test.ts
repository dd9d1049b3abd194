import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type TDatabase } from '../db/client';
import { accounts, users } from '../db/schema/accounts';
import { plans } from '../db/schema/plans';
import { openTestDatabase } from '../db/test-database';
import { PLAN_CATALOGUE } from './plan-catalogue';
import { seed } from './seed';

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('seed', () => {
  it('refuses a production master password that breaks the rules', async () => {
    await expect(
      seed(database.db, { demo: false, masterEmail: 'boss@example.com', masterPassword: 'weak' }),
    ).rejects.toThrow(/MASTER_PASSWORD/);
  });

  it('creates only the plans and one MASTER in production, once', async () => {
    expect(
      await seed(database.db, {
        demo: false,
        masterEmail: 'Boss@Example.com',
        masterPassword: 'Strong@2026pass',
      }),
    ).toBe('production');
    const rows = await database.db.select().from(users);
    expect(rows.map((u) => [u.email, u.role])).toEqual([['boss@example.com', 'MASTER']]);
    const [p] = await database.db.select({ n: count() }).from(plans);
    expect(p?.n).toBe(PLAN_CATALOGUE.length);
    expect(PLAN_CATALOGUE.map((plan) => plan.code)).toContain('trial');
    expect(await seed(database.db, { demo: true, masterEmail: undefined, masterPassword: undefined })).toBe(
      'skipped',
    );
  });

  // Several server processes on one PostgreSQL (the embedded database has one process).
  it.runIf(process.env.DATABASE_URL)(
    'lets three processes start at once on an empty database: one migration, one seed',
    async () => {
      const base = process.env.DATABASE_URL!;
      const name = `t_race_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const opened: TDatabase[] = [];
      try {
        opened.push(
          ...(await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString() })))),
        );
        const config = { demo: true, masterEmail: undefined, masterPassword: undefined };
        const outcomes = await Promise.all(opened.map((d) => seed(d.db, config)));
        expect(outcomes.sort()).toEqual(['demo', 'skipped', 'skipped']);
        const [platforms] = await opened[0]!.db
          .select({ n: count() })
          .from(accounts)
          .where(eq(accounts.type, 'PLATFORM'));
        expect(platforms?.n).toBe(1);
        const [p] = await opened[0]!.db.select({ n: count() }).from(plans);
        expect(p?.n).toBe(PLAN_CATALOGUE.length);
      } finally {
        await Promise.all(opened.map((d) => d.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
