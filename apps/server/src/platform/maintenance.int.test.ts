import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/auth';
import { jobs } from '../db/schema/platform';
import { siteAssets } from '../db/schema/sites';
import { startTestApp, type TTestApp } from '../test/harness';
import { dailyMaintenance, purgeExpired } from './maintenance';
import { ensureNextRun, recurringHandler } from './schedule';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('daily maintenance', () => {
  it('purges long-expired refresh tokens and keeps live ones', async () => {
    await t.login('oem@example.com');
    const [live] = await t.ctx.db.select().from(refreshTokens).limit(1);
    await t.ctx.db.insert(refreshTokens).values({
      userId: live!.userId,
      familyId: live!.familyId,
      tokenHash: 'f'.repeat(64),
      expiresAt: new Date(Date.now() - 3 * 86_400_000),
    });
    const handler = t.ctx.jobHandlers['maintenance.daily']!;
    await handler({}, { jobId: 0, attempt: 1 });
    const rows = await t.ctx.db.select().from(refreshTokens);
    expect(rows.some((r) => r.tokenHash === 'f'.repeat(64))).toBe(false);
    expect(rows.some((r) => r.id === live!.id)).toBe(true);
  });

  it('forgets uploads that never arrived, and keeps finished and recent ones', async () => {
    const accountId = t.fixtures.accounts.company.id;
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    const announced = { accountId, kind: 'IMAGE', originalName: 'a.png', declaredBytes: 10 };
    const rows = await t.ctx.db
      .insert(siteAssets)
      .values([
        { ...announced, status: 'PENDING', createdAt: dayAgo },
        { ...announced, status: 'STORING', createdAt: dayAgo },
        { ...announced, status: 'READY', createdAt: dayAgo, storageKey: 'assets/x/original.png' },
        { ...announced, status: 'PENDING' },
      ])
      .returning({ id: siteAssets.id, status: siteAssets.status });
    expect((await purgeExpired(t.ctx.db)).uploads).toBe(2);
    const left = await t.ctx.db
      .select({ id: siteAssets.id })
      .from(siteAssets)
      .where(
        inArray(
          siteAssets.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  });

  it('keeps exactly one next run queued, at the next midnight in Japan', async () => {
    const recurring = dailyMaintenance(t.ctx.db);
    await ensureNextRun(t.ctx.db, recurring);
    await ensureNextRun(t.ctx.db, recurring);
    await recurringHandler(t.ctx.db, recurring)({}, { jobId: 0, attempt: 1 });
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'maintenance.daily'));
    expect(queued).toHaveLength(1);
    const runAt = queued[0]!.runAt;
    expect(runAt.getTime()).toBeGreaterThan(Date.now());
    expect((runAt.getTime() + 9 * 3_600_000) % 86_400_000).toBe(0);
  });
});
