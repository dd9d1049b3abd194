import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

// Tries the product as several server processes on one machine, as a load balancer would spread
// visitors over machines: `npm run start:cluster` (after `npm run build`) starts PROCESSES (3)
// copies of main.ts on PORT, PORT+1, ... sharing DATABASE_URL, JWT_SECRET and, when set,
// REDIS_URL and S3_*. Each one takes a DATA_DIR of its own, so nothing can lean on a shared disk.
// Stops them all on Ctrl-C or SIGTERM.

const count = Number(process.env.PROCESSES ?? 3);
const basePort = Number(process.env.PORT ?? 3000);
if (!process.env.DATABASE_URL || !process.env.JWT_SECRET) {
  console.error(
    'start:cluster needs DATABASE_URL (one PostgreSQL for every process) and JWT_SECRET (32+ characters, the same for all); see the README, "Running several processes".',
  );
  process.exit(1);
}

const root = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];
for (let i = 0; i < count; i++) {
  const port = basePort + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(root, 'data', `process-${i + 1}`) },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) =>
    console.log(`process ${i + 1} (port ${port}) exited: ${signal ?? code}`),
  );
  children.push(child);
}
console.log(`started ${count} processes on ports ${basePort}-${basePort + count - 1}`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
