import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema/auth';
import { jobs } from '../db/schema/platform';
import { startTestApp, type TTestApp } from '../test/harness';
import { dailyMaintenance } from './maintenance';
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
