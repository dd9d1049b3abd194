import {
  LANGUAGE_SEGMENT,
  type TSiteDocument,
  type TSiteLanguage,
  ZSiteLanguage,
} from '@swipe/contracts/sites';
import type { TRenderMode } from '@swipe/viewer/render/model';
import { renderSitePage } from '@swipe/viewer/render/site-page';
import { and, eq, inArray } from 'drizzle-orm';
import { sites } from '../../db/schema/sites';
import type { TAppContext } from '../../platform/context';
import { LIVE_STATUSES } from '../sites/site-access';
import { mediaDetails } from '../sites/site-media';

// SPEC 2 end-user routes: which site and language a visitor's address names, and the page the
// viewer's renderer makes of it.

type TSite = typeof sites.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LANGUAGE_OF_SEGMENT = Object.fromEntries(
  Object.entries(LANGUAGE_SEGMENT).map(([lang, seg]) => [seg, lang as TSiteLanguage]),
) as Record<string, TSiteLanguage>;

/** The language a path segment names ('en' -> EN), or null. */
export const languageOfSegment = (segment: string): TSiteLanguage | null =>
  LANGUAGE_OF_SEGMENT[segment.toLowerCase()] ?? null;

/** What visitors see of a site changes with these: the cache compares them. */
export const siteStamp = (
  site: Pick<TSite, 'publishedVersion' | 'status' | 'customDomain' | 'domainStatus' | 'customPath'>,
) =>
  `${site.publishedVersion}:${site.status}:${site.customPath ?? ''}:${site.customDomain ?? ''}:${site.domainStatus}`;

/** The live site an address names: by id or custom path under /sites/, or by its verified domain. */
export async function findLiveSite(
  ctx: TAppContext,
  by: { key: string } | { host: string },
): Promise<TSite | null> {
  const where =
    'host' in by
      ? and(eq(sites.customDomain, by.host.toLowerCase()), eq(sites.domainStatus, 'VERIFIED'))
      : UUID.test(by.key)
        ? eq(sites.id, by.key)
        : eq(sites.customPath, by.key);
  const [site] = await ctx.db
    .select()
    .from(sites)
    .where(and(where, inArray(sites.status, [...LIVE_STATUSES])))
    .limit(1);
  return site?.published ? site : null;
}

/** The current stamp of a live site, or null when visitors can no longer see it. */
export async function currentStamp(ctx: TAppContext, siteId: string): Promise<string | null> {
  const [site] = await ctx.db
    .select({
      publishedVersion: sites.publishedVersion,
      status: sites.status,
      customDomain: sites.customDomain,
      customPath: sites.customPath,
      domainStatus: sites.domainStatus,
    })
    .from(sites)
    .where(eq(sites.id, siteId));
  return site && LIVE_STATUSES.includes(site.status) ? siteStamp(site) : null;
}

/**
 * The language of a page address: none is the default language; a segment must name another of
 * the site's languages ('/ja' for a JP-default site is not an address of it).
 */
export function pageLanguage(doc: TSiteDocument, segment: string | undefined): TSiteLanguage | null {
  if (!segment) return doc.defaultLanguage;
  const lang = languageOfSegment(segment);
  return lang && lang !== doc.defaultLanguage && doc.languages.includes(lang) ? lang : null;
}

/** Renders one language of a site document with its media, as visitors (or a previewer) see it. */
export async function renderSite(
  ctx: TAppContext,
  opts: {
    site: Pick<TSite, 'id' | 'accountId'>;
    doc: TSiteDocument;
    lang: TSiteLanguage;
    basePath: string;
    origin: string;
    mode: TRenderMode;
    runtimeUrl: string;
  },
) {
  const media = await mediaDetails(ctx.db, {
    accountId: opts.site.accountId,
    doc: opts.doc,
    publicUrl: (key) => ctx.storage.publicUrl(key),
  });
  return renderSitePage({
    siteId: opts.site.id,
    doc: opts.doc,
    lang: opts.lang,
    media,
    basePath: opts.basePath,
    origin: opts.origin,
    mode: opts.mode,
    runtimeUrl: opts.runtimeUrl,
    eventsUrl: opts.mode === 'PREVIEW' ? null : '/api/end-user/events',
  });
}

export const isSiteLanguage = (v: string): v is TSiteLanguage => ZSiteLanguage.safeParse(v).success;
