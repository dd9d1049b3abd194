import { and, eq, isNull } from 'drizzle-orm';
import { noticeSites, notices } from '../../db/schema/communications';
import type { TDbOrTx } from '../../db/tx';
import type { TAppContext } from '../../platform/context';
import { enqueueJob, type TJobHandler } from '../../platform/jobs';
import { showingSql } from './notice-shared';

// Scheduling of latest information and deliveries by the job queue. Statuses are derived from
// the dates (a late job never leaves an expired item showing) and a cached page renders again
// at its next start or end by itself; the jobs also tell every process's page cache at the
// moment an item starts or ends, and deliver a notification once: mark it delivered and push
// it to the site's subscribed visitors.

export const NOTICE_JOBS = { refresh: 'communications.refresh', deliver: 'communications.deliver' } as const;

type TNoticeRow = typeof notices.$inferSelect;

/** The jobs a saved notice needs: at its start and end (refresh), and a delivery's delivery. */
export async function scheduleNoticeJobs(tx: TDbOrTx, row: TNoticeRow, now: Date) {
  if (row.state !== 'PUBLISHED') return;
  const from = row.startAt ?? row.publishedAt ?? now;
  for (const at of [from, row.endAt])
    if (at && at > now)
      await enqueueJob(tx, {
        kind: NOTICE_JOBS.refresh,
        payload: { noticeId: row.id },
        runAt: at,
        dedupeKey: `notice-refresh:${row.id}:${at.toISOString()}`,
      });
  if (row.kind === 'DELIVERY' && !row.deliveredAt && (!row.endAt || row.endAt > now))
    await enqueueJob(tx, {
      kind: NOTICE_JOBS.deliver,
      payload: { noticeId: row.id },
      runAt: from > now ? from : now,
      dedupeKey: `notice-deliver:${row.id}:${from.toISOString()}`,
    });
}

/** Pushes a delivered notice to its site's subscribed browsers (push.ts); what it answers is its own. */
export type TPushSender = (ctx: TAppContext, notice: TNoticeRow) => Promise<unknown>;

export function noticeJobHandlers(ctx: TAppContext, push: TPushSender): Record<string, TJobHandler> {
  const sitesOf = async (noticeId: string) =>
    (
      await ctx.db
        .select({ siteId: noticeSites.siteId })
        .from(noticeSites)
        .where(eq(noticeSites.noticeId, noticeId))
    ).map((r) => r.siteId);
  return {
    [NOTICE_JOBS.refresh]: async (payload) => {
      const noticeId = String(payload.noticeId);
      const siteIds = await sitesOf(noticeId);
      await ctx.db.transaction(async (tx) => {
        for (const siteId of siteIds) await ctx.siteChanged(tx, { siteId });
      });
    },
    [NOTICE_JOBS.deliver]: async (payload) => {
      const noticeId = String(payload.noticeId);
      const now = new Date();
      // Once: only the run that marks it delivered sends it; one whose start moved later finds
      // it not showing yet (the save queued a job for the new start).
      const [delivered] = await ctx.db
        .update(notices)
        .set({ deliveredAt: now })
        .where(and(eq(notices.id, noticeId), isNull(notices.deliveredAt), showingSql(notices, now)))
        .returning();
      if (!delivered) return;
      await ctx.db.transaction(async (tx) => {
        if (delivered.siteId) await ctx.siteChanged(tx, { siteId: delivered.siteId });
      });
      await push(ctx, delivered);
    },
  };
}
