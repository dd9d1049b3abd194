import { Worker } from 'node:worker_threads';

/** One bounded autocannon run against one URL (loopback only). */
export interface TLoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Each request's body is this with every `{{n}}` replaced by the request's number (unique rows). */
  bodyTemplate?: string;
  connections: number;
  durationSeconds: number;
}

/** What the worker sends back. Latencies are kept for 2xx answers only. */
export interface TRawLoad {
  durationSeconds: number;
  statusCounts: Record<string, number>;
  okLatenciesMs: number[];
  errors: number;
  timeouts: number;
  /** Bytes on the wire of the 2xx answers. */
  bytes: number;
}

export interface TLoadSummary {
  durationSeconds: number;
  /** Answers of any status. */
  responses: number;
  ok: number;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Answers of any status per second. */
  rps: number;
  /** 2xx answers per second. */
  okRps: number;
  /** Latency percentiles of the 2xx answers, in ms (null when there were none). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** Bytes on the wire (status line, headers and body) per 2xx answer. */
  bytesPerOk: number | null;
}

export type TWorkerRequest = { id: number; spec: TLoadSpec };
export type TWorkerReply = { id: number; raw: TRawLoad } | { id: number; error: string };

const workerFile = new URL('./load-worker.ts', import.meta.url).href;
// Worker threads do not inherit tsx's loader hooks on Node 20: register them inside the worker.
const tsxApi = import.meta.resolve('tsx/esm/api');
const workerSource = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(workerFile)}); });`;

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve(raw: TRawLoad): void; reject(err: Error): void }>();

function loadWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(workerSource, { eval: true });
  w.on('message', (reply: TWorkerReply) => {
    const waiter = pending.get(reply.id);
    pending.delete(reply.id);
    if ('raw' in reply) waiter?.resolve(reply.raw);
    else waiter?.reject(new Error(reply.error));
  });
  const failAll = (err: Error) => {
    for (const waiter of pending.values()) waiter.reject(err);
    pending.clear();
    worker = null;
  };
  w.on('error', failAll);
  w.on('exit', (code) => failAll(new Error(`load worker exited with code ${code}`)));
  worker = w;
  return w;
}

/** Runs one load in the (shared, lazily started) load-generator worker. Loopback only. */
export function runLoad(spec: TLoadSpec): Promise<TRawLoad> {
  const host = new URL(spec.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]')
    return Promise.reject(new Error(`bench loads loopback only, not ${host}`));
  if (!Number.isInteger(spec.durationSeconds) || spec.durationSeconds < 1)
    return Promise.reject(
      new Error('durationSeconds must be a whole number (autocannon samples per second)'),
    );
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    loadWorker().postMessage({ id, spec } satisfies TWorkerRequest);
  });
}

export async function stopLoadWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? null;
}

/** Sums several runs against the same target (e.g. the A and B halves of an ABBA order). */
export function summarize(runs: TRawLoad[]): TLoadSummary {
  const statusCounts: Record<string, number> = {};
  let durationSeconds = 0;
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const latencies: number[] = [];
  for (const run of runs) {
    durationSeconds += run.durationSeconds;
    errors += run.errors;
    timeouts += run.timeouts;
    bytes += run.bytes;
    for (const [code, n] of Object.entries(run.statusCounts))
      statusCounts[code] = (statusCounts[code] ?? 0) + n;
    for (const ms of run.okLatenciesMs) latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  const responses = Object.values(statusCounts).reduce((a, b) => a + b, 0);
  const ok = Object.entries(statusCounts)
    .filter(([code]) => code.startsWith('2'))
    .reduce((a, [, n]) => a + n, 0);
  const per = (n: number) => (durationSeconds > 0 ? n / durationSeconds : 0);
  return {
    durationSeconds,
    responses,
    ok,
    statusCounts,
    errors,
    timeouts,
    rps: per(responses),
    okRps: per(ok),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? (latencies[latencies.length - 1] ?? null) : null,
    bytesPerOk: ok > 0 ? Math.round(bytes / ok) : null,
  };
}
