import fs from 'node:fs';
import path from 'node:path';

// The server's layers, checked by `npm run lint` and a unit test:
//   db, platform, config.ts   the base: they import no module;
//   modules/<name>     domain modules: they may import the base and each other, never in a cycle;
//   TOP_MODULES        published sites and visitor pages: HTML for visitors, built on every domain module,
//                      imported by none;
//   app.ts, main.ts, seed/, test/ and tests: the composition root, free to import anything.

export const TOP_MODULES = ['published-sites', 'visitor-pages'] as const;

const SRC = path.dirname(new URL(import.meta.url).pathname);

export type TLayerProblem = { kind: 'upward' | 'cycle'; text: string };

type TUnit = { name: string; kind: 'base' | 'module' | 'top' | 'root' };

/** Which layer unit a source file belongs to (relative to apps/server/src). */
export function unitOf(rel: string): TUnit {
  const parts = rel.split('/');
  if (/\.(int\.)?test\.tsx?$/.test(rel) || /-test-kit\.ts$/.test(rel)) return { name: 'tests', kind: 'root' };
  if (parts[0] === 'db' || parts[0] === 'platform') return { name: parts[0], kind: 'base' };
  if (rel === 'config.ts') return { name: 'config', kind: 'base' };
  if (parts[0] === 'modules' && parts.length > 2) {
    const name = parts[1]!;
    return { name, kind: (TOP_MODULES as readonly string[]).includes(name) ? 'top' : 'module' };
  }
  return { name: parts[0]!.replace(/\.tsx?$/, ''), kind: 'root' };
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string, out: string[] = []) {
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'migrations') sourceFiles(full, out);
    } else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every import between units: `from` imports `to` (in `file`). */
export function unitImports(src = SRC) {
  const edges: { from: TUnit; to: TUnit; file: string; spec: string }[] = [];
  for (const file of sourceFiles(src)) {
    const rel = path.relative(src, file);
    const from = unitOf(rel);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      const target = path.relative(src, path.resolve(path.dirname(file), spec));
      if (target.startsWith('..')) continue;
      const to = unitOf(target.endsWith('.ts') ? target : `${target}.ts`);
      if (to.name !== from.name) edges.push({ from, to, file: rel, spec });
    }
  }
  return edges;
}

/** Upward imports and module cycles; empty when the layers hold. */
export function layerProblems(src = SRC): TLayerProblem[] {
  const problems: TLayerProblem[] = [];
  const graph = new Map<string, Set<string>>();
  for (const { from, to, file, spec } of unitImports(src)) {
    if (from.kind === 'root') continue;
    const upward =
      to.kind === 'root' ||
      (from.kind === 'base' && to.kind !== 'base') ||
      (from.kind === 'module' && to.kind === 'top');
    if (upward)
      problems.push({
        kind: 'upward',
        text: `${file} imports '${spec}' (${from.kind} ${from.name} -> ${to.kind} ${to.name})`,
      });
    if (!graph.has(from.name)) graph.set(from.name, new Set());
    graph.get(from.name)!.add(to.name);
  }
  for (const cycle of cyclesOf(graph)) problems.push({ kind: 'cycle', text: cycle.join(' -> ') });
  return problems;
}

/** One cycle per strongly connected component of more than one unit (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return components.map((c) => [...c, c[0]!]);
}

// The console's features (apps/console/src/features/<name>) import each other only one way, never
// in a cycle, and the shared pieces under app/ import no feature but where the shell is put
// together (its router, its signed-in frame, its entry, and i18n/, which gathers every feature's
// texts).

const CONSOLE_SRC = path.resolve(SRC, '../../console/src');
const CONSOLE_SHELL = new Set(['app/router.tsx', 'app/signed-in-layout.tsx', 'app/main.tsx']);

/** Which part of the console a source file belongs to (relative to apps/console/src). */
function consoleUnitOf(rel: string): TUnit {
  const parts = rel.split('/');
  if (/\.test\.tsx?$/.test(rel)) return { name: 'tests', kind: 'root' };
  if (parts[0] === 'features' && parts.length > 2) return { name: parts[1]!, kind: 'module' };
  if (CONSOLE_SHELL.has(rel) || parts[0] === 'i18n') return { name: 'shell', kind: 'root' };
  return { name: parts[0]!, kind: 'base' };
}

/** Feature cycles and shared pieces that import a feature; empty when the console's layers hold. */
export function consoleProblems(src = CONSOLE_SRC): TLayerProblem[] {
  const problems: TLayerProblem[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(src)) {
    const rel = path.relative(src, file);
    const from = consoleUnitOf(rel);
    if (from.kind === 'root') continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      const target = path.relative(src, path.resolve(path.dirname(file), spec));
      if (target.startsWith('..')) continue;
      const to = consoleUnitOf(/\.tsx?$/.test(target) ? target : `${target}.ts`);
      if (to.name === from.name) continue;
      if (from.kind === 'base' && to.kind === 'module')
        problems.push({
          kind: 'upward',
          text: `${rel} imports '${spec}' (${from.name} -> feature ${to.name})`,
        });
      if (from.kind === 'module' && to.kind === 'module') {
        if (!graph.has(from.name)) graph.set(from.name, new Set());
        graph.get(from.name)!.add(to.name);
      }
    }
  }
  for (const cycle of cyclesOf(graph))
    problems.push({ kind: 'cycle', text: `features: ${cycle.join(' -> ')}` });
  return problems;
}

// `node --import tsx apps/server/src/module-layers.ts` (npm run lint) fails on any problem.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const problems = [...layerProblems(), ...consoleProblems()];
  for (const p of problems) console.error(`layers: ${p.kind}: ${p.text}`);
  if (problems.length) process.exit(1);
  console.log('layers: no module or console feature cycle, no upward import');
}
