// Prints, over the Vitest JSON reports, the slowest test files of each (where the suite's time
// goes) and one closing line: "N passed, N failed, N skipped".
import fs from 'node:fs';
import path from 'node:path';

const SLOWEST = 15;
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const files = (report.testResults ?? [])
    .map((r) => ({
      name: path.relative(process.cwd(), r.name),
      seconds: ((r.endTime ?? 0) - (r.startTime ?? 0)) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  console.log(
    `${path.basename(file)}: ${files.length} files, ${total.toFixed(0)} s of file time; the slowest:`,
  );
  for (const f of files.slice(0, SLOWEST)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
