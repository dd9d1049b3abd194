import { sql } from 'drizzle-orm';
import { EVENT_COLUMNS } from '../../apps/server/src/modules/analytics/event-writer';
import { runLoad, summarize, type TRawLoad } from './load';
import type { TBenchContext, TRow, TScenario, TScenarioResult } from './scenario';
import { budgetAtLeast, cleanRun, loadAverage, median } from './scenario';

// The ingestion budget: "Analytics ingestion: at least 0.5x the rows/s of PostgreSQL COPY of the same rows."
// The app side is the whole path a published page's beacons take: POST /api/end-user/events
// with batches of 50 events (each request a new visit, so every row is new), validated, buffered
// and written by the event writer; its rate is the rows really in the table divided by the time
// from the first request until the last row was written. The baseline is COPY of the same rows:
// the rows the API stored, exported (COPY TO, with new visit ids so the unique index takes them)
// and read back by COPY FROM into the same table (its indexes included) of the same database, in
// the same run; only the COPY FROM is timed. Both swing with other work on the machine (COPY
// alone by several times from run to run), so they alternate: ROUNDS rounds of the API load and
// then COPY of the rows that round stored, and the budget compares the medians.

const EVENTS_PER_BATCH = 50;
/** Alternated rounds: the API for STEP_SECONDS, then COPY of what it stored; medians compared. */
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 5);
const STEP_SECONDS = 3;
const CONNECTIONS = 10;
const RATIO = 0.5;
const COLUMNS = EVENT_COLUMNS.join(', ');

/** One beacon: a visit's events over a 3 x 2 grid; `{{n}}` in the visit id makes it unique. */
export function beaconTemplate(siteId: string, visitPrefix = 'bench-', count = EVENTS_PER_BATCH) {
  const pages = ['A1', 'B1', 'A2', 'B2', 'A3', 'B3'];
  const events = Array.from({ length: count }, (_, seq) => {
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
  return JSON.stringify({ site_id: siteId, visit_id: `${visitPrefix}{{n}}`, lang: 'JP', events });
}

interface TIngestRound {
  apiRowsPerSecond: number;
  copyRowsPerSecond: number;
  rows: number;
  apiSeconds: number;
  copySeconds: number;
  loadAverage: [number, number];
}

async function runIngest(ctx: TBenchContext): Promise<TScenarioResult> {
  const { app } = ctx;
  const { db } = app.database;
  const embedded = app.database.embedded;
  if (!embedded) throw new Error('the ingestion scenario needs the embedded database (PGlite)');
  const count = async () =>
    Number(((await db.execute(sql`select count(*)::int as n from site_events`)).rows[0] as { n: number }).n);

  ctx.log(
    `  ${ROUNDS} rounds: POST /api/end-user/events (${EVENTS_PER_BATCH} events a beacon, ${STEP_SECONDS}s, ${CONNECTIONS} connections), then COPY of the rows it stored`,
  );
  const shape = {
    url: `${app.baseUrl}/api/end-user/events`,
    method: 'POST' as const,
    // The visitors' API answers on the sites origin (the console's redirects it there).
    headers: { 'content-type': 'application/json', host: app.sitesHost },
    connections: CONNECTIONS,
    durationSeconds: STEP_SECONDS,
  };
  // Warm-up, not measured: the route, the writer and the rollups' statements.
  await runLoad({ ...shape, bodyTemplate: beaconTemplate(app.demoSiteId, 'warm-') });
  await app.ctx.visits.writer.flush();

  const rounds: TIngestRound[] = [];
  const runs: TRawLoad[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const loadBefore = loadAverage();
    const prefix = `bench-r${i}-`;
    const before = await count();
    const started = performance.now();
    runs.push(await runLoad({ ...shape, bodyTemplate: beaconTemplate(app.demoSiteId, prefix) }));
    await app.ctx.visits.writer.flush();
    const apiSeconds = (performance.now() - started) / 1000;
    const written = (await count()) - before;

    // The same rows, by COPY: those this round's API load stored, as CSV, under new visit ids.
    const exported = await embedded.copyTo(
      `COPY (select ${EVENT_COLUMNS.map((c) => (c === 'visit_id' ? `'copy-' || visit_id` : c)).join(', ')}
        from site_events where site_id = '${app.demoSiteId}' and visit_id like '${prefix}%') TO '/dev/blob' WITH (FORMAT csv)`,
    );
    const copyStarted = performance.now();
    const copied = await embedded.copyFrom(
      `COPY site_events (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`,
      exported,
    );
    const copySeconds = (performance.now() - copyStarted) / 1000;
    if (copied !== written) throw new Error(`COPY wrote ${copied} rows, the API ${written}`);
    rounds.push({
      apiRowsPerSecond: written / apiSeconds,
      copyRowsPerSecond: copied / copySeconds,
      rows: written,
      apiSeconds,
      copySeconds,
      loadAverage: [loadBefore, loadAverage()],
    });
  }

  const row: TRow = {
    target: 'app POST /api/end-user/events (all rounds)',
    load: { path: '/api/end-user/events', method: 'POST', connections: CONNECTIONS },
    summary: summarize(runs),
  };
  // A 503 is the writer refusing more than it can store within a second (the runtime sends that
  // batch again): load shed, not an error. The figure is the rows stored, counted in the table.
  const shed = row.summary.statusCounts['503'] ?? 0;
  const { 503: _refused, ...otherStatuses } = row.summary.statusCounts;
  const dirty = cleanRun({ ...row, summary: { ...row.summary, statusCounts: otherStatuses } });
  const api = median(rounds.map((r) => r.apiRowsPerSecond));
  const copy = median(rounds.map((r) => r.copyRowsPerSecond));
  const ratio = dirty ? null : api / copy;
  const perRound = rounds
    .map(
      (r) => `${(r.apiRowsPerSecond / r.copyRowsPerSecond).toFixed(2)} (load ${r.loadAverage[0].toFixed(1)})`,
    )
    .join(', ');
  return {
    status: 'ok',
    rows: [row],
    budgets: [
      budgetAtLeast(
        `visit event ingestion >= ${RATIO}x COPY`,
        'median rows/s through the API ÷ median rows/s of COPY (same rows, same table, alternated rounds)',
        RATIO,
        ratio,
        dirty ??
          `medians ${Math.round(api)} rows/s vs COPY ${Math.round(copy)} rows/s; each round's ratio ${perRound}`,
      ),
    ],
    notes: [
      `${shed} of ${shed + row.summary.ok} beacons answered 503 (the writer's backpressure; a visitor's runtime sends them again)`,
      `API per round (load ${STEP_SECONDS}s plus the last flush): ${rounds.map((r) => `${r.rows} rows in ${r.apiSeconds.toFixed(2)}s = ${Math.round(r.apiRowsPerSecond)}`).join('; ')} rows/s`,
      `COPY of the same rows per round: ${rounds.map((r) => `${r.copySeconds.toFixed(2)}s = ${Math.round(r.copyRowsPerSecond)}`).join('; ')} rows/s (PGlite, the app's own database)`,
    ],
    data: { rounds, medianApiRowsPerSecond: api, medianCopyRowsPerSecond: copy },
  };
}

export const eventIngestion: TScenario = {
  inProcess: true,
  id: 'ingest',
  title: 'visit event ingestion vs COPY of the same rows',
  budget: 'rows/s through POST /api/end-user/events >= 0.5x COPY',
  run: runIngest,
};
