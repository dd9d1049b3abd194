import { jstDay } from '@swipe/contracts/jst-format';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client';
import { enqueueJob, type TJobHandler } from './jobs';

// Recurring work on the durable job table: each run first queues the next occurrence (one per
// time slot, by dedupe key), so neither a restart nor two processes lose or double a run.
// Contract and plan dates are Japanese time, hence the JST helpers.

export const JST_OFFSET_MS = 9 * 3_600_000;

/** The next 00:00 in Japan strictly after `now`. */
export function nextJstMidnight(now: Date): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  const midnight = Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), jst.getUTCDate() + 1);
  return new Date(midnight - JST_OFFSET_MS);
}

/** 00:00 in Japan on the first day of the month after the one `now` falls in (in Japan). */
export function firstDayOfNextMonthJst(now: Date): Date {
  const jst = new Date(now.getTime() + JST_OFFSET_MS);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 1) - JST_OFFSET_MS);
}

/** The calendar date (YYYY-MM-DD) in Japan at `now`. */
export const jstDate = (now: Date) => jstDay(now);

export interface TRecurring {
  kind: string;
  /** When the next run after `after` is due. */
  next: (after: Date) => Date;
  run: TJobHandler;
}

/**
 * "Now" as the database sees it: every process schedules by one clock, so a process whose own
 * clock drifts neither skips nor doubles a nightly run.
 */
export async function databaseNow(db: TDb): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  return new Date((result.rows[0] as { now: string | Date }).now);
}

export async function ensureNextRun(db: TDb, recurring: TRecurring, after?: Date) {
  const at = recurring.next(after ?? (await databaseNow(db)));
  await enqueueJob(db, {
    kind: recurring.kind,
    runAt: at,
    dedupeKey: `${recurring.kind}@${at.toISOString()}`,
  });
}

/** The job handler of a recurring kind: queue the next slot, then do the work. */
export const recurringHandler =
  (db: TDb, recurring: TRecurring): TJobHandler =>
  async (payload, ctx) => {
    await ensureNextRun(db, recurring);
    await recurring.run(payload, ctx);
  };
