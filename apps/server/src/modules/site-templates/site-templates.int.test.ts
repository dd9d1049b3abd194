import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets, sites } from '../../db/schema/sites';
import { createAccount, createContract, createUser } from '../../seed/seed';
import { startTestApp, type TTestApp } from '../../test/harness';
import { insertSite } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// GET /api/site-templates and POST /api/site with a template id: the
// gallery, and new drafts of starter sites whose images land in the owner's media library,
// within the owner's plan and tenancy like any new site.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const fromTemplate = (who: string, body: object, lang?: string) => call(who, 'POST', '/api/site', body, lang);

const assetsOf = (accountId: string) =>
  t.database.db.select().from(siteAssets).where(eq(siteAssets.accountId, accountId));
const sitesOf = (accountId: string) =>
  t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.accountId, accountId));

/** The media ids a wire document names, pages and popup alike. */
function mediaIds(document: {
  content: Record<string, { creatives: { media: { asset_id: string } | null }[] }>;
  popup_ctas: { time_limit: { texts: Record<string, { image: { asset_id: string } | null }> } };
}) {
  const ids = Object.values(document.content).flatMap((c) => c.creatives.map((cr) => cr.media?.asset_id));
  for (const text of Object.values(document.popup_ctas.time_limit.texts)) ids.push(text.image?.asset_id);
  return new Set(ids.filter(Boolean));
}

describe('GET /api/site-templates', () => {
  it('lists the starter sites in the caller’s language, each with a preview the media route serves', async () => {
    const res = await call('user@example.com', 'GET', '/api/site-templates');
    expect(res.statusCode, res.body).toBe(200);
    const templates = res.json().data;
    expect(templates.length).toBeGreaterThanOrEqual(6);
    expect(templates.map((x: { category: string }) => x.category)).toEqual([
      'PRODUCT_LAUNCH',
      'EVENT',
      'RECRUITMENT',
      'RESTAURANT',
      'APP_INSTALL',
      'LEAD_MAGNET',
    ]);
    expect(templates[1]).toMatchObject({
      id: 'event',
      name: 'Event',
      pages: 4,
      rows: 2,
      columns: 2,
      languages: ['JP', 'EN'],
      default_language: 'JP',
    });
    expect(templates[1].description).toContain('conference');
    const preview = await t.app.inject({ method: 'GET', url: templates[1].preview_url });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');

    const ja = (await call('user@example.com', 'GET', '/api/site-templates', undefined, 'ja')).json().data;
    expect(ja[1].name).toBe('イベント告知');
    // Drawn in Japanese for a Japanese console: another picture.
    expect(ja[1].preview_url).not.toBe(templates[1].preview_url);
    // Drawn once: the second gallery names the same files.
    const again = (await call('oem@example.com', 'GET', '/api/site-templates')).json().data;
    expect(again[1].preview_url).toBe(templates[1].preview_url);
  });

  it('is in the OpenAPI document, snake_case, with the template id POST /api/site takes', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const list = doc.paths['/api/site-templates'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(list.properties.data.items.properties)).toEqual(
      expect.arrayContaining(['id', 'category', 'name', 'description', 'pages', 'languages', 'preview_url']),
    );
    const create = doc.paths['/api/site'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual([
      'document',
      'template_id',
      'default_language',
      'account_id',
    ]);
  });

  it('needs a signed-in creator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site-templates' })).statusCode).toBe(401);
    expect((await call('master@example.com', 'GET', '/api/site-templates')).statusCode).toBe(403);
  });
});

describe('POST /api/site with a template', () => {
  it('makes a bilingual draft with its images in the owner’s media library, publishable as it is', async () => {
    const oem = t.fixtures.accounts.oem.id;
    const before = (await assetsOf(oem)).length;
    const res = await fromTemplate('oem@example.com', { template_id: 'event' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The site has been created from the template “Event”.');
    const site = res.json().data;
    expect(site).toMatchObject({
      name: 'Creative Summit Tokyo 2026',
      status: 'DRAFT',
      account_id: oem,
      pages: 4,
      // An English console gets English first; the OEM's plan is multilingual.
      languages: ['EN', 'JP'],
      editable: true,
    });
    const doc = site.document;
    expect(doc.default_language).toBe('EN');
    expect(doc.content.EN.creatives[0]).toMatchObject({
      coordinate: 'A1',
      main_text: 'Two days, 30 sessions on design and technology.\nTokyo International Forum',
      link_button_text: 'Register',
      link: { kind: 'INTERNAL', internal_target: 'FORM' },
    });
    expect(doc.content.JP.creatives[0].link_button_text).toBe('参加登録');
    expect(doc.content.EN.menus.map((m: { name: string }) => m.name)).toEqual([
      'Top',
      'Speakers',
      'Timetable',
      'Tickets',
    ]);
    expect(doc.content.JP.seo.title).toBe('クリエイティブサミット東京 2026');
    expect(doc.popup_ctas.time_limit).toMatchObject({ enabled: true, effective_pages: ['B1', 'A2', 'B2'] });

    // 4 pages in 2 languages and the popup's thumbnail: finished uploads of the OEM's library,
    // with their WebP variants and files, each one the editor can show.
    const ids = mediaIds(doc);
    expect(ids.size).toBe(9);
    const assets = (await assetsOf(oem)).filter((a) => ids.has(a.id));
    expect(assets).toHaveLength(9);
    expect((await assetsOf(oem)).length - before).toBe(9);
    for (const asset of assets) {
      expect(asset).toMatchObject({ status: 'READY', kind: 'IMAGE', mime: 'image/jpeg' });
      expect(asset.uploadedBy).toBe(t.fixtures.users.oemMaster.id);
      expect(await t.ctx.storage.stat(asset.storageKey!)).not.toBeNull();
      expect(site.media[asset.id]).toBeTruthy();
    }
    const page = assets.find((a) => a.id === doc.content.EN.creatives[0].media.asset_id)!;
    expect(page).toMatchObject({ width: 1080, height: 2040 });
    expect(page.variants.map((v) => v.width)).toEqual([390, 780]);

    const published = await call('oem@example.com', 'PUT', `/api/site/${site.id}`, {
      document: doc,
      mode: 'PUBLISH',
      revision: site.revision,
    });
    expect(published.statusCode, published.body).toBe(200);
    // Visitors get the template's pages: the English texts at the site's root.
    const visit = await t.app.inject({ method: 'GET', url: `/sites/${site.id}` });
    expect(visit.statusCode).toBe(200);
    expect(visit.body).toContain('Two days, 30 sessions on design and technology.');
  }, 180_000);

  it('takes the default language asked for, or Japanese for a Japanese console', async () => {
    // The company's plan has one language: the default one is all the site gets.
    const company = t.fixtures.accounts.company.id;
    const ja = await fromTemplate('user@example.com', { template_id: 'app-install' }, 'ja');
    expect(ja.statusCode, ja.body).toBe(201);
    expect(ja.json().data.document).toMatchObject({ default_language: 'JP', languages: ['JP'] });
    expect(ja.json().message).toBe('テンプレート「アプリ紹介」からサイトを作成しました。');
    const asked = await fromTemplate(
      'user@example.com',
      { template_id: 'app-install', default_language: 'EN' },
      'ja',
    );
    expect(asked.json().data.document).toMatchObject({
      default_language: 'EN',
      languages: ['EN'],
      name: 'Kotsu habit app',
    });
    for (const res of [ja, asked]) await t.database.db.delete(sites).where(eq(sites.id, res.json().data.id));
    expect(await sitesOf(company)).toHaveLength(0);
  }, 180_000);

  it('builds for a company of the OEM under the company’s plan: one language, its library', async () => {
    const company = t.fixtures.accounts.company.id;
    const res = await fromTemplate(
      'oem@example.com',
      { template_id: 'recruitment', account_id: company },
      'ja',
    );
    expect(res.statusCode, res.body).toBe(201);
    const site = res.json().data;
    // Standard has no multiple languages: the default one only, and only its images drawn.
    expect(site).toMatchObject({ account_id: company, languages: ['JP'], pages: 6 });
    expect(Object.keys(site.document.content)).toEqual(['JP']);
    const ids = mediaIds(site.document);
    expect(ids.size).toBe(6);
    const owned = (await assetsOf(company)).filter((a) => ids.has(a.id));
    expect(owned).toHaveLength(6);
    // Standard has the homepage form: the application buttons stay.
    expect(site.document.content.JP.creatives[5].link).toMatchObject({
      kind: 'INTERNAL',
      internal_target: 'FORM',
    });
    await t.database.db.delete(sites).where(eq(sites.id, site.id));
  }, 180_000);

  it('refuses an account outside the caller’s subtree as for a blank site, drawing nothing', async () => {
    const direct = t.fixtures.accounts.direct.id;
    const before = (await assetsOf(direct)).length;
    const res = await fromTemplate('oem@example.com', { template_id: 'event', account_id: direct });
    expect(res.statusCode).toBe(404);
    const company = t.fixtures.accounts.company.id;
    expect(
      (await fromTemplate('direct@example.com', { template_id: 'event', account_id: company })).statusCode,
    ).toBe(404);
    expect((await assetsOf(direct)).length).toBe(before);
    expect(await sitesOf(direct)).toHaveLength(0);
    // View authority may not create at all.
    expect((await fromTemplate('sub@example.com', { template_id: 'event' })).statusCode).toBe(403);
  });

  describe('on a trial plan', () => {
    let accountId: string;
    beforeAll(async () => {
      const db = t.database.db;
      const account = await createAccount(db, {
        type: 'DIRECT',
        name: 'Hoshi Trial',
        parentId: t.fixtures.accounts.platform.id,
      });
      await createContract(db, { accountId: account.id, planId: t.fixtures.plans.trial!.id });
      await createUser(db, {
        accountId: account.id,
        email: 'trial@example.com',
        name: 'Trial User',
        role: 'MASTER_USER',
      });
      accountId = account.id;
    });

    it('refuses a template with more pages than the plan allows, storing no image', async () => {
      const res = await fromTemplate('trial@example.com', { template_id: 'restaurant' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      expect(res.json().message).toContain('6');
      expect(await assetsOf(accountId)).toHaveLength(0);
      expect(await sitesOf(accountId)).toHaveLength(0);
    });

    it('leaves out what the plan lacks: the second language, the popup, the form buttons', async () => {
      const res = await fromTemplate('trial@example.com', { template_id: 'event' });
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json().data.document;
      expect(doc.languages).toEqual(['EN']);
      expect(doc.popup_ctas.time_limit.enabled).toBe(false);
      const kinds = doc.content.EN.creatives.map((c: { link: { kind: string } }) => c.link.kind);
      expect(kinds).not.toContain('INTERNAL');
      expect(kinds).not.toContain('POPUP_CTA_TRANSITION');
      // The page jump is in every plan.
      expect(kinds).toContain('CREATIVE_BLOCK');
      expect(await assetsOf(accountId)).toHaveLength(4);
    }, 180_000);

    it('refuses one site more than the plan allows (Trial: 1), storing no image', async () => {
      const before = (await assetsOf(accountId)).length;
      const res = await fromTemplate('trial@example.com', { template_id: 'app-install' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      expect((await assetsOf(accountId)).length).toBe(before);
    });
  });

  it('answers 400 for an unknown template, a language it lacks, or a document and a template at once', async () => {
    const company = t.fixtures.accounts.company.id;
    const before = (await assetsOf(company)).length;
    const unknown = await fromTemplate('user@example.com', { template_id: 'no-such-template' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'template_id', message: unknownMessage }]);
    const korean = await fromTemplate('user@example.com', { template_id: 'event', default_language: 'KR' });
    expect(korean.statusCode).toBe(400);
    expect(korean.json().errors[0].field).toBe('default_language');
    const both = await fromTemplate('user@example.com', { template_id: 'event', document: { name: 'x' } });
    expect(both.statusCode).toBe(400);
    expect((await fromTemplate('user@example.com', {})).statusCode).toBe(400);
    // Nothing was drawn for any of them.
    expect((await assetsOf(company)).length).toBe(before);
  });

  it('still creates blank sites from a document', async () => {
    const site = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const doc = (await call('user@example.com', 'GET', `/api/site/${site.id}`)).json().data.document;
    const res = await fromTemplate('user@example.com', { document: { ...doc, name: 'Blank' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The site has been created.');
  });
});

const unknownMessage = 'This template does not exist. Please choose one from the gallery.';
