import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client';
import { databaseErrorCode } from './database-errors';

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

/**
 * The language and device of the rollup rows that sum every language and device: the screens'
 * unfiltered view reads those (the rows of one language, or one device, are the others).
 */
export const ALL = '*';

/** The JST date of an instant (Japan keeps no daylight saving time). */
const jstDay = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** The dwell bucket of a time on page: how many bounds it reached (SQL's width_bucket). */
export const dwellBucket = (ms: number) => {
  let i = 0;
  while (i < DWELL_BUCKETS_MS.length && ms >= DWELL_BUCKETS_MS[i]!) i++;
  return i;
};

/** The cell of a tap (x, y in thousandths) in the TAP_GRID x TAP_GRID raster. */
export const tapCell = (x: number, y: number) =>
  Math.min(TAP_GRID - 1, Math.floor((y * TAP_GRID) / 1000)) * TAP_GRID +
  Math.min(TAP_GRID - 1, Math.floor((x * TAP_GRID) / 1000));

/** Sums numeric columns by key; the keys come out sorted (locks taken in one order everywhere). */
class Sums<K extends readonly (string | number)[]> {
  private readonly map = new Map<string, { key: K; values: number[] }>();
  constructor(private readonly width: number) {}
  /** The values of the row of `key`, whose parts `id` joins (made on first use). */
  row(id: string, key: () => K): number[] {
    let found = this.map.get(id);
    if (!found) {
      found = { key: key(), values: new Array<number>(this.width).fill(0) };
      this.map.set(id, found);
    }
    return found.values;
  }
  /** Adds `n` to value `index` of the row of `key`. */
  add(key: K, index = 0, n = 1) {
    this.row(key.join('\u0000'), () => key)[index]! += n;
  }
  /** Column i of the sorted rows (keys first, then values). */
  columns(): unknown[][] {
    const rows = [...this.map.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => [...r.key, ...r.values]);
    const width = rows[0]?.length ?? 0;
    return Array.from({ length: width }, (_, c) => rows.map((r) => r[c]));
  }
  get size() {
    return this.map.size;
  }
}

type TKey = [string, string, string, string];

/**
 * The rollups' deltas of a batch of new events, summed here (a batch of thousands of events
 * moves a few hundred rollup rows), then upserted in one statement: every rollup and counter
 * moves together with the events, in the caller's transaction.
 */
function rollUp(rows: TEventRow[]): SQL {
  // views, reached, entries, exits, dwell ms, dwells, clicks, taps, then the dwell buckets
  const [VIEWS, REACHED, ENTRIES, EXITS, DWELL_MS, DWELLS, CLICKS, TAPS, BUCKET_0] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8,
  ];
  const pages = new Sums<[...TKey, string]>(BUCKET_0 + DWELL_BUCKETS_MS.length + 1);
  const swipes = new Sums<[...TKey, string, string]>(1);
  const clicks = new Sums<[...TKey, string, string, string]>(1);
  const taps = new Sums<[...TKey, string, number]>(1);
  const visits = new Sums<TKey>(2);
  const conversions = new Sums<[...TKey, string, string]>(1);
  const views = new Sums<[string, string]>(1);
  const cta = new Sums<[string, string]>(1);
  for (const r of rows) {
    const day = jstDay(r.occurredAt);
    if (r.type === 'VIEW') views.add([r.siteId, day.slice(0, 7)]);
    if (r.type === 'CLICK' && r.target === 'CTA' && r.targetId === 'timeLimit')
      cta.add([r.siteId, r.targetId]);
    // Each rollup row twice: under its language and device, and under ALL (the unfiltered view
    // reads a sixth of the rows).
    for (const k of [
      [r.siteId, day, r.lang, r.device],
      [r.siteId, day, ALL, ALL],
    ] as TKey[]) {
      const id = `${k[0]}\u0000${k[1]}\u0000${k[2]}\u0000${k[3]}\u0000${r.page}`;
      const here = pages.row(id, () => [...k, r.page] as [...TKey, string]);
      switch (r.type) {
        case 'VIEW':
          here[VIEWS]! += 1;
          if (r.ordinal !== null) here[REACHED]! += 1;
          if (r.ordinal === 1) {
            here[ENTRIES]! += 1;
            here[EXITS]! += 1;
            visits.add(k, 0);
          }
          if (r.ordinal === 2) visits.add(k, 1);
          break;
        case 'SWIPE':
          here[EXITS]! += 1;
          if (r.fromPage) {
            pages.add([...k, r.fromPage], EXITS, -1);
            swipes.add([...k, r.fromPage, r.page]);
          }
          break;
        case 'DWELL':
          here[DWELL_MS]! += r.dwellMs ?? 0;
          here[DWELLS]! += 1;
          here[BUCKET_0 + dwellBucket(r.dwellMs ?? 0)]! += 1;
          break;
        case 'CLICK':
          here[CLICKS]! += 1;
          clicks.add([...k, r.page, r.target ?? '', r.targetId ?? '']);
          break;
        case 'TAP':
          here[TAPS]! += 1;
          if (r.x !== null && r.y !== null) taps.add([...k, r.page, tapCell(r.x, r.y)]);
          break;
        case 'CONV':
          if (r.target) conversions.add([...k, r.page, r.target]);
          break;
      }
    }
  }
  const p = (columns: unknown[][], i: number, type: string) =>
    sql`${sql.param(columns[i] ?? [])}::${sql.raw(type)}[]`;
  const sum = (c: string) => sql.raw(`${c} = t.${c} + excluded.${c}`);
  const key = (c: unknown[][]) =>
    sql`${p(c, 0, 'uuid')}, ${p(c, 1, 'date')}, ${p(c, 2, 'varchar')}, ${p(c, 3, 'varchar')}`;
  const parts: SQL[] = [];
  const part = (name: string, size: number, body: SQL) => {
    if (size > 0) parts.push(sql`${sql.raw(name)} as (${body} returning 1)`);
  };
  const pc = pages.columns();
  const buckets = DWELL_BUCKETS_MS.length + 1;
  const bucketColumns = Array.from({ length: buckets }, (_, i) => `dwell_${i}`);
  part(
    'pages',
    pages.size,
    sql`insert into analytics_page_days as t
      (site_id, day, lang, device, page, views, reached, entries, exits, dwell_ms, dwells, clicks, taps,
        ${sql.raw(bucketColumns.join(', '))})
      select * from unnest(${key(pc)}, ${p(pc, 4, 'varchar')}, ${p(pc, 5, 'int')}, ${p(pc, 6, 'int')},
        ${p(pc, 7, 'int')}, ${p(pc, 8, 'int')}, ${p(pc, 9, 'bigint')}, ${p(pc, 10, 'int')}, ${p(pc, 11, 'int')},
        ${p(pc, 12, 'int')}, ${sql.join(
          bucketColumns.map((_, i) => p(pc, 13 + i, 'int')),
          sql`, `,
        )})
      on conflict (site_id, day, lang, device, page) do update set
        ${sum('views')}, ${sum('reached')}, ${sum('entries')}, ${sum('exits')}, ${sum('dwell_ms')},
        ${sum('dwells')}, ${sum('clicks')}, ${sum('taps')}, ${sql.join(
          bucketColumns.map((c) => sum(c)),
          sql`, `,
        )}`,
  );
  const sc = swipes.columns();
  part(
    'swipes',
    swipes.size,
    sql`insert into analytics_swipe_days as t (site_id, day, lang, device, from_page, to_page, count)
      select * from unnest(${key(sc)}, ${p(sc, 4, 'varchar')}, ${p(sc, 5, 'varchar')}, ${p(sc, 6, 'int')})
      on conflict (site_id, day, lang, device, from_page, to_page) do update set ${sum('count')}`,
  );
  const cc = clicks.columns();
  part(
    'clicks',
    clicks.size,
    sql`insert into analytics_click_days as t (site_id, day, lang, device, page, target, target_id, count)
      select * from unnest(${key(cc)}, ${p(cc, 4, 'varchar')}, ${p(cc, 5, 'varchar')}, ${p(cc, 6, 'varchar')},
        ${p(cc, 7, 'int')})
      on conflict (site_id, day, lang, device, page, target, target_id) do update set ${sum('count')}`,
  );
  const tc = taps.columns();
  part(
    'taps',
    taps.size,
    sql`insert into analytics_tap_days as t (site_id, day, lang, device, page, cell, count)
      select * from unnest(${key(tc)}, ${p(tc, 4, 'varchar')}, ${p(tc, 5, 'smallint')}, ${p(tc, 6, 'int')})
      on conflict (site_id, day, lang, device, page, cell) do update set ${sum('count')}`,
  );
  const vc = visits.columns();
  part(
    'visits',
    visits.size,
    sql`insert into analytics_visit_days as t (site_id, day, lang, device, visits, engaged)
      select * from unnest(${key(vc)}, ${p(vc, 4, 'int')}, ${p(vc, 5, 'int')})
      on conflict (site_id, day, lang, device) do update set ${sum('visits')}, ${sum('engaged')}`,
  );
  const kc = conversions.columns();
  part(
    'conversions',
    conversions.size,
    sql`insert into analytics_conversion_days as t (site_id, day, lang, device, entry_page, kind, count)
      select * from unnest(${key(kc)}, ${p(kc, 4, 'varchar')}, ${p(kc, 5, 'varchar')}, ${p(kc, 6, 'int')})
      on conflict (site_id, day, lang, device, entry_page, kind) do update set ${sum('count')}`,
  );
  const wc = views.columns();
  part(
    'site_views',
    views.size,
    sql`insert into site_view_counts as t (site_id, views)
      select site_id, sum(n) from unnest(${p(wc, 0, 'uuid')}, ${p(wc, 2, 'int')}) as v(site_id, n)
      group by site_id order by site_id
      on conflict (site_id) do update set views = t.views + excluded.views, updated_at = now()`,
  );
  part(
    'usage',
    views.size,
    sql`insert into account_page_views as t (account_id, month, views)
      select s.account_id, (v.month || '-01')::date, sum(v.n)
      from unnest(${p(wc, 0, 'uuid')}, ${p(wc, 1, 'varchar')}, ${p(wc, 2, 'int')}) as v(site_id, month, n)
      join sites s on s.id = v.site_id
      group by 1, 2 order by 1, 2
      on conflict (account_id, month) do update set ${sum('views')}`,
  );
  const tcta = cta.columns();
  part(
    'cta',
    cta.size,
    sql`insert into site_cta_counters as t (site_id, kind, clicks)
      select * from unnest(${p(tcta, 0, 'uuid')}, ${p(tcta, 1, 'varchar')}, ${p(tcta, 2, 'bigint')})
      on conflict (site_id, kind) do update set clicks = t.clicks + excluded.clicks, updated_at = now()`,
  );
  const starts = rows.filter((r) => r.visit);
  if (starts.length > 0) {
    parts.push(sql`new_visits as (
      insert into site_visits (site_id, visit_id, visitor_id, started_at, lang, device, entry_page,
        referrer_host, utm_source, utm_medium, utm_campaign)
      ${visitsRelation(starts)}
      on conflict (site_id, visit_id) do nothing
      returning site_id, visitor_id, started_at, lang, device)`);
    parts.push(sql`visitors as (
      insert into analytics_visitor_days (site_id, day, lang, device, visitor_id)
      select distinct site_id, ((started_at at time zone 'UTC') + interval '9 hours')::date, l, d, visitor_id
      from new_visits, lateral (values (lang, device), (${ALL}, ${ALL})) as k(l, d)
      order by 1, 2, 3, 4, 5
      on conflict do nothing
      returning 1)`);
  }
  if (parts.length === 0) return sql`select 1`;
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
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
  const { sql: text, params } = dialect.sqlToQuery(rollUp(rows));
  try {
    await pglite.transaction(async (tx) => {
      await tx.query(`COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([`${eventsCsv(rows)}\n`]),
      });
      await tx.query(text, params);
    });
    return rows.length;
  } catch (error) {
    if (databaseErrorCode(error) === '23505') return null;
    throw error;
  }
}

const dialect = new PgDialect();

/** One batch: stored once (a beacon sent twice is skipped) with every rollup moved by what was new. */
export async function writeEvents(db: TDb, rows: TEventRow[], pglite?: PGlite): Promise<number> {
  const attempt = async () => {
    if (pglite) {
      const copied = await copyEvents(pglite, rows);
      if (copied !== null) return copied;
    }
    return db.transaction(async (tx) => {
      const inserted = await tx.execute<{
        visit_id: string;
        seq: number;
        site_id: string;
        occurred_at: string;
      }>(
        sql`insert into site_events (${sql.raw(COLUMNS)}) ${batchRelation(rows)}
          on conflict (site_id, visit_id, seq, occurred_at) do nothing
          returning site_id, visit_id, seq`,
      );
      const stored = new Set(
        (inserted.rows as { site_id: string; visit_id: string; seq: number }[]).map(
          (r) => `${r.site_id}|${r.visit_id}|${r.seq}`,
        ),
      );
      // Each stored key once (a batch may hold the same event twice; only one of them went in).
      const fresh = rows.filter((r) => stored.delete(`${r.siteId}|${r.visitId}|${r.seq}`));
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

export function createEventWriter(db: TDb, opts: TEventWriterOptions = {}) {
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
