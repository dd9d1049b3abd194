import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadTool } from './load';
import { keepAliveMsOf, requestRaw, type TBareAnswer } from './product';
import type { TBenchContext, TRow, TScenario, TScenarioResult } from './scenario';
import { type budgetAtLeast, cleanRun, describeRounds, measurePair, skipped } from './scenario';

// The budget "Serving a published page from cache: at least 0.9x the requests/s of a bare
// node:http server sending the same bytes, measured in the same run." Until published pages
// exist, the console's index.html (GET /) is measured the same way, as information only.

const RATIO = 0.9;
const PAGE_PATH = '/';
/** The same file under its own name: a route of @fastify/static rather than the SPA fallback. */
const FILE_PATH = '/index.html';
/** Per target and variant, 3 s steps interleaved A B B A (3 rounds). */
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

// Set by Node itself on every answer, or describing the framing rather than the bytes. The
// keep-alive timeout becomes the bare server's own, so Node writes the same header there.
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

type TAnswer = TBareAnswer & { encoding: string; chunked: boolean };

/** The app's own answer, to be replayed byte for byte by the bare server (with Content-Length). */
export async function captureAnswer(url: string, headers: Record<string, string>): Promise<TAnswer> {
  const res = await requestRaw(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  const replay: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    replay[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  replay['content-length'] = String(res.body.length);
  return {
    headers: replay,
    keepAliveMs: keepAliveMsOf(String(res.headers['keep-alive'] ?? '')),
    body: res.body,
    encoding: String(res.headers['content-encoding'] ?? 'identity'),
    chunked: res.headers['transfer-encoding'] === 'chunked',
  };
}

function decoded(answer: TAnswer): Buffer {
  if (answer.encoding === 'gzip') return zlib.gunzipSync(answer.body);
  if (answer.encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  return answer.body;
}

interface TVariant {
  label: string;
  path: string;
  headers: Record<string, string>;
  answer: TAnswer;
}

const GZIP = { 'accept-encoding': 'gzip' };

/** identity on GET /, and gzip on GET / or, when the app does not compress that, /index.html. */
async function variants(baseUrl: string, host: string, notes: string[]): Promise<TVariant[]> {
  const plain = { host };
  const gzip = { host, ...GZIP };
  const identity = await captureAnswer(`${baseUrl}${PAGE_PATH}`, plain);
  const list: TVariant[] = [{ label: 'identity', path: PAGE_PATH, headers: plain, answer: identity }];
  const gzipPage = await captureAnswer(`${baseUrl}${PAGE_PATH}`, gzip);
  if (gzipPage.encoding === 'gzip') {
    list.push({ label: 'gzip', path: PAGE_PATH, headers: gzip, answer: gzipPage });
    return list;
  }
  const gzipFile = await captureAnswer(`${baseUrl}${FILE_PATH}`, gzip);
  notes.push(
    `the app answers GET ${PAGE_PATH} (its SPA fallback) uncompressed even to Accept-Encoding: gzip; GET ${FILE_PATH} answers ${gzipFile.encoding}, so the gzip variant uses ${FILE_PATH}`,
  );
  if (gzipFile.encoding === 'gzip')
    list.push({ label: 'gzip', path: FILE_PATH, headers: gzip, answer: gzipFile });
  return list;
}

async function runStatic(ctx: TBenchContext): Promise<TScenarioResult> {
  const app = await ctx.product();
  if (!app.console.ok)
    return skipped(
      `no console build to serve at GET ${PAGE_PATH}: ${app.console.reason}`,
      app.console.output,
    );
  const file = fs.readFileSync(path.join(app.consoleDist, 'index.html'));
  const bare = await ctx.bare();
  const notes: string[] = [];
  // The console's origin: the same port under its other loopback name.
  const list = await variants(app.baseUrl, app.consoleHost, notes);
  for (const v of list)
    if (!decoded(v.answer).equals(file))
      throw new Error(`GET ${v.path} (${v.label}) does not answer the bytes of index.html`);
  notes.unshift(
    `page: ${path.relative(process.cwd(), path.join(app.consoleDist, 'index.html'))}, ${file.length} B${list
      .filter((v) => v.answer.encoding !== 'identity')
      .map((v) => `; ${v.answer.encoding} ${v.answer.body.length} B`)
      .join('')}`,
    `product as a child process (npm run serve's command), bare node:http in another, the load generator (${loadTool()}) in a third; on the console's origin (Host: ${app.consoleHost})`,
    `bare node:http answers from memory the app's own status, headers and body bytes (gzip: the app's output, compressed once), with Content-Length${
      list.some((v) => v.answer.chunked)
        ? '; the app itself answers gzip chunked, compressing per request'
        : ''
    }`,
  );

  const rows: TRow[] = [];
  const budgets: ReturnType<typeof budgetAtLeast>[] = [];
  for (const v of list) {
    ctx.log(
      `  ${v.label} GET ${v.path}: product vs bare node:http, ${ROUNDS} rounds A B B A of ${STEP_SECONDS}s`,
    );
    await bare.respondWith(v.answer);
    const pair = await measurePair(
      { target: `product GET ${v.path} (${v.label})`, baseUrl: app.baseUrl, cpuUs: app.cpuUs },
      { target: `bare node:http (${v.label})`, baseUrl: bare.baseUrl, cpuUs: bare.cpuUs },
      { path: v.path, headers: v.headers, connections: CONNECTIONS, lean: true },
      { stepSeconds: STEP_SECONDS, rounds: ROUNDS },
    );
    rows.push(pair.a, pair.b);
    const dirty = [cleanRun(pair.a), cleanRun(pair.b)].filter((x): x is string => x !== null);
    const rounds = describeRounds(pair);
    const cpu = (n: number | null | undefined) => (n == null ? '-' : `${n.toFixed(0)} us`);
    // The budget belongs to published pages (the viewer); the console shell is measured the
    // same way and reported, so the number is there to compare when the viewer lands.
    notes.push(
      dirty.length
        ? `console shell (${v.label}): not comparable: ${dirty.join('; ')}`
        : `console shell (${v.label}): product ÷ bare node:http = ${pair.medianRatio.toFixed(3)} (median of rounds ${rounds}; median req/s ${pair.medianRps.a.toFixed(0)} vs ${pair.medianRps.b.toFixed(0)}; CPU per answer ${cpu(pair.a.cpuUsPerAnswer)} vs ${cpu(pair.b.cpuUsPerAnswer)}; informational, the ${RATIO}x budget applies to published pages)`,
    );
  }
  return { status: 'ok', rows, budgets, notes };
}

export const staticPage: TScenario = {
  id: 'static',
  title: 'static page from cache vs bare node:http',
  run: runStatic,
};
