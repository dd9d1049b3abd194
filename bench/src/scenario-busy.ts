import { pin, placementNote } from './cores';
import { loadTool, runLoad, startLoad, summarize, type TRawLoad } from './load';
import { OPERATOR_LOGIN, operatorLoad, SITE_PATH } from './operator-load';
import { createBenchDatabase, startProduct, type TProduct } from './product';
import {
  budgetAtLeast,
  cleanRun,
  loadAverage,
  median,
  type TBenchContext,
  type TBudget,
  type TRow,
  type TScenario,
  type TScenarioResult,
} from './scenario';

// A published page stays fast while operators work: the cached page's requests/s with the
// console's heavy screens asked in a loop beside it (2 connections asking the 30-day swipe
// analysis, the overview and the site and member lists as the demo operator, from a load
// generator of their own) against its requests/s alone, in rounds A B B A (A alone, B beside the
// operator load), on PGlite (the product's default) and on PostgreSQL (a database created for
// the run and dropped after it; skipped when no server answers at BENCH_POSTGRES_URL).

const RATIO = 0.8;
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE_CONNECTIONS = 10;
const OPERATOR_CONNECTIONS = 2;
/** The operator load starts this long before a measured step and ends after it. */
const LEAD_MS = 500;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface TBusyRound {
  ratio: number;
  loadAverage: [number, number];
  aloneRps: [number, number];
  busyRps: [number, number];
  operatorRps: [number, number];
}

async function measureBusy(
  product: TProduct,
  label: string,
  ctx: TBenchContext,
  /** Places the database's own processes beside the load generators (PostgreSQL). */
  placeDatabase: () => Promise<void> = async () => {},
): Promise<{ rows: TRow[]; budget: TBudget; notes: string[]; data: Record<string, unknown> }> {
  const operator = await operatorLoad(product);
  const page = {
    url: `${product.baseUrl}${SITE_PATH}`,
    headers: { 'accept-encoding': 'br' },
    connections: PAGE_CONNECTIONS,
    lean: true,
  };
  const background = {
    url: `${product.baseUrl}${operator.paths[0]}`,
    paths: operator.paths,
    headers: operator.headers,
    connections: OPERATOR_CONNECTIONS,
  };
  ctx.log(
    `  ${label}: GET ${SITE_PATH} (br, new visitor) alone and beside ${OPERATOR_CONNECTIONS} connections of operator screens, ${ROUNDS} rounds A B B A of ${STEP_SECONDS}s (load average ${loadAverage()})`,
  );
  // Warm both: the page's cache entry and the analysis' plans.
  await runLoad({ ...page, durationSeconds: 2 });
  await runLoad({ ...background, durationSeconds: 2 });
  await placeDatabase();

  const alone: TRawLoad[] = [];
  const busy: TRawLoad[] = [];
  const ops: TRawLoad[] = [];
  const rounds: TBusyRound[] = [];
  const okRps = (r: TRawLoad) => summarize([r]).okRps;
  const busyStep = async () => {
    const bg = startLoad({ ...background, durationSeconds: STEP_SECONDS + 1 });
    await sleep(LEAD_MS);
    const fg = await runLoad({ ...page, durationSeconds: STEP_SECONDS });
    const op = await bg.result;
    return { fg, op };
  };
  for (let i = 0; i < ROUNDS; i++) {
    await placeDatabase();
    const loadBefore = loadAverage();
    const a1 = await runLoad({ ...page, durationSeconds: STEP_SECONDS });
    const b1 = await busyStep();
    const b2 = await busyStep();
    const a2 = await runLoad({ ...page, durationSeconds: STEP_SECONDS });
    alone.push(a1, a2);
    busy.push(b1.fg, b2.fg);
    ops.push(b1.op, b2.op);
    const quiet = summarize([a1, a2]).okRps;
    rounds.push({
      ratio: quiet > 0 ? summarize([b1.fg, b2.fg]).okRps / quiet : 0,
      loadAverage: [loadBefore, loadAverage()],
      aloneRps: [okRps(a1), okRps(a2)],
      busyRps: [okRps(b1.fg), okRps(b2.fg)],
      operatorRps: [okRps(b1.op), okRps(b2.op)],
    });
  }
  const rowShape = { path: SITE_PATH, headers: page.headers, connections: PAGE_CONNECTIONS, lean: true };
  const rows: TRow[] = [
    { target: `${label}: page alone (br)`, load: rowShape, summary: summarize(alone) },
    { target: `${label}: page beside operator load (br)`, load: rowShape, summary: summarize(busy) },
    {
      target: `${label}: operator screens (analysis, lists)`,
      load: { path: operator.paths.join(' | '), connections: OPERATOR_CONNECTIONS },
      summary: summarize(ops),
    },
  ];
  const ratio = median(rounds.map((r) => r.ratio));
  const dirty = rows.map(cleanRun).filter((x): x is string => x !== null);
  const aloneMedian = median(rounds.flatMap((r) => r.aloneRps));
  const busyMedian = median(rounds.flatMap((r) => r.busyRps));
  const opSummary = rows[2]!.summary;
  return {
    rows,
    budget: budgetAtLeast(
      `cached page beside the operator screens (${label}) >= ${RATIO}x the page alone`,
      'page 2xx/s beside 2 connections of analysis and lists ÷ page 2xx/s alone (median of A B B A rounds)',
      RATIO,
      dirty.length ? null : ratio,
      dirty.length
        ? `not comparable: ${dirty.join('; ')}`
        : `median req/s ${busyMedian.toFixed(0)} beside vs ${aloneMedian.toFixed(0)} alone; operator screens ${opSummary.okRps.toFixed(1)}/s, p50 ${opSummary.p50Ms?.toFixed(0)} ms, p95 ${opSummary.p95Ms?.toFixed(0)} ms; rounds ${rounds
            .map((r) => `${r.ratio.toFixed(2)} (load ${r.loadAverage[0].toFixed(1)})`)
            .join(', ')}`,
    ),
    notes: [
      `${label}: operator screens asked once first: ${operator.firstAnswers
        .map((f) => `${f.path.split('?')[0]} ${f.ms.toFixed(0)} ms`)
        .join(', ')}`,
    ],
    data: { database: label, ratio, aloneMedianRps: aloneMedian, busyMedianRps: busyMedian, rounds },
  };
}

async function runBusy(ctx: TBenchContext): Promise<TScenarioResult> {
  const rows: TRow[] = [];
  const budgets: TBudget[] = [];
  const notes: string[] = [
    placementNote(),
    `the product as a user starts it (npm run serve's command, a child process); loads from ${loadTool()}, each in a process of its own: the page at ${PAGE_CONNECTIONS} connections, the operator screens at ${OPERATOR_CONNECTIONS} (as ${OPERATOR_LOGIN}, the demo site's owner)`,
  ];
  const data: Record<string, unknown> = {};

  const pglite = await measureBusy(await ctx.product(), 'PGlite', ctx);
  rows.push(...pglite.rows);
  budgets.push(pglite.budget);
  notes.push(...pglite.notes);
  data.pglite = pglite.data;

  const database = await createBenchDatabase();
  if (!database.ok) {
    notes.push(`PostgreSQL: skipped, ${database.reason}`);
    data.postgres = { skipped: database.reason };
  } else {
    let product: TProduct | undefined;
    try {
      ctx.log(`  starting a product on PostgreSQL (database ${database.name}, created for this run)`);
      product = await startProduct({ databaseUrl: database.url });
      ctx.log(`  product on PostgreSQL up in ${product.startSeconds.toFixed(1)}s`);
      const pg = await measureBusy(product, 'PostgreSQL', ctx, async () => {
        pin('outside', await database.backends());
      });
      rows.push(...pg.rows);
      budgets.push(pg.budget);
      notes.push(...pg.notes);
      data.postgres = pg.data;
    } finally {
      await product?.close();
      await database.drop();
    }
  }
  return { status: 'ok', rows, budgets, notes, data };
}

export const busyPage: TScenario = {
  id: 'busy',
  title: 'cached published page while operators ask the analysis and lists (PGlite, PostgreSQL)',
  budget: `page req/s beside the operator screens >= ${RATIO}x alone`,
  run: runBusy,
};
