import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { users } from '../db/schema/accounts';
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
});
