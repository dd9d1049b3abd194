import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { cookieValue, sendEntry, sentHeaders } from './page-answer';

// A published page is served from memory at close to the speed of a bare node:http
// server. Each rendered page is kept once per (host, path) with its gzip and brotli bodies and
// ready-made headers; `serveCached` answers straight from the node:http request, before Fastify.
// An entry lives until its site changes: every process drops it on the change notice sent in the
// change's transaction (change-notices.ts); nothing is answered while notices may be missed, and
// every few seconds a hit still asks the database whether the site moved on. An entry may also
// carry the instant it goes stale by itself (a campaign starting or ending at a JST midnight):
// from then on it is rendered again.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * One encoding of a page; each has its own ETag (they are different representations). `headers`
 * answer a 200, `notModified` a 304: the same set without the body's type, length and encoding.
 */
type TBody = {
  bytes: Buffer;
  etag: string;
  headers: Record<string, string>;
  notModified: Record<string, string>;
  /** The same two with a Set-Cookie, made once: a variation's page sets one cookie, its own. */
  withCookie?: { setCookie: string; headers: Record<string, string>; notModified: Record<string, string> };
};

export type TCachedPage = {
  siteId: string;
  /** `eut_<site>=`: a request carrying this cookie may be a member's, who gets their own page. */
  memberCookie: string | null;
  /** What `currentStamp` compares with the database (published version, status, domain). */
  stamp: string;
  identity: TBody;
  gzip: TBody;
  br: TBody;
  checkedAt: number;
  checking: boolean;
  /** When the page goes stale by itself (Date.now() ms): rendered again from then on. */
  expiresAt: number;
};

export type TPageCacheOptions = {
  /** How long an entry is trusted before a hit checks it against the database. */
  recheckMs?: number;
  /** Entries kept at most (least recently stored dropped first). */
  maxEntries?: number;
  /**
   * Bytes of bodies kept at most, the three encodings of every entry (least recently stored
   * dropped first): the entries' count alone does not bound memory, since a page of a large site
   * is many times the demo's (34 KB of HTML, 49 KB with its gzip and brotli bodies).
   */
  maxBytes?: number;
  /** The current stamp of a site, or null when it is no longer served. */
  currentStamp: (siteId: string) => Promise<string | null>;
  /** False while change notices may be missed: then nothing is answered from the cache. */
  listening?: () => boolean;
  /** The console's host: its /sites/ addresses are sent to the sites origin, never answered. */
  consoleHost?: string | null;
};

/**
 * A path whose site runs an experiment: its page is kept once per variation (the key
 * and `\0` and the variation's id); a visitor gets the one their cookie names, else one drawn by
 * the shares, with the cookie that keeps it.
 */
export type TSplit = {
  siteId: string;
  /** The variations' ids and their shares, summed as they go (the last reaches 1). */
  ids: string[];
  upTo: number[];
  /** `name=` of the cookie that keeps the variation. */
  cookieName: string;
  /** The Set-Cookie that keeps each variation, in the order of `ids`. */
  setCookies: string[];
};

/**
 * Another copy of the cache to keep equal to this one (the page edge's, on its own thread):
 * told of every entry stored, split set and entry dropped by a site's change.
 */
export type TPageCacheMirror = {
  stored(key: string, entry: TCachedPage): void;
  split(key: string, split: TSplit | null): void;
  invalidate(siteId: string): void;
  invalidateAll(): void;
};

/**
 * The variation the cache drew for a new visitor whose page it did not hold: the viewer renders
 * that one (drawing again would make the rarely drawn variations never cached).
 */
export const DRAWN_VARIATION = Symbol('drawnVariation');
export type TDrawnRequest = IncomingMessage & { [DRAWN_VARIATION]?: string };

/** The key of a variation's page under the key of its path. */
export const variationKey = (key: string, variationId: string) => `${key}\u0000${variationId}`;

/** Cache keys: the path alone under /sites/ (any host), host and path on a custom domain. */
export const cacheKey = (host: string | undefined, path: string) =>
  path.startsWith('/sites/') ? path : `${(host ?? '').toLowerCase()}${path}`;

/** The page cache's bound in bytes of bodies: about 1,300 pages of the demo's size. */
export const PAGE_CACHE_MAX_BYTES = 64 * 2 ** 20;

const bodyBytes = (entry: TCachedPage) =>
  entry.identity.bytes.length + entry.gzip.bytes.length + entry.br.bytes.length;

export function createPageCache(opts: TPageCacheOptions) {
  const recheckMs = opts.recheckMs ?? 5_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const maxBytes = opts.maxBytes ?? PAGE_CACHE_MAX_BYTES;
  /** Bytes of the bodies of every entry. */
  let storedBytes = 0;
  const consoleHost = opts.consoleHost ?? null;
  const entries = new Map<string, TCachedPage>();
  let mirror: TPageCacheMirror | null = null;
  const splits = new Map<string, TSplit>();
  /** Custom-domain hosts with at least one cached page, so other hosts skip the lookup. */
  const hosts = new Map<string, number>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    storedBytes -= bodyBytes(entry);
    if (!key.startsWith('/')) {
      const host = key.slice(0, key.indexOf('/'));
      const n = (hosts.get(host) ?? 1) - 1;
      if (n <= 0) hosts.delete(host);
      else hosts.set(host, n);
    }
  };

  // Hosts that named no live site a moment ago (a LAN address, a load balancer's probe): the
  // console answers them without asking the database each time. Any site change in this
  // process forgets them; a change in another one shows within NO_SITE_MS.
  const NO_SITE_MS = 5_000;
  const noSiteHosts = new Map<string, number>();

  /**
   * Changes heard so far: a render begun before one may show the site as it was, so what it
   * makes is sent to whoever asked but not kept (nor mirrored).
   */
  let changes = 0;
  /** Pages being rendered, by key: a burst of visitors to a page not yet held renders it once. */
  const rendering = new Map<string, Promise<TCachedPage>>();
  // A change notice also ends the joining of renders already under way: they may show the site
  // as it was, so a request after the notice starts its own.
  const invalidate = (siteId: string) => {
    changes++;
    for (const [key, entry] of entries) if (entry.siteId === siteId) drop(key);
    for (const [key, split] of splits) if (split.siteId === siteId) splits.delete(key);
    rendering.clear();
    noSiteHosts.clear();
    mirror?.invalidate(siteId);
  };
  /** Every site's pages (the runtime script, permanent and site-less, stays). */
  const invalidateAll = () => {
    changes++;
    for (const [key, entry] of entries) if (entry.siteId) drop(key);
    splits.clear();
    rendering.clear();
    noSiteHosts.clear();
    mirror?.invalidateAll();
  };
  const listening = opts.listening ?? (() => true);

  const recheck = (entry: TCachedPage) => {
    entry.checking = true;
    opts
      .currentStamp(entry.siteId)
      .then((stamp) => {
        if (stamp === entry.stamp) entry.checkedAt = Date.now();
        else invalidate(entry.siteId);
      })
      .catch(() => {
        // The database is away: keep serving what was published, ask again later.
        entry.checkedAt = Date.now();
      })
      .finally(() => {
        entry.checking = false;
      });
  };

  /** Keeps `entry` under `key`, dropping the oldest entries beyond the bounds. */
  const put = (key: string, entry: TCachedPage) => {
    drop(key);
    const size = bodyBytes(entry);
    while (entries.size > 0 && (entries.size >= maxEntries || storedBytes + size > maxBytes))
      drop(entries.keys().next().value!);
    entries.set(key, entry);
    storedBytes += size;
    if (!key.startsWith('/')) {
      const host = key.slice(0, key.indexOf('/'));
      hosts.set(host, (hosts.get(host) ?? 0) + 1);
    }
  };

  return {
    invalidate,
    invalidateAll,
    /** Changes heard so far: taken before a page's site is read, given to `store` and `split`. */
    generation: () => changes,
    /** Whether this process hears every site change (the cache answers only then). */
    listening,
    /** The current stamp of a site (what a hit's recheck compares), from the database. */
    currentStamp: opts.currentStamp,
    /** From now on, `to` is told of every change of this cache (one mirror at a time). */
    mirrorTo(to: TPageCacheMirror | null) {
      mirror = to;
    },
    /** An entry made elsewhere (by the cache this one mirrors), kept as it is. */
    put,
    /** True when `host` was found to name no site less than NO_SITE_MS ago. */
    knownNoSite: (host: string) => listening() && (noSiteHosts.get(host) ?? 0) > Date.now(),
    rememberNoSite: (host: string) => {
      if (noSiteHosts.size >= 1_000) noSiteHosts.clear();
      noSiteHosts.set(host, Date.now() + NO_SITE_MS);
    },
    size: () => entries.size,
    /** Bytes of the bodies kept. */
    bytes: () => storedBytes,
    get: (key: string) => entries.get(key),
    /**
     * The split of a path by variation (the viewer stores it with a variation's page), or none;
     * `generation`: `generation()` before the site was read.
     */
    split: (key: string, split: TSplit | null, generation?: number) => {
      if (generation !== undefined && generation !== changes) return;
      if (split) splits.set(key, split);
      else splits.delete(key);
      mirror?.split(key, split);
    },

    /**
     * The entry `produce` renders and stores for `key`, produced once however many requests miss
     * it at the same time: the others wait for that render (a failed one fails them all and the
     * next request tries again).
     */
    renderOnce(key: string, produce: () => Promise<TCachedPage>): Promise<TCachedPage> {
      const pending = rendering.get(key);
      if (pending) return pending;
      const started = produce().finally(() => rendering.delete(key));
      rendering.set(key, started);
      return started;
    },

    /** Compresses and keeps a rendered page; answers the entry to send. */
    async store(
      key: string,
      page: {
        siteId: string;
        stamp: string;
        html: string;
        headers: Record<string, string>;
        /** A cookie (`name=`) whose bearer gets their own render instead: a signed-in member's. */
        memberCookie?: string;
        /** Never rechecked (the runtime script: its name changes with its content). */
        permanent?: boolean;
        /** The instant the page goes stale by itself (a campaign starts or ends); none by default. */
        expiresAt?: number | null;
        /** `generation()` before the site was read: a site changed since, the page is not kept. */
        generation?: number;
      },
    ): Promise<TCachedPage> {
      const bytes = Buffer.from(page.html);
      const [gz, br] = await Promise.all([
        gzip(bytes, { level: 9 }),
        brotli(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      ]);
      const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
      const base: Record<string, string> = { ...page.headers, vary: 'Accept-Encoding' };
      const body = (b: Buffer, encoding?: string): TBody => {
        const tag = encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
        const notModified: Record<string, string> = { ...base, etag: tag };
        delete notModified['content-type'];
        return {
          bytes: b,
          etag: tag,
          headers: {
            ...base,
            etag: tag,
            ...(encoding ? { 'content-encoding': encoding } : {}),
            'content-length': String(b.length),
          },
          notModified,
        };
      };
      const entry: TCachedPage = {
        siteId: page.siteId,
        memberCookie: page.memberCookie ?? null,
        stamp: page.stamp,
        identity: body(bytes),
        gzip: body(gz, 'gzip'),
        br: body(br, 'br'),
        checkedAt: page.permanent ? Number.POSITIVE_INFINITY : Date.now(),
        checking: false,
        expiresAt: page.expiresAt ?? Number.POSITIVE_INFINITY,
      };
      if (page.generation !== undefined && page.generation !== changes) return entry;
      // Behind the page edge only the edge answers from the cache: the entry is kept there alone.
      if (mirror) mirror.stored(key, entry);
      else put(key, entry);
      return entry;
    },

    /**
     * Sends a cached page for a GET or HEAD of a path it holds; false (nothing sent) otherwise.
     * Query strings (an ad's utm_ parameters) do not change the page.
     */
    serveCached(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      const sent = sentHeaders(req);
      let key: string;
      if (path.startsWith('/sites/')) {
        if (consoleHost && sent.host?.toLowerCase() === consoleHost) return false;
        key = path;
      } else {
        if (hosts.size === 0) return false;
        const host = sent.host?.toLowerCase();
        if (!host || !hosts.has(host)) return false;
        key = host + path;
      }
      const cookie = sent.cookie;
      const split = splits.size === 0 ? undefined : splits.get(key);
      let chosen: string | null = null;
      let chosenCookie: string | undefined;
      if (split) {
        // A variation's page: the one the visitor keeps, else one drawn by the shares.
        const kept = cookie === undefined ? null : cookieValue(cookie, split.cookieName);
        if (kept !== null && split.ids.includes(kept)) key = variationKey(key, kept);
        else {
          const r = Math.random();
          let i = 0;
          while (i < split.upTo.length - 1 && r >= split.upTo[i]!) i++;
          chosen = split.ids[i]!;
          chosenCookie = split.setCookies[i];
          key = variationKey(key, chosen);
        }
      }
      const entry = entries.get(key);
      if (!entry) {
        if (chosen !== null) (req as TDrawnRequest)[DRAWN_VARIATION] = chosen;
        return false;
      }
      // Notices of unpublished or private sites may be missed: render afresh until listening.
      if (entry.siteId && !listening()) return false;
      // A signed-in member of the site: the viewer renders their page (members-only pages open).
      if (cookie !== undefined && entry.memberCookie !== null && cookie.includes(entry.memberCookie))
        return false;
      // Past its own date (a campaign started or ended): the viewer renders it again.
      if (Date.now() >= entry.expiresAt) {
        drop(key);
        return false;
      }
      if (!entry.checking && Date.now() - entry.checkedAt > recheckMs) recheck(entry);
      sendEntry(req, res, entry, chosenCookie, sent);
      return true;
    },
  };
}

export type TPageCache = ReturnType<typeof createPageCache>;
