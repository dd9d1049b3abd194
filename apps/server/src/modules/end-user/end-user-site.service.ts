import { bodyScriptSources, headTagsHtml, readHeadTags } from '@swipe/contracts/site-seo-rules';
import { seoOf, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import { eq } from 'drizzle-orm';
import { siteCtaCounters } from '../../db/schema/analytics';
import type { TAppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { publishedSite } from '../site-core/live-site';
import { mediaUrls } from '../site-core/site-media';

// The end-user reads of a published site: what its runtime and visitor pages fetch. Only
// the published version of a live site answers; another site's page or an unpublished site is
// a 404, like an address that names nothing.

const mediaOf = (ctx: TAppContext, accountId: string, doc: TSiteDocument) =>
  mediaUrls(ctx.db, { accountId, doc, publicUrl: (key) => ctx.storage.publicUrl(key) });

/** One page of the grid; a members-only page answers only that it is locked. */
export async function publicPage(
  ctx: TAppContext,
  opts: { siteId: string; pageId: string; lang?: TSiteLanguage },
) {
  const { site, doc, lang, content } = await publishedSite(ctx, opts);
  const creative = content.creatives.find((c) => c.coordinate === opts.pageId);
  if (!creative) throw notFound();
  if (creative.membersOnlyLock) return { locked: true as const, coordinate: creative.coordinate, lang };
  const { products: _products, ...rest } = creative;
  const media = await mediaOf(ctx, site.accountId, {
    ...doc,
    logo: null,
    favicon: null,
    content: { [lang]: { ...content, creatives: [creative] } },
  });
  return { locked: false as const, coordinate: creative.coordinate, lang, creative: rest, media };
}

/** The product hotspots of a page (none for a members-only page). */
export async function publicProducts(
  ctx: TAppContext,
  opts: { siteId: string; pageId: string; lang?: TSiteLanguage },
) {
  const { site, doc, lang, content } = await publishedSite(ctx, opts);
  const creative = content.creatives.find((c) => c.coordinate === opts.pageId);
  if (!creative) throw notFound();
  const products = creative.membersOnlyLock ? [] : creative.products;
  const media = await mediaOf(ctx, site.accountId, {
    ...doc,
    logo: null,
    favicon: null,
    content: { [lang]: { ...content, creatives: [{ ...creative, media: null, products }] } },
  });
  return { coordinate: creative.coordinate, products, media };
}

export async function publicCompany(ctx: TAppContext, opts: { siteId: string; lang?: TSiteLanguage }) {
  const { lang, content } = await publishedSite(ctx, opts);
  const { id: _id, ...company } = content.company;
  return { lang, company };
}

export async function publicScripts(ctx: TAppContext, opts: { siteId: string; lang?: TSiteLanguage }) {
  const { doc, lang } = await publishedSite(ctx, opts);
  // What the published page writes, never more (tags stored before the current rules included),
  // the default SEO's where the language has none.
  const seo = seoOf(doc, lang);
  const head = readHeadTags(seo.head, { skipInvalid: true });
  return {
    lang,
    head: headTagsHtml('tags' in head ? head.tags : []),
    scripts: bodyScriptSources(seo.body).filter((src) => /^https:\/\//i.test(src)),
  };
}

/** Popup CTA clicks so far, by kind (counted by the event ingestion as clicks arrive). */
async function ctaClicks(ctx: TAppContext, siteId: string) {
  const rows = await ctx.db.select().from(siteCtaCounters).where(eq(siteCtaCounters.siteId, siteId));
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.clicks ?? 0;
  return { timeLimit: of('timeLimit'), applicantLimit: of('applicantLimit') };
}

/** The popup CTAs' numbers: clicks so far and, for the applicant limit, how many places are left. */
export async function publicButtons(ctx: TAppContext, opts: { siteId: string }) {
  const { site, doc } = await publishedSite(ctx, opts);
  const clicks = await ctaClicks(ctx, site.id);
  const state = (kind: 'timeLimit' | 'applicantLimit') => {
    const cta = doc.popupCtas[kind];
    return { enabled: cta.enabled, startDate: cta.startDate, endDate: cta.endDate, clicks: clicks[kind] };
  };
  const applicant = doc.popupCtas.applicantLimit;
  const limit = /^\d+$/.test(applicant.limit) ? Number(applicant.limit) : null;
  return {
    timeLimit: state('timeLimit'),
    applicantLimit: {
      ...state('applicantLimit'),
      limit,
      remaining: limit === null ? null : Math.max(0, limit - clicks.applicantLimit),
    },
  };
}
