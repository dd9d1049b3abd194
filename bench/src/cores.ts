import { spawnSync } from 'node:child_process';
import os from 'node:os';

// The server on a core of its own, everything that plays the outside world on the others.
// On a two-core machine the load generators (and, on PostgreSQL, the database's backends)
// would otherwise be scheduled beside the server's threads and take their time: a cost that
// clients and a database server on machines of their own never put on a server. Each process is
// started under `taskset`; BENCH_PIN=off leaves placement to the kernel.

export type TRole = 'server' | 'outside';

function placement(): { server: string; outside: string } | null {
  if (process.env.BENCH_PIN === 'off' || process.platform !== 'linux') return null;
  const cores = os.availableParallelism();
  if (cores < 2) return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  return { server: String(cores - 1), outside: cores === 2 ? '0' : `0-${cores - 2}` };
}

let cached: ReturnType<typeof placement> | undefined;
function cores() {
  if (cached === undefined) cached = placement();
  return cached;
}

/** How processes are placed, for the bench's notes. */
export function placementNote(): string {
  const c = cores();
  return c
    ? `server processes on core ${c.server}, load generators and PostgreSQL backends on core(s) ${c.outside} (taskset; BENCH_PIN=off to not pin)`
    : 'processes placed by the kernel (not pinned)';
}

/** `command args` run on the role's cores: [command, args]. */
export function pinned(role: TRole, command: string, args: string[]): [string, string[]] {
  const c = cores();
  return c ? ['taskset', ['-c', c[role], command, ...args]] : [command, args];
}

/** Moves running processes (every thread) to the role's cores; false when not placed. */
export function pin(role: TRole, pids: number[]): boolean {
  const c = cores();
  if (!c) return false;
  for (const pid of pids) spawnSync('taskset', ['-a', '-p', '-c', c[role], String(pid)], { stdio: 'ignore' });
  return true;
}
