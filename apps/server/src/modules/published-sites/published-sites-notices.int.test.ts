import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDb } from '../../db/client';
import { notices } from '../../db/schema/communications';
import { sites } from '../../db/schema/sites';
import { startTestApp, type TTestApp } from '../../test/harness';
import { httpRequest } from '../../test/http-request';
import { deliveryBody, insertDelivery, insertNews } from '../communications/communications-fixtures';
import { insertSite, siteDocument } from '../sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../users/users-test-kit';

// Latest information and delivered notifications on the published page over
// real HTTP (the page cache answers before Fastify): the header's news control and panel in the
// page's language, the cached page following an item's start and end without a republish (the
// render says when it goes stale) and a save at once, the draft preview, and the sites' service
// worker on their own paths.

let t: TTestApp;
let db: TDb;
let call: TSignedInCall;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  call = signedInCaller(t);
  base = await t.listen();
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
const company = () => t.fixtures.accounts.company.id;
const page = async (path: string) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};
/** The titles in the page's news panel, in order; null when the page has no news control. */
const panel = (html: string) => {
  if (!html.includes('href="#nw"')) return null;
  const from = html.indexOf('<div class="ov" id="nw"');
  return [...html.slice(from).matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]);
};

async function bilingualSite() {
  const doc = siteDocument({ name: 'News Test', rows: 2, columns: 2, languages: ['JP', 'EN'] });
  return insertSite(db, { accountId: company(), doc, published: true });
}

async function titled(id: string, title: string, set: Partial<typeof notices.$inferInsert> = {}) {
  await db
    .update(notices)
    .set({ title, ...set })
    .where(eq(notices.id, id));
}

/** fetch may not set Host: a custom domain's request goes through node:http. */
async function getAsHost(host: string, path: string) {
  const answer = await httpRequest(`${base}${path}`, { headers: { host } });
  return { ...answer, type: String(answer.headers['content-type']) };
}

describe('news on the published page', () => {
  it('lists what shows now in each language, newest first, with the newest delivery’s banner', async () => {
    const site = await bilingualSite();
    const { news } = await insertNews(db, { accountId: t.fixtures.accounts.platform.id, siteIds: [site.id] });
    await titled(news.id, 'Holiday hours', { publishedAt: new Date(Date.now() - 2 * HOUR) });
    const { delivery } = await insertDelivery(db, { accountId: company(), siteId: site.id });
    await titled(delivery.id, '新メニュー', { languages: ['JP'] });
    const { delivery: draft } = await insertDelivery(db, {
      accountId: company(),
      siteId: site.id,
      state: 'DRAFT',
      publishedAt: null,
    });
    await titled(draft.id, 'Not yet');
    await t.ctx.siteChanged(db, { siteId: site.id });

    const jp = await page(`/sites/${site.id}`);
    expect(panel(jp)).toEqual(['新メニュー', 'Holiday hours']);
    expect(jp).toContain('<span class="vh">お知らせ</span>');
    expect(jp).toContain(`<div class="nbn" hidden="" data-id="${delivery.id}"`);
    // The push button and the worker at the site's own path; its script is not loaded by the page.
    const push = /<button type="button" class="bt np" hidden="" data-js="([^"]+)" data-sw="([^"]+)"/.exec(jp);
    expect(push?.[2]).toBe(`/sites/${site.id}/sw.js`);
    expect(jp).not.toContain(`src="${push?.[1]}"`);
    expect((await fetch(`${base}${push?.[1]}`)).status).toBe(200);

    const en = await page(`/sites/${site.id}/en`);
    expect(panel(en)).toEqual(['Holiday hours']);
    expect(en).toContain('<span class="vh">News</span>');
    expect(en).not.toContain('class="nbn"');

    // A site with nothing showing has no control.
    expect(panel(await page(`/sites/${(await bilingualSite()).id}`))).toBeNull();
  });

  it('follows a scheduled delivery’s start and the news’s end on the cached page, without a republish', async () => {
    const site = await bilingualSite();
    const path = `/sites/${site.id}`;
    const now = Date.now();
    const { news } = await insertNews(db, {
      accountId: t.fixtures.accounts.platform.id,
      siteIds: [site.id],
      endAt: new Date(now + 2 * HOUR),
    });
    await titled(news.id, 'Ends in two hours');
    const startAt = new Date(now + HOUR);
    const endAt = new Date(now + 3 * HOUR);
    const created = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/notification-deliveries`,
      deliveryBody({
        title: 'Scheduled for in an hour',
        publication: 'SCHEDULED',
        startAt: startAt.toISOString(),
        endAt: endAt.toISOString(),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);

    const first = await fetch(`${base}${path}`);
    const etag = first.headers.get('etag');
    expect(panel(await first.text())).toEqual(['Ends in two hours']);
    // From the cache: the same bytes.
    expect((await fetch(`${base}${path}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);

    // Its start has come: the cached page went stale by itself and shows it first.
    vi.useFakeTimers({ toFake: ['Date'], now: startAt.getTime() + 1_000 });
    expect(panel(await page(path))).toEqual(['Scheduled for in an hour', 'Ends in two hours']);
    // The news has ended: gone.
    vi.setSystemTime(now + 2 * HOUR + 1_000);
    expect(panel(await page(path))).toEqual(['Scheduled for in an hour']);
    // Both ended: no news control at all.
    vi.setSystemTime(endAt.getTime() + 1_000);
    expect(panel(await page(path))).toBeNull();
  });

  it('shows a save at once on the cached page', async () => {
    const site = await bilingualSite();
    const path = `/sites/${site.id}`;
    expect(panel(await page(path))).toBeNull();
    expect(panel(await page(path))).toBeNull(); // cached
    const created = await call(
      'user@example.com',
      'POST',
      `/api/site/${site.id}/notification-deliveries`,
      deliveryBody({ title: 'Right now' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(panel(await page(path))).toEqual(['Right now']);
    const id = created.json().data.id as string;
    const withdrawn = await call(
      'user@example.com',
      'PUT',
      `/api/notification-delivery/${id}`,
      deliveryBody({ title: 'Right now', state: 'UNPUBLISHED' }),
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(panel(await page(path))).toBeNull();
  });

  it('shows in the editor’s draft preview too, without the push button', async () => {
    const site = await bilingualSite();
    const { delivery } = await insertDelivery(db, { accountId: company(), siteId: site.id });
    await titled(delivery.id, 'Seen in preview');
    const link = await call('user@example.com', 'POST', `/api/site/${site.id}/preview-link`);
    const html = await page(new URL(link.json().data.url as string).pathname);
    expect(panel(html)).toEqual(['Seen in preview']);
    expect(html).not.toContain('class="bt np"');
  });
});

describe("a site's service worker", () => {
  it('is served from the site’s own path and its custom domain’s root, for live sites only', async () => {
    const site = await bilingualSite();
    const res = await fetch(`${base}/sites/${site.id}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const code = await res.text();
    expect(code).toContain('showNotification');

    await db
      .update(sites)
      .set({ customPath: 'news-sale', customDomain: 'news.hinode.example', domainStatus: 'VERIFIED' })
      .where(eq(sites.id, site.id));
    await t.ctx.siteChanged(db, { siteId: site.id });
    expect(await (await fetch(`${base}/sites/news-sale/sw.js`)).text()).toBe(code);
    const onDomain = await getAsHost('news.hinode.example', '/sw.js');
    expect(onDomain.status).toBe(200);
    expect(onDomain.type).toContain('javascript');
    expect(onDomain.text).toBe(code);

    const draft = await insertSite(db, { accountId: company() });
    expect((await fetch(`${base}/sites/${draft.id}/sw.js`)).status).toBe(404);
    expect((await fetch(`${base}/sites/no-such-site/sw.js`)).status).toBe(404);
  });
});
