import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_PAGES } from '../modules/site-core/visitor-urls';
import { startTestApp, type TTestApp } from '../test/harness';

let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(async () => t?.close());

describe('every API route declares a guard decision', () => {
  it('has config.guard on each /api route (docs excepted)', () => {
    const api = t.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    expect(api.map((r) => r.url)).toContain('/api/auth/login');
    expect(api.filter((r) => !r.guard).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('registers nothing outside /api but the docs, the dev mailbox and webhook inbox, media, the viewer and the console files', () => {
    const others = t.routeTable.filter((r) => !r.url.startsWith('/api/')).map((r) => r.url);
    // The viewer's pages: published sites, the runtime script, a site's service worker (Web
    // Push) and sitemap, the signed draft preview, and robots.txt, the sitemap and the (absent)
    // favicon.ico of each host.
    const viewer =
      /^\/sites\/(_runtime\/:file|:key(\/|\/:lang|\/sw\.js|\/sitemap\.xml)?)$|^\/site\/:id\/preview(\/|$)|^\/(robots\.txt|sitemap\.xml|favicon\.ico)$/;
    // The visitor pages (register, login, contact, forms, survey...) beside a site's pages, and
    // their posts on a custom domain.
    const pages = VISITOR_PAGES.join('|');
    const visitor = new RegExp(`^(/sites/:key(/:lang)?/(${pages}|:page)|(/:lang)?/(${pages}))$`);
    for (const url of others) {
      const consoleFile = fs.existsSync(path.join(t.config.consoleDist, url)) && !url.endsWith('/');
      expect(
        consoleFile ||
          /^\/dev\/mail(\/:id)?$/.test(url) ||
          url === '/dev/webhooks' ||
          url === '/media/*' ||
          viewer.test(url) ||
          visitor.test(url),
        url,
      ).toBe(true);
    }
  });
});

describe('health and edge', () => {
  it('reports ok with the database up', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers 503 database down when the database does not answer', async () => {
    const original = t.ctx.ping;
    t.ctx.ping = async () => false;
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', database: 'down', storage: 'ok' });
    } finally {
      t.ctx.ping = original;
    }
  });

  it('sets security headers and a CSP', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain http outside production: no HSTS, no upgrade of asset requests to https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('refuses oversized bodies with 413 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login_id: 'x'.repeat(5000), password: 'y' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown API paths with a 404 envelope in the asked language', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here', headers: { 'accept-language': 'ko-KR' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: '요청한 데이터를 찾을 수 없습니다.', code: 'NOT_FOUND' });
  });

  it('publishes OpenAPI with snake_case properties', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const login = doc.paths['/api/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['login_id', 'password']);
    const ok = login.responses['200'].content['application/json'].schema;
    expect(Object.keys(ok.properties.data.properties)).toContain('access_token');
    expect(doc.paths['/api/auth/user-info'].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
