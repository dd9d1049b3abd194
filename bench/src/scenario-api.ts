import type { TBenchContext, TScenario, TScenarioResult } from './scenario';
import { measure } from './scenario';

// Informational API scenarios: no budget, reported so changes are visible run to run.

export const apiHealth: TScenario = {
  id: 'health',
  title: 'API health',
  async run(ctx: TBenchContext): Promise<TScenarioResult> {
    const product = await ctx.product();
    const row = await measure(
      { target: 'product GET /api/health', baseUrl: product.baseUrl, cpuUs: product.cpuUs },
      null,
      { path: '/api/health', connections: 10, durationSeconds: 5 },
    );
    return {
      status: 'ok',
      rows: [row],
      budgets: [],
      notes: ['pings the database (the product as a child process: PGlite on disk) per request'],
    };
  },
};

const LOGIN_BODY = JSON.stringify({ login_id: 'master@example.com', password: 'Demo@2026pass' });

export const apiLogin: TScenario = {
  id: 'login',
  title: 'login (argon2id)',
  async run(ctx: TBenchContext): Promise<TScenarioResult> {
    // No warm-up: every request verifies an argon2id hash, and the warm-up would only spend
    // the route's rate limit.
    const product = await ctx.product();
    const row = await measure(
      { target: 'product POST /api/auth/login', baseUrl: product.baseUrl, cpuUs: product.cpuUs },
      null,
      {
        path: '/api/auth/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', host: product.consoleHost },
        body: LOGIN_BODY,
        connections: 4,
        durationSeconds: 3,
      },
      0,
    );
    const s = row.summary;
    const limited = s.statusCounts['429'] ?? 0;
    const notes = [
      'argon2id (19 MiB, t=2) is slow on purpose and at most 4 hashes run at once (platform/password-hash.ts)',
      `the product runs with RATE_LIMIT_LOGIN_PER_MINUTE=${product.loginRateLimitPerMinute} so the limit does not hide the cost`,
    ];
    if (limited > 0)
      notes.push(
        `${s.ok} answers were 2xx and ${limited} were 429: the route's rate limit capped this run, so only the 2xx rate and latency describe a login`,
      );
    const other = Object.entries(s.statusCounts).filter(([code]) => !code.startsWith('2') && code !== '429');
    if (other.length) notes.push(`unexpected answers: ${other.map(([c, n]) => `${n}x ${c}`).join(', ')}`);
    return { status: 'ok', rows: [row], budgets: [], notes };
  },
};
