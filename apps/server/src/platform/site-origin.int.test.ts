import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSite, siteDocument } from '../modules/sites/site-fixtures';
import { signedInCaller, type TSignedInCall } from '../modules/users/users-test-kit';
import { startTestApp, type TTestApp } from '../test/harness';

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
function as(host: string, path: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      request(`${base}${path}`, { method, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
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
