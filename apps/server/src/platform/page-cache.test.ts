import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { cookieValue } from './page-answer';
import { createPageCache, DRAWN_VARIATION, type TDrawnRequest, variationKey } from './page-cache';

// The page cache without a server: which requests it answers, in which encoding, and when an
// entry goes because the database says its site moved on.

function request(url: string, headers: Record<string, string> = {}) {
  const sent: { status?: number; headers?: Record<string, string>; body?: Buffer; cookie?: string } = {};
  const req = {
    method: 'GET',
    url,
    headers,
    rawHeaders: Object.entries(headers).flat(),
  } as unknown as IncomingMessage;
  const res = {
    setHeader: (name: string, value: string) => {
      if (name === 'set-cookie') sent.cookie = value;
    },
    writeHead: (status: number, h: Record<string, string>) => {
      sent.status = status;
      sent.headers = h;
      if (h['set-cookie'] !== undefined) sent.cookie = h['set-cookie'];
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

  it('sends but does not keep a page rendered from a site read before a change', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    const before = cache.generation();
    cache.invalidate('s1');
    const entry = await cache.store('/sites/a/', { ...page(), generation: before });
    expect(entry.identity.bytes.length).toBeGreaterThan(0);
    expect(cache.get('/sites/a/')).toBeUndefined();
    await cache.store('/sites/a/', { ...page(), generation: cache.generation() });
    expect(cache.get('/sites/a/')).toBeDefined();
  });

  it('with a mirror, hands every change to it and keeps no entry of its own', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    const told: string[] = [];
    cache.mirrorTo({
      stored: (key) => told.push(`stored ${key}`),
      split: (key, split) => told.push(`split ${key} ${split ? split.ids.join(',') : 'none'}`),
      invalidate: (siteId) => told.push(`invalidate ${siteId}`),
      invalidateAll: () => told.push('all'),
    });
    cache.split('/sites/a/', null);
    await cache.store('/sites/a/', page());
    cache.invalidate('s1');
    cache.invalidateAll();
    expect(told).toEqual(['split /sites/a/ none', 'stored /sites/a/', 'invalidate s1', 'all']);
    expect(cache.size()).toBe(0);
  });

  it('reads the headers it needs whatever their case, and repeated cookie lines as one', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    await cache.store('/sites/a/', { ...page(), memberCookie: 'eut_s1=' });
    const hit = request('/sites/a/');
    hit.req.rawHeaders = ['HOST', 'x', 'Accept-Encoding', 'gzip', 'Cookie', 'a=1', 'cookie', 'b=2'];
    expect(cache.serveCached(hit.req, hit.res)).toBe(true);
    expect(hit.sent.headers!['content-encoding']).toBe('gzip');
    // A member's cookie on a second Cookie line still makes the page theirs (not the cache's).
    const member = request('/sites/a/');
    member.req.rawHeaders = ['Cookie', 'a=1', 'COOKIE', 'eut_s1=token'];
    expect(cache.serveCached(member.req, member.res)).toBe(false);
  });

  it('answers a 304 with the 200’s headers but the body’s type, length and encoding', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    const headers = {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, must-revalidate',
      'x-frame-options': 'SAMEORIGIN',
    };
    await cache.store('/sites/a/', { ...page(), headers });
    const full = request('/sites/a/', { 'accept-encoding': 'br' });
    cache.serveCached(full.req, full.res);
    const again = request('/sites/a/', {
      'accept-encoding': 'br',
      'if-none-match': full.sent.headers!.etag!,
    });
    cache.serveCached(again.req, again.res);
    expect(again.sent.status).toBe(304);
    const { 'content-type': _, 'content-length': __, 'content-encoding': ___, ...rest } = full.sent.headers!;
    expect(again.sent.headers).toEqual(rest);
  });

  it('drops a site’s pages when the database says it changed, serving the old bytes meanwhile', async () => {
    let stamp = 'v1';
    const cache = createPageCache({ recheckMs: 0, currentStamp: async () => stamp });
    await cache.store('/sites/a/', page('v1'));
    await cache.store('/sites/a/en', page('v1'));
    stamp = 'v2';
    // Checked at least a millisecond ago (recheckMs 0): the next request rechecks.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1 });
    try {
      const r = request('/sites/a/');
      expect(cache.serveCached(r.req, r.res)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(cache.size()).toBe(0));
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

  it('keeps its bodies within its bound of bytes however many pages are stored', async () => {
    const cache = createPageCache({ maxBytes: 200_000, currentStamp: async () => 'v1' });
    // Pages that hardly compress: each keeps about 10 + 7.5 + 7.5 KB.
    const noise = () => randomBytes(7_500).toString('base64');
    for (let i = 0; i < 40; i++) await cache.store(`/sites/s${i}/`, { ...page(), html: noise() });
    expect(cache.bytes()).toBeLessThanOrEqual(200_000);
    expect(cache.bytes()).toBeGreaterThan(100_000);
    expect(cache.size()).toBeLessThan(10);
    // The most recently stored stay; the first went.
    expect(cache.get('/sites/s39/')).toBeDefined();
    expect(cache.get('/sites/s0/')).toBeUndefined();
    cache.invalidate('s1');
    expect(cache.bytes()).toBe(0);
  });

  it('renders a page once for every request that misses it at the same time, and again once it is done', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    let renders = 0;
    let finish: () => void = () => {};
    const produce = async () => {
      renders++;
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      return cache.store('/sites/a/', page());
    };
    const burst = Array.from({ length: 10 }, () => cache.renderOnce('/sites/a/', produce));
    // Another page is not held back by this one.
    const other = cache.renderOnce('/sites/b/', async () => cache.store('/sites/b/', page()));
    await other;
    finish();
    const entries = await Promise.all(burst);
    expect(renders).toBe(1);
    expect(new Set(entries).size).toBe(1);
    // A failed render fails its waiters only: the next request renders again.
    const failing = [1, 2].map(() =>
      cache.renderOnce('/sites/a/', async () => {
        renders++;
        throw new Error('render failed');
      }),
    );
    await expect(Promise.all(failing)).rejects.toThrow('render failed');
    expect(renders).toBe(2);
    await cache.renderOnce('/sites/a/', async () => {
      renders++;
      return cache.store('/sites/a/', page());
    });
    expect(renders).toBe(3);
  });

  it('lets a request after a change notice render afresh instead of joining a render begun before it', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    let renders = 0;
    const produce = async () => {
      renders++;
      return cache.store('/sites/a/', page());
    };
    const before = cache.renderOnce('/sites/a/', produce);
    cache.invalidate('s1');
    const after = cache.renderOnce('/sites/a/', produce);
    await Promise.all([before, after]);
    expect(renders).toBe(2);
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

describe('cookieValue', () => {
  it('finds a cookie by its whole name only', () => {
    expect(cookieValue('a=1; variationId=abc; b=2', 'variationId')).toBe('abc');
    expect(cookieValue('variationId=abc', 'variationId')).toBe('abc');
    expect(cookieValue('xvariationId=no; variationId=yes', 'variationId')).toBe('yes');
    expect(cookieValue('xvariationId=no', 'variationId')).toBeNull();
    expect(cookieValue('', 'variationId')).toBeNull();
  });
});

describe('a split by variation', () => {
  const split = (ids: string[], upTo: number[]) => ({
    siteId: 's1',
    ids,
    upTo,
    cookieName: 'variationId',
    setCookies: ids.map((id) => `variationId=${id}; Path=/sites/a`),
  });
  const variationPage = (id: string) => ({ ...page(), memberCookie: 'eut_s1=', html: `<p>${id}</p>` });

  it('keeps a visitor on the variation their cookie names, and draws one (with the cookie) otherwise', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    cache.split('/sites/a/', split(['va', 'vb'], [0.5, 1]));
    await cache.store(variationKey('/sites/a/', 'va'), variationPage('va'));
    await cache.store(variationKey('/sites/a/', 'vb'), variationPage('vb'));
    for (const id of ['va', 'vb']) {
      const kept = request('/sites/a/', { cookie: `lang=JP; variationId=${id}` });
      expect(cache.serveCached(kept.req, kept.res)).toBe(true);
      expect(kept.sent.body!.toString()).toBe(`<p>${id}</p>`);
      expect(kept.sent.cookie).toBeUndefined();
    }
    const drawn = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const fresh = request('/sites/a/', { cookie: 'variationId=gone' });
      expect(cache.serveCached(fresh.req, fresh.res)).toBe(true);
      const id = /variationId=(\w+)/.exec(fresh.sent.cookie!)![1]!;
      expect(fresh.sent.body!.toString()).toBe(`<p>${id}</p>`);
      drawn.add(id);
    }
    expect(drawn).toEqual(new Set(['va', 'vb']));
    // The path's own key holds nothing: no visitor of a split path gets the unsplit page.
    expect(cache.get('/sites/a/')).toBeUndefined();
  });

  it('draws by the shares, leaves a missing variation and a member to the viewer, and goes with its site', async () => {
    const cache = createPageCache({ currentStamp: async () => 'v1' });
    cache.split('/sites/a/', split(['va', 'vb'], [0, 1]));
    await cache.store(variationKey('/sites/a/', 'vb'), variationPage('vb'));
    for (let i = 0; i < 10; i++) {
      const r = request('/sites/a/');
      expect(cache.serveCached(r.req, r.res)).toBe(true);
      expect(r.sent.cookie).toBe('variationId=vb; Path=/sites/a');
    }
    const notCached = request('/sites/a/', { cookie: 'variationId=va' });
    expect(cache.serveCached(notCached.req, notCached.res)).toBe(false);
    // A new visitor drawn a variation not held: the viewer is told which one to render.
    cache.split('/sites/a/', split(['va', 'vb'], [1, 1]));
    const drawn = request('/sites/a/');
    expect(cache.serveCached(drawn.req, drawn.res)).toBe(false);
    expect((drawn.req as TDrawnRequest)[DRAWN_VARIATION]).toBe('va');
    expect(drawn.sent.cookie).toBeUndefined();
    const member = request('/sites/a/', { cookie: 'variationId=vb; eut_s1=token' });
    expect(cache.serveCached(member.req, member.res)).toBe(false);
    cache.invalidate('s1');
    await cache.store('/sites/a/', page());
    const after = request('/sites/a/', { cookie: 'variationId=vb' });
    expect(cache.serveCached(after.req, after.res)).toBe(true);
    expect(after.sent.cookie).toBeUndefined();
  });
});
