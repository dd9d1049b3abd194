import { createHash } from 'node:crypto';
import { readHeadTags } from '@swipe/contracts/site-seo-rules';
import { seoOf, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import { languagePath } from '@swipe/site-render/render/parts';
import { HTML_LANG } from '@swipe/site-render/render/texts';
import { and, desc, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { consoleHostOf } from '../../platform/site-origin';
import { findLiveSite } from '../site-core/live-site';
import { LIVE_STATUSES } from '../site-core/site-access';
import { siteRoot } from '../site-core/visitor-urls';

// What search engines read besides the pages: robots.txt on each origin and a sitemap per site.
// - The console's origin (and any host that is no site's): nothing to index.
// - The sites origin: published sites may be crawled, previews, drafts and the visitors' API may
//   not; its /sitemap.xml is an index of the sitemaps of the live sites whose address it is.
// - A verified custom domain: the same rules at its root, and its site's sitemap at /sitemap.xml.
// A site's sitemap lists the page of each of its languages at the site's one address (siteRoot,
// the pages' canonical address), with hreflang alternates when there are several. Answers are
// made per request (crawlers ask rarely), revalidated like the pages, with a weak ETag.

/** The console's robots.txt, and any host's that serves no site. */
export const CONSOLE_ROBOTS = 'User-agent: *\nDisallow: /\n';

/**
 * Visitor pages that act for one visitor (a confirmation link, signing out): never crawled. The
 * others (contact, forms, sign-in) are linked from the pages and answer noindex, which a crawler
 * sees only if it may fetch them.
 */
const ONE_VISITOR_PAGES = ['register-confirm', 'logout'];

/** robots.txt of the sites origin (`sitesUrl`, no trailing slash). */
export function sitesRobots(sitesUrl: string): string {
  return [
    '# Published sites. Previews, drafts and the API are not for crawlers.',
    'User-agent: *',
    'Disallow: /site/',
    'Disallow: /api/',
    ...ONE_VISITOR_PAGES.map((page) => `Disallow: /sites/*/${page}`),
    '',
    `Sitemap: ${sitesUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** robots.txt of a site's verified custom domain (`root`: https://domain). */
export function domainRobots(root: string): string {
  return [
    'User-agent: *',
    'Disallow: /site/',
    'Disallow: /api/',
    ...ONE_VISITOR_PAGES.flatMap((page) => [`Disallow: /${page}`, `Disallow: /*/${page}`]),
    '',
    `Sitemap: ${root}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
/** W3C datetime, to the second. */
const w3c = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A language whose head tags (as the page carries them) say noindex is left out of the sitemap. */
function saysNoindex(head: string) {
  const read = readHeadTags(head, { skipInvalid: true });
  return (
    'tags' in read &&
    read.tags.some(
      (t) =>
        t.tag === 'meta' &&
        /^(robots|googlebot)$/i.test(t.attrs.name ?? '') &&
        /\b(noindex|none)\b/i.test(t.attrs.content),
    )
  );
}

/** The languages of a published document a search engine may index. */
export const indexableLanguages = (doc: TSiteDocument): TSiteLanguage[] =>
  doc.languages.filter((lang) => doc.content[lang] && !saysNoindex(seoOf(doc, lang).head));

/** A site's sitemap: the page of each indexable language under `root` (its siteRoot). */
export function siteSitemap(root: string, doc: TSiteDocument, publishedAt: Date | null): string {
  const languages = indexableLanguages(doc);
  const address = (lang: TSiteLanguage) => xml(languagePath({ basePath: root, doc }, lang));
  const alternates =
    languages.length > 1
      ? [
          ...languages.map((lang) => [HTML_LANG[lang], address(lang)]),
          ...(languages.includes(doc.defaultLanguage) ? [['x-default', address(doc.defaultLanguage)]] : []),
        ]
          .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`)
          .join('')
      : '';
  const lastmod = publishedAt ? `<lastmod>${w3c(publishedAt)}</lastmod>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...languages.map((lang) => `<url><loc>${address(lang)}</loc>${lastmod}${alternates}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/** A sitemap index: one sitemap per site. */
export function sitemapIndex(list: { loc: string; lastmod: Date | null }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...list.map(
      (s) =>
        `<sitemap><loc>${xml(s.loc)}</loc>${s.lastmod ? `<lastmod>${w3c(s.lastmod)}</lastmod>` : ''}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** The protocol's limit of sitemaps in one index. */
const INDEX_LIMIT = 50_000;

export function registerCrawlerFiles(
  app: FastifyInstance,
  ctx: TAppContext,
  deps: {
    headers: (extra: Record<string, string>) => Record<string, string>;
    notFound: (req: FastifyRequest, reply: FastifyReply) => unknown;
  },
) {
  const { sitesUrl } = ctx.config;
  const sitesHost = new URL(sitesUrl).host.toLowerCase();
  // Null when one origin serves both (a development set-up): it answers as the sites origin.
  const consoleHost = consoleHostOf(ctx.config);
  const robotsOfSites = sitesRobots(sitesUrl);

  const send = (req: FastifyRequest, reply: FastifyReply, body: string, type: string) => {
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.headers(
      deps.headers({
        'content-type': type,
        // As the pages: revalidated on every read, so a publish or unpublish shows at once.
        'cache-control': 'public, max-age=0, must-revalidate',
        'content-security-policy': "default-src 'none'",
        etag,
      }),
    );
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(body);
  };
  const text = (req: FastifyRequest, reply: FastifyReply, body: string) =>
    send(req, reply, body, 'text/plain; charset=utf-8');
  const sitemap = (req: FastifyRequest, reply: FastifyReply, body: string) =>
    send(req, reply, body, 'application/xml; charset=utf-8');
  const hostOf = (req: FastifyRequest) => req.headers.host?.toLowerCase() ?? '';
  /** The live site whose verified custom domain a request names, or null. */
  const domainSite = (req: FastifyRequest) => {
    const host = hostOf(req).replace(/:\d+$/, '');
    return host ? findLiveSite(ctx, { host }) : Promise.resolve(null);
  };

  app.get('/robots.txt', async (req, reply) => {
    const host = hostOf(req);
    if (host === sitesHost) return text(req, reply, robotsOfSites);
    if (host !== consoleHost) {
      const site = await domainSite(req);
      if (site) return text(req, reply, domainRobots(siteRoot(ctx.config, site)));
    }
    return text(req, reply, CONSOLE_ROBOTS);
  });

  // No host has an icon at the conventional address: the console's index names /favicon.svg, a
  // site's pages name the icon its creator chose, if any. Browsers that ask anyway are told, for a day.
  app.get('/favicon.ico', (_req, reply) =>
    reply
      .status(404)
      .headers(deps.headers({ 'cache-control': 'public, max-age=86400' }))
      .type('text/plain; charset=utf-8')
      .send('Not Found'),
  );

  app.get('/sitemap.xml', async (req, reply) => {
    const host = hostOf(req);
    if (host === sitesHost) {
      // Sites with a verified domain are listed there (its robots.txt names its sitemap).
      const rows = await ctx.db
        .select({ id: sites.id, customPath: sites.customPath, publishedAt: sites.publishedAt })
        .from(sites)
        .where(
          and(
            inArray(sites.status, [...LIVE_STATUSES]),
            isNotNull(sites.published),
            or(isNull(sites.customDomain), ne(sites.domainStatus, 'VERIFIED')),
          ),
        )
        .orderBy(desc(sites.publishedAt))
        .limit(INDEX_LIMIT);
      const list = rows.map((s) => ({
        loc: `${sitesUrl}/sites/${s.customPath ?? s.id}/sitemap.xml`,
        lastmod: s.publishedAt,
      }));
      return sitemap(req, reply, sitemapIndex(list));
    }
    const site = host === consoleHost ? null : await domainSite(req);
    if (!site) return reply.status(404).type('text/plain; charset=utf-8').send('Not Found');
    return sitemap(
      req,
      reply,
      siteSitemap(siteRoot(ctx.config, site), storedSiteDocument(site.published), site.publishedAt),
    );
  });

  app.get('/sites/:key/sitemap.xml', async (req, reply) => {
    const { key } = req.params as { key: string };
    const site = await findLiveSite(ctx, { key });
    if (!site) return deps.notFound(req, reply);
    // A sitemap lists addresses under its own: the site's one address has its own sitemap.
    const root = siteRoot(ctx.config, site);
    if (root !== `${sitesUrl}/sites/${key}` || hostOf(req) !== sitesHost)
      return reply.redirect(`${root}/sitemap.xml`, 301);
    return sitemap(req, reply, siteSitemap(root, storedSiteDocument(site.published), site.publishedAt));
  });
}
