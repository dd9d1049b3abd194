import { and, eq, inArray, lt } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { passwordResetTokens, refreshTokens } from '../db/schema/auth';
import { jobs } from '../db/schema/platform';
import { siteAssets } from '../db/schema/sites';
import { databaseNow, nextJstMidnight, type TRecurring } from './schedule';

const DAY_MS = 86_400_000;

/**
 * Deletes what no longer serves anyone: long-expired tokens, old finished jobs, and uploads that
 * never arrived (announced by generate-urls, whose signed URL lived an hour; or cut off while
 * being stored). A finished upload stays: it is in the account's media library.
 */
export async function purgeExpired(db: TDb, now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const refresh = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, dayAgo))
    .returning({ id: refreshTokens.id });
  const reset = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, dayAgo))
    .returning({ id: passwordResetTokens.id });
  const done = await db
    .delete(jobs)
    .where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - 30 * DAY_MS))))
    .returning({ id: jobs.id });
  const uploads = await db
    .delete(siteAssets)
    .where(and(inArray(siteAssets.status, ['PENDING', 'STORING']), lt(siteAssets.createdAt, dayAgo)))
    .returning({ id: siteAssets.id });
  return {
    refreshTokens: refresh.length,
    resetTokens: reset.length,
    jobs: done.length,
    uploads: uploads.length,
  };
}

export const dailyMaintenance = (db: TDb): TRecurring => ({
  kind: 'maintenance.daily',
  next: nextJstMidnight,
  run: async () => {
    await purgeExpired(db, await databaseNow(db));
  },
});
