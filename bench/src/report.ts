import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TBudget, TRow, TScenarioResult } from './scenario';

export interface TScenarioReport extends TScenarioResult {
  id: string;
  title: string;
  budget?: string;
  seconds: number;
  /** The 1-minute load average when the scenario started and ended. */
  loadAverage: { start: number; end: number };
  error?: string;
}

const fmt = (n: number | null, digits = 0) => (n === null ? '-' : n.toFixed(digits));

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const numeric = header.map((_, i) => lines.every((l) => /^[-\d.]+$/.test(l[i] ?? '-')));
  const render = (cells: string[]) =>
    cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
}

const statuses = (row: TRow) => {
  const s = row.summary;
  const codes = Object.entries(s.statusCounts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, n]) => `${c}:${n}`);
  if (s.errors) codes.push(`errors:${s.errors}`);
  if (s.timeouts) codes.push(`timeouts:${s.timeouts}`);
  return codes.join(' ');
};

export function renderRows(reports: TScenarioReport[]): string {
  const lines = reports.flatMap((r) =>
    r.rows.map((row) => [
      r.id,
      row.target,
      String(row.load.connections),
      fmt(row.summary.durationSeconds, 1),
      fmt(row.summary.rps),
      fmt(row.summary.okRps),
      fmt(row.summary.p50Ms, 2),
      fmt(row.summary.p95Ms, 2),
      fmt(row.summary.p99Ms, 2),
      fmt(row.summary.bytesPerOk),
      fmt(row.cpuUsPerAnswer ?? null),
      statuses(row),
    ]),
  );
  return table(
    [
      'scenario',
      'target',
      'conns',
      'secs',
      'answers/s',
      '2xx/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'B/answer',
      'CPU us/answer',
      'statuses',
    ],
    lines,
  );
}

export const renderBudget = (b: TBudget) =>
  `${b.notJudged ? 'INFO' : b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measure} = ${fmt(b.actual, 3)} (${Number.isNaN(b.threshold) ? 'no budget yet' : `budget ${b.comparison} ${b.threshold}`})${
    b.detail ? `  [${b.detail}]` : ''
  }${b.notJudged ? `  not judged: ${b.notJudged}` : ''}`;

function gitCommit(root: string): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

export function writeJson(
  file: string,
  root: string,
  data: { reports: TScenarioReport[]; pending: unknown; failed: TBudget[]; loadTool: string },
) {
  const cpus = os.cpus();
  const json = {
    finishedAt: new Date().toISOString(),
    commit: gitCommit(root),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? null,
      memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
    },
    loadGenerator: data.loadTool,
    pass: data.failed.length === 0,
    failedBudgets: data.failed.map((b) => b.name),
    scenarios: data.reports,
    pendingBudgets: data.pending,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}
