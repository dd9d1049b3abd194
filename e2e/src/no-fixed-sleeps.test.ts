import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The journeys and their helpers wait for what they wait for (a locator's state, a poll of the
// API, a response), never for a fixed time: a sleep is too short on a busy machine and too long on
// an idle one. A delay that is itself the behaviour under test (nothing happens for so long, a
// visitor's pace, a slow network) stays, marked on its line or the line above with
// `allow-fixed-sleep:` and the reason.

const DIR = path.dirname(fileURLToPath(import.meta.url));
const SELF = path.basename(fileURLToPath(import.meta.url));

const SLEEPS: { pattern: RegExp; what: string }[] = [
  { pattern: /\bwaitForTimeout\s*\(/, what: "Playwright's fixed wait" },
  { pattern: /\bsetTimeout\s*\(/, what: 'a timer' },
  { pattern: /timers\/promises/, what: 'a promised timer' },
  { pattern: /\bsleep\s*\(/, what: 'a sleep' },
];
const ALLOWED = /allow-fixed-sleep:\s*\S/;

/** The fixed sleeps in a source's text not marked as the behaviour under test, as 'line: text'. */
function unmarkedSleeps(text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const sleep = SLEEPS.find((s) => s.pattern.test(line));
    if (!sleep) return;
    if (ALLOWED.test(line) || ALLOWED.test(lines[i - 1] ?? '')) return;
    found.push(`${i + 1}: ${sleep.what}: ${line.trim()}`);
  });
  return found;
}

function* sources(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && entry.name !== SELF) yield full;
  }
}

describe('waits in the journeys', () => {
  it('finds each form a fixed sleep takes, and lets a marked one be', () => {
    const text = [
      'await page.waitForTimeout(300);',
      'await new Promise((resolve) => setTimeout(resolve, 250));',
      "import { setTimeout as pause } from 'node:timers/promises';",
      'await sleep(100);',
      'await page.locator(".x").waitFor();',
      '// allow-fixed-sleep: the visitor pauses here.',
      'await page.waitForTimeout(500);',
      'await page.waitForTimeout(500); // allow-fixed-sleep: nothing moves for this long',
      '// allow-fixed-sleep:',
      'await page.waitForTimeout(500);',
      'await db.execute(sql`select pg_sleep(1)`);',
    ].join('\n');
    expect(unmarkedSleeps(text)).toEqual([
      "1: Playwright's fixed wait: await page.waitForTimeout(300);",
      '2: a timer: await new Promise((resolve) => setTimeout(resolve, 250));',
      "3: a promised timer: import { setTimeout as pause } from 'node:timers/promises';",
      '4: a sleep: await sleep(100);',
      "10: Playwright's fixed wait: await page.waitForTimeout(500);",
    ]);
  });

  it('sleeps for a fixed time only where the time is the behaviour under test', () => {
    const files = [...sources(DIR)];
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      unmarkedSleeps(fs.readFileSync(file, 'utf8')).map((s) => `${path.relative(DIR, file)}:${s}`),
    );
    expect(found).toEqual([]);
  });
});
