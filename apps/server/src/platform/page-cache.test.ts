import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createPageCache } from './page-cache';

// The page cache without a server: which requests it answers, in which encoding, and when an
// entry goes because the database says its site moved on.

function request(url: string, headers: Record<string, string> = {}) {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const req = { method: 'GET', url, headers } as unknown as IncomingMessage;
  const res = {
    writeHead: (status: number, h: Record<string, string>) => {
      sent.status = status;
      sent.headers = h;
    },
    end: (body?: Buffer) => {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { req, res, sent };
}

const page = (stamp = 'v1') => ({ siteId: 's1', stamp, html: '<!doctype html><p>hi</p>', headers: {} });

describe('the page cache', () => {
  it('answers nothing of a site while change notices may be missed, and everything again after', async () => {
    let listening = false;
    const cache = createPageCache({ currentStamp: async () => 'v1', listening: () => listening });
    await cache.store('/sites/a/', page());
    await cache.store('/sites/_runtime/r.js', {
      siteId: '',
      stamp: '',
      html: 'x',
      headers: {},
      permanent: true,
    });
    expect(cache.serveCached(request('/sites/a/').req, request('/sites/a/').res)).toBe(false);
    // The runtime script is nobody's site: it cannot become private.
    const js = request('/sites/_runtime/r.js');
    expect(cache.serveCached(js.req, js.res)).toBe(true);
    listening = true;
    const hit = request('/sites/a/');
    expect(cache.serveCached(hit.req, hit.res)).toBe(true);
    cache.invalidateAll();
    expect(cache.size()).toBe(1);
  });

  it('answers only paths it holds, ignoring the query, in the encoding asked for', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    await cache.store('/sites/a/', page());
    const miss = request('/sites/b/');
    expect(cache.serveCached(miss.req, miss.res)).toBe(false);
    const br = request('/sites/a/?utm_source=ad', { 'accept-encoding': 'gzip, deflate, br' });
    expect(cache.serveCached(br.req, br.res)).toBe(true);
    expect(br.sent.headers!['content-encoding']).toBe('br');
    const gz = request('/sites/a/', { 'accept-encoding': 'gzip' });
    cache.serveCached(gz.req, gz.res);
    // Each encoding is its own representation: its own ETag.
    expect(gz.sent.headers!.etag).not.toBe(br.sent.headers!.etag);
    const again = request('/sites/a/', {
      'accept-encoding': 'gzip',
      'if-none-match': gz.sent.headers!.etag!,
    });
    cache.serveCached(again.req, again.res);
    expect(again.sent.status).toBe(304);
  });

  it('drops a site’s pages when the database says it changed, serving the old bytes meanwhile', async () => {
    let stamp = 'v1';
    const cache = createPageCache({ recheckMs: 0, currentStamp: async () => stamp });
    await cache.store('/sites/a/', page('v1'));
    await cache.store('/sites/a/en', page('v1'));
    stamp = 'v2';
    await new Promise((resolve) => setTimeout(resolve, 5));
    const r = request('/sites/a/');
    expect(cache.serveCached(r.req, r.res)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.size()).toBe(0);
  });

  it('keeps at most its bound of entries and answers a custom domain only for its host', async () => {
    const cache = createPageCache({ maxEntries: 2, currentStamp: async () => 'v1' });
    await cache.store('lp.example.com/', page());
    await cache.store('/sites/b/', page());
    await cache.store('/sites/c/', page());
    expect(cache.size()).toBe(2);
    expect(cache.get('lp.example.com/')).toBeUndefined();
    await cache.store('lp.example.com/', page());
    const other = request('/', { host: 'other.example.com' });
    expect(cache.serveCached(other.req, other.res)).toBe(false);
    const mine = request('/', { host: 'LP.example.com' });
    expect(cache.serveCached(mine.req, mine.res)).toBe(true);
  });

  it('remembers hosts that name no site for a moment, until a site changes', () => {
    const cache = createPageCache({ currentStamp: async () => 's1' });
    expect(cache.knownNoSite('192.168.1.20')).toBe(false);
    cache.rememberNoSite('192.168.1.20');
    expect(cache.knownNoSite('192.168.1.20')).toBe(true);
    expect(cache.knownNoSite('lp.example.com')).toBe(false);
    cache.invalidate('any-site');
    expect(cache.knownNoSite('192.168.1.20')).toBe(false);
  });
});
