import { applyVariation, VARIATION_COOKIE } from '@swipe/contracts/experiments';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { LANGUAGE_SEGMENT } from '@swipe/contracts/sites';
import { renderNotFoundPage } from '@swipe/site-render/render/site-page';
import { buildRuntime } from '@swipe/site-render/runtime/bundle';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { sendEntry } from '../../platform/page-answer';
import { cacheKey, DRAWN_VARIATION, type TDrawnRequest, variationKey } from '../../platform/page-cache';
import { liveExperiment } from '../experiments/experiment-serving';
import { chosenVariation, variationCookie } from '../experiments/variation-choice';
import { carriesMemberCookie, memberCookie, memberCookieName } from '../members/member-cookie';
import { memberOfToken, memberTokenOf } from '../members/members.service';
import { registerPreviewPages } from '../preview-share/preview-pages';
import { findLiveSite, pageLanguage, siteStamp } from '../site-core/live-site';
import { ownerGrantValid, previewPath } from '../site-core/preview-link';
import { siteRoot } from '../site-core/visitor-urls';
import { redirectWithoutSlash, registerVisitorPages } from '../visitor-pages/visitor-pages';
import { registerCrawlerFiles } from './crawler-files';
import { sendDraft } from './preview-page';
import { renderSite } from './published-sites.service';

// Published pages: /sites/{siteId or custom path}[/{lang}] on the platform's host, and
// /[{lang}] on a site's verified custom domain. Pages are rendered once per published version
// and language, then served from the page cache (page-cache.ts) until the site changes.

export const RUNTIME_PREFIX = '/sites/_runtime/';

const VISITOR_LANGUAGE: Record<TUiLanguage, 'ja' | 'en' | 'zh' | 'ko'> = {
  ja: 'ja',
  en: 'en',
  cn: 'zh',
  kr: 'ko',
};

/**
 * The CSP of a published page: nothing but the runtime, the creator's allowed script hosts and,
 * each by its sha256, the inline scripts of the page's SCRIPT buttons run; no plugins, no
 * <base>; forms post to the site only; frames from the site's origin only (a campaign SCRIPT
 * item's sandboxed frame, whose own CSP gives it an opaque origin).
 */
export function pageCsp(scriptSources: string[], opts: { frameAncestors?: string } = {}) {
  return [
    "default-src 'none'",
    `script-src 'self'${scriptSources.map((s) => ` ${s}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "font-src 'self' data:",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
    `frame-ancestors ${opts.frameAncestors ?? "'self'"}`,
  ].join('; ');
}

/**
 * The security headers of every viewer answer. Fastify's helmet adds its own to each answer it
 * sends, but the page cache answers before Fastify: so the viewer names every header helmet sets,
 * with the sites' values, and a page is answered the same from the cache as when it was rendered
 * (the values given here replace helmet's on that first answer). A test compares the two.
 */
const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Framing is decided by each answer's CSP frame-ancestors; this is for browsers without it.
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Headers every viewer answer carries: the security set above, HSTS in production, and the
 * answer's own (its type, caching and CSP; an answer the page cache keeps must name its CSP, or
 * only its first answer would carry helmet's).
 */
export function viewerHeaders(ctx: TAppContext, extra: Record<string, string>): Record<string, string> {
  return {
    ...SECURITY_HEADERS,
    ...(ctx.config.production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    ...extra,
  };
}

export async function registerPublishedSites(app: FastifyInstance, ctx: TAppContext) {
  const cache = ctx.pageCache;
  const runtime = await buildRuntime();
  const runtimeUrl = `${RUNTIME_PREFIX}${runtime.fileName}`;
  const formsRuntime = await buildRuntime('forms');
  // Web Push: the script a visitor's press loads, and the sites' service worker (sw.js below).
  // Review comments: only the preview of an invited email (preview-pages) loads it.
  const [pushRuntime, pushWorker, commentsRuntime] = await Promise.all([
    buildRuntime('push'),
    buildRuntime('worker'),
    buildRuntime('comments'),
  ]);
  const pushUrl = `${RUNTIME_PREFIX}${pushRuntime.fileName}`;
  const commentsUrl = `${RUNTIME_PREFIX}${commentsRuntime.fileName}`;
  const scripts = new Map(
    [runtime, formsRuntime, pushRuntime, commentsRuntime].map((r) => [r.fileName, r.code]),
  );
  const publicHost = new URL(ctx.config.publicUrl).host.toLowerCase();

  const notFoundPage = (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .headers(
        viewerHeaders(ctx, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-cache',
          'content-security-policy': pageCsp([]),
        }),
      )
      .send(renderNotFoundPage({ uiLang: VISITOR_LANGUAGE[req.lang] }));

  /** Renders (or finds) the page of `site` at `path`, caches it and sends it. */
  async function servePage(
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { by: { key: string } | { host: string }; segment?: string; basePath: string },
  ) {
    // Before the site is read: a render that began before a change is sent but not kept.
    const generation = cache.generation();
    const site = await findLiveSite(ctx, opts.by);
    if (!site) return notFoundPage(req, reply);
    const base = storedSiteDocument(site.published);
    const lang = pageLanguage(base, opts.segment);
    if (!lang) return notFoundPage(req, reply);
    // A running experiment: the visitor's variation, kept by their cookie or drawn.
    const live = site.liveExperimentId ? await liveExperiment(ctx, site.liveExperimentId) : null;
    const choice = live
      ? chosenVariation(req.headers.cookie, live, { drawn: (req.raw as TDrawnRequest)[DRAWN_VARIATION] })
      : null;
    const doc = choice ? applyVariation(base, choice.variation.overrides) : base;
    const keepVariation = choice?.fresh
      ? variationCookie(choice.variation.id, opts.basePath, ctx.config.production)
      : null;
    // A signed-in member of the site sees its members-only pages: that page is theirs alone,
    // never cached (the cache does not answer requests carrying the site's member cookie).
    const member = await memberOfToken(ctx, { siteId: site.id, token: memberTokenOf(req, site.id) });
    // The page names the site's one address (its verified domain, else its path on the sites
    // origin) as canonical wherever it is read: never the request's Host, which would then be
    // cached for every visitor.
    const canonicalRoot = siteRoot(ctx.config, site);
    const render = (mode: 'MEMBER' | 'PUBLIC') =>
      renderSite(ctx, {
        site,
        doc,
        lang,
        basePath: opts.basePath,
        origin: new URL(canonicalRoot).origin,
        canonicalRoot,
        mode,
        runtimeUrl,
        pushUrl,
        ...(live && choice ? { variation: { id: choice.variation.id, goal: live.goal } } : {}),
      });
    if (keepVariation) reply.raw.setHeader('set-cookie', keepVariation);
    if (member) {
      const { html, scriptSources } = await render('MEMBER');
      return reply
        .headers(
          viewerHeaders(ctx, {
            'content-type': 'text/html; charset=utf-8',
            'cache-control': 'private, no-store',
            'content-security-policy': pageCsp(scriptSources),
          }),
        )
        .send(html);
    }
    const path = req.url.split('?')[0]!;
    const key = cacheKey(req.headers.host, path);
    const entryKey = choice ? variationKey(key, choice.variation.id) : key;
    // Visitors arriving together at a page not yet held wait for one render of it.
    const entry = await cache.renderOnce(entryKey, async () => {
      const { html, scriptSources, expiresAt } = await render('PUBLIC');
      // Each variation's page is cached like any published page, under the path's key and its id.
      if (live) {
        const upTo: number[] = [];
        for (const v of live.variations) upTo.push((upTo.at(-1) ?? 0) + v.share);
        cache.split(
          key,
          {
            siteId: site.id,
            ids: live.variations.map((v) => v.id),
            upTo,
            cookieName: VARIATION_COOKIE,
            setCookies: live.variations.map((v) =>
              variationCookie(v.id, opts.basePath, ctx.config.production),
            ),
          },
          generation,
        );
      } else cache.split(key, null, generation);
      return cache.store(entryKey, {
        siteId: site.id,
        stamp: siteStamp(site),
        memberCookie: `${memberCookieName(site.id)}=`,
        html,
        // A campaign that starts or ends at a coming JST midnight: rendered again from then on.
        expiresAt,
        generation,
        headers: viewerHeaders(ctx, {
          'content-type': 'text/html; charset=utf-8',
          // Revalidated on every visit (a cheap 304): a publish shows at once. A variation's page
          // depends on the visitor's cookie: no shared cache may keep it.
          'cache-control': choice
            ? 'private, max-age=0, must-revalidate'
            : 'public, max-age=0, must-revalidate',
          'content-security-policy': pageCsp(scriptSources),
        }),
      });
    });
    // A member token that no longer works is cleared (and the page cache serves again).
    if (carriesMemberCookie(req.headers.cookie, site.id))
      reply.raw.appendHeader('set-cookie', memberCookie(site.id, null, { secure: ctx.config.production }));
    reply.hijack();
    sendEntry(req.raw, reply.raw, entry);
  }

  registerCrawlerFiles(app, ctx, { headers: (extra) => viewerHeaders(ctx, extra), notFound: notFoundPage });

  const runtimeHeaders = viewerHeaders(ctx, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    // A script loaded by pages is no document: it may load nothing itself.
    'content-security-policy': "default-src 'none'",
  });
  app.get(`${RUNTIME_PREFIX}:file`, async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const code = scripts.get(file);
    if (code === undefined) return notFoundPage(req, reply);
    const entry = await cache.store(`${RUNTIME_PREFIX}${file}`, {
      siteId: '',
      stamp: '',
      html: code,
      headers: runtimeHeaders,
      permanent: true,
    });
    reply.hijack();
    sendEntry(req.raw, reply.raw, entry);
  });

  // A site's service worker, from the site's own path (its scope: the site's pages only) or, on
  // a custom domain, /sw.js (customDomainPage). Short-lived: browsers check it for updates anyway.
  const workerHeaders = viewerHeaders(ctx, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
  const sendWorker = (reply: FastifyReply) => reply.headers(workerHeaders).send(pushWorker.code);
  app.get('/sites/:key/sw.js', async (req, reply) => {
    const site = await findLiveSite(ctx, { key: (req.params as { key: string }).key });
    return site ? sendWorker(reply) : notFoundPage(req, reply);
  });

  type TParams = { key: string; lang?: string };
  const byPath = async (req: FastifyRequest, reply: FastifyReply) => {
    const { key, lang } = req.params as TParams;
    return servePage(req, reply, { by: { key }, segment: lang, basePath: `/sites/${key}` });
  };
  app.get('/sites/:key', byPath);
  app.get('/sites/:key/', byPath);
  app.get('/sites/:key/:lang', byPath);

  const draftFrameAncestors = `'self' ${new URL(ctx.config.publicUrl).origin}`;
  // The draft, for the editor's preview pane (a signed grant in the path) — never cached, never
  // indexed, framed by the console only.
  const draftHeaders = (scriptSources: string[]) =>
    viewerHeaders(ctx, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex, nofollow',
      // Framed by the editor's preview, on the console's origin.
      'content-security-policy': pageCsp(scriptSources, { frameAncestors: draftFrameAncestors }),
    });
  type TGrantParams = { id: string; grant: string; lang?: string };
  const byGrant = async (req: FastifyRequest, reply: FastifyReply) => {
    const { id, grant, lang } = req.params as TGrantParams;
    if (!ownerGrantValid(ctx, id, grant)) return notFoundPage(req, reply);
    return sendDraft(ctx, req, reply, {
      siteId: id,
      segment: lang,
      basePath: `${previewPath(id)}/o/${grant}`,
      runtimeUrl,
      headers: draftHeaders,
      notFound: () => notFoundPage(req, reply),
    });
  };
  app.get('/site/:id/preview/o/:grant', byGrant);
  app.get('/site/:id/preview/o/:grant/', byGrant);
  app.get('/site/:id/preview/o/:grant/:lang', byGrant);

  // The same draft for people the owner invited (preview sharing), behind their sign-in.
  registerPreviewPages(app, ctx, {
    sendDraft: (req, reply, o) =>
      sendDraft(ctx, req, reply, {
        siteId: o.siteId,
        segment: o.segment,
        basePath: previewPath(o.siteId),
        runtimeUrl,
        ...(o.comments ? { commentsUrl } : {}),
        headers: draftHeaders,
        notFound: () => notFoundPage(req, reply),
      }),
    pageHeaders: viewerHeaders(ctx, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex, nofollow',
      'content-security-policy': pageCsp([]),
    }),
    notFound: notFoundPage,
  });

  // The visitor pages (register, login, contact, forms, survey...): private, never cached.
  const customDomainVisitorPage = registerVisitorPages(app, ctx, {
    notFound: notFoundPage,
    scriptUrl: `${RUNTIME_PREFIX}${formsRuntime.fileName}`,
    headers: viewerHeaders(ctx, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
      'content-security-policy': pageCsp([]),
    }),
  });

  /**
   * For the not-found handler: a GET on another host than the platform's may be a verified
   * custom domain's page ('/' or '/en'); true when this answered, else the caller answers.
   */
  const isSiteHost = async (host: string) => {
    if (cache.knownNoSite(host)) return false;
    if (await findLiveSite(ctx, { host })) return true;
    cache.rememberNoSite(host);
    return false;
  };

  return async function customDomainPage(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const path = req.url.split('?')[0]!;
    // A visitor address with a trailing slash is the same page: one form, without the slash
    // (a site's own root, '/sites/{key}/', is a page of its own and never gets here).
    if (/^\/sites\/[^/]+\/.+\/$/.test(path) && (req.method === 'GET' || req.method === 'HEAD')) {
      await redirectWithoutSlash(req, reply);
      return true;
    }
    // Any other address under /sites/ is a page that does not exist, not a console route.
    if (path.startsWith('/sites/')) {
      await notFoundPage(req, reply);
      return true;
    }
    const fullHost = req.headers.host?.toLowerCase();
    if (req.method !== 'GET' || !fullHost || fullHost === publicHost) return false;
    const host = fullHost.replace(/:\d+$/, '');
    if (!(await isSiteHost(host))) return false;
    if (path === '/sw.js') {
      await sendWorker(reply);
      return true;
    }
    if (await customDomainVisitorPage(req, reply, host, path)) return true;
    const segment = path === '/' ? undefined : /^\/([a-z]{2})\/?$/.exec(path)?.[1];
    if (segment === undefined && path !== '/') return false;
    if (segment && !Object.values(LANGUAGE_SEGMENT).includes(segment as never)) return false;
    await servePage(req, reply, { by: { host }, segment, basePath: '' });
    return true;
  };
}
