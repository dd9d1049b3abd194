import { keysToCamel, keysToSnake } from '@swipe/contracts/case';
import { applyVariation, VARIATION_COOKIE } from '@swipe/contracts/experiments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisits } from '../../db/schema/analytics';
import { siteVariations } from '../../db/schema/experiments';
import { variationKey } from '../../platform/page-cache';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertReadyAsset, insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { seededRandom } from './allocation';
import { refreshShares } from './experiment-serving';
import { api, B_TEXT, experimentsTestKit, OWNER } from './experiments-test-kit';

// Experiments end to end on the server: a draft and its rules, a variation's overrides, the split
// of a published page's visitors (sticky by cookie, each variation cached under its own key, the
// form settings calls honouring variation_id), Thompson sampling moving the shares, declaring a
// winner, tenancy and the plan. The results of visits are in experiment-results.int.test.ts.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

const { publishedSite, docOf, overridesB, runningExperiment } = experimentsTestKit(
  () => t,
  () => call,
);

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

  it('changes only what an update sends: a rename keeps the fixed weights, goal and button, also while it runs', async () => {
    const site = await publishedSite();
    const button = { target: 'LINK', target_id: 'B1' };
    const created = await call(OWNER, 'POST', api(site.id), {
      name: 'Fixed',
      goal: 'BUTTON',
      goal_button: button,
      allocation: 'FIXED',
    });
    expect(created.statusCode, created.body).toBe(201);
    const e = created.json().data;
    const [a, b] = e.variations;
    const path = (v: { id: string }) => api(site.id, `/${e.id}/variations/${v.id}`);
    expect((await call(OWNER, 'PUT', path(a), { weight: 20 })).statusCode).toBe(200);
    const rules = { allocation: 'FIXED', goal: 'BUTTON', goal_button: button };

    const renamed = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed', ...rules });
    // The goal sent without its button keeps the stored button.
    const goal = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), { goal: 'BUTTON' });
    expect(goal.statusCode, goal.body).toBe(200);
    expect(goal.json().data).toMatchObject(rules);

    // A variation's update too: the overrides' parts not sent stay, a name leaves them alone.
    const { published } = await docOf(site.id);
    expect((await call(OWNER, 'PUT', path(b), { overrides: overridesB(published) })).statusCode).toBe(200);
    const formsOff = await call(OWNER, 'PUT', path(b), { overrides: { forms: null } });
    expect(formsOff.statusCode, formsOff.body).toBe(200);
    const overrides = formsOff.json().data.variations[1].overrides;
    expect(overrides.pages.map((p: { coordinate: string }) => p.coordinate)).toEqual(['A1']);
    expect(overrides.pages[0].creatives.JP.main_text).toBe(B_TEXT);
    expect(overrides.forms).toBeNull();
    const named = await call(OWNER, 'PUT', path(b), { name: 'Friendly' });
    expect(named.json().data.variations[1]).toMatchObject({ name: 'Friendly', weight: 50 });
    expect(named.json().data.variations[1].overrides).toEqual(overrides);

    // Running: a rename is still only a rename (the rules are fixed once it starts).
    expect((await call(OWNER, 'POST', api(site.id, `/${e.id}/start`))).statusCode).toBe(200);
    const running = await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), { name: 'Running' });
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json().data).toMatchObject({ name: 'Running', status: 'RUNNING', ...rules });
    expect(running.json().data.variations.map((v: { weight: number }) => v.weight)).toEqual([20, 50]);
    expect((await call(OWNER, 'PATCH', api(site.id, `/${e.id}`), { allocation: 'AUTO' })).statusCode).toBe(
      409,
    );
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
