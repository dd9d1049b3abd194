import { keysToSnake } from '@swipe/contracts/case';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/sites';
import type { TTestApp } from '../../test/harness';
import { startTestApp } from '../../test/harness';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';
import { insertReadyAsset, insertSite, siteDocument } from './site-fixtures';

// POST /api/site/:id/duplicate (the site list's "Duplicate"): a draft copy in the same account,
// within the plan like a new site.

let t: TTestApp;
let call: TSignedInCall;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
});
afterAll(async () => t?.close());

const wire = (doc: TSiteDocument) => keysToSnake(doc) as object;
const duplicate = (who: string, id: string, lang?: string) =>
  call(who, 'POST', `/api/site/${id}/duplicate`, undefined, lang);
const rowOf = async (id: string) => (await t.database.db.select().from(sites).where(eq(sites.id, id)))[0]!;

describe('duplicating a site', () => {
  it('copies the draft document into a new draft of the same account, without domain or published version', async () => {
    const asset = await insertReadyAsset(t.database.db, t.fixtures.accounts.direct.id);
    const doc = siteDocument({ name: 'Aozora Summer', rows: 2, columns: 2 });
    doc.content.JP!.creatives[0]!.media = { assetId: asset.id, kind: 'IMAGE' };
    doc.content.JP!.creatives[0]!.mainText = 'Cool for summer';
    doc.domain.customPath = 'aozora-summer';
    const created = (await call('direct@example.com', 'POST', '/api/site', { document: wire(doc) })).json()
      .data;
    const published = await call('direct@example.com', 'PUT', `/api/site/${created.id}`, {
      document: wire(doc),
      mode: 'PUBLISH',
    });
    expect(published.statusCode, published.body).toBe(200);
    // The draft moves on after publishing: the copy takes the draft.
    const draft = { ...doc, name: 'Aozora Summer v2' };
    draft.content = { JP: { ...doc.content.JP!, creatives: [...doc.content.JP!.creatives] } };
    draft.content.JP!.creatives[1] = { ...draft.content.JP!.creatives[1]!, mainText: 'Only in the draft' };
    await call('direct@example.com', 'PUT', `/api/site/${created.id}`, {
      document: wire(draft),
      mode: 'DRAFT',
    });

    const res = await duplicate('direct@example.com', created.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The site has been duplicated as a draft.');
    const copy = res.json().data;
    expect(copy.id).not.toBe(created.id);
    expect(copy).toMatchObject({
      name: 'Aozora Summer v2 (copy)',
      status: 'DRAFT',
      account_id: t.fixtures.accounts.direct.id,
      pages: 4,
      revision: 0,
      published_at: null,
      custom_domain: null,
      domain_status: 'NONE',
      editable: true,
    });
    expect(copy.url).toBe(`${t.config.sitesUrl}/sites/${copy.id}`);
    expect(copy.document.content).toEqual(keysToSnake(draft.content));
    expect(copy.document.domain).toEqual({ custom_domain: '', custom_path: '' });
    // The media are the account's own: shared, not copied.
    expect(copy.document.content.JP.creatives[0].media.asset_id).toBe(asset.id);

    const row = await rowOf(copy.id);
    expect(row).toMatchObject({ published: null, publishedRevision: null, customPath: null });
    // The source is untouched.
    expect(await rowOf(created.id)).toMatchObject({ status: 'PUBLISH', customPath: 'aozora-summer' });
  });

  it('names the copy in the request language, within the name limit', async () => {
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.direct.id,
      doc: siteDocument({ name: 'あ'.repeat(50) }),
    });
    const res = await duplicate('direct@example.com', site.id, 'ja');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('サイトを複製しました（下書き）。');
    const name: string = res.json().data.name;
    expect(name.endsWith('（コピー）')).toBe(true);
    expect([...name].length).toBe(50);
    // The copy saves as it is.
    const copy = res.json().data;
    const saved = await call('direct@example.com', 'PUT', `/api/site/${copy.id}`, {
      document: copy.document,
      mode: 'DRAFT',
      revision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a copy over the plan’s site limit (Standard: 3), creating nothing', async () => {
    const company = t.fixtures.accounts.company.id;
    const source = await insertSite(t.database.db, { accountId: company });
    const count = async () =>
      (await t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.accountId, company))).length;
    while ((await count()) < 3) await insertSite(t.database.db, { accountId: company });
    const res = await duplicate('user@example.com', source.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
    expect(res.json().message).toContain('up to 3 site(s)');
    expect(await count()).toBe(3);
  });

  it('refuses view authority (403) and another tenant’s site (404)', async () => {
    const oemSite = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const viewer = await duplicate('sub@example.com', oemSite.id);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('FORBIDDEN');
    const directSite = await insertSite(t.database.db, { accountId: t.fixtures.accounts.direct.id });
    expect((await duplicate('oem@example.com', directSite.id)).statusCode).toBe(404);
    expect((await duplicate('direct@example.com', oemSite.id)).statusCode).toBe(404);
  });
});
