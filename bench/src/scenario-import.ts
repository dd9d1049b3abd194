import { monitorEventLoopDelay } from 'node:perf_hooks';
import { USER_IMPORT_MAX_BYTES } from '@swipe/contracts/user-import';
import { percentile } from './load';
import type { TBenchContext, TScenario, TScenarioResult } from './scenario';
import { budgetAtMost } from './scenario';

// The event loop during the worst CSV imports: while hostile 5 MB files are checked one after
// another, /api/health is asked every 10 ms; its p99 and the process's memory growth are the
// budgets (the app runs in this process, so its event loop delay is measured directly too).

const HEADER =
  'kind,company_name,email,contact_name,manager_name,authority,plan_code,contract_start,contract_end,license_issued,logo_enabled,language';
const ROW =
  'direct_user,Bench Co.,bench@example.com,Bench Person,,edit,standard,2026-04-01,2027/3/31,no,yes,en';
const fill = (unit: string) =>
  unit.repeat(Math.floor((USER_IMPORT_MAX_BYTES - HEADER.length - ROW.length - 16) / unit.length));

// Bytes made once, before memory is measured: the client side of this process adds nothing.
const FILES: [string, Uint8Array<ArrayBuffer>][] = (
  [
    ['one row, then empty lines', `${HEADER}\n${ROW}\n${fill('\n')}`],
    ['one-letter rows', `${HEADER}\n${fill('a\n')}`],
    ['blank cells', `${HEADER}\n${ROW}\n${fill(' , \n')}`],
    ['10,000 columns', `${HEADER}\n${'x,'.repeat(10_000)}x\n`],
    ['one huge value', `${HEADER}\n"${'x'.repeat(4_000_000)}"\n`],
  ] as const
).map(([name, text]) => [name, new Uint8Array(Buffer.from(text))]);
const ROUNDS = 3;

export const csvImport: TScenario = {
  inProcess: true,
  id: 'import',
  title: 'event loop and memory during hostile 5 MB CSV imports',
  budget: '/api/health p99 under 100 ms and memory growth under 100 MB during any import',
  async run(ctx: TBenchContext): Promise<TScenarioResult> {
    const base = ctx.app.baseUrl;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_id: 'master@example.com', password: 'Demo@2026pass' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

    const health: number[] = [];
    let importing = true;
    const poll = (async () => {
      while (importing) {
        const t = performance.now();
        await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    // The worst growth one import causes, from the memory at its start to its peak.
    let importStart = rssBefore;
    let worstImportGrowth = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      rssPeak = Math.max(rssPeak, rss);
      worstImportGrowth = Math.max(worstImportGrowth, rss - importStart);
    }, 5);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const took: Record<string, number[]> = {};
    const statuses = new Set<number>();
    try {
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, body] of FILES) {
          const t = performance.now();
          importStart = process.memoryUsage().rss;
          const res = await fetch(`${base}/api/users/import/preview`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
            body,
          });
          await res.arrayBuffer();
          statuses.add(res.status);
          took[name] = [...(took[name] ?? []), performance.now() - t];
        }
    } finally {
      importing = false;
      await poll;
      loop.disable();
      clearInterval(sampler);
    }
    health.sort((a, b) => a - b);
    const p99 = percentile(health, 99);
    const growthMb = (rssPeak - rssBefore) / (1024 * 1024);
    const importGrowthMb = worstImportGrowth / (1024 * 1024);
    const loopP99 = loop.percentile(99) / 1e6;
    const notes = [
      `${FILES.length} hostile files x ${ROUNDS} rounds; answers ${[...statuses].sort().join(', ')}`,
      ...Object.entries(took).map(
        ([name, ms]) => `${name}: ${Math.round(Math.max(...ms))} ms at worst per import`,
      ),
      `/api/health: ${health.length} answers during the imports, p50 ${percentile(health, 50)?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms, max ${health.at(-1)?.toFixed(1)} ms`,
      `event loop delay p99 ${loopP99.toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
      `process memory (rss): one import added at most ${importGrowthMb.toFixed(1)} MB; over all ${FILES.length * ROUNDS} imports (client and server in this process, garbage included) the peak was ${growthMb.toFixed(1)} MB above the start`,
    ];
    for (const note of notes) ctx.log(`  ${note}`);
    return {
      status: 'ok',
      rows: [],
      budgets: [
        budgetAtMost('import: /api/health p99 during imports', '/api/health p99 ms', 100, p99),
        budgetAtMost('import: memory one import adds', 'rss growth MB', 100, importGrowthMb),
      ],
      notes,
    };
  },
};
