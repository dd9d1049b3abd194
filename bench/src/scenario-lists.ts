import { seedListVolume, type TListFixture, type TListVolume } from './lists-seed';
import {
  budgetAtMost,
  cleanRun,
  measure,
  type TBenchContext,
  type TRow,
  type TScenario,
  type TScenarioResult,
} from './scenario';

// Every list the console and the read API page through, at the volume of a grown platform
// (2,000 accounts, 1,000 sites of 100 pages in two languages), each as the operator who reads
// it: the platform for the whole tree, an OEM for its subtree, a company user for its own sites.
// One connection, so a latency is one request's own time, not a queue's.

const VOLUME: TListVolume = { accounts: 2_000, sites: 1_000, visitorRows: 1_000 };
const P95_BUDGET_MS = 50;
const SECONDS = 2;

type TWho = 'MASTER' | 'OEM' | 'USER' | 'API';

interface TListTarget {
  who: TWho;
  path: string;
  /** What `meta.total` (or the array's length) must be: the list really covers the volume. */
  expect?: (total: number, f: TListFixture) => string | null;
}

const atLeast = (what: string, n: (f: TListFixture) => number) => (total: number, f: TListFixture) =>
  total >= n(f) ? null : `${what}: ${total} < ${n(f)}`;
const exactly = (what: string, n: (f: TListFixture) => number) => (total: number, f: TListFixture) =>
  total === n(f) ? null : `${what}: ${total} != ${n(f)}`;

const targets = (f: TListFixture): TListTarget[] => [
  { who: 'MASTER', path: '/api/site', expect: exactly('sites', (x) => x.counts.sites) },
  { who: 'MASTER', path: '/api/site?page_size=100' },
  { who: 'MASTER', path: '/api/site?page=40' },
  { who: 'MASTER', path: '/api/site?status=PUBLISH&keyword=campaign' },
  { who: 'MASTER', path: '/api/users', expect: atLeast('users', (x) => x.counts.accounts - 1) },
  { who: 'MASTER', path: '/api/users?sort=companyName&order=asc&page_size=100' },
  { who: 'MASTER', path: '/api/admins' },
  { who: 'OEM', path: '/api/site', expect: exactly('sites', (x) => x.counts.oemSites) },
  { who: 'OEM', path: '/api/users', expect: atLeast('users', () => 200) },
  { who: 'OEM', path: '/api/admins' },
  { who: 'USER', path: '/api/site', expect: exactly('sites', (x) => x.counts.userSites) },
  { who: 'USER', path: `/api/site-member/${f.siteId}`, expect: exactly('members', () => VOLUME.visitorRows) },
  {
    who: 'USER',
    path: `/api/site-contact/${f.siteId}`,
    expect: exactly('contacts', () => VOLUME.visitorRows),
  },
  { who: 'USER', path: `/api/site-form/${f.siteId}`, expect: exactly('forms', () => VOLUME.visitorRows) },
  { who: 'USER', path: `/api/site/${f.siteId}/surveys` },
  {
    who: 'USER',
    path: `/api/surveys/${f.surveyId}/responses`,
    expect: exactly('responses', () => VOLUME.visitorRows),
  },
  { who: 'API', path: '/api/v1/sites', expect: exactly('sites', (x) => x.counts.oemSites) },
  { who: 'API', path: '/api/v1/users', expect: atLeast('customers', () => 200) },
  { who: 'API', path: `/api/v1/sites/${f.siteId}/members` },
  { who: 'API', path: `/api/v1/sites/${f.siteId}/contacts` },
  { who: 'API', path: `/api/v1/sites/${f.siteId}/forms` },
];

const ms = (n: number | null) => (n === null ? '-' : n.toFixed(1));

const LOGINS: Record<Exclude<TWho, 'API'>, string> = {
  MASTER: 'master@example.com',
  OEM: 'oem@example.com',
  USER: 'user@example.com',
};

async function login(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login_id: email, password: 'Demo@2026pass' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

/** One request outside the load, to check the list is whole before timing it. */
async function firstPage(baseUrl: string, path: string, headers: Record<string, string>) {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const body = (await res.json()) as { data: unknown[]; meta?: { total: number } };
  return { total: body.meta?.total ?? body.data.length, rows: body.data.length };
}

export const listPages: TScenario = {
  id: 'lists',
  title: 'list pages at volume (2,000 accounts, 1,000 sites of 100 pages)',
  budget: `every list page p95 <= ${P95_BUDGET_MS} ms`,
  async run(ctx: TBenchContext): Promise<TScenarioResult> {
    const t0 = performance.now();
    const fixture = await seedListVolume(ctx.app.database.db, VOLUME);
    const seeded = (performance.now() - t0) / 1000;
    const c = fixture.counts;
    ctx.log(
      `  seeded ${c.accounts} accounts and ${c.sites} sites (${c.pages} pages, JP + EN) in ${seeded.toFixed(1)}s`,
    );
    const headers: Record<TWho, Record<string, string>> = {
      MASTER: { authorization: `Bearer ${await login(ctx.app.baseUrl, LOGINS.MASTER)}` },
      OEM: { authorization: `Bearer ${await login(ctx.app.baseUrl, LOGINS.OEM)}` },
      USER: { authorization: `Bearer ${await login(ctx.app.baseUrl, LOGINS.USER)}` },
      API: { 'x-api-key': fixture.apiKey },
    };
    const rows: TRow[] = [];
    const budgets = [];
    const notes = [
      `seeded in ${seeded.toFixed(1)}s: ${c.accounts} accounts, ${c.sites} sites of ${c.pages} pages (draft and, for half, published); oem@ sees ${c.oemSites}, user@ ${c.userSites}; one site has ${VOLUME.visitorRows} members, contacts, forms and survey responses`,
      `1 connection per list, ${SECONDS}s after a 1s warm-up; no Accept-Encoding (compression not measured)`,
    ];
    for (const target of targets(fixture)) {
      const name = `${target.who} GET ${target.path.replace(/[0-9a-f-]{36}/g, ':id')}`;
      const first = await firstPage(ctx.app.baseUrl, target.path, headers[target.who]);
      const wrong = target.expect?.(first.total, fixture);
      if (wrong) throw new Error(`${name}: the list does not cover the seeded volume (${wrong})`);
      const row = await measure(name, ctx.app.baseUrl, {
        path: target.path,
        headers: headers[target.who],
        connections: 1,
        durationSeconds: SECONDS,
      });
      rows.push(row);
      const unclean = cleanRun(row);
      const p95 = unclean ? null : row.summary.p95Ms;
      ctx.log(
        `  ${name}: ${first.rows} of ${first.total} rows, p50 ${ms(row.summary.p50Ms)} ms, p95 ${ms(row.summary.p95Ms)} ms`,
      );
      budgets.push(
        budgetAtMost(
          `list p95: ${name}`,
          'p95 latency ms',
          P95_BUDGET_MS,
          p95,
          unclean ?? `p50 ${ms(row.summary.p50Ms)} ms, ${first.rows} of ${first.total} rows`,
        ),
      );
    }
    return { status: 'ok', rows, budgets, notes };
  },
};
