// `npm test`: builds the console (the journeys serve it), then runs the test suite and, beside it,
// the type check and the lint. The suite's journeys leave part of the CPU idle while they wait on
// pages; the static checks fill it instead of running before the suite. Arguments go to Vitest.
// Fails when any part fails, after all have ended.
import { spawn } from 'node:child_process';

const run = (command, args, { hold }) =>
  new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(command, args, {
      stdio: ['ignore', hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trim();
      if (text) process.stdout.write(`${text}\n`);
      const name = [command, ...args].join(' ');
      console.log(
        `── ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      resolve(code);
    });
  });

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The static checks run at the lowest CPU priority where `nice` exists: they take the CPU the
// suite leaves idle, never a journey's (whose waits have time limits).
const niced = (args) => (process.platform === 'linux' ? ['nice', ['-n', '19', npm, ...args]] : [npm, args]);
if ((await run(npm, ['run', '-s', 'build'], { hold: true })) !== 0) process.exit(1);
const codes = await Promise.all([
  run(...niced(['run', '-s', 'typecheck']), { hold: true }),
  run(...niced(['run', '-s', 'lint']), { hold: true }),
  run('npx', ['vitest', 'run', ...process.argv.slice(2)], { hold: false }),
]);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
