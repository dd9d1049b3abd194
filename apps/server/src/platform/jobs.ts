import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../db/client';
import { jobs } from '../db/schema/platform';
import type { TDbOrTx } from '../db/tx';

// Durable jobs in a table. Claimed with FOR UPDATE SKIP LOCKED so two processes never run one
// twice; retried with exponential backoff. A running job's lease is renewed while its worker
// lives, so a job left "running" by a dead process is picked up again once its lease lapses.

export type TJobHandler = (
  payload: Record<string, unknown>,
  ctx: { jobId: number; attempt: number },
) => Promise<void>;

/** How long a claimed job stays its worker's without a heartbeat, and how often one is sent. */
export type TJobTiming = { leaseMs: number; heartbeatMs: number };
export const JOB_TIMING: TJobTiming = { leaseMs: 20_000, heartbeatMs: 5_000 };
const BATCH = 5;

export async function enqueueJob(
  db: TDbOrTx,
  job: {
    kind: string;
    payload?: Record<string, unknown>;
    runAt?: Date;
    dedupeKey?: string;
    maxAttempts?: number;
  },
) {
  const rows = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
      dedupeKey: job.dedupeKey,
      maxAttempts: job.maxAttempts ?? 8,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/** Seconds to wait before attempt n+1: 5 s, 10 s, 20 s, ... capped at one hour. */
export const backoffSeconds = (attempt: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempt - 1));

interface TClaimed {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export async function claimJobs(
  db: TDb,
  workerId: string,
  limit = BATCH,
  leaseMs = JOB_TIMING.leaseMs,
): Promise<TClaimed[]> {
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs
      WHERE (status = 'pending' AND run_at <= now())
         OR (status = 'running' AND locked_at < now() - make_interval(secs => ${leaseMs / 1000}))
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, payload, attempts, max_attempts`);
  return (result.rows as unknown as TClaimed[]).map((r) => ({ ...r, id: Number(r.id) }));
}

async function finish(db: TDb, job: TClaimed, error: unknown) {
  if (!error) {
    await db.execute(
      sql`UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL WHERE id = ${job.id}`,
    );
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (job.attempts >= job.max_attempts) {
    await db.execute(
      sql`UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message} WHERE id = ${job.id}`,
    );
  } else {
    const delay = backoffSeconds(job.attempts);
    await db.execute(sql`UPDATE jobs SET status = 'pending', locked_at = NULL, last_error = ${message},
      run_at = now() + make_interval(secs => ${delay}) WHERE id = ${job.id}`);
  }
}

/** Runs every claimable job once; returns how many ran. Used by the worker loop and by tests. */
export async function runDueJobs(
  db: TDb,
  handlers: Record<string, TJobHandler>,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  workerId = `w-${randomUUID()}`,
  timing: TJobTiming = JOB_TIMING,
): Promise<number> {
  const claimed = await claimJobs(db, workerId, BATCH, timing.leaseMs);
  if (claimed.length === 0) return 0;
  // The whole batch is this worker's: renew every lease not yet finished until it is.
  const open = new Set(claimed.map((j) => j.id));
  const heartbeat = setInterval(() => {
    const ids = [...open];
    if (ids.length === 0) return;
    db.execute(
      sql`UPDATE jobs SET locked_at = now() WHERE id IN (${sql.join(ids, sql`, `)}) AND status = 'running' AND locked_by = ${workerId}`,
    ).catch((err) => log.warn({ err }, 'job heartbeat failed'));
  }, timing.heartbeatMs);
  try {
    for (const job of claimed) {
      const handler = handlers[job.kind];
      let error: unknown = null;
      if (!handler) error = new Error(`no handler for job kind ${job.kind}`);
      else {
        try {
          await handler(job.payload, { jobId: job.id, attempt: job.attempts });
        } catch (e) {
          error = e ?? new Error('job failed');
          log.warn({ err: e, jobId: job.id, kind: job.kind }, 'job failed');
        }
      }
      await finish(db, job, error);
      open.delete(job.id);
    }
  } finally {
    clearInterval(heartbeat);
  }
  return claimed.length;
}

/**
 * A lease on work a request does itself (not the worker) and a crash must not leave half-done: a
 * job of `kind` that runs under `holder` from the start. The holder renews it (renewLease) and
 * deletes it when the work ends (endLease). If the holder's process dies, the lease lapses like a
 * dead worker's, any worker claims the job, and the kind's handler undoes what was left.
 */
export async function holdLease(
  db: TDbOrTx,
  lease: { kind: string; holder: string; payload: Record<string, unknown> },
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: lease.kind,
      payload: lease.payload,
      status: 'running',
      lockedAt: sql`now()`,
      lockedBy: lease.holder,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

/** Renews a lease; false when it is no longer its holder's (it lapsed and a worker took it). */
export async function renewLease(db: TDbOrTx, id: number, holder: string): Promise<boolean> {
  const renewed = await db.execute(
    sql`UPDATE jobs SET locked_at = now() WHERE id = ${id} AND status = 'running' AND locked_by = ${holder} RETURNING id`,
  );
  return renewed.rows.length > 0;
}

/** Ends a lease with its work; false when it was no longer its holder's. */
export async function endLease(db: TDbOrTx, id: number, holder: string): Promise<boolean> {
  const ended = await db.execute(
    sql`DELETE FROM jobs WHERE id = ${id} AND status = 'running' AND locked_by = ${holder} RETURNING id`,
  );
  return ended.rows.length > 0;
}

export interface TWorker {
  stop(): Promise<void>;
  /** Wakes the loop now instead of at the next poll (after enqueueing urgent work). */
  nudge(): void;
}

export function startWorker(opts: {
  db: TDb;
  handlers: Record<string, TJobHandler>;
  pollMs: number;
  log: FastifyBaseLogger;
}): TWorker {
  const workerId = `w-${randomUUID()}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = () => {
    timer = undefined;
    current = (async () => {
      try {
        let ran = 0;
        do {
          ran = await runDueJobs(opts.db, opts.handlers, opts.log, workerId);
        } while (ran > 0 && !stopped);
      } catch (e) {
        opts.log.error({ err: e }, 'job loop error');
      }
      if (!stopped) timer = setTimeout(tick, opts.pollMs);
    })();
  };
  timer = setTimeout(tick, 10);

  return {
    nudge() {
      if (timer && !stopped) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
