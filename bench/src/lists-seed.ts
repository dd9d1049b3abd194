import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../apps/server/src/db/client';
import { accounts, apiSettings, users } from '../../apps/server/src/db/schema/accounts';
import { siteEvents } from '../../apps/server/src/db/schema/analytics';
import { contracts, plans } from '../../apps/server/src/db/schema/plans';
import { sites } from '../../apps/server/src/db/schema/sites';
import {
  siteMembers,
  siteSubmissions,
  surveyResponses,
  surveys,
} from '../../apps/server/src/db/schema/visitors';
import { siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { surveyDocument } from '../../apps/server/src/modules/surveys/survey-fixtures';
import { generateApiKey } from '../../apps/server/src/platform/api-key';

// The volume of the `lists` scenario, written straight to the tables in a few bulk inserts on top
// of the demo seed: customer accounts under twenty OEMs and the platform, each with a contract and
// a user, and sites of many pages (a 10 x 10 grid in JP and EN, draft and published) spread over
// them, so every list reads from a tree of realistic size. The demo logins keep their roles:
// master@ sees everything, oem@ a tenth of it, user@ its company's sites.

export interface TListVolume {
  accounts: number;
  sites: number;
  /** Members, contact and homepage submissions, and survey responses of one site. */
  visitorRows: number;
}

export interface TListFixture {
  /** A 100-page site of user@'s company with `visitorRows` of each visitor list. */
  siteId: string;
  surveyId: string;
  /** A read-API key of oem@'s account. */
  apiKey: string;
  counts: { accounts: number; sites: number; oemSites: number; userSites: number; pages: number };
}

const OEMS = 20;
const SAKURA_COMPANIES = 200;
const DIRECTS = 200;
const SUB_ADMINS = 10;
const HINODE_SITES = 30;
const SAKURA_SITES = 100;
const GRID = 10;
const BATCH = 500;
const SITE_BATCH = 20;
// Nobody signs in as the bench's own users: a value no password hash verifies against.
const NO_PASSWORD = 'bench:no-password';

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function demoAccount(db: TDb, email: string) {
  const [row] = await db
    .select({ userId: users.id, accountId: accounts.id, path: accounts.path })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`the demo seed has no ${email}`);
  return row;
}

type TAccountRow = typeof accounts.$inferInsert & { id: string; path: string };

export async function seedListVolume(db: TDb, volume: TListVolume): Promise<TListFixture> {
  const master = await demoAccount(db, 'master@example.com');
  const sakura = await demoAccount(db, 'oem@example.com');
  const hinode = await demoAccount(db, 'user@example.com');
  const planIds = (
    await db.select({ id: plans.id }).from(plans).where(eq(plans.isCurrent, true)).orderBy(plans.code)
  ).map((p) => p.id);
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  const toAdd = volume.accounts - (existing?.n ?? 0);
  if (toAdd < OEMS + SAKURA_COMPANIES + DIRECTS) throw new Error(`${volume.accounts} accounts is too few`);

  // The tree: 19 OEMs beside Sakura, 200 companies under Sakura, 200 direct customers, and the
  // rest as companies of the other OEMs.
  const rows: TAccountRow[] = [];
  const add = (type: string, parent: { id: string; path: string }, name: string) => {
    const id = crypto.randomUUID();
    const row: TAccountRow = {
      id,
      type,
      name,
      parentId: parent.id,
      path: `${parent.path}${id}/`,
      depth: parent.path.split('/').filter(Boolean).length,
      createdAt: minutesAgo(rows.length * 7 + 1),
    };
    rows.push(row);
    return row;
  };
  const platform = { id: master.accountId, path: master.path };
  const oems = [{ id: sakura.accountId, path: sakura.path }];
  for (let i = 1; i < OEMS; i++) oems.push(add('OEM', platform, `Bench OEM ${i}`));
  for (let i = 0; i < SAKURA_COMPANIES; i++) add('COMPANY', oems[0]!, `Sakura client ${i}`);
  for (let i = 0; i < DIRECTS; i++) add('DIRECT', platform, `Direct customer ${i}`);
  for (let i = 0; rows.length < toAdd; i++) add('COMPANY', oems[1 + (i % (OEMS - 1))]!, `OEM client ${i}`);
  await insertChunked(rows, BATCH, (chunk) => db.insert(accounts).values(chunk));

  const today = new Date().toISOString().slice(0, 10);
  await insertChunked(rows, BATCH, (chunk) =>
    db.insert(contracts).values(
      chunk.map((a, i) => ({
        accountId: a.id,
        planId: planIds[i % planIds.length]!,
        status: i % 17 === 0 ? 'SUSPENDED' : 'ACTIVE',
        startDate: today,
        endDate: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`,
      })),
    ),
  );
  const roleOf = { OEM: 'OEM_MASTER', COMPANY: 'USER', DIRECT: 'MASTER_USER' } as Record<string, string>;
  const userRows: (typeof users.$inferInsert)[] = rows.map((a, i) => ({
    accountId: a.id,
    email: `bench-user-${i}@example.com`,
    name: `Bench user ${i}`,
    role: roleOf[a.type]!,
    passwordHash: NO_PASSWORD,
    createdAt: a.createdAt,
  }));
  // The admin settings lists of the platform and of Sakura hold a few sub-admins each.
  for (const [n, principal] of [master, sakura].entries())
    for (let i = 0; i < SUB_ADMINS; i++)
      userRows.push({
        accountId: principal.accountId,
        parentUserId: principal.userId,
        email: `bench-sub-${n}-${i}@example.com`,
        name: `Bench sub-admin ${n}-${i}`,
        role: 'SUB_ADMIN',
        authority: i % 2 ? 'VIEW' : 'EDIT',
        passwordHash: NO_PASSWORD,
      });
  await insertChunked(userRows, BATCH, (chunk) => db.insert(users).values(chunk));

  // Sites: 30 more for Hinode, Sakura's other companies up to 100, the rest over all customers.
  const sakuraCompanies = rows.filter((a) => a.parentId === sakura.accountId && a.type === 'COMPANY');
  const customers = rows.filter((a) => a.type !== 'OEM' && a.parentId !== sakura.accountId);
  const [siteCount] = await db.select({ n: sql<number>`count(*)::int` }).from(sites);
  const owners: string[] = [];
  for (let i = 0; i < HINODE_SITES; i++) owners.push(hinode.accountId);
  for (let i = 0; i < SAKURA_SITES - HINODE_SITES; i++)
    owners.push(sakuraCompanies[i % sakuraCompanies.length]!.id);
  for (let i = 0; owners.length < volume.sites - (siteCount?.n ?? 0); i++)
    owners.push(customers[i % customers.length]!.id);
  const doc = siteDocument({ rows: GRID, columns: GRID, languages: ['JP', 'EN'] });
  const siteIds = owners.map(() => crypto.randomUUID());
  await insertChunked(
    owners.map((accountId, i) => ({ accountId, i })),
    SITE_BATCH,
    (chunk) =>
      db.insert(sites).values(
        chunk.map(({ accountId, i }) => {
          const draft = { ...doc, name: `Bench campaign ${i}` };
          const published = i % 2 === 0;
          return {
            id: siteIds[i]!,
            accountId,
            name: `Bench campaign ${i}`,
            draft,
            pages: GRID * GRID,
            status: published ? 'PUBLISH' : 'DRAFT',
            revision: published ? 1 : 0,
            ...(published
              ? { published: draft, publishedVersion: 1, publishedRevision: 1, publishedAt: minutesAgo(i) }
              : {}),
            createdAt: minutesAgo(i * 3 + 2),
            updatedAt: minutesAgo(i * 3 + 1),
          };
        }),
      ),
  );
  // A few views per listed site, so the list's view counts have rows to count.
  const events = siteIds.flatMap((siteId, i) =>
    Array.from({ length: 5 + (i % 10) }, (_, seq) => ({
      siteId,
      visitId: `bench${i}v${seq}`,
      seq: 0,
      type: 'VIEW',
      lang: 'JP',
      page: 'A1',
      occurredAt: minutesAgo(seq),
    })),
  );
  await insertChunked(events, 2_000, (chunk) => db.insert(siteEvents).values(chunk));

  const siteId = siteIds[0]!;
  const surveyId = await seedVisitors(db, siteId, volume.visitorRows);
  const key = generateApiKey();
  await db.insert(apiSettings).values({
    accountId: sakura.accountId,
    enabled: true,
    method: 'API_KEY',
    clientId: `bench-${key.prefix}`,
    keyPrefix: key.prefix,
    keyHash: key.hash,
    keyIssuedAt: new Date(),
  });

  // What autovacuum does after a bulk load on a real server (PGlite has none): statistics for
  // the planner and the visibility map for index-only scans.
  await db.execute(sql`vacuum (analyze)`);

  const count = async (path: string) => {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .innerJoin(accounts, eq(accounts.id, sites.accountId))
      .where(sql`${accounts.path} like ${`${path}%`}`);
    return r?.n ?? 0;
  };
  const [accountTotal] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return {
    siteId,
    surveyId,
    apiKey: key.key,
    counts: {
      accounts: accountTotal?.n ?? 0,
      sites: await count('/'),
      oemSites: await count(sakura.path),
      userSites: await count(hinode.path),
      pages: GRID * GRID,
    },
  };
}

/** Members, contact and homepage submissions and one survey's responses, newest first. */
async function seedVisitors(db: TDb, siteId: string, n: number): Promise<string> {
  const answers = (i: number) => [
    { title: 'Name', value: `Visitor ${i}` },
    { title: 'Phone', value: `03-0000-${String(i).padStart(4, '0')}` },
    { title: 'Message', value: 'I would like to hear more about the autumn campaign.' },
  ];
  const idx = Array.from({ length: n }, (_, i) => i);
  await insertChunked(idx, BATCH, (chunk) =>
    db.insert(siteMembers).values(
      chunk.map((i) => ({
        siteId,
        email: `member-${i}@example.jp`,
        passwordHash: NO_PASSWORD,
        status: i % 5 ? 'ACTIVE' : 'PENDING',
        lang: i % 3 ? 'JP' : 'EN',
        data: answers(i),
        createdAt: minutesAgo(i),
      })),
    ),
  );
  for (const kind of ['CONTACT', 'HOMEPAGE'])
    await insertChunked(idx, BATCH, (chunk) =>
      db.insert(siteSubmissions).values(
        chunk.map((i) => ({
          siteId,
          kind,
          email: `visitor-${i}@example.jp`,
          companyName: `Company ${i}`,
          lang: i % 3 ? 'JP' : 'EN',
          data: answers(i),
          requestKey: crypto.randomUUID().replace(/-/g, ''),
          createdAt: minutesAgo(i),
        })),
      ),
    );
  const [survey] = await db
    .insert(surveys)
    .values({
      siteId,
      name: 'Breakfast check',
      document: surveyDocument(),
    })
    .returning({ id: surveys.id });
  const stored = [
    {
      questionId: 'q1',
      question: 'Do you have miso soup every morning?',
      optionIds: ['c'],
      answers: ['Every day'],
      points: 10,
    },
    {
      questionId: 'q2',
      question: 'Which fillings do you like?',
      optionIds: ['tofu'],
      answers: ['Tofu'],
      points: 3,
    },
  ];
  await insertChunked(idx, BATCH, (chunk) =>
    db.insert(surveyResponses).values(
      chunk.map((i) => ({
        surveyId: survey!.id,
        siteId,
        email: `visitor-${i}@example.jp`,
        lang: 'EN',
        answers: stored,
        totalScore: 13,
        requestKey: crypto.randomUUID().replace(/-/g, ''),
        createdAt: minutesAgo(i),
      })),
    ),
  );
  return survey!.id;
}
