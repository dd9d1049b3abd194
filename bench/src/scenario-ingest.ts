import { sql } from 'drizzle-orm';
import { EVENT_COLUMNS } from '../../apps/server/src/platform/event-writer';
import type { TBenchContext, TScenario, TScenarioResult } from './scenario';
import { budgetAtLeast, cleanRun, measure } from './scenario';

// DESIGN 7: "Analytics ingestion: at least 0.5x the rows/s of PostgreSQL COPY of the same rows."
// The app side is the whole path a published page's beacons take: POST /api/end-user/events
// with batches of 50 events (each request a new visit, so every row is new), validated, buffered
// and written by the event writer; its rate is the rows really in the table divided by the time
// from the first request until the last row was written. The baseline is COPY of the same rows:
// the rows the API stored, exported (COPY TO, with new visit ids so the unique index takes them)
// and read back by COPY FROM into the same table (its indexes included) of the same database, in
// the same run; only the COPY FROM is timed.

const EVENTS_PER_BATCH = 50;
const DURATION_SECONDS = 6;
const CONNECTIONS = 10;
const RATIO = 0.5;
const COLUMNS = EVENT_COLUMNS.join(', ');

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

  // The same rows, by COPY: those the API stored, as CSV, under new visit ids.
  const exported = await app.database.pglite.query(
    `COPY (select ${EVENT_COLUMNS.map((c) => (c === 'visit_id' ? `'copy-' || visit_id` : c)).join(', ')}
      from site_events where site_id = '${app.demoSiteId}' and visit_id like 'bench-%') TO '/dev/blob' WITH (FORMAT csv)`,
  );
  if (!exported.blob) throw new Error('COPY TO gave no blob');
  const copyStarted = performance.now();
  const copiedResult = await app.database.pglite.query(
    `COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`,
    [],
    { blob: exported.blob },
  );
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const copied = copiedResult.affectedRows ?? 0;
  if (copied !== written) throw new Error(`COPY wrote ${copied} rows, the API ${written}`);
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
