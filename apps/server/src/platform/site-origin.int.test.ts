import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../db/schema/sites';
import { insertSite, siteDocument } from '../modules/sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../modules/users/users-test-kit';
import { startTestApp, type TTestApp } from '../test/harness';
import { httpRequest } from '../test/http-request';
import { cacheKey } from './page-cache';

// Published sites, drafts and media on an origin of their own (SITES_URL), served by the same process
// and told apart by Host. The sites origin answers only what a visitor needs; the console's
// origin sends site addresses over; every address the product hands out names the sites origin.

const CONSOLE = 'console.localtest:3000';
const SITES = 'sites.localtest:4000';

let t: TTestApp;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: `http://${CONSOLE}`, SITES_URL: `http://${SITES}` });
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());

/** A request to this process as if addressed to `host` (real HTTP: the page cache answers first). */
function as(host: string, path: string, method = 'GET', headers: Record<string, string> = {}) {
  return httpRequest(`${base}${path}`, { method, headers: { ...headers, host } });
}

const publishedSite = () =>
  insertSite(t.database.db, {
    accountId: t.fixtures.accounts.company.id,
    doc: siteDocument({ name: 'Own origin', rows: 1, columns: 1 }),
    published: true,
  });

describe('published sites on their own origin', () => {
  it('serves a published page on the sites origin, twice (the second from the cache)', async () => {
    const site = await publishedSite();
    for (let i = 0; i < 2; i++) {
      const page = await as(SITES, `/sites/${site.id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html');
    }
  });

  it('sends site and preview addresses on the console origin over to the sites origin', async () => {
    const site = await publishedSite();
    const page = await as(CONSOLE, `/sites/${site.id}?utm_source=ad`);
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`http://${SITES}/sites/${site.id}?utm_source=ad`);
    const preview = await as(CONSOLE, `/site/${site.id}/preview/`);
    expect(preview.status).toBe(301);
    expect(preview.headers.location).toBe(`http://${SITES}/site/${site.id}/preview/`);
    // A form posted to the old address keeps its method.
    expect((await as(CONSOLE, `/sites/${site.id}/contact`, 'POST')).status).toBe(308);
    // Media and the visitors' API are the sites origin's too.
    const media = await as(CONSOLE, '/media/0d1c3a70-1111-4aaa-8bbb-123456789abc/w390.webp');
    expect(media.status).toBe(301);
    expect(media.headers.location).toBe(
      `http://${SITES}/media/0d1c3a70-1111-4aaa-8bbb-123456789abc/w390.webp`,
    );
    expect((await as(CONSOLE, `/api/end-user/site/${site.id}/company`)).status).toBe(301);
    expect((await as(CONSOLE, `/api/end-user/site/${site.id}/login`, 'POST')).status).toBe(308);
  });

  it('never answers a cached page on the console origin', async () => {
    const site = await publishedSite();
    expect((await as(SITES, `/sites/${site.id}`)).status).toBe(200);
    expect((await as(SITES, `/sites/${site.id}`)).status).toBe(200);
    const onConsole = await as(CONSOLE, `/sites/${site.id}`);
    expect(onConsole.status).toBe(301);
    expect(onConsole.text).not.toContain('<html');
  });

  it('answers nothing of the console or its API on the sites origin', async () => {
    for (const path of ['/', '/login', '/master', '/api/auth/user-info', '/api/site', '/api/docs'])
      expect((await as(SITES, path)).status, path).toBe(404);
    expect((await as(SITES, '/api/auth/login', 'POST')).status).toBe(404);
    expect((await as(SITES, '/api/health')).status).toBe(200);
    // The console's API stays where it is.
    expect((await as(CONSOLE, '/api/auth/user-info')).status).toBe(401);
  });

  it('hands out site, preview and draft addresses on the sites origin, framed by the console', async () => {
    const site = await publishedSite();
    const list = await call('oem@example.com', 'GET', '/api/site?page_size=100');
    const listed = list.json().data.find((s: { id: string }) => s.id === site.id);
    expect(listed.url).toBe(`http://${SITES}/sites/${site.id}`);

    const link = await call('oem@example.com', 'POST', `/api/site/${site.id}/preview-link`);
    const url = new URL(link.json().data.url);
    expect(url.host).toBe(SITES);
    const draft = await as(SITES, url.pathname);
    expect(draft.status).toBe(200);
    expect(draft.headers['content-security-policy']).toContain(`frame-ancestors 'self' http://${CONSOLE}`);
    // The console may frame it: its CSP names the sites origin.
    const shell = await as(CONSOLE, '/api/health');
    expect(String(shell.headers['content-security-policy'])).toMatch(
      new RegExp(`frame-src 'self' http://${SITES.replace('.', '\\.')}`),
    );
  });
});

/**
 * An answer's headers as a set: name and value, in name order. Only `date` is left out, the one
 * header that legitimately differs from one answer to the next (the moment it was sent); nothing
 * here sends Age or a cache-status header, so nothing else may differ between a miss and a hit.
 */
const headerSet = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name !== 'date')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describe('the same answer every time', () => {
  // The first answer of a page is rendered through Fastify (its hooks add headers); every later
  // one comes from the page cache before Fastify. A visitor must not be able to tell them apart.
  it('sends a page the same headers from the cache as rendered, in each language and encoding, 304s too', async () => {
    const doc = siteDocument({ name: 'Same answer', rows: 1, columns: 1, languages: ['JP', 'EN'] });
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc,
      published: true,
    });
    await t.database.db
      .update(sites)
      .set({ customDomain: 'lp.same.example', domainStatus: 'VERIFIED' })
      .where(eq(sites.id, site.id));
    await t.ctx.siteChanged(t.database.db, { siteId: site.id });
    const addresses: [string, string][] = [
      [SITES, `/sites/${site.id}`],
      [SITES, `/sites/${site.id}/en`],
      ['lp.same.example', '/'],
      ['lp.same.example', '/en'],
    ];
    // Each address in brotli; one of them in every encoding (each its own stored body).
    const answers = addresses.flatMap(([host, path], i) =>
      (i === 0 ? ['br', 'gzip', 'identity'] : ['br']).map((encoding) => ({ host, path, encoding })),
    );
    for (const { host, path, encoding } of answers) {
      t.ctx.pageCache.invalidate(site.id);
      const miss = await as(host, path, 'GET', { 'accept-encoding': encoding });
      expect(t.ctx.pageCache.get(cacheKey(host, path)), 'stored by the first answer').toBeDefined();
      const hit = await as(host, path, 'GET', { 'accept-encoding': encoding });
      expect(miss.status, `${host}${path}`).toBe(200);
      expect(hit.text).toBe(miss.text);
      expect(headerSet(hit.headers), `${host}${path} ${encoding}`).toEqual(headerSet(miss.headers));
      // A revalidation answered 304 by Fastify (the site changed meanwhile) and by the cache.
      t.ctx.pageCache.invalidate(site.id);
      const etag = { 'accept-encoding': encoding, 'if-none-match': String(miss.headers.etag) };
      const missed304 = await as(host, path, 'GET', etag);
      const cached304 = await as(host, path, 'GET', etag);
      expect(missed304.status).toBe(304);
      expect(headerSet(cached304.headers), `${host}${path} ${encoding} 304`).toEqual(
        headerSet(missed304.headers),
      );
    }
    // The headers that made the difference: helmet's, which the cached answer used to skip.
    const page = await as(SITES, `/sites/${site.id}`);
    expect(page.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    });
  });

  it('sends the runtime script the same headers from the cache as from its route', async () => {
    const site = await publishedSite();
    const html = (await as(SITES, `/sites/${site.id}`)).text;
    const script = /<script src="(\/sites\/_runtime\/[^"]+)"/.exec(html)![1]!;
    // Kept for good once sent (its name changes with its content): make this request the first.
    t.ctx.pageCache.invalidate('');
    const miss = await as(SITES, script, 'GET', { 'accept-encoding': 'br' });
    const hit = await as(SITES, script, 'GET', { 'accept-encoding': 'br' });
    expect(miss.status).toBe(200);
    expect(headerSet(hit.headers)).toEqual(headerSet(miss.headers));
  });
});

describe('robots.txt and sitemaps', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  /** A published site of `accountId` in Japanese and English (its English page noindex if asked). */
  const bilingual = async (accountId: string, opts: { noindexEn?: boolean; status?: string } = {}) => {
    const doc = siteDocument({ name: 'Crawled', rows: 1, columns: 1, languages: ['JP', 'EN'] });
    if (opts.noindexEn) doc.content.EN!.seo.head = '<meta name="robots" content="noindex">';
    return insertSite(t.database.db, { accountId, doc, published: true, status: opts.status });
  };

  it('lets nothing of the console be indexed, and on the sites origin the published sites only', async () => {
    const onConsole = await as(CONSOLE, '/robots.txt');
    expect(onConsole.status).toBe(200);
    expect(onConsole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(onConsole.text).toBe('User-agent: *\nDisallow: /\n');
    expect((await as(CONSOLE, '/sitemap.xml')).status).toBe(404);

    const robots = await as(SITES, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(robots.headers['x-frame-options']).toBe('SAMEORIGIN');
    const lines = robots.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /site/',
        'Disallow: /api/',
        'Disallow: /sites/*/register-confirm',
        `Sitemap: http://${SITES}/sitemap.xml`,
      ]),
    );
    expect(lines.filter((l) => /^Disallow: \/(sites\/?)?$/.test(l))).toEqual([]);
    // Revalidated like a page: a cheap 304.
    const again = await as(SITES, '/robots.txt', 'GET', { 'if-none-match': String(robots.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('has no /favicon.ico anywhere (the console names its icon; a site names its own or has none)', async () => {
    for (const host of [SITES, CONSOLE]) {
      const icon = await as(host, '/favicon.ico');
      expect(icon.status).toBe(404);
      expect(icon.headers['content-type']).not.toMatch(/html/);
    }
  });

  it('lists a site’s languages in its sitemap with hreflang alternates, and no other site', async () => {
    const mine = await bilingual(t.fixtures.accounts.company.id);
    const other = await bilingual(t.fixtures.accounts.direct.id);
    const map = await as(SITES, `/sites/${mine.id}/sitemap.xml`);
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(map.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const root = `http://${SITES}/sites/${mine.id}`;
    expect(locs(map.text)).toEqual([`${root}/`, `${root}/en`]);
    for (const [hreflang, href] of [
      ['ja', `${root}/`],
      ['en', `${root}/en`],
      ['x-default', `${root}/`],
    ])
      expect(map.text.split(`hreflang="${hreflang}" href="${href}"`)).toHaveLength(3);
    expect(map.text).not.toContain(other.id);
    expect(locs((await as(SITES, `/sites/${other.id}/sitemap.xml`)).text)).not.toContain(`${root}/`);

    // A custom path is the site's address: its sitemap lists it, and the id's points there.
    await t.database.db.update(sites).set({ customPath: 'crawled-sale' }).where(eq(sites.id, mine.id));
    const byId = await as(SITES, `/sites/${mine.id}/sitemap.xml`);
    expect(byId.status).toBe(301);
    expect(byId.headers.location).toBe(`http://${SITES}/sites/crawled-sale/sitemap.xml`);
    expect(locs((await as(SITES, '/sites/crawled-sale/sitemap.xml')).text)).toEqual([
      `http://${SITES}/sites/crawled-sale/`,
      `http://${SITES}/sites/crawled-sale/en`,
    ]);

    // A language its creator marked noindex is left out, and with it the alternates.
    const half = await bilingual(t.fixtures.accounts.company.id, { noindexEn: true });
    const halfMap = (await as(SITES, `/sites/${half.id}/sitemap.xml`)).text;
    expect(locs(halfMap)).toEqual([`http://${SITES}/sites/${half.id}/`]);
    expect(halfMap).not.toContain('hreflang');
  });

  it('has no sitemap for a site visitors cannot see, and an index of the live ones', async () => {
    const live = await bilingual(t.fixtures.accounts.company.id);
    const draft = await insertSite(t.database.db, { accountId: t.fixtures.accounts.company.id });
    const unpublished = await bilingual(t.fixtures.accounts.company.id, { status: 'PRIVATE' });
    const expired = await bilingual(t.fixtures.accounts.direct.id, { status: 'EXPIRED' });
    for (const site of [draft, unpublished, expired])
      expect((await as(SITES, `/sites/${site.id}/sitemap.xml`)).status, site.status).toBe(404);

    const index = await as(SITES, '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const listed = locs(index.text);
    expect(listed).toContain(`http://${SITES}/sites/${live.id}/sitemap.xml`);
    for (const site of [draft, unpublished, expired]) expect(index.text).not.toContain(site.id);
    // Every sitemap the index names is one the sites origin answers.
    for (const loc of listed.slice(0, 5))
      expect((await as(SITES, new URL(loc!).pathname)).status, loc).toBe(200);
  });

  it('gives a verified custom domain its robots.txt and its site’s sitemap at its root', async () => {
    const site = await bilingual(t.fixtures.accounts.company.id);
    await t.database.db
      .update(sites)
      .set({ customDomain: 'lp.crawl.example', domainStatus: 'VERIFIED' })
      .where(eq(sites.id, site.id));
    const robots = await as('lp.crawl.example', '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text.split('\n')).toEqual(
      expect.arrayContaining(['Disallow: /logout', 'Sitemap: https://lp.crawl.example/sitemap.xml']),
    );
    const map = await as('lp.crawl.example', '/sitemap.xml');
    expect(map.status).toBe(200);
    expect(locs(map.text)).toEqual(['https://lp.crawl.example/', 'https://lp.crawl.example/en']);
    // Its sitemap lives on its domain, not on the sites origin, whose index leaves it out.
    const moved = await as(SITES, `/sites/${site.id}/sitemap.xml`);
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('https://lp.crawl.example/sitemap.xml');
    expect((await as(SITES, '/sitemap.xml')).text).not.toContain(site.id);
    // A host that is no site's is the console: nothing to index.
    expect((await as('lp.unknown.example', '/robots.txt')).text).toBe('User-agent: *\nDisallow: /\n');
    expect((await as('lp.unknown.example', '/sitemap.xml')).status).toBe(404);
  });

  it('names the site’s own address as canonical, whatever Host the first request came with', async () => {
    const site = await publishedSite();
    const forged = await as('evil.example', `/sites/${site.id}`);
    expect(forged.status).toBe(200);
    const page = await as(SITES, `/sites/${site.id}`);
    expect(page.text).toContain(`<link rel="canonical" href="http://${SITES}/sites/${site.id}/"/>`);
    expect(page.text).not.toContain('evil.example');
    expect(forged.text).not.toContain('evil.example');
  });
});
