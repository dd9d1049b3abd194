import zlib from 'node:zlib';
import { keysToSnake } from '@swipe/contracts/case';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { httpRequest } from '../../test/http-request';
import { insertReadyAsset, insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// The end-user routes over real HTTP (the page cache answers before Fastify, which inject
// would bypass): routing by path, custom path and Host, what a visitor may and may not see, the
// cache and its invalidation on publish, and the editor's signed draft preview.

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers, redirect: 'manual' });

/** fetch may not set Host: a custom domain's request goes through node:http. */
const getAsHost = (host: string, path: string) => httpRequest(`${base}${path}`, { headers: { host } });

/** A published bilingual 2 x 2 site of Hinode Foods with an image on every page. */
async function publishedSite(opts: { edit?: (doc: TSiteDocument) => void; status?: string } = {}) {
  const accountId = t.fixtures.accounts.company.id;
  const doc = siteDocument({ name: 'Viewer Test', rows: 2, columns: 2, languages: ['JP', 'EN'] });
  const asset = await insertReadyAsset(t.database.db, accountId, { storageKey: 'assets/test/original.png' });
  for (const lang of doc.languages)
    doc.content[lang]!.creatives.forEach((c, i) => {
      c.media = { assetId: asset.id, kind: 'IMAGE' };
      c.mainText = `${lang} page ${i + 1}`;
    });
  doc.content.JP!.seo.title = '日本語のタイトル';
  doc.content.EN!.seo.title = 'English title';
  opts.edit?.(doc);
  return insertSite(t.database.db, { accountId, doc, published: true, status: opts.status });
}

describe('published pages', () => {
  it('serves the default language without a segment and the others under theirs', async () => {
    const site = await publishedSite();
    const jp = await get(`/sites/${site.id}`);
    expect(jp.status).toBe(200);
    expect(jp.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const jpHtml = await jp.text();
    expect(jpHtml).toContain('日本語のタイトル');
    expect(jpHtml).toContain('JP page 1');
    expect(jpHtml).not.toContain('EN page 1');

    const en = await get(`/sites/${site.id}/en?utm_source=ad`);
    expect(en.status).toBe(200);
    const enHtml = await en.text();
    expect(enHtml).toContain('English title');
    expect(enHtml).toContain('EN page 4');

    // The default language has no segment of its own; a language the site lacks is no page.
    expect((await get(`/sites/${site.id}/ja`)).status).toBe(404);
    expect((await get(`/sites/${site.id}/ko`)).status).toBe(404);
  });

  it('answers the not-found page, in the visitor language, for what visitors may not see', async () => {
    const draft = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const privateSite = await publishedSite({ status: 'PRIVATE' });
    const expired = await publishedSite({ status: 'EXPIRED' });
    for (const path of [
      `/sites/${draft.id}`,
      `/sites/${privateSite.id}`,
      `/sites/${expired.id}`,
      '/sites/00000000-0000-4000-8000-000000000000',
      '/sites/no-such-path',
      '/sites/a/b/c',
    ]) {
      const res = await get(path, { 'accept-language': 'en' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      const html = await res.text();
      expect(html).not.toContain('Viewer Test');
      expect(html).toMatch(/<html[^>]*lang="en"/);
    }
  });

  it('finds a site by its custom path, and by its verified custom domain only', async () => {
    const site = await publishedSite();
    await t.database.db
      .update(sites)
      .set({ customPath: 'autumn-sale', customDomain: 'lp.hinode.example', domainStatus: 'VERIFYING' })
      .where(eq(sites.id, site.id));
    expect((await get('/sites/autumn-sale/en')).status).toBe(200);
    // Not verified yet: the host is nobody's site (the console answers, not the viewer).
    expect((await getAsHost('lp.hinode.example', '/')).text).not.toContain('JP page 1');

    // As the DNS check does when the CNAME resolves: the host serves the site at once.
    await t.database.db.update(sites).set({ domainStatus: 'VERIFIED' }).where(eq(sites.id, site.id));
    await t.ctx.siteChanged(t.database.db, { siteId: site.id });
    const root = await getAsHost('lp.hinode.example', '/');
    expect(root.status).toBe(200);
    expect(root.text).toContain('JP page 1');
    // Canonical links name the verified domain, also where the site is read under /sites/.
    expect(root.text).toContain('<link rel="canonical" href="https://lp.hinode.example/"/>');
    expect(await (await get('/sites/autumn-sale/en')).text()).toContain(
      '<link rel="canonical" href="https://lp.hinode.example/en"/>',
    );
    expect((await getAsHost('LP.Hinode.Example', '/en')).text).toContain('EN page 1');
    expect((await getAsHost('lp.hinode.example', '/fr')).text).not.toContain('page 1');
  });

  it('never puts a members-only page in the HTML', async () => {
    const site = await publishedSite({
      edit: (doc) => {
        for (const lang of doc.languages) {
          const locked = doc.content[lang]!.creatives[1]!;
          locked.membersOnlyLock = true;
          locked.mainText = `secret ${lang} offer`;
          locked.price = '¥9,999';
        }
      },
    });
    for (const path of [`/sites/${site.id}`, `/sites/${site.id}/en`]) {
      const html = await (await get(path)).text();
      expect(html).not.toContain('secret');
      expect(html).not.toContain('¥9,999');
    }
    const page = await get(`/api/end-user/site/${site.id}/page/B1/public?lang=EN`);
    expect(await page.json()).toEqual({ data: { locked: true, coordinate: 'B1', lang: 'EN' } });
  });

  it('sends a CSP that allows only the runtime and the creator’s script hosts', async () => {
    const site = await publishedSite({
      edit: (doc) => {
        doc.content.EN!.seo.body = '<script src="https://tags.example.com/t.js" defer></script>';
      },
    });
    const csp = (await get(`/sites/${site.id}/en`)).headers.get('content-security-policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    // Frames from the site's origin only: a campaign SCRIPT item's sandboxed one.
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toMatch(/script-src 'self' https:\/\/tags\.example\.com(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    const jpCsp = (await get(`/sites/${site.id}`)).headers.get('content-security-policy')!;
    expect(jpCsp).not.toContain('tags.example.com');
  });
});

describe('the page cache', () => {
  it('serves compressed bytes with an ETag, and 304 to a client holding them', async () => {
    const site = await publishedSite();
    const plain = await get(`/sites/${site.id}/en`);
    const html = await plain.text();
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers.get('cache-control')).toContain('must-revalidate');

    // fetch would decode: read the raw encodings with node:http.
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${base}/sites/${site.id}/en`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    };
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(html);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);

    const again = await get(`/sites/${site.id}/en`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('shows a publish at once, and only the published version, never the draft', async () => {
    const res = await call('direct@example.com', 'POST', '/api/site', {
      document: keysToSnake(siteDocument({ name: 'Cache Test' })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    const doc = siteDocument({ name: 'Cache Test' });
    const asset = await insertReadyAsset(t.database.db, t.fixtures.accounts.direct.id);
    doc.content.JP!.creatives[0]!.media = { assetId: asset.id, kind: 'IMAGE' };
    doc.content.JP!.creatives[0]!.mainText = 'first version';
    const save = (mode: string, revision: number) =>
      call('direct@example.com', 'PUT', `/api/site/${id}`, { document: keysToSnake(doc), mode, revision });
    expect((await save('PUBLISH', 0)).statusCode).toBe(200);
    expect(await (await get(`/sites/${id}`)).text()).toContain('first version');

    doc.content.JP!.creatives[0]!.mainText = 'second version';
    expect((await save('DRAFT', 1)).statusCode).toBe(200);
    expect(await (await get(`/sites/${id}`)).text()).toContain('first version');

    expect((await save('PUBLISH', 2)).statusCode).toBe(200);
    expect(await (await get(`/sites/${id}`)).text()).toContain('second version');

    expect((await save('PRIVATE', 3)).statusCode).toBe(200);
    expect((await get(`/sites/${id}`)).status).toBe(404);
  });

  it('serves the runtime script immutable, and nothing else under its prefix', async () => {
    const site = await publishedSite();
    const html = await (await get(`/sites/${site.id}`)).text();
    const src = /<script[^>]+src="(\/sites\/_runtime\/[^"]+)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const js = await get(src!);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    expect((await get('/sites/_runtime/other.js')).status).toBe(404);
  });
});

describe("the editor's draft preview", () => {
  it('shows the draft through a signed link only', async () => {
    const site = await publishedSite({
      edit: (doc) => {
        doc.content.JP!.creatives[0]!.mainText = 'published text';
      },
    });
    const draft = structuredClone(site.draft);
    draft.content.JP!.creatives[0]!.mainText = 'draft text';
    await t.database.db.update(sites).set({ draft }).where(eq(sites.id, site.id));

    const link = await call('user@example.com', 'POST', `/api/site/${site.id}/preview-link`);
    expect(link.statusCode).toBe(200);
    const address = new URL(link.json().data.url as string);
    expect(address.origin).toBe(t.config.sitesUrl);
    const url = address.pathname;
    expect(url).toMatch(new RegExp(`^/site/${site.id}/preview/o/\\d+\\.[\\w-]{43}/$`));
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('draft text');
    expect(html).not.toContain('published text');
    expect((await get(`${url}en`)).status).toBe(200);

    // Tampered, or for another site: nothing.
    const other = await publishedSite();
    expect((await get(url.replace(site.id, other.id))).status).toBe(404);
    // One character of the signature changed (to one it is not).
    const tampered = url.replace(/\.(.)/, (_, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await get(tampered)).status).toBe(404);
    // Another tenant cannot ask for a link.
    expect((await call('direct@example.com', 'POST', `/api/site/${site.id}/preview-link`)).statusCode).toBe(
      404,
    );
  });
});

describe('end-user API', () => {
  it('answers the public parts of a published site only', async () => {
    const site = await publishedSite({
      edit: (doc) => {
        doc.content.EN!.company.companyProfile = 'Hinode Foods Inc.';
        doc.content.EN!.creatives[0]!.products = [
          { ...doc.content.EN!.creatives[0]!.products[0], productName: 'Miso', price: 1280 } as never,
        ];
      },
    });
    const page = await (await get(`/api/end-user/site/${site.id}/page/A1/public?lang=EN`)).json();
    expect(page.data).toMatchObject({ locked: false, coordinate: 'A1', lang: 'EN' });
    expect(page.data.creative.main_text).toBe('EN page 1');
    expect(Object.keys(page.data.media)).toHaveLength(1);

    const products = await (await get(`/api/end-user/site/${site.id}/page/A1/product/public?lang=EN`)).json();
    expect(products.data.products[0]).toMatchObject({ product_name: 'Miso', price: 1280 });

    const company = await (await get(`/api/end-user/site/${site.id}/company?lang=EN`)).json();
    expect(company.data.company.company_profile).toBe('Hinode Foods Inc.');
    // The default language when none (or one the site lacks) is asked for.
    expect((await (await get(`/api/end-user/site/${site.id}/company?lang=KR`)).json()).data.lang).toBe('JP');

    const buttons = await (await get(`/api/end-user/site/${site.id}/button/public`)).json();
    expect(buttons.data.applicant_limit).toMatchObject({ clicks: 0, enabled: false });

    const draft = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    for (const path of [
      `/api/end-user/site/${draft.id}/company`,
      `/api/end-user/site/${draft.id}/page/A1/public`,
      `/api/end-user/site/${site.id}/page/Z9/public`,
    ])
      expect((await get(path)).status, path).toBe(404);
  });
});
