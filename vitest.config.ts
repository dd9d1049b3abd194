import { defineConfig } from 'vitest/config';

// Three projects: unit (no I/O), integration (real database: PGlite, or PostgreSQL when
// DATABASE_URL is set) and e2e (the whole server plus the system Chromium).
// The suites that open databases migrate once per run (global setup) and copy that template per
// file; their files share the loaded server code within a worker (isolate: false), so each file
// must leave no module state behind: it starts its own app on its own database.
const databaseSuite = {
  environment: 'node',
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Both cores of the CI machine (Vitest would take one less). The journeys keep Chromium busy,
    // so more workers than cores only slow each one down.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/*/src/**/*.test.{ts,tsx}',
            'packages/*/src/**/*.test.{ts,tsx}',
            'e2e/src/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // The files of a worker share loaded modules, as the database suites do, so a unit test
          // that stubs a global or fakes timers must undo it in an after-hook (the ones here do).
          isolate: false,
        },
      },
      {
        test: {
          ...databaseSuite,
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...databaseSuite,
          name: 'e2e',
          include: ['e2e/src/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits for what a person would wait for: on a busy CI machine a refused call,
          // its token refresh and the retry can take longer than Vitest's default second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
