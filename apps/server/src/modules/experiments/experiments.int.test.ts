import { keysToCamel, keysToSnake } from '@swipe/contracts/case';
import { applyVariation, type TExperiment, VARIATION_COOKIE } from '@swipe/contracts/experiments';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../db/schema/analytics';
import { siteVariations } from '../../db/schema/experiments';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import { variationKey } from '../../platform/page-cache';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { recordConversion } from '../visits/visits.service';
import { seededRandom } from './allocation';
import { refreshShares } from './experiment-serving';

// Experiments end to end on the server: a draft and its rules, a variation's overrides, the split
// of a published page's visitors (sticky by cookie, each variation cached under its own key, the
// form settings calls honouring variation_id), conversions counted per variation (forms and the
// goal button), Thompson sampling moving the shares, declaring a winner, tenancy and the plan.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

const OWNER = 'direct@example.com';
const B_TEXT = 'Variation B headline';

/** A published 1 x 2 JP site of the direct customer (effect measurement on its plan), images on every page. */
async function publishedSite() {
  const accountId = t.fixtures.accounts.direct.id;
  const doc = siteDocument({ name: 'Experiment', rows: 1, columns: 2 });
  const asset = await insertReadyAsset(t.database.db, accountId, { storageKey: 'assets/test/original.png' });
  doc.content.JP!.creatives.forEach((c, i) => {
    c.media = { assetId: asset.id, kind: 'IMAGE' };
    c.mainText = `Base page ${i + 1}`;
    c.linkButtonText = 'Buy';
    c.link = { kind: 'EXTERNAL', url: 'https://example.com/buy' } as never;
  });
  return insertSite(t.database.db, { accountId, doc, published: true });
}

const docOf = async (siteId: string) => {
  const [row] = await t.database.db.select().from(sites).where(eq(sites.id, siteId));
  return { published: storedSiteDocument(row!.published), draft: storedSiteDocument(row!.draft), row: row! };
};

/** B's overrides: page A1 with another headline; its contact form without the company field. */
function overridesB(doc: TSiteDocument) {
  const a1 = doc.content.JP!.creatives.find((c) => c.coordinate === 'A1')!;
  const contact = doc.content.JP!.forms.CONTACT_SETTING.filter((f) => f.builtIn !== 'COMPANY');
  return keysToSnake({
    pages: [{ coordinate: 'A1', creatives: { JP: { ...a1, mainText: B_TEXT } } }],
    forms: { JP: { ...doc.content.JP!.forms, CONTACT_SETTING: contact } },
  });
}

const api = (siteId: string, rest = '') => `/api/site/${siteId}/experiments${rest}`;

async function runningExperiment(
  opts: { allocation?: 'FIXED' | 'AUTO'; goal?: string; goalButton?: unknown } = {},
) {
  const site = await publishedSite();
  const created = await call(OWNER, 'POST', api(site.id), {
    name: 'Headline',
    goal: opts.goal ?? 'CONTACT',
    goal_button: opts.goalButton ?? null,
    allocation: opts.allocation ?? 'FIXED',
  });
  expect(created.statusCode, created.body).toBe(201);
  const experiment = created.json().data as TExperiment;
  const [a, b] = experiment.variations;
  const saved = await call(OWNER, 'PUT', api(site.id, `/${experiment.id}/variations/${b!.id}`), {
    overrides: overridesB((await docOf(site.id)).published),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await call(OWNER, 'POST', api(site.id, `/${experiment.id}/start`));
  expect(started.statusCode, started.body).toBe(200);
  return { site, experiment: started.json().data as TExperiment, a: a!, b: b! };
}

const get = (path: string, cookie?: string) =>
  fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
const dataVar = (html: string) => /data-var="([^"]+)"/.exec(html)?.[1];

describe('a draft experiment', () => {
  it('starts with the base and "B", one active per site, up to four challengers, base fixed', async () => {
    const site = await publishedSite();
    const res = await call(OWNER, 'POST', api(site.id), {
      name: 'Test',
      goal: 'CONTACT',
      allocation: 'AUTO',
    });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data;
    expect(e.status).toBe('DRAFT');
    expect(e.variations.map((v: { name: string; is_base: boolean }) => [v.name, v.is_base])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    const again = await call(OWNER, 'POST', api(site.id), { name: 'Other', goal: 'FORM' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already has an experiment');
    for (const name of ['C', 'D', 'E'])
      expect((await call(OWNER, 'POST', api(site.id, `/${e.id}/variations`), { name })).statusCode).toBe(201);
    const fifth = await call(OWNER, 'POST', api(site.id, `/${e.id}/variations`), { name: 'F' });
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe('An experiment can have at most 4 variations besides the base.');
    const baseEdit = await call(OWNER, 'PUT', api(site.id, `/${e.id}/variations/${e.variations[0].id}`), {
      overrides: { pages: [] },
    });
    expect(baseEdit.statusCode).toBe(409);
    const button = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), { goal: 'BUTTON' });
    expect(button.statusCode).toBe(400);
    expect(button.json().message).toBe('Choose the button whose clicks count as conversions.');
    const unknown = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), {
      goal: 'BUTTON',
      goal_button: { target: 'PRODUCT', target_id: 'A1-9' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The published site has no such button. Choose one of its buttons.');
    const known = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), {
      goal: 'BUTTON',
      goal_button: { target: 'LINK', target_id: 'B1' },
    });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().data.goal_button).toEqual({ target: 'LINK', target_id: 'B1' });
  });

  it("refuses a variation naming another account's file, and a variation the pre-publish check refuses", async () => {
    const site = await publishedSite();
    const e = (await call(OWNER, 'POST', api(site.id), { name: 'T', goal: 'CONTACT' })).json().data;
    const b = e.variations[1].id;
    const foreign = await insertReadyAsset(t.database.db, t.fixtures.accounts.company.id, {
      storageKey: 'assets/test/foreign.png',
    });
    const { published } = await docOf(site.id);
    const a1 = published.content.JP!.creatives[0]!;
    const stolen = await call(OWNER, 'PUT', api(site.id, `/${e.id}/variations/${b}`), {
      overrides: keysToSnake({
        pages: [
          { coordinate: 'A1', creatives: { JP: { ...a1, media: { assetId: foreign.id, kind: 'IMAGE' } } } },
        ],
      }),
    });
    expect(stolen.statusCode, stolen.body).toBe(400);
    // No image on A1: the pre-publish check refuses it, and so does the start.
    const imageless = await call(OWNER, 'PUT', api(site.id, `/${e.id}/variations/${b}`), {
      overrides: keysToSnake({ pages: [{ coordinate: 'A1', creatives: { JP: { ...a1, media: null } } }] }),
    });
    expect(imageless.statusCode, imageless.body).toBe(200);
    const start = await call(OWNER, 'POST', api(site.id, `/${e.id}/start`));
    expect(start.statusCode).toBe(400);
    expect(start.json().message).toMatch(/^Variation "B" cannot be published: /);
    expect((await docOf(site.id)).row.liveExperimentId).toBeNull();
  });

  it('is one tenant’s: another (with effect measurement) gets 404; a plan without effect measurement gets 403', async () => {
    const site = await publishedSite();
    const e = (await call(OWNER, 'POST', api(site.id), { name: 'T', goal: 'CONTACT' })).json().data;
    for (const [method, path] of [
      ['GET', api(site.id)],
      ['POST', api(site.id, `/${e.id}/start`)],
      ['DELETE', api(site.id, `/${e.id}`)],
    ] as const)
      expect((await call('oem@example.com', method, path)).statusCode).toBe(404);
    const standard = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      published: true,
    });
    const refused = await call('user@example.com', 'GET', api(standard.id));
    expect(refused.statusCode).toBe(403);
  });
});

describe('serving a running experiment', () => {
  it('draws a variation for a new visitor, keeps it by cookie, caches each variation under its own key', async () => {
    const { site, experiment, a, b } = await runningExperiment();
    expect(experiment.status).toBe('RUNNING');
    expect((await docOf(site.id)).row.liveExperimentId).toBe(experiment.id);
    const seen = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const res = await get(`/sites/${site.id}/`);
      const html = await res.text();
      const cookie = res.headers.get('set-cookie') ?? '';
      const id = new RegExp(`${VARIATION_COOKIE}=([0-9a-f-]+)`).exec(cookie)?.[1];
      expect(id, cookie).toBeDefined();
      expect(cookie).toContain(`Path=/sites/${site.id}`);
      expect(cookie).toContain('HttpOnly');
      expect(dataVar(html)).toBe(id);
      expect(html.includes(B_TEXT)).toBe(id === b.id);
      expect(res.headers.get('cache-control')).toContain('private');
      seen.add(id!);
    }
    // 50/50 weights: both drawn in 24 visits (the chance of missing one is 2 in 16 million).
    expect(seen).toEqual(new Set([a.id, b.id]));
    for (const v of [a, b])
      for (let i = 0; i < 3; i++) {
        const res = await get(`/sites/${site.id}/`, `lang=JP; ${VARIATION_COOKIE}=${v.id}`);
        const html = await res.text();
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(dataVar(html)).toBe(v.id);
        expect(html.includes(B_TEXT)).toBe(v === b);
      }
    const cache = t.ctx.pageCache;
    expect(cache.get(variationKey(`/sites/${site.id}/`, a.id))).toBeDefined();
    expect(cache.get(variationKey(`/sites/${site.id}/`, b.id))).toBeDefined();
    expect(cache.get(`/sites/${site.id}/`)).toBeUndefined();
    // A cookie naming no variation of it is drawn again.
    const stale = await get(`/sites/${site.id}/`, `${VARIATION_COOKIE}=00000000-0000-4000-8000-000000000000`);
    expect(stale.headers.get('set-cookie')).toContain(VARIATION_COOKIE);
  });

  it('follows fixed weights at once while running, and the form settings calls honour variation_id', async () => {
    const { site, experiment, a, b } = await runningExperiment();
    await get(`/sites/${site.id}/`);
    expect(
      (await call(OWNER, 'PUT', api(site.id, `/${experiment.id}/variations/${a.id}`), { weight: 0 }))
        .statusCode,
    ).toBe(200);
    for (let i = 0; i < 8; i++) {
      const res = await get(`/sites/${site.id}/`);
      expect(dataVar(await res.text())).toBe(b.id);
    }
    const fields = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/end-user/site/${site.id}/contact-setting${q}` })).json()
        .data.fields as { built_in: string | null }[];
    expect((await fields('')).some((f) => f.built_in === 'COMPANY')).toBe(true);
    expect((await fields(`?variation_id=${b.id}`)).some((f) => f.built_in === 'COMPANY')).toBe(false);
    expect((await fields(`?variation_id=${a.id}`)).some((f) => f.built_in === 'COMPANY')).toBe(true);
    // The visitor's contact page shows their variation's form.
    const contact = await (await get(`/sites/${site.id}/contact`, `${VARIATION_COOKIE}=${b.id}`)).text();
    const baseContact = await (await get(`/sites/${site.id}/contact`)).text();
    expect(baseContact).toContain('name="company_name"');
    expect(contact).not.toContain('name="company_name"');
  });
});

describe('results', () => {
  const beacon = (siteId: string, visitId: string, variationId: string, events: object[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/end-user/events',
      payload: {
        site_id: siteId,
        visit_id: visitId,
        visitor_id: `${visitId}x`,
        lang: 'JP',
        device: 'PHONE',
        variation_id: variationId,
        events,
      },
    });

  it("count each variation's visitors and those who reached the goal, a form or the goal button", async () => {
    const { site, experiment, a, b } = await runningExperiment();
    const now = Date.now();
    for (let i = 0; i < 4; i++) {
      const visitId = `visitA${i}`.padEnd(16, '_');
      expect(
        (await beacon(site.id, visitId, a.id, [{ seq: 0, type: 'VIEW', page: 'A1', n: 1, at: now }]))
          .statusCode,
      ).toBe(202);
    }
    for (let i = 0; i < 2; i++)
      await beacon(site.id, `visitB${i}`.padEnd(16, '_'), b.id, [
        { seq: 0, type: 'VIEW', page: 'A1', n: 1, at: now },
      ]);
    await t.ctx.visits.writer.flush();
    // A contact form sent in a later batch than the visit's start: found through the visit.
    expect(
      recordConversion(t.ctx, {
        siteId: site.id,
        lang: 'JP',
        token: `${site.id}.${'visitB0'.padEnd(16, '_')}.A1.PHONE`,
        kind: 'CONTACT',
      }),
    ).toBe(true);
    await t.ctx.visits.writer.flush();
    const list = (await call(OWNER, 'GET', api(site.id))).json().data;
    const results = list[0].variations.map((v: { result: unknown }) => v.result);
    expect(results[0]).toMatchObject({ visitors: 4, conversions: 0, rate: 0, beats_base: null });
    expect(results[1]).toMatchObject({ visitors: 2, conversions: 1, rate: 0.5 });
    expect(results[1].low).toBeGreaterThan(0);
    expect(results[1].high).toBeLessThan(1);
    expect(results[1].beats_base).toBeGreaterThan(0.5);
    expect(list[0].id).toBe(experiment.id);
  });

  it('counts a click on the goal button, once, through its GOAL event', async () => {
    const { site, b } = await runningExperiment({
      goal: 'BUTTON',
      goalButton: { target: 'LINK', target_id: 'A1' },
    });
    const html = await (await get(`/sites/${site.id}/`, `${VARIATION_COOKIE}=${b.id}`)).text();
    expect(html).toContain('data-goal="LINK:A1"');
    const visitId = 'goalVisit'.padEnd(16, '_');
    const now = Date.now();
    await beacon(site.id, visitId, b.id, [
      { seq: 0, type: 'VIEW', page: 'A1', n: 1, at: now },
      { seq: 1, type: 'CLICK', page: 'A1', target: 'LINK', target_id: 'A1', at: now },
      { seq: 2, type: 'GOAL', page: 'A1', target: 'LINK', target_id: 'A1', at: now },
    ]);
    await t.ctx.visits.writer.flush();
    const [visit] = await t.database.db.select().from(siteVisits).where(eq(siteVisits.visitId, visitId));
    expect(visit).toMatchObject({ variationId: b.id, goals: 16 });
    const list = (await call(OWNER, 'GET', api(site.id))).json().data;
    expect(list[0].variations[1].result).toMatchObject({ visitors: 1, conversions: 1 });
    // The click is still a click of the page's analysis; the GOAL event adds no page row.
    const [pages] = (
      await t.database.db.execute(
        sql`select sum(clicks)::int as clicks, sum(views)::int as views from analytics_page_days where site_id = ${site.id} and lang = '*'`,
      )
    ).rows as { clicks: number; views: number }[];
    expect(pages).toEqual({ clicks: 1, views: 1 });
  });
});

describe('automatic allocation', () => {
  it('moves the shares to the variation converting better and renders the pages again', async () => {
    const { site, experiment, a, b } = await runningExperiment({ allocation: 'AUTO' });
    const started = Date.now();
    const visits = (variationId: string, n: number, converting: number) =>
      Array.from({ length: n }, (_, i) => ({
        siteId: site.id,
        visitId: `${variationId.slice(0, 8)}${i}`.padEnd(16, '_'),
        visitorId: `${variationId.slice(0, 8)}${i}`.padEnd(16, 'v'),
        startedAt: new Date(started),
        lang: 'JP',
        device: 'PHONE',
        entryPage: 'A1',
        variationId,
        goals: i < converting ? 2 : 0,
      }));
    await t.database.db.insert(siteVisits).values([...visits(a.id, 300, 6), ...visits(b.id, 300, 30)]);
    const version = (await docOf(site.id)).row.experimentVersion;
    expect(await refreshShares(t.ctx, seededRandom(1))).toBe(1);
    const shares = await t.database.db
      .select({ id: siteVariations.id, share: siteVariations.share })
      .from(siteVariations)
      .where(eq(siteVariations.experimentId, experiment.id));
    expect(shares.find((s) => s.id === b.id)!.share).toBeGreaterThan(0.95);
    expect(shares.find((s) => s.id === a.id)!.share).toBeGreaterThanOrEqual(0.01 - 1e-6);
    expect((await docOf(site.id)).row.experimentVersion).toBe(version + 1);
    // Unchanged numbers: nothing moves, no page is rendered again.
    expect(await refreshShares(t.ctx, seededRandom(2))).toBe(0);
  });
});

describe('declaring a winner', () => {
  it('publishes the winner as the site, in the published version and the draft, and ends the experiment', async () => {
    const { site, experiment, b } = await runningExperiment();
    const before = await docOf(site.id);
    const res = await call(OWNER, 'POST', api(site.id, `/${experiment.id}/winner`), { variation_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('"B" was published as the site and the experiment ended.');
    expect(res.json().data).toMatchObject({ status: 'ENDED', winner_id: b.id });
    const after = await docOf(site.id);
    expect(after.published.content.JP!.creatives[0]!.mainText).toBe(B_TEXT);
    expect(after.draft.content.JP!.creatives[0]!.mainText).toBe(B_TEXT);
    expect(after.published.content.JP!.creatives[1]!.mainText).toBe('Base page 2');
    expect(after.row.publishedVersion).toBe(before.row.publishedVersion + 1);
    expect(after.row.liveExperimentId).toBeNull();
    expect(after.row.publishedRevision).toBe(after.row.revision);
    // Every visitor, whatever their cookie, sees the new site.
    for (const cookie of [undefined, `${VARIATION_COOKIE}=${b.id}`]) {
      const page = await get(`/sites/${site.id}/`, cookie);
      const html = await page.text();
      expect(html).toContain(B_TEXT);
      expect(dataVar(html)).toBeUndefined();
      expect(page.headers.get('set-cookie')).toBeNull();
    }
    expect(
      applyVariation(before.published, keysToCamel(experiment.variations[1]!.overrides)).content.JP!
        .creatives[0]!.mainText,
    ).toBe(B_TEXT);
    // A new experiment may start now; the ended one stays with its winner.
    expect((await call(OWNER, 'POST', api(site.id), { name: 'Next', goal: 'FORM' })).statusCode).toBe(201);
    const list = (await call(OWNER, 'GET', api(site.id))).json().data;
    expect(list.map((e: { status: string }) => e.status)).toEqual(['DRAFT', 'ENDED']);
  });

  it('ends without a change when the base wins or the experiment stops', async () => {
    const { site, experiment, a } = await runningExperiment();
    const before = await docOf(site.id);
    const res = await call(OWNER, 'POST', api(site.id, `/${experiment.id}/winner`), { variation_id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const after = await docOf(site.id);
    expect(after.row.publishedVersion).toBe(before.row.publishedVersion);
    expect(after.row.liveExperimentId).toBeNull();
    expect((await call(OWNER, 'POST', api(site.id, `/${experiment.id}/stop`))).statusCode).toBe(409);
    expect((await call(OWNER, 'DELETE', api(site.id, `/${experiment.id}`))).statusCode).toBe(200);
  });
});
