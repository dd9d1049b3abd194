import os from 'node:os';
import path from 'node:path';
import { cleanUpLoads, loadTool } from './load';
import { startBare, startProduct, type TBare, type TProduct } from './product';
import { renderBudget, renderRows, type TScenarioReport, writeJson } from './report';
import { loadAverage, type TBenchContext } from './scenario';
import { PENDING_BUDGETS, SCENARIOS } from './scenarios';
import { repoRoot, startApp, type TAppTarget } from './targets';

// `npm run bench [-- <scenario id> ...]`: the performance budgets, measured on loopback. The
// serving scenarios load the product as a user starts it (a child process, PGlite on disk, demo
// seed) beside a bare node:http server in a process of its own; the scenarios that look into the
// database use the app built in this process (PGlite in memory). The load generator (wrk, else
// autocannon) always runs in a process of its own. Exit 1 when a budget is missed or a scenario
// breaks; 2 on bad arguments.

const resultsFile = path.join(repoRoot, 'bench', 'results', 'latest.json');
const started = performance.now();
const elapsed = (from: number) => (performance.now() - from) / 1000;
const log = (line: string) => console.log(line);

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = wanted.filter((id) => !SCENARIOS.some((s) => s.id === id));
  if (unknown.length) {
    console.error(
      `unknown scenario(s): ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.id).join(', ')}`,
    );
    return 2;
  }
  const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.id)) : SCENARIOS;
  const cpus = os.cpus().length;
  const load = os.loadavg()[0] ?? 0;
  log(
    `bench: node ${process.version}, ${cpus} cpus, ${os.cpus()[0]?.model ?? 'unknown cpu'}, load average ${load.toFixed(2)}`,
  );
  if (load > cpus / 2)
    log('warning: the machine is already busy; req/s swing with other work, ratios less so (A B B A rounds)');
  log(`load generator: ${loadTool()} (a process of its own)`);

  let app: TAppTarget | undefined;
  let product: Promise<TProduct> | undefined;
  let bare: Promise<TBare> | undefined;
  const reports: TScenarioReport[] = [];
  try {
    if (scenarios.some((s) => s.inProcess)) {
      const t0 = performance.now();
      app = await startApp();
      log(
        `app in this process ${app.baseUrl} (PGlite in memory, demo seed): ready in ${elapsed(t0).toFixed(1)}s`,
      );
    }
    const inProcessApp = app;
    const ctx: TBenchContext = {
      get app(): TAppTarget {
        if (!inProcessApp) throw new Error('this scenario uses the in-process app: mark it inProcess');
        return inProcessApp;
      },
      product: () => {
        product ??= (async () => {
          const t0 = performance.now();
          log('  starting the product (npm run serve, a child process; PGlite, demo seed)');
          const p = await startProduct();
          log(`  product ${p.baseUrl} (pid ${p.pid}): ready in ${elapsed(t0).toFixed(1)}s`);
          return p;
        })();
        return product;
      },
      bare: () => {
        bare ??= startBare();
        return bare;
      },
      log,
    };
    for (const [i, scenario] of scenarios.entries()) {
      // The shared product and bare server idle beside the in-process scenarios otherwise.
      if (scenario.inProcess && scenarios.slice(i).every((s) => s.inProcess) && (product || bare)) {
        await bare?.then((b) => b.close()).catch(() => undefined);
        await product?.then((p) => p.close()).catch(() => undefined);
        bare = undefined;
        product = undefined;
      }
      log(`\n> ${scenario.id}: ${scenario.title} (load average ${loadAverage()})`);
      const t = performance.now();
      const loadAtStart = loadAverage();
      const base = {
        id: scenario.id,
        title: scenario.title,
        ...(scenario.budget ? { budget: scenario.budget } : {}),
      };
      try {
        const result = await scenario.run(ctx);
        reports.push({
          ...base,
          ...result,
          seconds: elapsed(t),
          loadAverage: { start: loadAtStart, end: loadAverage() },
        });
        if (result.status === 'skipped') {
          for (const note of result.notes) log(`  ${note}`);
          if (result.skipDetail) log(result.skipDetail.replace(/^/gm, '    | '));
        }
      } catch (err) {
        const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
        log(`  ERROR ${error}`);
        reports.push({
          ...base,
          status: 'ok',
          rows: [],
          budgets: [],
          notes: [],
          seconds: elapsed(t),
          loadAverage: { start: loadAtStart, end: loadAverage() },
          error,
        });
      }
    }
  } finally {
    cleanUpLoads();
    await bare?.then((b) => b.close()).catch(() => undefined);
    await product?.then((p) => p.close()).catch(() => undefined);
    await app?.close();
  }

  const budgets = reports.flatMap((r) => r.budgets);
  const failed = budgets.filter((b) => !b.pass && !b.notJudged);
  const broken = reports.filter((r) => r.error);
  // Lighthouse scenarios measure pages, not loads: no table rows.
  if (reports.some((r) => r.rows.length)) log(`\n${renderRows(reports)}\n`);
  else log('');
  for (const r of reports) for (const note of r.notes) log(`note  ${r.id}: ${note}`);
  log('');
  for (const b of budgets) log(renderBudget(b));
  for (const r of reports.filter((x) => x.status === 'skipped'))
    log(`SKIP  ${r.id}: ${r.budget ?? r.title} not measured (see above)`);
  for (const p of PENDING_BUDGETS) log(`TODO  ${p.budget} (waits for ${p.waitsFor})`);

  writeJson(resultsFile, repoRoot, { reports, pending: PENDING_BUDGETS, failed, loadTool: loadTool() });
  log(`\nwrote ${path.relative(process.cwd(), resultsFile)} in ${elapsed(started).toFixed(1)}s total`);
  if (failed.length) log(`bench FAILED: budget missed: ${failed.map((b) => b.name).join('; ')}`);
  if (broken.length) log(`bench FAILED: scenario error: ${broken.map((r) => r.id).join(', ')}`);
  return failed.length || broken.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Everything is closed by now; if a handle still holds the process open, say so and leave.
    setTimeout(() => {
      console.error('bench: handles still open 5s after closing everything; exiting');
      process.exit(code || 1);
    }, 5000).unref();
  },
  (err: unknown) => {
    console.error('bench: could not run:', err);
    process.exit(1);
  },
);
