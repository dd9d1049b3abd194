import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../db/schema/sites';
import { insertSite, siteDocument } from '../modules/sites/site-fixtures';
import { startTestApp, type TTestApp } from '../test/harness';
import { httpRequest } from '../test/http-request';
import type { TModule } from './module';
import { DRAWN_VARIATION, type TDrawnRequest } from './page-cache';
import { DRAWN_VARIATION_HEADER, EDGE_SECRET_HEADER } from './page-edge-http';

// The server as main.ts starts it, page edge in front: a published page it holds is answered on
// the edge's thread without reaching the main thread, a publish shows at once, and everything
// else passes through with its body, its answer and the client's real address.

/** What the main thread read of a request that came through the edge. */
const echo: TModule = {
  name: 'edge-echo',
  http: (app) => {
    app.all('/test/edge-echo', async (req) => ({
      ip: req.ip,
      protocol: req.protocol,
      host: req.host,
      drawn: (req.raw as TDrawnRequest)[DRAWN_VARIATION] ?? null,
      spoofed: req.headers[DRAWN_VARIATION_HEADER] ?? null,
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
      bodyLength: typeof req.body === 'object' && req.body ? JSON.stringify(req.body).length : 0,
    }));
    return undefined;
  },
};

let t: TTestApp;
let base: string;
/** Requests the main thread's server received. */
let reachedMain: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { modules: [echo], edge: true });
  base = await t.listen();
  t.app.server.on('request', (req: http.IncomingMessage) => reachedMain.push(req.url ?? ''));
});
afterAll(async () => t?.close());

const request = (path: string, opts: Parameters<typeof httpRequest>[1] = {}) =>
  httpRequest(`${base}${path}`, opts);

const withoutDate = (headers: http.IncomingHttpHeaders) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

describe('the page edge', () => {
  it('answers a page it holds without the main thread, with the same headers, and a publish at once', async () => {
    const doc = siteDocument({ name: 'Edge Test' });
    doc.content.JP!.creatives[0]!.mainText = 'first version';
    const site = await insertSite(t.database.db, {
      accountId: t.fixtures.accounts.company.id,
      doc,
      published: true,
    });
    const path = `/sites/${site.id}/`;

    reachedMain = [];
    const first = await request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(reachedMain).toEqual([path]);
    const second = await request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(second.status).toBe(200);
    expect(reachedMain).toEqual([path]);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    const notModified = await request(path, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    expect(reachedMain).toEqual([path]);

    // A publish: the main thread's change notice drops the edge's copy before the next visitor.
    const changed = structuredClone(doc);
    changed.content.JP!.creatives[0]!.mainText = 'second version';
    await t.database.db.update(sites).set({ published: changed }).where(eq(sites.id, site.id));
    await t.ctx.siteChanged(t.database.db, { siteId: site.id });
    await expect.poll(async () => (await request(path)).text).toContain('second version');
    expect(reachedMain).toEqual([path, path]);
  });

  it('passes every other request on with its body, and the address the edge saw, whatever the client claims', async () => {
    const body = JSON.stringify({ text: 'あ'.repeat(200_000) });
    const answer = await request('/test/edge-echo', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        [DRAWN_VARIATION_HEADER]: 'chosen-by-the-client',
      },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: new URL(base).host,
      drawn: null,
      spoofed: null,
      forwardedFor: '127.0.0.1',
      bodyLength: body.length,
    });
  });

  it('takes a request straight to the main thread, without the edge, for what its connection says', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const direct = await fetch(`http://127.0.0.1:${port}/test/edge-echo`, {
      headers: {
        'x-forwarded-for': '203.0.113.9',
        [DRAWN_VARIATION_HEADER]: 'chosen',
        [EDGE_SECRET_HEADER]: 'guess',
      },
    });
    expect(await direct.json()).toMatchObject({
      ip: '127.0.0.1',
      drawn: null,
      spoofed: null,
      forwardedFor: null,
    });
  });

  it('answers an HTTP/1.0 request without Host, framed for HTTP/1.0', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/health HTTP/1.0\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).not.toContain('transfer-encoding');
    expect(answer).toContain('"status"');
  });

  it('passes the console answer back as the main thread wrote it', async () => {
    const health = await request('/api/health');
    expect(health.status).toBe(200);
    const missing = await request('/api/no-such-route', { headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).code).toBe('NOT_FOUND');
  });
});
