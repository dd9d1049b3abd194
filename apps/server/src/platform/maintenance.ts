import { and, eq, lt } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { passwordResetTokens, refreshTokens } from '../db/schema/auth';
import { jobs } from '../db/schema/platform';
import { nextJstMidnight, type TRecurring } from './schedule';

const DAY_MS = 86_400_000;

/** Deletes what no longer serves anyone: long-expired tokens and old finished jobs. */
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
  return { refreshTokens: refresh.length, resetTokens: reset.length, jobs: done.length };
}

export const dailyMaintenance = (db: TDb): TRecurring => ({
  kind: 'maintenance.daily',
  next: nextJstMidnight,
  run: async () => {
    await purgeExpired(db);
  },
});
