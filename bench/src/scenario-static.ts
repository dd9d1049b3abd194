import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TBenchContext, TRow, TScenario, TScenarioResult } from './scenario';
import { type budgetAtLeast, cleanRun, measurePair, skipped } from './scenario';
import type { TBareResponse } from './targets';
import { fetchRaw } from './targets';

// DESIGN 7: "Serving a published page from cache: at least 0.9x the requests/s of a bare
// node:http server sending the same bytes, measured in the same run." Until published pages
// exist, the console's index.html (GET /) is measured the same way, as information only.

const RATIO = 0.9;
const PAGE_PATH = '/';
/** The same file under its own name: a route of @fastify/static rather than the SPA fallback. */
const FILE_PATH = '/index.html';
/** Per target and variant, in 1 s steps interleaved A B B A (3 rounds). */
const DURATION_SECONDS = 6;
const CONNECTIONS = 10;

// Set by Node itself on every answer, or describing the framing rather than the bytes.
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

type TAnswer = TBareResponse & { encoding: string; chunked: boolean };

/** The app's own answer, to be replayed byte for byte by the bare server (with Content-Length). */
export async function captureAnswer(url: string, headers: Record<string, string>): Promise<TAnswer> {
  const res = await fetchRaw(url, headers);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  const replay: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    replay[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  replay['content-length'] = String(res.body.length);
  return {
    headers: replay,
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
async function variants(baseUrl: string, notes: string[]): Promise<TVariant[]> {
  const identity = await captureAnswer(`${baseUrl}${PAGE_PATH}`, {});
  const list: TVariant[] = [{ label: 'identity', path: PAGE_PATH, headers: {}, answer: identity }];
  const gzipPage = await captureAnswer(`${baseUrl}${PAGE_PATH}`, GZIP);
  if (gzipPage.encoding === 'gzip') {
    list.push({ label: 'gzip', path: PAGE_PATH, headers: GZIP, answer: gzipPage });
    return list;
  }
  const gzipFile = await captureAnswer(`${baseUrl}${FILE_PATH}`, GZIP);
  notes.push(
    `the app answers GET ${PAGE_PATH} (its SPA fallback) uncompressed even to Accept-Encoding: gzip; GET ${FILE_PATH} answers ${gzipFile.encoding}, so the gzip variant uses ${FILE_PATH}`,
  );
  if (gzipFile.encoding === 'gzip')
    list.push({ label: 'gzip', path: FILE_PATH, headers: GZIP, answer: gzipFile });
  return list;
}

async function runStatic(ctx: TBenchContext): Promise<TScenarioResult> {
  const { app, bare } = ctx;
  if (!app.console.ok)
    return skipped(
      `no console build to serve at GET ${PAGE_PATH}: ${app.console.reason}`,
      app.console.output,
    );
  const file = fs.readFileSync(path.join(app.consoleDist, 'index.html'));
  const notes: string[] = [];
  const list = await variants(app.baseUrl, notes);
  for (const v of list)
    if (!decoded(v.answer).equals(file))
      throw new Error(`GET ${v.path} (${v.label}) does not answer the bytes of index.html`);
  notes.unshift(
    `page: ${path.relative(process.cwd(), path.join(app.consoleDist, 'index.html'))}, ${file.length} B${list
      .filter((v) => v.answer.encoding !== 'identity')
      .map((v) => `; ${v.answer.encoding} ${v.answer.body.length} B`)
      .join('')}`,
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
      `  ${v.label} GET ${v.path}: app vs bare node:http, ${DURATION_SECONDS}s each in 1s steps (A B B A)`,
    );
    bare.respondWith(() => v.answer);
    const pair = await measurePair(
      { target: `app GET ${v.path} (${v.label})`, baseUrl: app.baseUrl },
      { target: `bare node:http (${v.label})`, baseUrl: bare.baseUrl },
      { path: v.path, headers: v.headers, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS },
    );
    rows.push(pair.a, pair.b);
    const dirty = [cleanRun(pair.a), cleanRun(pair.b)].filter((x): x is string => x !== null);
    const rounds = pair.roundRatios.map((r) => r.toFixed(2)).join(' ');
    // The budget belongs to published pages (the viewer); the console shell is measured the
    // same way and reported, so the number is there to compare when the viewer lands.
    notes.push(
      dirty.length
        ? `console shell (${v.label}): not comparable: ${dirty.join('; ')}`
        : `console shell (${v.label}): app ÷ bare node:http = ${pair.medianRatio.toFixed(3)} (median of rounds ${rounds}; informational, the ${RATIO}x budget applies to published pages)`,
    );
  }
  return { status: 'ok', rows, budgets, notes };
}

export const staticPage: TScenario = {
  id: 'static',
  title: 'static page from cache vs bare node:http',
  run: runStatic,
};
