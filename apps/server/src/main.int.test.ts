import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/wait';

// The real entry point as `npm start` runs it: migrations, seed, listen, and a SIGTERM that
// lets in-flight requests finish before the process exits.

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-main-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('main', () => {
  it(
    'starts on an empty data dir with demo data and shuts down gracefully on SIGTERM',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      // On CI the database under test may be PostgreSQL; this test is about the embedded default.
      const { DATABASE_URL: _ignored, ...env } = process.env;
      child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          // The console on 127.0.0.1 (what this test calls); sites on localhost, the other name.
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => {
        output += d;
      });
      child.stderr?.on('data', (d) => {
        output += d;
      });
      const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));

      const base = `http://127.0.0.1:${port}`;
      let healthy = false;
      // Migrations, the demo seed (images, 30 days of visits, six months of bills) and the
      // console shell: seconds alone, over a minute on a machine busy with other suites (up to
      // four minutes are waited for).
      for (let i = 0; i < 2_400 && !healthy; i++) {
        healthy = await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy, output).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
      // The demo seed ran in a process of its own (seed/seed-process.ts), so the server never held
      // what seeding takes: its resident set peaked at 850-925 MB when it seeded itself, at
      // 545-611 MB since (about what a restart on the seeded data reaches).
      const status = fs.existsSync(`/proc/${child.pid}/status`)
        ? fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
        : null;
      if (status) expect(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024).toBeLessThan(750);

      // The viewer's React pages render in this process too (its JSX is compiled by tsx here, not
      // by the test runner): the demo site's page and a visitor form.
      const sitePage = await fetch(`${base}/sites/hinode-autumn/`);
      expect(sitePage.status, output.slice(-2000)).toBe(200);
      expect(await sitePage.text()).toContain('<main class="gr">');
      const register = await fetch(`${base}/sites/hinode-autumn/en/register`);
      expect(register.status, output.slice(-2000)).toBe(200);
      expect(await register.text()).toContain('name="confirm_password"');

      // Four sign-ins (argon2 keeps each busy for a while). SIGTERM is sent once the server has
      // logged receiving all four, so they are in flight when shutdown starts and must finish.
      const body = JSON.stringify({ login_id: 'master@example.com', password: 'Demo@2026pass' });
      const received = () =>
        output.split('\n').filter((l) => l.includes('incoming request') && l.includes('/api/auth/login'))
          .length;
      const inFlight = Array.from(
        { length: 4 },
        () =>
          new Promise<number>((resolve, reject) => {
            const req = http.request(
              `${base}/api/auth/login`,
              {
                method: 'POST',
                agent: false,
                headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
              },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', reject);
            req.end(body);
          }),
      );
      for (let i = 0; i < 500 && received() < 4; i++) await new Promise((r) => setTimeout(r, 2));
      expect(received()).toBe(4);
      child.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200]);
      expect(await exited).toBe(0);
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    },
  );
});
