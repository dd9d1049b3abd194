import { keysToSnake } from '@swipe/contracts/case';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteAssets, sites } from '../../db/schema/sites';
import { runContractEndEffects } from '../../platform/contract-effects';
import type { TTestApp } from '../../test/harness';
import { startTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { siteDomainJobs } from './site-domain';
import { insertReadyAsset, insertSite, siteDocument } from './site-fixtures';

// The site API (the operators' side): the whole document in and out, plan limits, publishing,
// domains, the list and its CSV, and the contract end.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
const create = (who: string, doc: TSiteDocument, extra: object = {}) =>
  call(who, 'POST', '/api/site', { document: wire(doc), ...extra });
const save = (who: string, id: string, doc: TSiteDocument, mode = 'DRAFT', revision?: number) =>
  call(who, 'PUT', `/api/site/${id}`, {
    document: wire(doc),
    mode,
    ...(revision !== undefined ? { revision } : {}),
  });

/** A document whose first page shows an uploaded image of the account. */
async function withImage(accountId: string, doc = siteDocument()) {
  const asset = await insertReadyAsset(t.database.db, accountId);
  for (const lang of doc.languages)
    doc.content[lang]!.creatives[0]!.media = { assetId: asset.id, kind: 'IMAGE' };
  return doc;
}

describe('creating and reading a site', () => {
  it('creates a draft from a document and answers it back with every default filled in', async () => {
    const res = await create(
      'direct@example.com',
      siteDocument({ name: 'Aozora Launch', rows: 2, columns: 3 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The site has been created.');
    const site = res.json().data;
    expect(site).toMatchObject({
      name: 'Aozora Launch',
      status: 'DRAFT',
      pages: 6,
      languages: ['JP'],
      account_name: 'Aozora Cosmetics',
      editable: true,
      revision: 0,
      has_unpublished_changes: false,
      domain_status: 'NONE',
    });
    expect(site.url).toBe(`${t.config.sitesUrl}/sites/${site.id}`);
    const creative = site.document.content.JP.creatives[4];
    expect(creative).toMatchObject({
      coordinate: 'B2',
      link_button_color: '#99D52A',
      link_text_color: '#FFFFFF',
    });
    expect(
      site.document.content.JP.forms.MEMBERSHIP_SETTING.map((f: { built_in: string }) => f.built_in),
    ).toEqual(['EMAIL', 'PASSWORD', 'CONFIRM_PASSWORD']);
    const again = await call('direct@example.com', 'GET', `/api/site/${site.id}`);
    expect(again.json().data.document).toEqual(site.document);
  });

  it("answers each image's URL and its smallest variant's for the editor's thumbnails", async () => {
    const db = t.database.db;
    const accountId = t.fixtures.accounts.direct.id;
    const image = await insertReadyAsset(db, accountId, { storageKey: 'assets/a/original.png' });
    await db
      .update(siteAssets)
      .set({
        variants: [
          { width: 780, key: 'assets/a/w780.webp' },
          { width: 390, key: 'assets/a/w390.webp' },
        ],
      })
      .where(eq(siteAssets.id, image.id));
    // A video (and an image narrower than every variant) has none: only its URL.
    const video = await insertReadyAsset(db, accountId, {
      kind: 'VIDEO',
      storageKey: 'assets/v/original.mp4',
    });
    const doc = siteDocument({ columns: 2 });
    doc.content.JP!.creatives[0]!.media = { assetId: image.id, kind: 'IMAGE' };
    doc.content.JP!.creatives[1]!.media = { assetId: video.id, kind: 'VIDEO' };
    const site = (await create('direct@example.com', doc)).json().data;
    const read = (await call('direct@example.com', 'GET', `/api/site/${site.id}`)).json().data;
    expect(read.media).toEqual({
      [image.id]: expect.stringMatching(/\/assets\/a\/original\.png$/),
      [video.id]: expect.stringMatching(/\/assets\/v\/original\.mp4$/),
    });
    expect(read.thumbnails).toEqual({ [image.id]: expect.stringMatching(/\/assets\/a\/w390\.webp$/) });
  });

  it('refuses an invalid document with the field and the spec message', async () => {
    const doc = siteDocument();
    doc.content.JP!.creatives[0]!.mainTextColor = 'reddish';
    const res = await create('direct@example.com', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      field: 'document.content.JP.creatives.0.main_text_color',
      message: 'Invalid colour code. Use #fff, #ffffff, rgb(), rgba(), hsl() or hsla().',
    });
    const mismatch = siteDocument({ rows: 2, columns: 2 });
    mismatch.content.JP!.creatives.pop();
    expect((await create('direct@example.com', mismatch)).json().errors[0].field).toBe(
      'document.content.JP.creatives',
    );
    const noName = { ...siteDocument(), name: '' };
    expect((await create('direct@example.com', noName)).json().errors).toEqual([
      { field: 'document.name', message: 'This field is required.' },
    ]);
  });

  it('refuses a media file of another account as if it did not exist', async () => {
    const doc = await withImage(t.fixtures.accounts.company.id);
    const res = await create('direct@example.com', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'document.content.JP.creatives.0.media',
        message: 'The file could not be found. Please upload it again.',
      },
    ]);
  });
});

describe('plan limits', () => {
  it('refuses more pages than the plan allows (Standard: 30)', async () => {
    const res = await create('user@example.com', siteDocument({ rows: 6, columns: 6 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    expect(res.json().message).toContain('30 pages');
  });

  it('refuses features the plan lacks, naming them (Standard: one language, no SEO tags)', async () => {
    const doc = siteDocument({ languages: ['JP', 'EN'] });
    doc.content.JP!.seo.body = '<script src="https://cdn.example.com/a.js" defer></script>';
    const res = await create('user@example.com', doc);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_FEATURE_UNAVAILABLE');
    expect(res.json().errors).toEqual([
      {
        field: 'document.languages',
        message: 'Your plan does not include this setting: Multiple languages.',
      },
      {
        field: 'document.content.JP.seo',
        message: 'Your plan does not include this setting: SEO and tag settings.',
      },
    ]);
    // The OEM's Pro Multilingual plan has both.
    expect((await create('oem@example.com', doc)).statusCode).toBe(201);
  });

  it('refuses one site more than the plan allows, and check-plan counts them', async () => {
    const company = t.fixtures.accounts.company.id;
    const existing = (await t.database.db.select().from(sites).where(eq(sites.accountId, company))).length;
    for (let i = existing; i < 3; i++)
      expect((await create('user@example.com', siteDocument())).statusCode).toBe(201);
    const fourth = await create('user@example.com', siteDocument());
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().message).toContain('up to 3 site(s)');
    const plan = await call('user@example.com', 'GET', '/api/check-plan');
    expect(plan.json().data.usage.sites).toBe(3);
  });
});

describe('saving and publishing', () => {
  it('publishes a draft, then keeps edits in the draft until the next publish', async () => {
    const doc = await withImage(t.fixtures.accounts.direct.id);
    const created = (await create('direct@example.com', doc)).json().data;
    const published = await save('direct@example.com', created.id, doc, 'PUBLISH', 0);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().message).toBe('The site has been published.');
    expect(published.json().data).toMatchObject({
      status: 'PUBLISH',
      revision: 1,
      has_unpublished_changes: false,
    });

    const edited = { ...doc, name: 'Renamed in draft' };
    const draft = await save('direct@example.com', created.id, edited, 'DRAFT', 1);
    expect(draft.json()).toMatchObject({
      message: 'The draft has been saved.',
      data: { status: 'PUBLISH', name: 'Renamed in draft', has_unpublished_changes: true },
    });
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, created.id));
    expect((row!.published as { name: string }).name).toBe(doc.name);
    expect(row!.publishedVersion).toBe(1);

    const stale = await save('direct@example.com', created.id, doc, 'DRAFT', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone saved this site after you opened it. Reload to see their changes.',
    );

    const off = await save('direct@example.com', created.id, edited, 'PRIVATE', 2);
    expect(off.json()).toMatchObject({
      message: 'The site has been made private.',
      data: { status: 'PRIVATE' },
    });
  });

  it('refuses to publish without an image, or with a gap before a filled page', async () => {
    const created = (await create('direct@example.com', siteDocument({ rows: 1, columns: 3 }))).json().data;
    const empty = await save(
      'direct@example.com',
      created.id,
      siteDocument({ rows: 1, columns: 3 }),
      'PUBLISH',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Upload at least one creative image before publishing.');

    const gap = siteDocument({ rows: 1, columns: 3 });
    const asset = await insertReadyAsset(t.database.db, t.fixtures.accounts.direct.id);
    gap.content.JP!.creatives[2]!.media = { assetId: asset.id, kind: 'IMAGE' };
    const res = await save('direct@example.com', created.id, gap, 'PUBLISH');
    expect(res.json().errors).toEqual([
      {
        field: 'document.content.JP.creatives.0.media',
        message: 'Images must be uploaded consecutively from the first page: this page is empty.',
      },
    ]);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, created.id));
    expect(row!.status).toBe('DRAFT');
    expect(row!.published).toBeNull();
  });

  it('takes every site of an ended contract off the public; it can no longer be saved', async () => {
    const doc = await withImage(t.fixtures.accounts.minato.id);
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.minato.id,
      doc,
      published: true,
    });
    await runContractEndEffects(t.ctx.modules, t.database.db, [t.fixtures.accounts.minato.id]);
    const detail = (await call('minato@example.com', 'GET', `/api/site/${site.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'EXPIRED', editable: false });
    const res = await save('minato@example.com', site.id, doc, 'PUBLISH');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The contract has ended, so this site cannot be published.');
  });
});

describe('custom domains', () => {
  it('refuses the platform host and a domain another site holds; checks the CNAME of a new one', async () => {
    const doc = await withImage(t.fixtures.accounts.direct.id);
    const site = (await create('direct@example.com', doc)).json().data;
    const at = (domain: string) => ({ ...doc, domain: { customDomain: domain, customPath: '' } });

    const platform = await save('direct@example.com', site.id, at('sites.localhost'), 'DRAFT');
    expect(platform.json().message).toBe('This domain belongs to the platform and cannot be used.');

    const ok = await save('direct@example.com', site.id, at('lp.aozora.example'), 'PUBLISH');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'DOMAIN_VERIFYING',
      domain_status: 'VERIFYING',
      custom_domain: 'lp.aozora.example',
      cname_target: 'sites.localhost',
    });

    const other = (await create('direct@example.com', siteDocument())).json().data;
    const taken = await save('direct@example.com', other.id, at('LP.aozora.example'), 'DRAFT');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { field: 'document.domain.custom_domain', message: 'This domain is already used by another site.' },
    ]);

    // The CNAME does not point here yet: checked again later. Then it does: verified and public.
    let answer: string[] = ['elsewhere.example.net.'];
    t.ctx.jobHandlers = { ...t.ctx.jobHandlers, ...siteDomainJobs(t.ctx, async () => answer) };
    await t.runJobs();
    expect((await call('direct@example.com', 'GET', `/api/site/${site.id}`)).json().data.domain_status).toBe(
      'VERIFYING',
    );
    answer = ['SITES.localhost.'];
    await t.database.db.execute(
      sql`UPDATE jobs SET run_at = now() WHERE kind = 'site-domain-check' AND status = 'pending'`,
    );
    await t.runJobs();
    const verified = (await call('direct@example.com', 'GET', `/api/site/${site.id}`)).json().data;
    expect(verified).toMatchObject({
      domain_status: 'VERIFIED',
      status: 'PUBLISH',
      url: 'https://lp.aozora.example/',
    });
  });
});

describe('the site list', () => {
  it("shows each caller its subtree's sites only, with search, status filter and paging", async () => {
    const company = t.fixtures.accounts.company.id;
    await insertSite(t.database.db, {
      accountId: company,
      doc: siteDocument({ name: 'Hinode Autumn Fair' }),
      published: true,
    });
    const search = async (who: string, q: string) =>
      (await call(who, 'GET', `/api/site?${q}`)).json() as {
        data: { name: string }[];
        meta: { total: number };
      };

    expect((await search('oem@example.com', 'keyword=autumn')).data.map((s) => s.name)).toEqual([
      'Hinode Autumn Fair',
    ]);
    expect((await search('master@example.com', 'keyword=Autumn')).data).toHaveLength(1);
    expect((await search('direct@example.com', 'keyword=autumn')).data).toHaveLength(0);
    expect((await search('user@example.com', 'status=PUBLISH&keyword=fair')).data).toHaveLength(1);
    expect((await search('user@example.com', 'status=DRAFT&keyword=fair')).data).toHaveLength(0);
    const paged = await search('master@example.com', 'page=1&page_size=2');
    expect(paged.data).toHaveLength(2);
    expect(paged.meta.total).toBeGreaterThan(2);
  });

  it('exports the list as CSV for Excel', async () => {
    const res = await call('oem@example.com', 'GET', '/api/site/export?keyword=autumn');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFSite name,Status,Account,URL,Pages')).toBe(true);
    expect(text).toContain('Hinode Autumn Fair,Published,Hinode Foods Inc.,');
  });

  it('deletes a site after which it is gone', async () => {
    const site = (await create('direct@example.com', siteDocument({ name: 'To delete' }))).json().data;
    expect((await call('oem@example.com', 'DELETE', `/api/site/${site.id}`)).statusCode).toBe(404);
    const res = await call('direct@example.com', 'DELETE', `/api/site/${site.id}`);
    expect(res.json()).toEqual({ data: null, message: 'The site has been deleted.' });
    expect((await call('direct@example.com', 'GET', `/api/site/${site.id}`)).statusCode).toBe(404);
  });
});

describe('SEO head and body tags', () => {
  it('stores exactly what the published page writes: refuses the rest naming the tag, and re-serializes the valid', async () => {
    const doc = siteDocument();
    doc.content.JP!.seo.head = '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">';
    let res = await create('direct@example.com', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'document.content.JP.seo.head' });

    doc.content.JP!.seo.head = '<script>steal()</script>';
    res = await call('direct@example.com', 'POST', '/api/site', { document: wire(doc) }, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe(
      'The <script> tag is not published. Head tags may hold <meta> and <link> tags only.',
    );

    doc.content.JP!.seo.body = '<script src="http://tags.example.com/t.js" defer></script>';
    doc.content.JP!.seo.head =
      '<!-- seo --><META NAME="robots" CONTENT="noindex">  <link href="/en" rel="alternate">';
    res = await create('direct@example.com', doc);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'document.content.JP.seo.body' });

    doc.content.JP!.seo.body = '<script defer src="https://tags.example.com/t.js"></script>';
    res = await create('direct@example.com', doc);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(sites).where(eq(sites.id, res.json().data.id));
    const seo = (row!.draft as TSiteDocument).content.JP!.seo;
    expect(seo.head).toBe('<meta name="robots" content="noindex">\n<link rel="alternate" href="/en">');
    expect(seo.body).toBe('<script src="https://tags.example.com/t.js" defer></script>');
  });

  it('answers a published site’s tags as its page writes them, leaving out what older saves let through', async () => {
    const doc = siteDocument();
    doc.content.JP!.seo.head =
      '<script>steal()</script><meta http-equiv="refresh" content="0;url=javascript:x"><meta name="robots" content="noindex"><link rel="stylesheet" href="javascript:x">';
    doc.content.JP!.seo.body =
      '<script src="http://a.example/a.js" defer></script><script src="https://b.example/b.js" defer></script>';
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc,
      published: true,
    });
    const res = await t.app.inject({ url: `/api/end-user/site/${site.id}/scripts` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      head: '<meta name="robots" content="noindex">',
      scripts: ['https://b.example/b.js'],
    });
  });
});
