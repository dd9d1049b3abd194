import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import type { TEmbeddedDatabase } from '../../db/pglite-client';
import { databaseErrorCode } from '../../platform/database-errors';
import type { TEventIntake, TEventRow } from '../../platform/visit-events';
import { rollUp } from './event-rollups';

// Visit events are written in batches, never one row per request. Requests hand their
// rows to this buffer and are answered at once; a timer (or a full batch) writes each batch in one
// transaction: the rows (COPY on PGlite; INSERT ... SELECT FROM unnest(...) on PostgreSQL, a few
// array parameters whatever the row count), then the upserts of every rollup by the rows really
// stored (event-rollups.ts). The unique (site, visit, seq, time) index drops a beacon sent twice
// (ON CONFLICT DO NOTHING), so nothing is counted twice.
// The buffer is bounded in rows and in age: when it is full, when a write has failed and waits
// for a retry, or when its oldest row has waited longer than `maxLagMs` (the database stalls),
// `add` says no and the caller answers 503 at once rather than acknowledging rows a crash would
// lose. So a crash loses at most about `maxLagMs` of acknowledged events. A failed write keeps its rows and is retried with backoff;
// `close` writes everything still held (graceful shutdown loses nothing acknowledged).

export type TEventWriterOptions = {
  /** Rows held at most; beyond it `add` refuses. */
  maxRows?: number;
  /** Rows per INSERT. */
  batchRows?: number;
  /** How long a row may wait for a batch to fill. */
  flushMs?: number;
  /** How long the oldest held row may have waited before new rows are refused. */
  maxLagMs?: number;
  /** The embedded database: batches go in by COPY there. */
  embedded?: TEmbeddedDatabase;
  /** Writes one batch; answers how many rows were really inserted (tests replace it). */
  write?: (rows: TEventRow[]) => Promise<number>;
  onError?: (error: unknown) => void;
};

/** The columns of site_events a batch fills, in order (COPY and the INSERT alike). */
export const EVENT_COLUMNS = [
  'site_id',
  'visit_id',
  'seq',
  'type',
  'lang',
  'device',
  'page',
  'from_page',
  'target',
  'target_id',
  'dwell_ms',
  'ordinal',
  'x',
  'y',
  'occurred_at',
] as const;
const COLUMNS = EVENT_COLUMNS.join(', ');

/** A CSV field: quoted when it holds a quote, comma or line break (visit ids and pages never do). */
const csv = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The batch as CSV lines for COPY, in EVENT_COLUMNS order. */
export const eventsCsv = (rows: TEventRow[]) =>
  rows
    .map((r) =>
      [
        r.siteId,
        csv(r.visitId),
        r.seq,
        r.type,
        r.lang,
        r.device,
        r.page,
        csv(r.fromPage),
        csv(r.target),
        csv(r.targetId),
        csv(r.dwellMs),
        csv(r.ordinal),
        csv(r.x),
        csv(r.y),
        r.occurredAt.toISOString(),
      ].join(','),
    )
    .join('\n');

/** One column of the batch as ONE array parameter (a bare array would become a list of them). */
const col = (rows: TEventRow[], key: Exclude<keyof TEventRow, 'visit' | 'occurredAt'>) =>
  sql.param(rows.map((r) => r[key]));

/** The batch as a relation, typed column by column (thirteen-odd array parameters, whatever its size). */
const batchRelation = (rows: TEventRow[]) => sql`select * from unnest(
  ${col(rows, 'siteId')}::uuid[], ${col(rows, 'visitId')}::varchar[], ${col(rows, 'seq')}::int[],
  ${col(rows, 'type')}::varchar[], ${col(rows, 'lang')}::varchar[], ${col(rows, 'device')}::varchar[],
  ${col(rows, 'page')}::varchar[], ${col(rows, 'fromPage')}::varchar[], ${col(rows, 'target')}::varchar[],
  ${col(rows, 'targetId')}::varchar[], ${col(rows, 'dwellMs')}::int[], ${col(rows, 'ordinal')}::smallint[],
  ${col(rows, 'x')}::smallint[], ${col(rows, 'y')}::smallint[],
  ${sql.param(rows.map((r) => r.occurredAt.toISOString()))}::timestamptz[])
  as b(${sql.raw(COLUMNS)})`;

/** Postgres: no partition for the row's month (the job makes them ahead; this is the backstop). */
const NO_PARTITION = '23514';

/** Makes the month partitions a batch needs (normally made ahead by the analytics job). */
export async function ensureEventPartitions(db: TDb, dates: Date[]) {
  const months = new Set(dates.map((d) => `${d.toISOString().slice(0, 7)}-01T00:00:00Z`));
  for (const month of months) await db.execute(sql`select site_events_partition_for(${month}::timestamptz)`);
}

/**
 * On the embedded database a batch goes in by COPY (twice as fast as an INSERT there), then the
 * rollups move by the batch, in the same transaction. COPY cannot skip a duplicate: a beacon
 * stored before makes it fail as a whole, and the batch is then written by the INSERT, which
 * skips it. Null then.
 */
async function copyEvents(embedded: TEmbeddedDatabase, rows: TEventRow[]): Promise<number | null> {
  const { sql: text, params } = dialect.sqlToQuery(rollUp(rows));
  try {
    await embedded.copyFrom(
      `COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`,
      `${eventsCsv(rows)}\n`,
      [{ sql: text, params }],
    );
    return rows.length;
  } catch (error) {
    if (databaseErrorCode(error) === '23505') return null;
    throw error;
  }
}

const dialect = new PgDialect();

/** One batch: stored once (a beacon sent twice is skipped) with every rollup moved by what was new. */
export async function writeEvents(db: TDb, rows: TEventRow[], embedded?: TEmbeddedDatabase): Promise<number> {
  const attempt = async () => {
    if (embedded) {
      const copied = await copyEvents(embedded, rows);
      if (copied !== null) return copied;
    }
    return db.transaction(async (tx) => {
      const inserted = await tx.execute<{ site_id: string; visit_id: string; seq: number; at_ms: string }>(
        sql`insert into site_events (${sql.raw(COLUMNS)}) ${batchRelation(rows)}
          on conflict (site_id, visit_id, seq, occurred_at) do nothing
          returning site_id, visit_id, seq, (extract(epoch from occurred_at) * 1000)::bigint::text as at_ms`,
      );
      // The unique key, its moment included: a visit converting twice of one kind numbers both
      // conversions alike, at two moments, and both are stored and counted.
      const stored = new Set(
        (inserted.rows as { site_id: string; visit_id: string; seq: number; at_ms: string }[]).map(
          (r) => `${r.site_id}|${r.visit_id}|${r.seq}|${r.at_ms}`,
        ),
      );
      // Each stored key once (a batch may hold the same event twice; only one of them went in).
      const fresh = rows.filter((r) =>
        stored.delete(`${r.siteId}|${r.visitId}|${r.seq}|${r.occurredAt.getTime()}`),
      );
      if (fresh.length > 0) await tx.execute(rollUp(fresh));
      return fresh.length;
    });
  };
  try {
    return await attempt();
  } catch (error) {
    if (databaseErrorCode(error) !== NO_PARTITION) throw error;
    await ensureEventPartitions(
      db,
      rows.map((r) => r.occurredAt),
    );
    return attempt();
  }
}

export function createEventWriter(db: TDb, opts: TEventWriterOptions = {}): TEventIntake {
  const maxRows = opts.maxRows ?? 40_000;
  const batchRows = opts.batchRows ?? 10_000;
  const flushMs = opts.flushMs ?? 250;
  const maxLagMs = opts.maxLagMs ?? 1_000;
  /** When each run of held rows arrived, oldest first: [rows, time]. */
  const arrivals: [number, number][] = [];
  const release = (count: number) => {
    let left = count;
    while (left > 0 && arrivals.length > 0) {
      const first = arrivals[0]!;
      if (first[0] <= left) {
        left -= first[0];
        arrivals.shift();
      } else {
        first[0] -= left;
        left = 0;
      }
    }
  };
  const write = opts.write ?? ((rows: TEventRow[]) => writeEvents(db, rows, opts.embedded));
  let held: TEventRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let failures = 0;
  let closed = false;

  const schedule = (ms: number) => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void drain();
    }, ms);
    timer.unref?.();
  };

  /** Writes batches until nothing is held; one writer at a time. */
  function drain(): Promise<void> {
    if (writing) return writing;
    if (held.length === 0) return Promise.resolve();
    const run = (async () => {
      while (held.length > 0) {
        const batch = held.slice(0, batchRows);
        try {
          await write(batch);
        } catch (error) {
          failures += 1;
          opts.onError?.(error);
          // Keep the rows; try again later, backing off up to ten seconds.
          if (!closed) schedule(Math.min(10_000, flushMs * 2 ** failures));
          return;
        }
        held = held.slice(batch.length);
        release(batch.length);
        failures = 0;
      }
    })();
    writing = run.finally(() => {
      writing = null;
    });
    return writing;
  }

  return {
    /** Takes the rows for writing; false (nothing taken) when the buffer is full or closed. */
    add(rows: TEventRow[], now = Date.now()): boolean {
      if (closed || held.length + rows.length > maxRows || failures > 0) return false;
      if (arrivals.length > 0 && now - arrivals[0]![1] > maxLagMs) return false;
      held.push(...rows);
      arrivals.push([rows.length, now]);
      if (held.length >= batchRows) void drain();
      else schedule(flushMs);
      return true;
    },
    /** Rows waiting to be written. */
    pending: () => held.length,
    /** Writes everything held now. */
    async flush() {
      if (timer) {
        clearTimeout(timer);
        timer = null;
      }
      await drain();
      if (writing) await writing;
    },
    /** Stops taking rows and writes what is held (tries a few times before giving up). */
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (let attempt = 0; attempt < 5 && held.length > 0; attempt++) {
        await drain();
        if (held.length > 0) await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    },
  };
}
