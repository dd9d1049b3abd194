import { loadTool, startLoad, summarize, type TRawLoad } from './load';
import { MEMORY_BUDGETS } from './memory-budgets';
import { operatorLoad, SITE_PATH } from './operator-load';
import { startProduct, type TProduct } from './product';
import {
  budgetAtMost,
  cleanRun,
  judgedUnless,
  loadAverage,
  type TBenchContext,
  type TBudget,
  type TRow,
  type TScenario,
  type TScenarioResult,
} from './scenario';
import { beaconTemplate } from './scenario-ingest';

// The product's memory over a stretch of mixed work: the resident set (RSS) of the product's
// process after it started (migrated, demo seeded, idle), then sampled every few seconds while
// published pages, visit events and the operator's screens (analysis and lists) are asked for
// BENCH_MEMORY_MINUTES (10 by default; 1 for a smoke run), and once more when the load has
// stopped. Reported: start, peak, end, and the slope over the last half of the load (a leak
// shows as a slope that does not flatten). A fresh product of its own, so nothing measured
// before adds to it.

const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 10);
const SAMPLE_SECONDS = Number(process.env.BENCH_MEMORY_SAMPLE_SECONDS ?? 2);
const EVENTS_PER_BEACON = 20;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 2 ** 20;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  if (sxx === 0) return null;
  return points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
}

async function runMemory(ctx: TBenchContext): Promise<TScenarioResult> {
  if (!Number.isFinite(MINUTES) || MINUTES <= 0) throw new Error('BENCH_MEMORY_MINUTES must be positive');
  const seconds = Math.max(1, Math.round(MINUTES * 60));
  ctx.log('  starting a product of its own (npm run serve, PGlite, demo seed)');
  const product: TProduct = await startProduct();
  try {
    // Settled after start: the seed's and the first requests' garbage collected or not, as it is.
    await sleep(5_000);
    const startRss = product.rssBytes();
    const operator = await operatorLoad(product);
    const loadAtStart = loadAverage();
    ctx.log(
      `  RSS after start ${mb(startRss).toFixed(0)} MB (up in ${product.startSeconds.toFixed(0)} s); mixed load for ${MINUTES} min, RSS every ${SAMPLE_SECONDS}s (load average ${loadAtStart})`,
    );

    // Paced, so the mix (not the fastest of its parts) is what runs: about 2,000 pages/s at
    // most, 20 beacons/s of 20 events, 20 operator screens/s.
    const loads = {
      pages: startLoad({
        url: `${product.baseUrl}${SITE_PATH}`,
        paths: [SITE_PATH, `${SITE_PATH}en`],
        headers: { 'accept-encoding': 'br' },
        connections: 4,
        delayMs: 2,
        durationSeconds: seconds,
      }),
      events: startLoad({
        url: `${product.baseUrl}/api/end-user/events`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        bodyTemplate: beaconTemplate(operator.siteId, 'mem-', EVENTS_PER_BEACON),
        connections: 1,
        delayMs: 50,
        durationSeconds: seconds,
      }),
      operator: startLoad({
        url: `${product.baseUrl}${operator.paths[0]}`,
        paths: operator.paths,
        headers: operator.headers,
        connections: 2,
        delayMs: 100,
        durationSeconds: seconds,
      }),
    };
    const t0 = performance.now();
    const samples: { s: number; rssMb: number; load: number }[] = [];
    let running = true;
    const all = Promise.all([loads.pages.result, loads.events.result, loads.operator.result]).finally(() => {
      running = false;
    });
    let lastLog = 0;
    while (running) {
      const s = (performance.now() - t0) / 1000;
      samples.push({ s, rssMb: mb(product.rssBytes()), load: loadAverage() });
      if (s - lastLog >= 60) {
        lastLog = s;
        ctx.log(`    ${s.toFixed(0)} s: RSS ${samples.at(-1)!.rssMb.toFixed(0)} MB`);
      }
      await Promise.race([sleep(SAMPLE_SECONDS * 1000), all]);
    }
    const [pages, events, ops] = (await all) as [TRawLoad, TRawLoad, TRawLoad];
    await sleep(5_000);
    const endRss = mb(product.rssBytes());
    const peak = Math.max(...samples.map((x) => x.rssMb));
    const half = samples.filter((x) => x.s >= seconds / 2);
    const perMinute = slope(half.map((x) => ({ x: x.s / 60, y: x.rssMb })));

    const rows: TRow[] = [
      {
        target: 'published pages (JP, EN; br)',
        load: { path: `${SITE_PATH} | ${SITE_PATH}en`, connections: 4, delayMs: 2 },
        summary: summarize([pages]),
      },
      {
        target: `visit events (${EVENTS_PER_BEACON} a beacon)`,
        load: { path: '/api/end-user/events', method: 'POST', connections: 1, delayMs: 50 },
        summary: summarize([events]),
      },
      {
        target: 'operator screens (analysis, lists)',
        load: { path: operator.paths.join(' | '), connections: 2, delayMs: 100 },
        summary: summarize([ops]),
      },
    ];
    const dirty = rows.map(cleanRun).filter((x): x is string => x !== null);
    // The budgets hold for the ten minutes they were set on; a shorter smoke run is reported only.
    const smoke = MINUTES < 10 ? `a ${MINUTES}-minute smoke run: the budgets are for ten minutes` : null;
    const budget = (name: string, measure: string, limit: number, actual: number | null) =>
      judgedUnless(budgetAtMost(name, measure, limit, actual), smoke);
    const budgets: TBudget[] = [
      budgetAtMost('product RSS after start (seeded, idle)', 'MB', MEMORY_BUDGETS.startMb, mb(startRss)),
      budget(`product RSS peak over ${MINUTES} min of mixed load`, 'MB', MEMORY_BUDGETS.peakMb, peak),
      budget(`product RSS at the end of ${MINUTES} min of mixed load`, 'MB', MEMORY_BUDGETS.endMb, endRss),
      budget(
        'product RSS growth over the last half of the load',
        'MB per minute (least squares)',
        MEMORY_BUDGETS.slopeMbPerMinute,
        perMinute,
      ),
    ];
    return {
      status: 'ok',
      rows,
      budgets,
      notes: [
        `product as a child process (npm run serve's command, PGlite on disk, demo seed), loads from ${loadTool()} in processes of their own; RSS from /proc/${product.pid}/status every ${SAMPLE_SECONDS}s`,
        `RSS: after start ${mb(startRss).toFixed(0)} MB, peak ${peak.toFixed(0)} MB, at the end of ${MINUTES} min ${samples.at(-1)?.rssMb.toFixed(0)} MB, 5 s after the load ${endRss.toFixed(0)} MB; slope over the last half ${perMinute === null ? '-' : perMinute.toFixed(2)} MB/min`,
        `load average ${loadAtStart} when the load began, ${loadAverage()} at the end`,
        ...(dirty.length ? [`answers other than 2xx: ${dirty.join('; ')}`] : []),
      ],
      data: {
        minutes: MINUTES,
        startMb: mb(startRss),
        peakMb: peak,
        endMb: endRss,
        slopeMbPerMinuteLastHalf: perMinute,
        budgets: MEMORY_BUDGETS,
        samples,
      },
    };
  } finally {
    await product.close();
  }
}

export const productMemory: TScenario = {
  id: 'memory',
  title: `product memory (RSS) after start and over ${MINUTES} min of mixed load`,
  budget: 'RSS after start, peak and growth (budgets not set yet)',
  run: runMemory,
};
