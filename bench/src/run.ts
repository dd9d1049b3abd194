import os from 'node:os';
import path from 'node:path';
import { stopLoadWorker } from './load';
import { renderBudget, renderRows, type TScenarioReport, writeJson } from './report';
import type { TBenchContext } from './scenario';
import { PENDING_BUDGETS, SCENARIOS } from './scenarios';
import { repoRoot, startApp, startBare, type TAppTarget, type TBareTarget } from './targets';

// `npm run bench [-- <scenario id> ...]`: DESIGN 7 budgets, measured on loopback against the
// real app in this process (PGlite in memory, demo seed) and a bare node:http server, both on
// ephemeral ports. autocannon runs in a worker thread. Exit 1 when a budget is missed or a
// scenario breaks; 2 on bad arguments.

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

  let app: TAppTarget | undefined;
  let bare: TBareTarget | undefined;
  const reports: TScenarioReport[] = [];
  try {
    const t0 = performance.now();
    app = await startApp();
    bare = await startBare();
    log(
      `app ${app.baseUrl} (PGlite in memory, demo seed), bare node:http ${bare.baseUrl}: ready in ${elapsed(t0).toFixed(1)}s`,
    );
    const ctx: TBenchContext = { app, bare, log };
    for (const scenario of scenarios) {
      log(`\n> ${scenario.id}: ${scenario.title}`);
      const t = performance.now();
      const base = {
        id: scenario.id,
        title: scenario.title,
        ...(scenario.budget ? { budget: scenario.budget } : {}),
      };
      try {
        const result = await scenario.run(ctx);
        reports.push({ ...base, ...result, seconds: elapsed(t) });
        if (result.status === 'skipped') {
          for (const note of result.notes) log(`  ${note}`);
          if (result.skipDetail) log(result.skipDetail.replace(/^/gm, '    | '));
        }
      } catch (err) {
        const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
        log(`  ERROR ${error}`);
        reports.push({ ...base, status: 'ok', rows: [], budgets: [], notes: [], seconds: elapsed(t), error });
      }
    }
  } finally {
    await stopLoadWorker();
    await bare?.close();
    await app?.close();
  }

  const budgets = reports.flatMap((r) => r.budgets);
  const failed = budgets.filter((b) => !b.pass);
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

  writeJson(resultsFile, repoRoot, { reports, pending: PENDING_BUDGETS, failed });
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
