import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDatabase } from '../db/client';
import { jobs } from '../db/schema/platform';
import { openTestDatabase } from '../db/test-database';
import { backoffSeconds, claimJobs, enqueueJob, runDueJobs, startWorker } from './jobs';
import { ensureNextRun, nextJstMidnight } from './schedule';

let database: TDatabase;
const quiet = { error: () => {}, warn: () => {} };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const makeDue = (id: number) =>
  database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(jobs.id, id));

describe('jobs', () => {
  it('backs off exponentially with a cap', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(30)).toBe(3600);
  });

  it('retries a failing job later and finishes it when it succeeds', async () => {
    let calls = 0;
    const handlers = {
      flaky: async () => {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
    };
    const id = (await enqueueJob(database.db, { kind: 'flaky' }))!;
    expect(await runDueJobs(database.db, handlers, quiet)).toBe(1);
    let row = await jobRow(id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toBe('boom 1');
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now() + 3000);
    // Not due yet: nothing runs.
    expect(await runDueJobs(database.db, handlers, quiet)).toBe(0);
    await makeDue(id);
    await runDueJobs(database.db, handlers, quiet);
    await makeDue(id);
    await runDueJobs(database.db, handlers, quiet);
    row = await jobRow(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(3);
    expect(calls).toBe(3);
  });

  it('gives up after maxAttempts', async () => {
    const id = (await enqueueJob(database.db, { kind: 'always-fails', maxAttempts: 2 }))!;
    const handlers = {
      'always-fails': async () => {
        throw new Error('nope');
      },
    };
    await runDueJobs(database.db, handlers, quiet);
    await makeDue(id);
    await runDueJobs(database.db, handlers, quiet);
    expect((await jobRow(id)).status).toBe('failed');
  });

  it('never hands one job to two concurrent claimers', async () => {
    for (let i = 0; i < 20; i++) await enqueueJob(database.db, { kind: 'noop' });
    const [a, b, c] = await Promise.all([
      claimJobs(database.db, 'a', 10),
      claimJobs(database.db, 'b', 10),
      claimJobs(database.db, 'c', 10),
    ]);
    const ids = [...a!, ...b!, ...c!].map((j) => j.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('picks up a job left running by a crashed process', async () => {
    const id = (await enqueueJob(database.db, { kind: 'noop' }))!;
    await database.db.execute(
      sql`UPDATE jobs SET status = 'running', locked_at = now() - interval '10 minutes', attempts = 1 WHERE id = ${id}`,
    );
    let ran = 0;
    await runDueJobs(database.db, { noop: async () => void ran++ }, quiet);
    expect(ran).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it("keeps a running job its worker's while the worker lives, and frees it soon after it dies", async () => {
    const timing = { leaseMs: 600, heartbeatMs: 100 };
    const id = (await enqueueJob(database.db, { kind: 'slow' }))!;
    let release!: () => void;
    const running = runDueJobs(
      database.db,
      {
        slow: () =>
          new Promise<void>((r) => {
            release = r;
          }),
      },
      quiet,
      'alive',
      timing,
    );
    // Three leases long: the heartbeat keeps it, so no other worker may claim it.
    await new Promise((r) => setTimeout(r, 1800));
    expect(await claimJobs(database.db, 'other', 5, timing.leaseMs)).toEqual([]);
    release();
    await running;
    expect((await jobRow(id)).status).toBe('done');

    // A worker that claimed and died (no heartbeat): free again once its lease lapses.
    const orphan = (await enqueueJob(database.db, { kind: 'slow' }))!;
    expect((await claimJobs(database.db, 'dead', 5, timing.leaseMs)).map((j) => j.id)).toEqual([orphan]);
    expect(await claimJobs(database.db, 'other', 5, timing.leaseMs)).toEqual([]);
    await new Promise((r) => setTimeout(r, 800));
    expect((await claimJobs(database.db, 'other', 5, timing.leaseMs)).map((j) => j.id)).toEqual([orphan]);
  });

  // The embedded database runs inside this process and reads its clock: only a server has its own.
  it.runIf(process.env.DATABASE_URL)(
    'schedules the next run by the database clock, not the process clock',
    async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
      try {
        await ensureNextRun(database.db, { kind: 'nightly', next: nextJstMidnight, run: async () => {} });
      } finally {
        vi.useRealTimers();
      }
      const [row] = await database.db.select().from(jobs).where(eq(jobs.kind, 'nightly'));
      const realNow = Date.now();
      expect(row!.runAt.getTime()).toBeGreaterThan(realNow);
      expect(row!.runAt.getTime()).toBeLessThanOrEqual(realNow + 86_400_000);
    },
  );

  it('keeps one job per dedupe key', async () => {
    const first = await enqueueJob(database.db, { kind: 'noop', dedupeKey: 'plan-switch:2026-12' });
    const second = await enqueueJob(database.db, { kind: 'noop', dedupeKey: 'plan-switch:2026-12' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });

  it('runs jobs in the background worker loop', async () => {
    let done = 0;
    const log = { ...quiet, info: () => {}, debug: () => {} } as never;
    const worker = startWorker({
      db: database.db,
      handlers: { noop: async () => void done++ },
      pollMs: 20,
      log,
    });
    await enqueueJob(database.db, { kind: 'noop' });
    worker.nudge();
    for (let i = 0; i < 100 && done === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(done).toBe(1);
  });
});
