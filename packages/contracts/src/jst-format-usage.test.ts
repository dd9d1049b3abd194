import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every date and amount a person reads is written by jst-format.ts. A local-time Date getter, a
// toLocale*String call or a DateTimeFormat of its own anywhere else reads the zone of the
// machine or browser (or writes its own variant of a date), so the source of the apps and
// packages holds none outside that module.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps/console/src', 'apps/server/src', 'packages/site-render/src', 'packages/contracts/src'];
const FORMATTER = 'packages/contracts/src/jst-format.ts';

const FORBIDDEN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /\.(get|set)(FullYear|Month|Date|Day|Hours|Minutes|Seconds)\(/,
    why: 'a local-time Date getter or setter (the getUTC* ones, or jst-format.ts)',
  },
  {
    pattern: /\.toLocale(Date|Time)?String\(/,
    why: 'toLocale*String (formatCount, formatDate... of jst-format.ts)',
  },
  { pattern: /Intl\.DateTimeFormat\(/, why: 'a date format of its own (jst-format.ts)' },
];

const isSource = (file: string) =>
  /\.(ts|tsx)$/.test(file) && !/\.(test|int\.test|e2e)\.tsx?$/.test(file) && !file.endsWith('.d.ts');
/** Test support reads the local zone on purpose (time-zone-render.ts shows that a zone applied). */
const TEST_SUPPORT = 'apps/server/src/test';

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (path.relative(ROOT, full) === TEST_SUPPORT) continue;
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (isSource(entry.name)) yield full;
  }
}

describe('dates and amounts', () => {
  it('are formatted by jst-format.ts only', () => {
    const found: string[] = [];
    for (const source of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, source))) {
        const relative = path.relative(ROOT, file);
        if (relative === FORMATTER) continue;
        const lines = fs.readFileSync(file, 'utf8').split('\n');
        lines.forEach((line, i) => {
          if (/^\s*(\/\/|\*)/.test(line)) return;
          for (const { pattern, why } of FORBIDDEN)
            if (pattern.test(line)) found.push(`${relative}:${i + 1}: ${why}: ${line.trim()}`);
        });
      }
    }
    expect(found).toEqual([]);
  });
});
