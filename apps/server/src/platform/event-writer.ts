import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client';

// Visit events are written in batches, never one row per request. Requests hand their
// rows to this buffer and are answered at once; a timer (or a full batch) writes them with one
// statement per batch (storeAndRollUp): the INSERT ... SELECT FROM unnest(...) of the rows (a
// few array parameters whatever the row count) and, in the same statement, the upserts of every
// rollup by the rows really inserted. The unique (site, visit, seq, time) index drops a beacon
// sent twice (ON CONFLICT DO NOTHING), so nothing is counted twice.
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
  device: string;
  page: string;
  fromPage: string | null;
  target: string | null;
  targetId: string | null;
  dwellMs: number | null;
  ordinal: number | null;
  x: number | null;
  y: number | null;
  occurredAt: Date;
  /** On a visit's entry event: the visit itself (stored once in site_visits). */
  visit?: TVisitMeta;
};

export type TVisitMeta = {
  visitorId: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
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

/** Dwell buckets' upper bounds (ms): bucket i holds dwell < DWELL_BUCKETS_MS[i]; the last is open. */
export const DWELL_BUCKETS_MS = [
  1000, 2000, 3000, 5000, 8000, 13000, 20000, 30000, 45000, 60000, 120000, 300000,
];
/** Taps are counted in a TAP_GRID x TAP_GRID grid over the creative. */
export const TAP_GRID = 40;

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

/** The visits that start in this batch, as a relation for site_visits. */
function visitsRelation(rows: TEventRow[]) {
  const starts = rows.filter((r) => r.visit);
  const v = (pick: (r: TEventRow) => unknown) => sql.param(starts.map(pick));
  return sql`select * from unnest(
    ${v((r) => r.siteId)}::uuid[], ${v((r) => r.visitId)}::varchar[], ${v((r) => r.visit!.visitorId)}::varchar[],
    ${v((r) => r.occurredAt.toISOString())}::timestamptz[], ${v((r) => r.lang)}::varchar[],
    ${v((r) => r.device)}::varchar[], ${v((r) => r.page)}::varchar[],
    ${v((r) => r.visit!.referrerHost)}::varchar[], ${v((r) => r.visit!.utmSource)}::varchar[],
    ${v((r) => r.visit!.utmMedium)}::varchar[], ${v((r) => r.visit!.utmCampaign)}::varchar[])`;
}

/** The JST date of a timestamptz column (Japan keeps no daylight saving time). */
const jstDay = (column: string) => sql.raw(`((${column} at time zone 'UTC') + interval '9 hours')::date`);

/**
 * One statement that stores what is new and moves every rollup by it: `fresh` is the relation
 * of the rows really stored (the INSERT's RETURNING, or the batch after a COPY). Everything
 * commits together, so a rollup never counts an event that is not stored, or misses one that is.
 * Keys are inserted in order, so two processes' batches lock the same rows in the same order.
 */
function storeAndRollUp(fresh: SQL, rows: TEventRow[]) {
  const sum = (c: string) => sql.raw(`${c} = t.${c} + excluded.${c}`);
  return sql`
    with fresh as (${fresh}),
    f as (select fresh.*, ${jstDay('occurred_at')} as day from fresh),
    pages as (
      insert into analytics_page_days as t
        (site_id, day, lang, device, page, views, reached, entries, exits, dwell_ms, dwells, clicks, taps)
      select site_id, day, lang, device, page, sum(views), sum(reached), sum(entries), sum(exits),
        sum(dwell_ms), sum(dwells), sum(clicks), sum(taps)
      from (
        select site_id, day, lang, device, page,
          (type = 'VIEW')::int as views,
          (type = 'VIEW' and ordinal is not null)::int as reached,
          (type = 'VIEW' and coalesce(ordinal, 0) = 1)::int as entries,
          ((type = 'VIEW' and coalesce(ordinal, 0) = 1) or type = 'SWIPE')::int as exits,
          case when type = 'DWELL' then coalesce(dwell_ms, 0) else 0 end as dwell_ms,
          (type = 'DWELL')::int as dwells,
          (type = 'CLICK')::int as clicks,
          (type = 'TAP')::int as taps
        from f where type in ('VIEW', 'SWIPE', 'DWELL', 'CLICK', 'TAP')
        union all
        select site_id, day, lang, device, from_page, 0, 0, 0, -1, 0, 0, 0, 0
        from f where type = 'SWIPE' and from_page is not null
      ) x
      group by site_id, day, lang, device, page
      order by site_id, day, lang, device, page
      on conflict (site_id, day, lang, device, page) do update set
        ${sum('views')}, ${sum('reached')}, ${sum('entries')}, ${sum('exits')}, ${sum('dwell_ms')},
        ${sum('dwells')}, ${sum('clicks')}, ${sum('taps')}
      returning 1),
    dwell as (
      insert into analytics_dwell_days as t (site_id, day, lang, device, page, bucket, count)
      select site_id, day, lang, device, page,
        width_bucket(coalesce(dwell_ms, 0), ${sql.param(DWELL_BUCKETS_MS)}::int[]), count(*)
      from f where type = 'DWELL'
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (site_id, day, lang, device, page, bucket) do update set ${sum('count')}
      returning 1),
    swipes as (
      insert into analytics_swipe_days as t (site_id, day, lang, device, from_page, to_page, count)
      select site_id, day, lang, device, from_page, page, count(*)
      from f where type = 'SWIPE' and from_page is not null
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (site_id, day, lang, device, from_page, to_page) do update set ${sum('count')}
      returning 1),
    clicks as (
      insert into analytics_click_days as t (site_id, day, lang, device, page, target, target_id, count)
      select site_id, day, lang, device, page, coalesce(target, ''), coalesce(target_id, ''), count(*)
      from f where type = 'CLICK'
      group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (site_id, day, lang, device, page, target, target_id) do update set ${sum('count')}
      returning 1),
    taps as (
      insert into analytics_tap_days as t (site_id, day, lang, device, page, cell, count)
      select site_id, day, lang, device, page,
        ${sql.raw(`least(${TAP_GRID - 1}, y::int * ${TAP_GRID} / 1000) * ${TAP_GRID} + least(${TAP_GRID - 1}, x::int * ${TAP_GRID} / 1000)`)},
        count(*)
      from f where type = 'TAP' and x is not null and y is not null
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (site_id, day, lang, device, page, cell) do update set ${sum('count')}
      returning 1),
    visits as (
      insert into analytics_visit_days as t (site_id, day, lang, device, visits, engaged)
      select site_id, day, lang, device, count(*) filter (where ordinal = 1), count(*) filter (where ordinal = 2)
      from f where type = 'VIEW' and ordinal in (1, 2)
      group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (site_id, day, lang, device) do update set ${sum('visits')}, ${sum('engaged')}
      returning 1),
    conversions as (
      insert into analytics_conversion_days as t (site_id, day, lang, device, entry_page, kind, count)
      select site_id, day, lang, device, page, target, count(*)
      from f where type = 'CONV' and target is not null
      group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (site_id, day, lang, device, entry_page, kind) do update set ${sum('count')}
      returning 1),
    usage as (
      insert into account_page_views as t (account_id, month, views)
      select s.account_id, date_trunc('month', f.day)::date, count(*)
      from f join sites s on s.id = f.site_id where f.type = 'VIEW'
      group by 1, 2 order by 1, 2
      on conflict (account_id, month) do update set ${sum('views')}
      returning 1),
    site_views as (
      insert into site_view_counts as t (site_id, views)
      select site_id, count(*) from f where type = 'VIEW' group by 1 order by 1
      on conflict (site_id) do update set views = t.views + excluded.views, updated_at = now()
      returning 1),
    cta as (
      insert into site_cta_counters as t (site_id, kind, clicks)
      select site_id, target_id, count(*) from f
      where type = 'CLICK' and target = 'CTA' and target_id = 'timeLimit'
      group by 1, 2 order by 1, 2
      on conflict (site_id, kind) do update set clicks = t.clicks + excluded.clicks, updated_at = now()
      returning 1),
    new_visits as (
      insert into site_visits (site_id, visit_id, visitor_id, started_at, lang, device, entry_page,
        referrer_host, utm_source, utm_medium, utm_campaign)
      ${visitsRelation(rows)}
      on conflict (site_id, visit_id) do nothing
      returning site_id, visitor_id, started_at, lang, device),
    visitors as (
      insert into analytics_visitor_days (site_id, day, lang, device, visitor_id)
      select distinct site_id, ${jstDay('started_at')}, lang, device, visitor_id from new_visits
      order by 1, 2, 3, 4, 5
      on conflict do nothing
      returning 1)
    select (select count(*) from fresh)::int as stored`;
}

/** Postgres: no partition for the row's month (the job makes them ahead; this is the backstop). */
const NO_PARTITION = '23514';

/** Makes the month partitions a batch needs (normally made ahead by the analytics job). */
export async function ensureEventPartitions(db: TDb, dates: Date[]) {
  const months = new Set(dates.map((d) => `${d.toISOString().slice(0, 7)}-01T00:00:00Z`));
  for (const month of months) await db.execute(sql`select site_events_partition_for(${month}::timestamptz)`);
}

/**
 * On the embedded database a batch goes in by COPY (twice as fast as an INSERT there, and the
 * writer shares the process's one thread with the requests), then the rollups move by the
 * batch, in the same transaction. COPY cannot skip a duplicate: a beacon stored before makes it
 * fail as a whole, and the batch is then written by the INSERT, which skips it. Null then.
 */
async function copyEvents(pglite: PGlite, rows: TEventRow[]): Promise<number | null> {
  const rollUp = storeAndRollUp(batchRelation(rows), rows);
  try {
    return await pglite.transaction(async (tx) => {
      await tx.query(`COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([`${eventsCsv(rows)}\n`]),
      });
      const { sql: text, params } = new PgDialect().sqlToQuery(rollUp);
      const result = await tx.query<{ stored: number }>(text, params);
      return result.rows[0]?.stored ?? 0;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return null;
    throw error;
  }
}

/** One batch: stored once (a beacon sent twice is skipped) with every rollup moved by what was new. */
export async function writeEvents(db: TDb, rows: TEventRow[], pglite?: PGlite): Promise<number> {
  const attempt = async () => {
    if (pglite) {
      const copied = await copyEvents(pglite, rows);
      if (copied !== null) return copied;
    }
    const result = await db.execute<{ stored: number }>(
      storeAndRollUp(
        sql`insert into site_events (${sql.raw(COLUMNS)}) ${batchRelation(rows)}
          on conflict (site_id, visit_id, seq, occurred_at) do nothing
          returning *`,
        rows,
      ),
    );
    return (result.rows[0] as { stored: number } | undefined)?.stored ?? 0;
  };
  try {
    return await attempt();
  } catch (error) {
    if ((error as { code?: string }).code !== NO_PARTITION) throw error;
    await ensureEventPartitions(
      db,
      rows.map((r) => r.occurredAt),
    );
    return attempt();
  }
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
