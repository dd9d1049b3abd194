import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadTool, runLoad, summarize } from './load';
import { SITE_PATH } from './operator-load';
import { startBare, startProduct, type TBare, type TProduct } from './product';
import { captureAnswer } from './scenario-static';

// Where a cached published page's CPU goes: the product (as a user starts it) and the bare
// node:http baseline, each under --cpu-prof, each loaded by wrk with the same request for the
// same time; then the self time of every function of each main thread, as a share of the
// profile and in microseconds per answer.
//
//   node --import tsx bench/src/profile-page.ts [seconds] [br|gzip] [new|returning]
//
// Profiles are kept under the temp folder (the path is printed): open them in Chrome DevTools.

const SECONDS = Number(process.argv[2] ?? 20);
const ENCODING = process.argv[3] ?? 'br';
const VISITOR = process.argv[4] ?? 'new';
const TOP = 30;

interface TProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface TCpuProfile {
  nodes: TProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The main thread's profile in a --cpu-prof folder (thread 0 in its name). */
function mainProfile(dir: string): TCpuProfile {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const main = files.find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f)) ?? files[0];
  if (!main) throw new Error(`no profile in ${dir}`);
  return JSON.parse(fs.readFileSync(path.join(dir, main), 'utf8')) as TCpuProfile;
}

const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/(apps|packages|bench)\//, '$1/');

/** Self time (µs) by function, over the samples taken between `from` and `to` (µs, profile clock). */
function selfTimes(p: TCpuProfile, from: number, to: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let t = p.startTime;
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t < from || t > to) continue;
    const node = byId.get(p.samples[i]!);
    if (!node) continue;
    const f = node.callFrame;
    const key =
      `${f.functionName || '(anonymous)'} ${f.url ? `${shortUrl(f.url)}:${f.lineNumber + 1}` : ''}`.trim();
    const dt = p.timeDeltas[i + 1] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  }
  return { self: [...self.entries()].sort((a, b) => b[1] - a[1]), total };
}

/** Where a function's code comes from, for a summary by origin. */
function origin(key: string): string {
  if (/^\((garbage collector|idle|program|root)\)/.test(key)) return key.slice(0, key.indexOf(')') + 1);
  if (key.includes('node:')) return 'node: internals';
  const m = key.match(/ (@?[^/ ]+(?:\/[^/ ]+)?)\//);
  if (key.includes(' apps/')) return `apps/${key.split(' apps/')[1]!.split('/').slice(0, 2).join('/')}`;
  if (m) return m[1]!;
  return '(native or builtin)';
}

/** Warms, loads for SECONDS, then closes the process (which writes its profile). */
async function profileOne(
  label: string,
  target: { baseUrl: string; pid: number; cpuUs(): number; close(): Promise<void> },
  headers: Record<string, string>,
) {
  const spec = { url: `${target.baseUrl}${SITE_PATH}`, headers, connections: 10, lean: true };
  await runLoad({ ...spec, durationSeconds: 3 });
  const cpu0 = target.cpuUs();
  const loadFrom = performance.now();
  const raw = await runLoad({ ...spec, durationSeconds: SECONDS });
  const loadTo = performance.now();
  const cpu = target.cpuUs() - cpu0;
  await target.close();
  const closedAt = performance.now();
  const s = summarize([raw]);
  console.log(
    `${label} (pid ${target.pid}): ${s.okRps.toFixed(0)} answers/s, p50 ${s.p50Ms?.toFixed(2)} ms, p99 ${s.p99Ms?.toFixed(2)} ms, CPU ${(cpu / s.responses).toFixed(1)} us per answer (load average ${os.loadavg()[0]?.toFixed(2)})`,
  );
  // The profile ends when the process exits: the load's window counted back from there (ms).
  return {
    answers: s.responses,
    cpuPerAnswer: cpu / s.responses,
    window: { fromEndMs: closedAt - loadFrom, toEndMs: closedAt - loadTo },
  };
}

function report(label: string, dir: string, run: Awaited<ReturnType<typeof profileOne>>) {
  const p = mainProfile(dir);
  const { self, total } = selfTimes(
    p,
    p.endTime - run.window.fromEndMs * 1000,
    p.endTime - run.window.toEndMs * 1000,
  );
  const { answers } = run;
  console.log(
    `\n${label}: ${(total / 1e6).toFixed(1)} s of samples while loaded, ${answers} answers, ${(total / answers).toFixed(1)} us of samples per answer`,
  );
  const byOrigin = new Map<string, number>();
  for (const [key, us] of self) byOrigin.set(origin(key), (byOrigin.get(origin(key)) ?? 0) + us);
  console.log('  by origin (self time, % of the samples, us per answer):');
  for (const [o, us] of [...byOrigin.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(
      `    ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / answers).toFixed(2).padStart(7)} us  ${o}`,
    );
  console.log(`  top ${TOP} functions by self time:`);
  for (const [key, us] of self.slice(0, TOP))
    console.log(
      `    ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / answers).toFixed(2).padStart(7)} us  ${key}`,
    );
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-profile-'));
  const productDir = path.join(dir, 'product');
  const bareDir = path.join(dir, 'bare');
  console.log(
    `profiles in ${dir}; load: ${loadTool()}, 10 connections, ${SECONDS} s each, GET ${SITE_PATH} (${ENCODING}, ${VISITOR} visitor)`,
  );
  let product: TProduct | undefined;
  let bare: TBare | undefined;
  try {
    product = await startProduct({ nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${productDir}`] });
    const first = await captureAnswer(`${product.baseUrl}${SITE_PATH}`, { 'accept-encoding': ENCODING });
    const cookie = first.headers['set-cookie']?.split(';')[0];
    const headers: Record<string, string> = {
      'accept-encoding': ENCODING,
      ...(VISITOR === 'returning' && cookie ? { cookie } : {}),
    };
    const answer = await captureAnswer(`${product.baseUrl}${SITE_PATH}`, headers);
    const pr = await profileOne('product', product, headers);
    product = undefined;
    bare = await startBare(['--cpu-prof', `--cpu-prof-dir=${bareDir}`]);
    await bare.respondWith(answer);
    const br = await profileOne('bare node:http', bare, headers);
    bare = undefined;
    report('product', productDir, pr);
    report('bare node:http', bareDir, br);
    console.log(
      `\nCPU per answer (/proc): product ${pr.cpuPerAnswer.toFixed(1)} us, bare ${br.cpuPerAnswer.toFixed(1)} us (bare ÷ product ${(br.cpuPerAnswer / pr.cpuPerAnswer).toFixed(2)})`,
    );
  } finally {
    await product?.close();
    await bare?.close();
  }
}

await main();
