import { seedListVolume, type TListFixture, type TListVolume } from './lists-seed';
import { runLoad, summarize, type TRawLoad } from './load';
import {
  budgetAtMost,
  cleanRun,
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
const ROUNDS = 5;
const ROUND_SECONDS = 1;

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
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

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
  inProcess: true,
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
    const lists = targets(fixture).map((target) => ({
      ...target,
      name: `${target.who} GET ${target.path.replace(/[0-9a-f-]{36}/g, ':id')}`,
      spec: {
        url: `${ctx.app.baseUrl}${target.path}`,
        headers: headers[target.who],
        connections: 1,
        durationSeconds: ROUND_SECONDS,
      },
      runs: [] as TRawLoad[],
      first: { total: 0, rows: 0 },
    }));
    for (const list of lists) {
      list.first = await firstPage(ctx.app.baseUrl, list.path, list.spec.headers);
      const wrong = list.expect?.(list.first.total, fixture);
      if (wrong) throw new Error(`${list.name}: the list does not cover the seeded volume (${wrong})`);
      await runLoad(list.spec);
    }
    // Rounds go over every list in turn, so a burst of other work on a shared machine spoils one
    // round of some lists rather than all of one list's samples; the budget takes the median of
    // the rounds' p95.
    for (let round = 0; round < ROUNDS; round++)
      for (const list of lists) list.runs.push(await runLoad(list.spec));

    const rows: TRow[] = [];
    const budgets = [];
    const notes = [
      `seeded in ${seeded.toFixed(1)}s: ${c.accounts} accounts, ${c.sites} sites of ${c.pages} pages (draft and, for half, published); oem@ sees ${c.oemSites}, user@ ${c.userSites}; one site has ${VOLUME.visitorRows} members, contacts, forms and survey responses`,
      `1 connection per list; a ${ROUND_SECONDS}s warm-up, then ${ROUNDS} rounds of ${ROUND_SECONDS}s over every list in turn; no Accept-Encoding (compression not measured)`,
    ];
    for (const list of lists) {
      const row: TRow = {
        target: list.name,
        load: { path: list.path, headers: list.spec.headers, connections: 1 },
        summary: summarize(list.runs),
      };
      rows.push(row);
      const unclean = cleanRun(row);
      const roundP95 = list.runs.map((run) => summarize([run]).p95Ms ?? Number.POSITIVE_INFINITY);
      const p95 = unclean ? null : median(roundP95);
      ctx.log(
        `  ${list.name}: ${list.first.rows} of ${list.first.total} rows, p50 ${ms(row.summary.p50Ms)} ms, p95 of the rounds ${roundP95.map(ms).join(' / ')} ms`,
      );
      budgets.push(
        budgetAtMost(
          `list p95: ${list.name}`,
          "median of the rounds' p95 ms",
          P95_BUDGET_MS,
          p95,
          unclean ??
            `rounds ${roundP95.map(ms).join(' / ')}; p50 ${ms(row.summary.p50Ms)} ms; ${list.first.rows} of ${list.first.total} rows`,
        ),
      );
    }
    return { status: 'ok', rows, budgets, notes };
  },
};
