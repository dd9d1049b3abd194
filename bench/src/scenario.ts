import type { TLoadSpec, TLoadSummary, TRawLoad } from './load';
import { runLoad, summarize } from './load';
import type { TAppTarget, TBareTarget } from './targets';

/** What every scenario gets: the running targets, both on ephemeral loopback ports. */
export interface TBenchContext {
  app: TAppTarget;
  bare: TBareTarget;
  log(line: string): void;
}

/** One measured load, as one row of the table. */
export interface TRow {
  target: string;
  load: Omit<TLoadSpec, 'url' | 'body' | 'durationSeconds'> & { path: string };
  summary: TLoadSummary;
}

/** A DESIGN 7 budget checked in this run. */
export interface TBudget {
  name: string;
  /** e.g. "app req/s ÷ bare node:http req/s". */
  measure: string;
  threshold: number;
  comparison: '>=' | '<=';
  actual: number | null;
  pass: boolean;
  detail?: string;
}

export interface TScenarioResult {
  status: 'ok' | 'skipped';
  /** Why it was skipped, with any tool output (printed once, kept in the JSON). */
  skipDetail?: string;
  rows: TRow[];
  budgets: TBudget[];
  notes: string[];
}

/**
 * One entry of the registry in scenarios.ts. `budget` names the DESIGN 7 budget it checks
 * (informational scenarios have none).
 */
export interface TScenario {
  id: string;
  title: string;
  budget?: string;
  run(ctx: TBenchContext): Promise<TScenarioResult>;
}

export const skipped = (reason: string, detail?: string): TScenarioResult => ({
  status: 'skipped',
  rows: [],
  budgets: [],
  notes: [`skipped: ${reason}`],
  ...(detail ? { skipDetail: detail } : {}),
});

export const budgetAtLeast = (
  name: string,
  measure: string,
  threshold: number,
  actual: number | null,
  detail?: string,
): TBudget => ({
  name,
  measure,
  threshold,
  comparison: '>=',
  actual,
  pass: actual !== null && Number.isFinite(actual) && actual >= threshold,
  ...(detail ? { detail } : {}),
});

export const budgetAtMost = (
  name: string,
  measure: string,
  threshold: number,
  actual: number | null,
  detail?: string,
): TBudget => ({
  name,
  measure,
  threshold,
  comparison: '<=',
  actual,
  pass: actual !== null && Number.isFinite(actual) && actual <= threshold,
  ...(detail ? { detail } : {}),
});

type TLoadShape = Omit<TLoadSpec, 'url'> & { path: string };

const specFor = (baseUrl: string, shape: TLoadShape): TLoadSpec => {
  const { path, ...rest } = shape;
  return { ...rest, url: `${baseUrl}${path}` };
};

const rowOf = (target: string, shape: TLoadShape, runs: TRawLoad[]): TRow => {
  const { body: _body, durationSeconds: _d, ...load } = shape;
  return { target, load, summary: summarize(runs) };
};

/** A short unmeasured run, then the measured one. */
export async function measure(
  target: string,
  baseUrl: string,
  shape: TLoadShape,
  warmupSeconds = 1,
): Promise<TRow> {
  if (warmupSeconds > 0) await runLoad(specFor(baseUrl, { ...shape, durationSeconds: warmupSeconds }));
  return rowOf(target, shape, [await runLoad(specFor(baseUrl, shape))]);
}

/** Two targets measured together; ratios are A's 2xx/s over B's, one per A B B A round. */
export interface TPair {
  a: TRow;
  b: TRow;
  roundRatios: number[];
  /** Robust to a burst of other work on the machine during one round. */
  medianRatio: number;
}

/**
 * Two targets under the same load, interleaved A B B A in steps of `stepSeconds` until each had
 * `shape.durationSeconds`, after a warm-up of each: drift of a shared machine hits both alike.
 */
export async function measurePair(
  a: { target: string; baseUrl: string },
  b: { target: string; baseUrl: string },
  shape: TLoadShape,
  opts: { stepSeconds?: number; warmupSeconds?: number } = {},
): Promise<TPair> {
  const step = opts.stepSeconds ?? 1;
  const warmup = opts.warmupSeconds ?? 1;
  const rounds = shape.durationSeconds / (2 * step);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`durationSeconds ${shape.durationSeconds} is not a multiple of 2 x ${step}s steps`);
  if (warmup > 0) {
    await runLoad(specFor(a.baseUrl, { ...shape, durationSeconds: warmup }));
    await runLoad(specFor(b.baseUrl, { ...shape, durationSeconds: warmup }));
  }
  const stepShape = { ...shape, durationSeconds: step };
  const runsA: TRawLoad[] = [];
  const runsB: TRawLoad[] = [];
  const roundRatios: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const a1 = await runLoad(specFor(a.baseUrl, stepShape));
    const b1 = await runLoad(specFor(b.baseUrl, stepShape));
    const b2 = await runLoad(specFor(b.baseUrl, stepShape));
    const a2 = await runLoad(specFor(a.baseUrl, stepShape));
    runsA.push(a1, a2);
    runsB.push(b1, b2);
    const okB = summarize([b1, b2]).okRps;
    roundRatios.push(okB > 0 ? summarize([a1, a2]).okRps / okB : 0);
  }
  const sorted = [...roundRatios].sort((x, y) => x - y);
  const mid = sorted.length / 2;
  const median = Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
  return {
    a: rowOf(a.target, shape, runsA),
    b: rowOf(b.target, shape, runsB),
    roundRatios,
    medianRatio: median,
  };
}

/** Status codes other than 2xx, and transport errors, make a comparison meaningless. */
export function cleanRun(row: TRow): string | null {
  const s = row.summary;
  const bad = Object.entries(s.statusCounts).filter(([code]) => !code.startsWith('2'));
  if (s.ok === 0) return `${row.target}: no 2xx answers`;
  if (bad.length || s.errors || s.timeouts)
    return `${row.target}: ${bad.map(([c, n]) => `${n}x ${c}`).join(', ') || 'no bad status'}; ${s.errors} errors, ${s.timeouts} timeouts`;
  return null;
}
