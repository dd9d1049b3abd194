import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { TDb } from '../db/client';

// Visit events are written in batches, never one row per request. Requests hand their
// rows to this buffer and are answered at once; a timer (or a full batch) writes them with one
// INSERT ... SELECT FROM unnest(...) per batch: thirteen array parameters whatever the row count,
// so neither driver builds a statement per row. The unique (site, visit, seq) index drops a
// beacon sent twice (ON CONFLICT DO NOTHING), and only rows really inserted count CTA clicks.
// The buffer is bounded in rows and in age: when it is full, when a write has failed and waits
// for a retry, or when its oldest row has waited longer than `maxLagMs` (the database stalls),
// `add` says no and the caller answers 503 at once rather than acknowledging rows a crash would
// lose. So a crash loses at most about `maxLagMs` of acknowledged events. A failed write keeps its rows and is retried with backoff;
// `close` writes everything still held (graceful shutdown loses nothing acknowledged).

export type TEventRow = {
  siteId: string;
  visitId: string;
  seq: number;
  type: string;
  lang: string;
  page: string;
  fromPage: string | null;
  target: string | null;
  targetId: string | null;
  dwellMs: number | null;
  occurredAt: Date;
};

export type TEventWriterOptions = {
  /** Rows held at most; beyond it `add` refuses. */
  maxRows?: number;
  /** Rows per INSERT. */
  batchRows?: number;
  /** How long a row may wait for a batch to fill. */
  flushMs?: number;
  /** How long the oldest held row may have waited before new rows are refused. */
  maxLagMs?: number;
  /** The embedded database's own client: batches go in by COPY there. */
  pglite?: PGlite;
  /** Writes one batch; answers the rows really inserted (tests replace it). */
  write?: (rows: TEventRow[]) => Promise<TEventRow[]>;
  onError?: (error: unknown) => void;
};

/** One column of the batch as ONE array parameter (a bare array would become a list of them). */
const col = <K extends keyof TEventRow>(rows: TEventRow[], key: K) => sql.param(rows.map((r) => r[key]));

const COLUMNS =
  'site_id, visit_id, seq, type, lang, page, from_page, target, target_id, dwell_ms, occurred_at';

/** A CSV field: quoted when it holds a quote, comma or line break (visit ids and pages never do). */
const csv = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * On the embedded database a batch goes in by COPY (twice as fast as an INSERT there, and the
 * writer shares the process's one thread with the requests). COPY cannot skip a duplicate: a
 * beacon stored before makes it fail as a whole, and the batch is then written by the INSERT,
 * which skips it. Null when the batch must go the INSERT way.
 */
async function copyEvents(pglite: PGlite, db: TDb, rows: TEventRow[]): Promise<TEventRow[] | null> {
  const body = rows
    .map((r) =>
      [
        r.siteId,
        csv(r.visitId),
        r.seq,
        r.type,
        r.lang,
        r.page,
        csv(r.fromPage),
        csv(r.target),
        csv(r.targetId),
        csv(r.dwellMs),
        r.occurredAt.toISOString(),
      ].join(','),
    )
    .join('\n');
  try {
    await pglite.query(`COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([`${body}\n`]),
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
  await countCtaClicks(db, rows);
  await countViews(db, rows);
  return rows;
}

/**
 * Moves the time-limited popup CTA's counter by the clicks among newly stored rows. (The applicant
 * limit counts people, not clicks: the event intake counts each applicant once.)
 */
async function countCtaClicks(db: TDb, fresh: Pick<TEventRow, 'siteId' | 'target' | 'targetId'>[]) {
  const clicks = new Map<string, number>();
  for (const r of fresh)
    if (r.target === 'CTA' && r.targetId === 'timeLimit') {
      const key = `${r.siteId}|${r.targetId}`;
      clicks.set(key, (clicks.get(key) ?? 0) + 1);
    }
  if (clicks.size === 0) return;
  const entries = [...clicks.entries()].map(([k, n]) => [...k.split('|'), n] as [string, string, number]);
  await db.execute(sql`
    insert into site_cta_counters (site_id, kind, clicks)
    select * from unnest(${sql.param(entries.map((e) => e[0]))}::uuid[], ${sql.param(entries.map((e) => e[1]))}::varchar[], ${sql.param(entries.map((e) => e[2]))}::bigint[])
    on conflict (site_id, kind) do update
      set clicks = site_cta_counters.clicks + excluded.clicks, updated_at = now()`);
}

/** Moves the per-site view counts (the site list's rollup) by the VIEW events among newly stored rows. */
async function countViews(db: TDb, fresh: Pick<TEventRow, 'siteId' | 'type'>[]) {
  const views = new Map<string, number>();
  for (const r of fresh) if (r.type === 'VIEW') views.set(r.siteId, (views.get(r.siteId) ?? 0) + 1);
  if (views.size === 0) return;
  await db.execute(sql`
    insert into site_view_counts (site_id, views)
    select * from unnest(${sql.param([...views.keys()])}::uuid[], ${sql.param([...views.values()])}::bigint[])
    on conflict (site_id) do update
      set views = site_view_counts.views + excluded.views, updated_at = now()`);
}

/** One batch in one statement; the CTA counters and view counts move by the rows that were new. */
export async function writeEvents(db: TDb, rows: TEventRow[], pglite?: PGlite): Promise<TEventRow[]> {
  if (pglite) {
    const copied = await copyEvents(pglite, db, rows);
    if (copied) return copied;
  }
  const inserted = await db.execute<{ site_id: string; target_id: string }>(sql`
    insert into site_events
      (site_id, visit_id, seq, type, lang, page, from_page, target, target_id, dwell_ms, occurred_at)
    select * from unnest(
      ${col(rows, 'siteId')}::uuid[], ${col(rows, 'visitId')}::varchar[], ${col(rows, 'seq')}::int[],
      ${col(rows, 'type')}::varchar[], ${col(rows, 'lang')}::varchar[], ${col(rows, 'page')}::varchar[],
      ${col(rows, 'fromPage')}::varchar[], ${col(rows, 'target')}::varchar[],
      ${col(rows, 'targetId')}::varchar[], ${col(rows, 'dwellMs')}::int[],
      ${sql.param(rows.map((r) => r.occurredAt.toISOString()))}::timestamptz[])
    on conflict (site_id, visit_id, seq) do nothing
    returning site_id, type, target, target_id`);
  const fresh = (
    inserted.rows as { site_id: string; type: string; target: string | null; target_id: string | null }[]
  ).map((r) => ({ siteId: r.site_id, type: r.type, target: r.target, targetId: r.target_id }));
  await countCtaClicks(db, fresh);
  await countViews(db, fresh);
  return fresh as unknown as TEventRow[];
}

export function createEventWriter(db: TDb, opts: TEventWriterOptions = {}) {
  const maxRows = opts.maxRows ?? 20_000;
  const batchRows = opts.batchRows ?? 2_000;
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
  const write = opts.write ?? ((rows: TEventRow[]) => writeEvents(db, rows, opts.pglite));
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

export type TEventWriter = ReturnType<typeof createEventWriter>;
