import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TBuiltApp } from '../../app';
import { siteMemberTokens } from '../../db/schema/visitors';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { insertMember } from '../submissions/submission-fixtures';
import { insertSurvey } from '../surveys/survey-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// A visitor's page sends its post again (a retry, a double click, a reload) with the same request
// key: the lists hold one row and the analysis counts one conversion, also when the two posts
// arrive at once on two server processes sharing the database. The repeat is answered as the
// first was.

let t: TTestApp;
/** A second server process on the same database. */
let other: TBuiltApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  other = await buildApp({ config: t.config, database: t.database, logger: false });
  await other.app.ready();
  call = signedInCaller(t);
});
afterAll(async () => {
  await other?.app.close();
  await t?.close();
});

const OWNER = 'direct@example.com';
const VISIT = 'retriedVisit0000000001';

async function directSite() {
  return insertSite(t.database.db, {
    accountId: t.fixtures.accounts.direct.id,
    doc: siteDocument({ name: 'Retries', languages: ['JP', 'EN'] }),
    published: true,
  });
}

/** The visitor page's form post (one address per visitor, as a browser retrying sends it). */
const post = (app: TBuiltApp['app'], url: string, form: [string, string][]) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:3000' },
    payload: new URLSearchParams(form).toString(),
    remoteAddress: '10.91.0.7',
  });

/** The conversions of a site: its raw events and what the overview answers, by kind. */
async function conversions(siteId: string) {
  await t.ctx.visits.writer.flush();
  await other.ctx.visits.writer.flush();
  const raw = (
    await t.database.db.execute(
      sql`select target, count(*)::int as n from site_events where site_id = ${siteId} and type = 'CONV' group by 1`,
    )
  ).rows as { target: string; n: number }[];
  const overview = await call(OWNER, 'GET', `/api/analysis/sites/${siteId}/overview`);
  expect(overview.statusCode, overview.body).toBe(200);
  return {
    raw: Object.fromEntries(raw.map((r) => [r.target, r.n])),
    overview: overview.json().data.conversions_by_kind as Record<string, number>,
    total: overview.json().data.current.conversions as number,
  };
}

const listTotal = async (url: string) => {
  const res = await call(OWNER, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.total as number;
};

describe('a visitor post sent twice with the same request key', () => {
  for (const [page, kind, list, success] of [
    ['contact', 'CONTACT', 'site-contact', 'contact-success'],
    ['forms', 'FORM', 'site-form', 'form-success'],
  ] as const)
    it(`stores one ${page} row and counts one conversion, one after the other and at once`, async () => {
      const site = await directSite();
      const form = (key: string): [string, string][] => [
        ['email', 'retry@example.com'],
        ['company_name', 'Retry Co.'],
        ['request_key', key],
        ['_v', `${site.id}.${VISIT}.A1.PHONE`],
      ];
      const url = `/sites/${site.id}/en/${page}`;
      const first = await post(t.app, url, form(`${page}-retry-0001`));
      const again = await post(t.app, url, form(`${page}-retry-0001`));
      for (const res of [first, again]) {
        expect(res.statusCode, res.body).toBe(303);
        expect(res.headers.location).toBe(`/sites/${site.id}/en/${success}`);
      }
      expect(await listTotal(`/api/${list}/${site.id}`)).toBe(1);
      expect(await conversions(site.id)).toEqual({ raw: { [kind]: 1 }, overview: { [kind]: 1 }, total: 1 });

      // Two processes take the same post at the same moment: the database lets one store it.
      const both = await Promise.all([
        post(t.app, url, form(`${page}-retry-0002`)),
        post(other.app, url, form(`${page}-retry-0002`)),
      ]);
      for (const res of both) expect(res.headers.location).toBe(`/sites/${site.id}/en/${success}`);
      expect(await listTotal(`/api/${list}/${site.id}`)).toBe(2);
      expect(await conversions(site.id)).toEqual({ raw: { [kind]: 2 }, overview: { [kind]: 2 }, total: 2 });
    });

  it('stores one survey answer and counts one conversion, with the same score shown again', async () => {
    const site = await directSite();
    const survey = await insertSurvey(t.database.db, { siteId: site.id, allowMultiple: true });
    const form = (key: string): [string, string][] => [
      ['email', 'retry@example.com'],
      ['q_q1', 'b'],
      ['q_q2', 'tofu'],
      ['q_q2', 'wakame'],
      ['request_key', key],
      ['_v', `${site.id}.${VISIT}.A1.DESKTOP`],
    ];
    const url = `/sites/${site.id}/en/survey?id=${survey.id}`;
    const score = (body: string) => /(\d+)\s*\/\s*(\d+)/.exec(body.replace(/<[^>]+>/g, ' '))?.slice(1);
    const first = await post(t.app, url, form('survey-retry-0001'));
    const again = await post(t.app, url, form('survey-retry-0001'));
    for (const res of [first, again]) expect(res.statusCode, res.body).toBe(200);
    expect(score(first.body)).toEqual(['12', '20']);
    expect(score(again.body)).toEqual(score(first.body));
    expect(await listTotal(`/api/surveys/${survey.id}/responses`)).toBe(1);
    expect(await conversions(site.id)).toEqual({ raw: { SURVEY: 1 }, overview: { SURVEY: 1 }, total: 1 });

    const both = await Promise.all([
      post(t.app, url, form('survey-retry-0002')),
      post(other.app, url, form('survey-retry-0002')),
    ]);
    for (const res of both) expect(score(res.body)).toEqual(['12', '20']);
    expect(await listTotal(`/api/surveys/${survey.id}/responses`)).toBe(2);
    expect(await conversions(site.id)).toEqual({ raw: { SURVEY: 2 }, overview: { SURVEY: 2 }, total: 2 });
  });

  it('confirms a registration once: one member, one conversion', async () => {
    const site = await directSite();
    const confirm = async (email: string) => {
      const member = await insertMember(t.database.db, { siteId: site.id, email, status: 'PENDING' });
      const token = newOpaqueToken();
      await t.database.db.insert(siteMemberTokens).values({
        memberId: member.id,
        siteId: site.id,
        kind: 'CONFIRM',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return [
        ['token', token],
        ['_v', `${site.id}.${VISIT}.A1.TABLET`],
      ] as [string, string][];
    };
    const url = `/sites/${site.id}/en/register-confirm`;
    const once = await confirm('once@example.com');
    expect((await post(t.app, url, once)).statusCode).toBe(200);
    await post(t.app, url, once);
    const atOnce = await confirm('at-once@example.com');
    const both = await Promise.all([post(t.app, url, atOnce), post(other.app, url, atOnce)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const active = (
      await t.database.db.execute(
        sql`select count(*)::int as n from site_members where site_id = ${site.id} and status = 'ACTIVE'`,
      )
    ).rows[0] as { n: number };
    expect(active.n).toBe(2);
    expect(await conversions(site.id)).toEqual({ raw: { MEMBER: 2 }, overview: { MEMBER: 2 }, total: 2 });
  });
});
