import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pinned } from './cores';

// The load generator runs in a process of its own, never in the bench's or a server's: wrk when
// it is installed (`apt-get install wrk`), else autocannon in a child Node process
// (src/autocannon-child.ts). BENCH_LOAD_TOOL=autocannon forces the fallback.

/** One bounded load against one URL (loopback only). */
export interface TLoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  /** `host` may name another host than the URL's (the console's origin on the same port). */
  headers?: Record<string, string>;
  body?: string;
  /** Each request's body is this with every `{{n}}` replaced by the request's number (unique rows). */
  bodyTemplate?: string;
  /** GET these paths in turn instead of the URL's path (a mix of API screens). */
  paths?: string[];
  /** Each connection waits this long before each request (a paced background load). */
  delayMs?: number;
  connections: number;
  durationSeconds: number;
  /**
   * No per-answer work in the load generator (wrk with no `response` callback): answers are
   * counted as `2xx/3xx` and `4xx/5xx` only. For the serving comparisons, where the generator
   * must stay far cheaper than the server.
   */
  lean?: boolean;
}

/** One load as measured. Latencies cover every answer, as a histogram in microseconds. */
export interface TRawLoad {
  tool: 'wrk' | 'autocannon';
  durationSeconds: number;
  statusCounts: Record<string, number>;
  /** [microseconds, count], ascending. */
  latencyUs: [number, number][];
  errors: number;
  timeouts: number;
  /** Bytes read (status lines, headers and bodies of every answer). */
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
  /** 2xx answers per second (`2xx/3xx` in a lean load). */
  okRps: number;
  /** Latency percentiles of all answers, in ms (null when there were none). */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** Bytes on the wire (status line, headers and body) per answer. */
  bytesPerOk: number | null;
}

const autocannonChild = fileURLToPath(new URL('./autocannon-child.ts', import.meta.url));

let tool: 'wrk' | 'autocannon' | null = null;
/** wrk when it runs here (and BENCH_LOAD_TOOL does not ask for autocannon), else autocannon. */
export function loadTool(): 'wrk' | 'autocannon' {
  if (tool) return tool;
  const wanted = process.env.BENCH_LOAD_TOOL;
  if (wanted === 'autocannon') tool = 'autocannon';
  else {
    const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
    // wrk --version prints its banner and exits 1; only a missing binary is an error.
    tool = probe.error ? 'autocannon' : 'wrk';
    if (wanted === 'wrk' && tool !== 'wrk') throw new Error('BENCH_LOAD_TOOL=wrk but wrk is not installed');
  }
  return tool;
}

/** A Lua long string holding `s` whatever it contains. */
function luaString(s: string): string {
  let level = '';
  while (s.includes(`]${level}]`)) level += '=';
  // A long string drops a newline right after its opening bracket: start with one of our own.
  return `[${level}[\n${s}]${level}]`;
}

const luaList = (items: string[]) => `{ ${items.map(luaString).join(', ')} }`;

/** The wrk script of one load: its request, and a JSON line with what was measured. */
function wrkScript(spec: TLoadSpec, counterBase: number): string {
  const url = new URL(spec.url);
  const headers = Object.entries(spec.headers ?? {}).map(([name, value]) => {
    // wrk.format adds its own Host unless the table has "Host", and always sets Content-Length.
    const key = name.toLowerCase() === 'host' ? 'Host' : name;
    return `wrk.headers[ ${luaString(key)} ] = ${luaString(value)}`;
  });
  const dynamic = spec.bodyTemplate !== undefined || (spec.paths?.length ?? 0) > 0;
  const lines = [
    `wrk.method = ${luaString(spec.method ?? 'GET')}`,
    `wrk.path = ${luaString(`${url.pathname}${url.search}`)}`,
    ...headers,
    spec.body !== undefined ? `wrk.body = ${luaString(spec.body)}` : '',
    `local paths = ${spec.paths?.length ? luaList(spec.paths) : 'nil'}`,
    `local bodyParts = ${spec.bodyTemplate !== undefined ? luaList(spec.bodyTemplate.split('{{n}}')) : 'nil'}`,
    `local counterBase = ${counterBase}`,
    'local n = 0',
    dynamic
      ? `request = function()
  n = n + 1
  local p = nil
  if paths then p = paths[(n - 1) % #paths + 1] end
  local b = nil
  if bodyParts then b = table.concat(bodyParts, string.format("%012d", counterBase + n)) end
  return wrk.format(nil, p, nil, b)
end`
      : '',
    spec.delayMs ? `delay = function() return ${Math.round(spec.delayMs)} end` : '',
    spec.lean
      ? ''
      : `statuses = {}
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end`,
    `local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency, requests)
  local hist = {}
  for i = 1, #latency do
    local v, c = latency(i)
    hist[#hist + 1] = string.format("[%d,%d]", v, c)
  end
  local st = {}
  ${
    spec.lean
      ? `st[#st + 1] = string.format('"2xx/3xx":%d', summary.requests - summary.errors.status)
  if summary.errors.status > 0 then st[#st + 1] = string.format('"4xx/5xx":%d', summary.errors.status) end`
      : `local merged = {}
  for _, t in ipairs(threads) do
    local s = t:get("statuses")
    if s then for code, c in pairs(s) do merged[code] = (merged[code] or 0) + c end end
  end
  for code, c in pairs(merged) do st[#st + 1] = string.format('"%d":%d', code, c) end`
  }
  io.write(string.format('WRKJSON {"durationUs":%d,"requests":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"statuses":{%s},"latencyUs":[%s]}\\n',
    summary.duration, summary.requests, summary.bytes, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, table.concat(st, ","), table.concat(hist, ",")))
end`,
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}

let scriptDir: string | null = null;
let counter = 0;
/** Request numbers of templated bodies start here in each run: unique within the bench's life. */
const runBase = () => counter * 10_000_000;

/** What a running load gives back: its result, and a way to stop it early. */
export interface TRunningLoad {
  result: Promise<TRawLoad>;
  /** Ends the load now (its result still comes, for the time it ran). */
  stop(): void;
  pid: number | undefined;
}

function startWrk(spec: TLoadSpec): TRunningLoad {
  scriptDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-bench-wrk-'));
  counter += 1;
  const script = path.join(scriptDir, `load-${counter}.lua`);
  fs.writeFileSync(script, wrkScript(spec, runBase()));
  const args = [
    '-t1',
    `-c${spec.connections}`,
    `-d${spec.durationSeconds}s`,
    '--timeout',
    '10s',
    '-s',
    script,
    spec.url,
  ];
  const child = spawn(...pinned('outside', 'wrk', args), { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const result = new Promise<TRawLoad>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      fs.rmSync(script, { force: true });
      const line = out.split('\n').find((l) => l.startsWith('WRKJSON '));
      if (!line) {
        reject(new Error(`wrk ${args.join(' ')} exited ${code} without a result:\n${out}\n${err}`));
        return;
      }
      const r = JSON.parse(line.slice('WRKJSON '.length)) as {
        durationUs: number;
        requests: number;
        bytes: number;
        connect: number;
        read: number;
        write: number;
        timeout: number;
        statuses: Record<string, number>;
        latencyUs: [number, number][];
      };
      resolve({
        tool: 'wrk',
        durationSeconds: r.durationUs / 1e6,
        statusCounts: r.statuses,
        latencyUs: r.latencyUs,
        errors: r.connect + r.read + r.write,
        timeouts: r.timeout,
        bytes: r.bytes,
      });
    });
  });
  return { result, stop: () => child.kill('SIGINT'), pid: child.pid };
}

function startAutocannon(spec: TLoadSpec): TRunningLoad {
  counter += 1;
  const child = spawn(
    ...pinned('outside', process.execPath, [
      '--import',
      'tsx',
      autocannonChild,
      JSON.stringify({ spec, counterBase: runBase() }),
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const result = new Promise<TRawLoad>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('LOADJSON '));
      if (!line) {
        reject(new Error(`autocannon child exited ${code} without a result:\n${out}\n${err}`));
        return;
      }
      resolve(JSON.parse(line.slice('LOADJSON '.length)) as TRawLoad);
    });
  });
  return { result, stop: () => child.kill('SIGINT'), pid: child.pid };
}

function checkSpec(spec: TLoadSpec) {
  const host = new URL(spec.url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]')
    throw new Error(`bench loads loopback only, not ${host}`);
  if (!Number.isInteger(spec.durationSeconds) || spec.durationSeconds < 1)
    throw new Error('durationSeconds must be a whole number of seconds');
}

/** Starts one load in a process of its own; its result comes when it ends. Loopback only. */
export function startLoad(spec: TLoadSpec): TRunningLoad {
  checkSpec(spec);
  return loadTool() === 'wrk' ? startWrk(spec) : startAutocannon(spec);
}

/** Runs one load in a process of its own to its end. Loopback only. */
export async function runLoad(spec: TLoadSpec): Promise<TRawLoad> {
  return startLoad(spec).result;
}

/** Removes the scratch folder of wrk scripts. */
export function cleanUpLoads() {
  if (scriptDir) fs.rmSync(scriptDir, { recursive: true, force: true });
  scriptDir = null;
}

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? null;
}

/** The p-th percentile of a histogram of [value, count] pairs sorted by value. */
export function histogramPercentile(hist: [number, number][], total: number, p: number): number | null {
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const [value, count] of hist) {
    seen += count;
    if (seen >= rank) return value;
  }
  return hist.at(-1)?.[0] ?? null;
}

/** Sums several runs against the same target (e.g. the A and B halves of an ABBA order). */
export function summarize(runs: TRawLoad[]): TLoadSummary {
  const statusCounts: Record<string, number> = {};
  let durationSeconds = 0;
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  const hist = new Map<number, number>();
  for (const run of runs) {
    durationSeconds += run.durationSeconds;
    errors += run.errors;
    timeouts += run.timeouts;
    bytes += run.bytes;
    for (const [code, n] of Object.entries(run.statusCounts))
      statusCounts[code] = (statusCounts[code] ?? 0) + n;
    for (const [us, n] of run.latencyUs) hist.set(us, (hist.get(us) ?? 0) + n);
  }
  const merged = [...hist.entries()].sort((a, b) => a[0] - b[0]);
  const measured = merged.reduce((n, [, c]) => n + c, 0);
  const ms = (us: number | null) => (us === null ? null : us / 1000);
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
    p50Ms: ms(histogramPercentile(merged, measured, 50)),
    p95Ms: ms(histogramPercentile(merged, measured, 95)),
    p99Ms: ms(histogramPercentile(merged, measured, 99)),
    maxMs: ms(merged.at(-1)?.[0] ?? null),
    bytesPerOk: responses > 0 ? Math.round(bytes / responses) : null,
  };
}
