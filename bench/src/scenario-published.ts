import zlib from 'node:zlib';
import { placementNote } from './cores';
import { loadTool } from './load';
import { requestRaw } from './product';
import type { TBenchContext, TBudget, TRow, TScenario, TScenarioResult } from './scenario';
import { budgetAtLeast, cleanRun, describeRounds, loadAverage, measurePair } from './scenario';
import { captureAnswer } from './scenario-static';

// The budgets of a published page (the demo's bilingual site, seeded with its images):
// - all of its JavaScript at most 10 KB gzip, and its HTML (critical CSS inline) at most 14 KB
//   gzip before images;
// - served from cache at least 0.9x the requests/s of a bare node:http server sending the same
//   status, headers and bytes from memory, A B B A in the same run, for br and gzip; with the
//   demo's running experiment, for a new visitor (a variation drawn, its cookie set) and a
//   returning one (the variation their cookie names).
// The product runs as a user starts it (a child process, PGlite on disk, the demo seed), the
// bare server in a process of its own, the load generator (wrk) in a third.

const SITE_PATH = '/sites/hinode-autumn/';
const JS_BUDGET = 10 * 1024;
const HTML_BUDGET = 14 * 1024;
const RATIO = 0.9;
/** Each target gets ROUNDS x 2 steps of STEP_SECONDS, interleaved A B B A. */
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;

const gzipSize = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

const budgetAtMost = (name: string, measure: string, threshold: number, actual: number): TBudget => ({
  name,
  measure,
  threshold,
  comparison: '<=',
  actual,
  pass: actual <= threshold,
});

/** The JavaScript a page loads: its own <script src> (the runtime; creator scripts are the creator's). */
async function pageScripts(baseUrl: string, html: string) {
  const srcs = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const own = srcs.filter((s) => s.startsWith('/'));
  const sizes = await Promise.all(
    own.map(async (src) => {
      const res = await requestRaw(`${baseUrl}${src}`);
      if (res.status !== 200) throw new Error(`GET ${src} answered ${res.status}`);
      return { src, bytes: res.body.length, gzip: gzipSize(res.body) };
    }),
  );
  return { sizes, foreign: srcs.length - own.length };
}

async function runPublished(ctx: TBenchContext): Promise<TScenarioResult> {
  const app = await ctx.product();
  const bare = await ctx.bare();
  const notes: string[] = [
    placementNote(),
    `product: npm run serve's command as a child process (pid ${app.pid}, PGlite on disk, demo seed; up in ${app.startSeconds.toFixed(1)} s); bare node:http in another (pid ${bare.pid}); load: ${loadTool()} in a third, ${CONNECTIONS} connections, ${ROUNDS} rounds A B B A of ${STEP_SECONDS} s steps`,
  ];
  const budgets: TBudget[] = [];
  const rows: TRow[] = [];

  for (const path of [SITE_PATH, `${SITE_PATH}en`]) {
    const page = await requestRaw(`${app.baseUrl}${path}`);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: is the demo site seeded?`);
    const html = page.body.toString();
    const scripts = await pageScripts(app.baseUrl, html);
    const js = scripts.sizes.reduce((n, s) => n + s.gzip, 0);
    const htmlGzip = gzipSize(page.body);
    notes.push(
      `${path}: HTML ${page.body.length} B (${htmlGzip} B gzip), ${scripts.sizes.length} script(s) ${scripts.sizes
        .map((s) => `${s.src} ${s.bytes} B (${s.gzip} B gzip)`)
        .join(', ')}${scripts.foreign ? `; ${scripts.foreign} creator script(s) not counted` : ''}`,
    );
    budgets.push(
      budgetAtMost(`published page ${path}: all JS`, 'bytes gzip', JS_BUDGET, js),
      budgetAtMost(`published page ${path}: HTML + critical CSS`, 'bytes gzip', HTML_BUDGET, htmlGzip),
    );
  }

  // The demo site runs an experiment: a new visitor is drawn a variation (and gets the
  // cookie that keeps it), a returning one is sent the variation their cookie names; both are
  // measured. Without a running experiment the two are the same request.
  const first = await requestRaw(`${app.baseUrl}${SITE_PATH}`);
  const setCookie = ([] as string[])
    .concat(first.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('variationId='));
  const kept = setCookie?.split(';')[0];
  notes.push(
    kept
      ? `${SITE_PATH} runs an experiment: a new visitor gets ${kept} (drawn by the shares), a returning one sends it back`
      : `${SITE_PATH} runs no experiment`,
  );
  const visitors: [string, Record<string, string>][] = kept
    ? [
        ['new visitor', {}],
        ['returning visitor', { cookie: kept }],
      ]
    : [['visitor', {}]];
  const pairs: Record<string, unknown>[] = [];
  for (const [visitor, cookie] of visitors)
    for (const encoding of ['br', 'gzip']) {
      const headers = { 'accept-encoding': encoding, ...cookie };
      const answer = await captureAnswer(`${app.baseUrl}${SITE_PATH}`, headers);
      if (answer.encoding !== encoding)
        throw new Error(`GET ${SITE_PATH} answered ${answer.encoding} to ${encoding}`);
      ctx.log(
        `  ${encoding} GET ${SITE_PATH} (${visitor}): product vs bare node:http, ${ROUNDS} rounds A B B A of ${STEP_SECONDS}s (load average ${loadAverage()})`,
      );
      await bare.respondWith(answer);
      const pair = await measurePair(
        {
          target: `product GET ${SITE_PATH} (${encoding}, ${visitor})`,
          baseUrl: app.baseUrl,
          cpuUs: app.cpuUs,
        },
        { target: `bare node:http (${encoding}, ${visitor})`, baseUrl: bare.baseUrl, cpuUs: bare.cpuUs },
        { path: SITE_PATH, headers, connections: CONNECTIONS, lean: true },
        { stepSeconds: STEP_SECONDS, rounds: ROUNDS },
      );
      rows.push(pair.a, pair.b);
      const dirty = [cleanRun(pair.a), cleanRun(pair.b)].filter((x): x is string => x !== null);
      const cpu = (n: number | null | undefined) => (n == null ? '-' : `${n.toFixed(0)} us`);
      pairs.push({
        encoding,
        visitor,
        bytes: answer.body.length,
        medianRatio: pair.medianRatio,
        medianRps: pair.medianRps,
        cpuUsPerAnswer: { product: pair.a.cpuUsPerAnswer, bare: pair.b.cpuUsPerAnswer },
        p50Ms: { product: pair.a.summary.p50Ms, bare: pair.b.summary.p50Ms },
        p99Ms: { product: pair.a.summary.p99Ms, bare: pair.b.summary.p99Ms },
        rounds: pair.rounds,
      });
      budgets.push(
        budgetAtLeast(
          `published page from cache (${encoding}, ${visitor}) >= ${RATIO}x bare node:http`,
          'product 2xx/s ÷ bare 2xx/s (median of A B B A rounds)',
          RATIO,
          dirty.length ? null : pair.medianRatio,
          dirty.length
            ? `not comparable: ${dirty.join('; ')}`
            : `median req/s ${pair.medianRps.a.toFixed(0)} vs ${pair.medianRps.b.toFixed(0)}; CPU per answer ${cpu(pair.a.cpuUsPerAnswer)} vs ${cpu(pair.b.cpuUsPerAnswer)}; rounds ${describeRounds(pair)}; ${answer.body.length} B ${encoding}`,
        ),
      );
    }
  return { status: 'ok', rows, budgets, notes, data: { loadTool: loadTool(), pairs } };
}

export const publishedPage: TScenario = {
  id: 'published',
  title: 'published page: JS and HTML bytes; served from cache vs bare node:http',
  budget: 'JS <= 10 KB gzip; HTML + critical CSS <= 14 KB gzip; cache >= 0.9x bare node:http',
  run: runPublished,
};
