import { sql } from 'drizzle-orm';
import type { TBenchContext, TScenario, TScenarioResult } from './scenario';
import { budgetAtLeast, cleanRun, measure } from './scenario';

// DESIGN 7: "Analytics ingestion: at least 0.5x the rows/s of PostgreSQL COPY of the same rows."
// The app side is the whole path a published page's beacons take: POST /api/end-user/events
// with batches of 50 events (each request a new visit, so every row is new), validated, buffered
// and written by the event writer; its rate is the rows really in the table divided by the time
// from the first request until the last row was written. The baseline is COPY of the same rows
// (same columns, same table, its unique index included) into the same database, in the same run.

const EVENTS_PER_BATCH = 50;
const DURATION_SECONDS = 6;
const CONNECTIONS = 10;
const RATIO = 0.5;
const COLUMNS =
  'site_id, visit_id, seq, type, lang, page, from_page, target, target_id, dwell_ms, occurred_at';

/** One beacon: a visit's 50 events over a 3 x 2 grid; `{{n}}` makes the visit unique. */
function beaconTemplate(siteId: string) {
  const pages = ['A1', 'B1', 'A2', 'B2', 'A3', 'B3'];
  const events = Array.from({ length: EVENTS_PER_BATCH }, (_, seq) => {
    const page = pages[seq % pages.length]!;
    const kind = seq % 5;
    return kind === 0
      ? { seq, type: 'VIEW', page, at: Date.now() }
      : kind === 1
        ? { seq, type: 'SWIPE', page, from: pages[(seq + 5) % pages.length], at: Date.now() }
        : kind === 2
          ? { seq, type: 'DWELL', page, dwell_ms: 1200 + seq, at: Date.now() }
          : kind === 3
            ? { seq, type: 'CLICK', page, target: 'LINK', target_id: page, at: Date.now() }
            : { seq, type: 'VIEW', page, at: Date.now() };
  });
  return JSON.stringify({ site_id: siteId, visit_id: 'bench-{{n}}', lang: 'JP', events });
}

/** The rows of `visits` beacons as CSV, in the table's column order. */
function csvRows(siteId: string, visits: number, prefix: string): string {
  const template = JSON.parse(beaconTemplate(siteId).replace('{{n}}', 'x')) as {
    events: {
      seq: number;
      type: string;
      page: string;
      from?: string;
      target?: string;
      target_id?: string;
      dwell_ms?: number;
    }[];
  };
  const at = new Date().toISOString();
  const lines: string[] = [];
  for (let v = 0; v < visits; v++)
    for (const e of template.events)
      lines.push(
        [
          siteId,
          `${prefix}${v}`,
          e.seq,
          e.type,
          'JP',
          e.page,
          e.from ?? '',
          e.target ?? '',
          e.target_id ?? '',
          e.dwell_ms ?? '',
          at,
        ].join(','),
      );
  return `${lines.join('\n')}\n`;
}

async function runIngest(ctx: TBenchContext): Promise<TScenarioResult> {
  const { app } = ctx;
  const { db } = app.database;
  if (!app.database.pglite) throw new Error('the ingestion scenario needs the embedded database (PGlite)');
  const count = async () =>
    Number(((await db.execute(sql`select count(*)::int as n from site_events`)).rows[0] as { n: number }).n);

  ctx.log(`  POST /api/end-user/events, ${EVENTS_PER_BATCH} events a beacon, ${DURATION_SECONDS}s`);
  const before = await count();
  const started = performance.now();
  const row = await measure(
    'app POST /api/end-user/events',
    app.baseUrl,
    {
      path: '/api/end-user/events',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodyTemplate: beaconTemplate(app.demoSiteId),
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    },
    0,
  );
  await app.ctx.visits.writer.flush();
  const seconds = (performance.now() - started) / 1000;
  const written = (await count()) - before;
  const appRowsPerSecond = written / seconds;

  // The same number of rows, by COPY, into the same table.
  const visits = Math.max(1, Math.round(written / EVENTS_PER_BATCH));
  const csv = csvRows(app.demoSiteId, visits, 'copy-');
  const copyStarted = performance.now();
  await app.database.pglite.query(`COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
    blob: new Blob([csv]),
  });
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const copied = visits * EVENTS_PER_BATCH;
  const copyRowsPerSecond = copied / copySeconds;

  const dirty = cleanRun(row);
  const ratio = dirty ? null : appRowsPerSecond / copyRowsPerSecond;
  return {
    status: 'ok',
    rows: [row],
    budgets: [
      budgetAtLeast(
        `visit event ingestion >= ${RATIO}x COPY`,
        'rows/s written through the API ÷ rows/s of COPY (same rows, same table)',
        RATIO,
        ratio,
        dirty ?? `${Math.round(appRowsPerSecond)} rows/s vs COPY ${Math.round(copyRowsPerSecond)} rows/s`,
      ),
    ],
    notes: [
      `API: ${written} rows written in ${seconds.toFixed(2)}s (load ${DURATION_SECONDS}s plus the last flush) = ${Math.round(appRowsPerSecond)} rows/s`,
      `COPY: ${copied} rows in ${copySeconds.toFixed(2)}s = ${Math.round(copyRowsPerSecond)} rows/s (PGlite, the app's own database)`,
    ],
  };
}

export const eventIngestion: TScenario = {
  id: 'ingest',
  title: 'visit event ingestion vs COPY of the same rows',
  budget: 'rows/s through POST /api/end-user/events >= 0.5x COPY',
  run: runIngest,
};
