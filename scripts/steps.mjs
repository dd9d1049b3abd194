// Runs shell commands side by side, each with its output held until it ends, and prints how long
// each took. Fails (exit 1) when any fails, after all have ended.
//   node scripts/steps.mjs "name=command" "name=command" ...
import { spawn } from 'node:child_process';

const steps = process.argv.slice(2).map((arg) => {
  const eq = arg.indexOf('=');
  return eq > 0 ? { name: arg.slice(0, eq), command: arg.slice(eq + 1) } : { name: arg, command: arg };
});
if (steps.length === 0) {
  console.error('usage: node scripts/steps.mjs "name=command" ...');
  process.exit(2);
}

const started = performance.now();
const results = await Promise.all(
  steps.map(
    (step) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        const child = spawn(step.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('close', (code) => {
          const seconds = (performance.now() - t0) / 1000;
          const text = Buffer.concat(output).toString().trim();
          if (text) process.stdout.write(`── ${step.name}\n${text}\n`);
          console.log(
            `── ${step.name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s`,
          );
          resolve({ ...step, code, seconds });
        });
      }),
  ),
);
const failed = results.filter((r) => r.code !== 0);
console.log(
  `── ${results.map((r) => `${r.name} ${r.seconds.toFixed(1)} s`).join(', ')}; ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
);
process.exit(failed.length > 0 ? 1 : 0);
