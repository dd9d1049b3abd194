import { applyVariation, ZVariationOverrides } from '@swipe/contracts/experiments';
import { LANGUAGE_SEGMENT, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import { and, eq, inArray } from 'drizzle-orm';
import { siteVariations } from '../../db/schema/experiments';
import { sites } from '../../db/schema/sites';
import { storedSiteDocument } from '../../db/site-document';
import type { TAppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { LIVE_STATUSES } from './site-access';

// Which live site and language a visitor's address names, and its published document: read by
// the viewer, the visitor pages and every module that answers visitors (forms, members, surveys).

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
  site: Pick<
    TSite,
    'publishedVersion' | 'status' | 'customDomain' | 'domainStatus' | 'customPath' | 'experimentVersion'
  >,
) =>
  `${site.publishedVersion}:${site.status}:${site.customPath ?? ''}:${site.customDomain ?? ''}:${site.domainStatus}:${site.experimentVersion}`;

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
      experimentVersion: sites.experimentVersion,
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

/**
 * The published document as variation `variationId` of the site's running experiment shows it
 * (its forms, pages and popups); the document itself for any other id or none.
 */
export async function variationDocument(
  ctx: TAppContext,
  site: Pick<TSite, 'liveExperimentId'>,
  doc: TSiteDocument,
  variationId: string | null | undefined,
): Promise<TSiteDocument> {
  if (!variationId || !site.liveExperimentId || !UUID.test(variationId)) return doc;
  const [variation] = await ctx.db
    .select({ overrides: siteVariations.overrides })
    .from(siteVariations)
    .where(and(eq(siteVariations.id, variationId), eq(siteVariations.experimentId, site.liveExperimentId)));
  return variation ? applyVariation(doc, ZVariationOverrides.parse(variation.overrides)) : doc;
}

/**
 * The published document of a live site and the language asked for (the default otherwise); as
 * variation `variationId` shows it when that is a variation of its running experiment.
 */
export async function publishedSite(
  ctx: TAppContext,
  opts: { siteId: string; lang?: TSiteLanguage; variationId?: string | null },
) {
  const site = await findLiveSite(ctx, { key: opts.siteId });
  if (!site) throw notFound();
  const doc = await variationDocument(ctx, site, storedSiteDocument(site.published), opts.variationId);
  const lang = opts.lang && doc.languages.includes(opts.lang) ? opts.lang : doc.defaultLanguage;
  return { site, doc, lang, content: doc.content[lang]! };
}
