import os from 'node:os';
import type { TLoadSpec, TLoadSummary, TRawLoad } from './load';
import { runLoad, summarize } from './load';
import type { TBare, TProduct } from './product';
import type { TAppTarget } from './targets';

/**
 * What every scenario gets. Loads always come from a process of their own (load.ts). The
 * serving scenarios measure the product as a user starts it, in a child process, against a bare
 * node:http server in another; the scenarios that must look inside the database (ingestion, the
 * lists' and analytics' volume, billing, the editor, imports) use the app built in this process.
 */
export interface TBenchContext {
  /** The app in this process (PGlite in memory): started only for scenarios marked `inProcess`. */
  app: TAppTarget;
  /** The product in a child process (PGlite, demo seed), started on first use and shared. */
  product(): Promise<TProduct>;
  /** The bare node:http baseline in a child process, started on first use and shared. */
  bare(): Promise<TBare>;
  log(line: string): void;
}

/** One measured load, as one row of the table. */
export interface TRow {
  target: string;
  load: Omit<TLoadSpec, 'url' | 'body' | 'bodyTemplate' | 'durationSeconds'> & { path: string };
  summary: TLoadSummary;
  /** CPU time of the server process per answer, in microseconds (measured from /proc). */
  cpuUsPerAnswer?: number | null;
}

/** A performance budget (a figure the product must reach) checked in this run. */
export interface TBudget {
  name: string;
  /** e.g. "app req/s ÷ bare node:http req/s". */
  measure: string;
  threshold: number;
  comparison: '>=' | '<=';
  actual: number | null;
  pass: boolean;
  detail?: string;
  /** Why this run's figure is reported but not held to the budget (a smoke size, a busy machine). */
  notJudged?: string;
}

export interface TScenarioResult {
  status: 'ok' | 'skipped';
  /** Why it was skipped, with any tool output (printed once, kept in the JSON). */
  skipDetail?: string;
  rows: TRow[];
  budgets: TBudget[];
  notes: string[];
  /** Anything else worth keeping in the JSON (rounds, load averages, samples). */
  data?: Record<string, unknown>;
}

/**
 * One entry of the registry in scenarios.ts. `budget` names the performance budget it checks
 * (informational scenarios have none).
 */
export interface TScenario {
  id: string;
  title: string;
  budget?: string;
  /** Needs the app built in this process (`ctx.app`). */
  inProcess?: boolean;
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

/** The budget line, reported but not counted as a miss (or a pass) when `reason` is given. */
export const judgedUnless = (budget: TBudget, reason: string | null): TBudget =>
  reason ? { ...budget, notJudged: reason } : budget;

/** The 1-minute load average, rounded to two decimals. */
export const loadAverage = () => Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

export const median = (xs: number[]) => {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export type TLoadShape = Omit<TLoadSpec, 'url'> & { path: string };

const specFor = (baseUrl: string, shape: TLoadShape): TLoadSpec => {
  const { path, ...rest } = shape;
  return { ...rest, url: `${baseUrl}${path}` };
};

const rowOf = (target: string, shape: TLoadShape, runs: TRawLoad[], cpuUs?: number): TRow => {
  const { body: _body, bodyTemplate: _t, durationSeconds: _d, ...load } = shape;
  const summary = summarize(runs);
  return {
    target,
    load,
    summary,
    ...(cpuUs === undefined ? {} : { cpuUsPerAnswer: summary.responses ? cpuUs / summary.responses : null }),
  };
};

/** A target of a load: where it listens and, when it is a process of its own, its CPU clock. */
export interface TLoadTarget {
  target: string;
  baseUrl: string;
  /** CPU time of the server's process so far, in microseconds. */
  cpuUs?: () => number;
}

/** One load, with the server's CPU time it took when the target has a clock. */
async function timedLoad(t: TLoadTarget, shape: TLoadShape): Promise<{ raw: TRawLoad; cpuUs: number }> {
  const before = t.cpuUs?.() ?? 0;
  const raw = await runLoad(specFor(t.baseUrl, shape));
  return { raw, cpuUs: (t.cpuUs?.() ?? 0) - before };
}

/** A short unmeasured run, then the measured one. */
export async function measure(
  target: string | TLoadTarget,
  baseUrl: string | null,
  shape: TLoadShape,
  warmupSeconds = 1,
): Promise<TRow> {
  const t: TLoadTarget = typeof target === 'string' ? { target, baseUrl: baseUrl! } : target;
  if (warmupSeconds > 0) await runLoad(specFor(t.baseUrl, { ...shape, durationSeconds: warmupSeconds }));
  const { raw, cpuUs } = await timedLoad(t, shape);
  return rowOf(t.target, shape, [raw], t.cpuUs ? cpuUs : undefined);
}

/** One A B B A round of a pair. */
export interface TPairRound {
  /** A's answers/s over B's (2xx), the two steps of each summed. */
  ratio: number;
  /** The 1-minute load average when the round began and ended. */
  loadAverage: [number, number];
  aRps: [number, number];
  bRps: [number, number];
}

/** Two targets measured together; ratios are A's 2xx/s over B's, one per A B B A round. */
export interface TPair {
  a: TRow;
  b: TRow;
  rounds: TPairRound[];
  roundRatios: number[];
  /** Robust to a burst of other work on the machine during one round. */
  medianRatio: number;
  /** Medians of the steps' 2xx/s of each target. */
  medianRps: { a: number; b: number };
}

/**
 * Two targets under the same load, interleaved A B B A in steps of `stepSeconds` for `rounds`
 * rounds, after a warm-up of each: drift of a shared machine hits both alike.
 */
export async function measurePair(
  a: TLoadTarget,
  b: TLoadTarget,
  shape: Omit<TLoadShape, 'durationSeconds'>,
  opts: { stepSeconds?: number; rounds?: number; warmupSeconds?: number } = {},
): Promise<TPair> {
  const step = opts.stepSeconds ?? 3;
  const rounds = opts.rounds ?? 3;
  const warmup = opts.warmupSeconds ?? 2;
  if (warmup > 0) {
    await runLoad(specFor(a.baseUrl, { ...shape, durationSeconds: warmup }));
    await runLoad(specFor(b.baseUrl, { ...shape, durationSeconds: warmup }));
  }
  const stepShape = { ...shape, durationSeconds: step };
  const runsA: TRawLoad[] = [];
  const runsB: TRawLoad[] = [];
  let cpuA = 0;
  let cpuB = 0;
  const measured: TPairRound[] = [];
  const okRps = (r: TRawLoad) => summarize([r]).okRps;
  for (let i = 0; i < rounds; i++) {
    const loadBefore = loadAverage();
    const a1 = await timedLoad(a, stepShape);
    const b1 = await timedLoad(b, stepShape);
    const b2 = await timedLoad(b, stepShape);
    const a2 = await timedLoad(a, stepShape);
    runsA.push(a1.raw, a2.raw);
    runsB.push(b1.raw, b2.raw);
    cpuA += a1.cpuUs + a2.cpuUs;
    cpuB += b1.cpuUs + b2.cpuUs;
    const okB = summarize([b1.raw, b2.raw]).okRps;
    measured.push({
      ratio: okB > 0 ? summarize([a1.raw, a2.raw]).okRps / okB : 0,
      loadAverage: [loadBefore, loadAverage()],
      aRps: [okRps(a1.raw), okRps(a2.raw)],
      bRps: [okRps(b1.raw), okRps(b2.raw)],
    });
  }
  const roundRatios = measured.map((r) => r.ratio);
  const full = { ...shape, durationSeconds: step * 2 * rounds };
  return {
    a: rowOf(a.target, full, runsA, a.cpuUs ? cpuA : undefined),
    b: rowOf(b.target, full, runsB, b.cpuUs ? cpuB : undefined),
    rounds: measured,
    roundRatios,
    medianRatio: median(roundRatios),
    medianRps: { a: median(measured.flatMap((r) => r.aRps)), b: median(measured.flatMap((r) => r.bRps)) },
  };
}

/** A pair's rounds in a few words: each round's ratio and its load average. */
export const describeRounds = (pair: TPair) =>
  pair.rounds.map((r) => `${r.ratio.toFixed(2)} (load ${r.loadAverage[0].toFixed(1)})`).join(', ');

/** Status codes other than 2xx, and transport errors, make a comparison meaningless. */
export function cleanRun(row: TRow): string | null {
  const s = row.summary;
  const bad = Object.entries(s.statusCounts).filter(([code]) => !code.startsWith('2'));
  if (s.ok === 0) return `${row.target}: no 2xx answers`;
  if (bad.length || s.errors || s.timeouts)
    return `${row.target}: ${bad.map(([c, n]) => `${n}x ${c}`).join(', ') || 'no bad status'}; ${s.errors} errors, ${s.timeouts} timeouts`;
  return null;
}
