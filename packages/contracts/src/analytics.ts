import { z } from 'zod';
import { envelope } from './envelope';
import { jstDay } from './jst-format';
import { CONVERSION_KINDS, ZAdNetwork, ZDeviceClass } from './site-events';
import { zCoordinate } from './site-grid-rules';
import { ZSiteLanguage } from './sites';

// Effect measurement (the swipe analytics screen): GET /api/analysis/sites/{id}/{overview, pages,
// creatives, rankings, heatmap}. Every call takes a period of JST dates (both inclusive), and
// optionally a site language and a device class. Numbers come from rollups, never raw events.

/** The longest period one call may cover. */
export const ANALYSIS_MAX_DAYS = 366;
/** The default period: the last 30 days, today (JST) included. */
export const ANALYSIS_DEFAULT_DAYS = 30;
/** Rankings need a site of at least this many pages (a limit the spec sets). */
export const RANKING_MIN_PAGES = 10;
/** How many pages each end of a ranking shows. */
export const RANKING_SIZE = 5;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A JST date written YYYY-MM-DD that exists. */
const zDay = () => z.string().refine((v) => isDay(v), 'analytics.dateInvalid');

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

/** `day` moved by `days` (negative: earlier). */
export const addDays = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);

/** The period of the same length just before [from, to]. */
export const previousPeriod = (from: string, to: string) => {
  const length = daysBetween(from, to);
  return { from: addDays(from, -length), to: addDays(from, -1) };
};

/**
 * A measure is compared with the previous period only when that period had at least this many
 * visits: against a few dozen, a change of thousands of percent says more about chance than
 * about the site.
 */
export const COMPARISON_MIN_VISITS = 100;

/**
 * The change of a measure against the previous period, as a share of its value then (0.25: up a
 * quarter); 'TOO_FEW_VISITS' when that period had under COMPARISON_MIN_VISITS visits; null when
 * there is nothing to compare (no value, or none before).
 */
export function periodChange(
  now: number | null,
  before: number | null,
  previousVisits: number,
): number | null | 'TOO_FEW_VISITS' {
  if (previousVisits < COMPARISON_MIN_VISITS) return 'TOO_FEW_VISITS';
  if (now === null || before === null || before === 0) return null;
  return (now - before) / Math.abs(before);
}

/** Today's date in Japan. */
export const jstToday = (now = Date.now()) => jstDay(now);

const isDay = (v: string) =>
  ISO_DAY.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * The period a query asks for, the default one (the last ANALYSIS_DEFAULT_DAYS days) filled in,
 * and what is wrong with it if anything: the server refuses it, the console says it.
 */
export function periodOf(q: { from?: string | null; to?: string | null }): {
  from: string;
  to: string;
  problem?: 'analytics.dateInvalid' | 'analytics.rangeInvalid' | 'analytics.rangeTooLong';
} {
  const to = q.to ?? jstToday();
  const from = q.from ?? (isDay(to) ? addDays(to, -(ANALYSIS_DEFAULT_DAYS - 1)) : to);
  if (!isDay(from) || !isDay(to)) return { from, to, problem: 'analytics.dateInvalid' };
  if (dayNumber(from) > dayNumber(to)) return { from, to, problem: 'analytics.rangeInvalid' };
  if (daysBetween(from, to) > ANALYSIS_MAX_DAYS) return { from, to, problem: 'analytics.rangeTooLong' };
  return { from, to };
}

/** Fills the default period and checks it (a malformed date is its field's own issue). */
function withPeriod<T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx) {
  const { from, to, problem } = periodOf(q);
  if (problem && problem !== 'analytics.dateInvalid')
    ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
  return { ...q, from, to };
}

const ZFilters = z.object({
  from: zDay().optional(),
  to: zDay().optional(),
  lang: ZSiteLanguage.optional(),
  device: ZDeviceClass.optional(),
});

export const ZAnalysisQuery = ZFilters.transform(withPeriod);
export type TAnalysisQuery = z.output<typeof ZAnalysisQuery>;

/** The heatmap of one page (A1 unless named). */
export const ZHeatmapQuery = ZFilters.extend({ page: zCoordinate().default('A1') }).transform(withPeriod);

const ZPeriod = z.object({ from: z.string(), to: z.string() });

// --- overview (LP analysis) -------------------------------------------------------------------

export const ZOverviewMetrics = z.object({
  pageViews: z.number().int(),
  visitors: z.number().int(),
  visits: z.number().int(),
  medianDwellMs: z.number().int().nullable(),
  meanDwellMs: z.number().int().nullable(),
  /** Share of visits that saw one page only, 0..1 (null without visits). */
  bounceRate: z.number().nullable(),
  clicks: z.number().int(),
  conversions: z.number().int(),
  /** Conversions per visit, 0..1 (null without visits). */
  conversionRate: z.number().nullable(),
});
export type TOverviewMetrics = z.infer<typeof ZOverviewMetrics>;

export const ZOverviewDay = z.object({
  day: z.string(),
  pageViews: z.number().int(),
  visits: z.number().int(),
  visitors: z.number().int(),
  conversions: z.number().int(),
});

export const ZOverview = z.object({
  period: ZPeriod,
  previousPeriod: ZPeriod,
  current: ZOverviewMetrics,
  previous: ZOverviewMetrics,
  daily: z.array(ZOverviewDay),
  /** Conversions by kind (MEMBER, CONTACT, FORM, SURVEY) in the period. */
  conversionsByKind: z.record(z.string(), z.number().int()),
});
export type TOverview = z.infer<typeof ZOverview>;
export const ZOverviewResponse = envelope(ZOverview);

// --- pages (swipe analysis) -------------------------------------------------------------------

export const ZPageAnalysis = z.object({
  page: z.string(),
  views: z.number().int(),
  /** Visits that reached the page. */
  reached: z.number().int(),
  /** reached / visits of the site, 0..1. */
  reach: z.number(),
  entries: z.number().int(),
  exits: z.number().int(),
  /** exits / reached, 0..1 (null when nobody reached it). */
  exitRate: z.number().nullable(),
  medianDwellMs: z.number().int().nullable(),
  meanDwellMs: z.number().int().nullable(),
  /** Where visitors went most often from here, and the share of the page's swipes that went there. */
  nextPage: z.string().nullable(),
  nextShare: z.number().nullable(),
});
export type TPageAnalysis = z.infer<typeof ZPageAnalysis>;

export const ZPagesAnalysis = z.object({
  period: ZPeriod,
  rows: z.number().int(),
  columns: z.number().int(),
  visits: z.number().int(),
  pages: z.array(ZPageAnalysis),
});
export type TPagesAnalysis = z.infer<typeof ZPagesAnalysis>;
export const ZPagesAnalysisResponse = envelope(ZPagesAnalysis);

// --- creatives ----------------------------------------------------------------------------------

export const ZCreativeAnalysis = z.object({
  page: z.string(),
  views: z.number().int(),
  linkClicks: z.number().int(),
  /** linkClicks / views (null without views). */
  linkClickRate: z.number().nullable(),
  productOpens: z.number().int(),
  productClicks: z.number().int(),
  ctaClicks: z.number().int(),
  /** Clicks on the banners and buttons of the campaign zones beside the page. */
  campaignClicks: z.number().int(),
  otherClicks: z.number().int(),
});
export type TCreativeAnalysis = z.infer<typeof ZCreativeAnalysis>;
export const ZCreativesAnalysis = z.object({ period: ZPeriod, pages: z.array(ZCreativeAnalysis) });
export const ZCreativesAnalysisResponse = envelope(ZCreativesAnalysis);

// --- rankings -----------------------------------------------------------------------------------

export const ZRankedPage = z.object({ page: z.string(), value: z.number().nullable() });
export const ZRanking = z.object({ best: z.array(ZRankedPage), worst: z.array(ZRankedPage) });
export const ZRankings = z.object({
  period: ZPeriod,
  pageCount: z.number().int(),
  /** False for a site of fewer than RANKING_MIN_PAGES pages (the rankings are then empty). */
  eligible: z.boolean(),
  reach: ZRanking,
  dwell: ZRanking,
  clickRate: ZRanking,
});
export type TRankings = z.infer<typeof ZRankings>;
export const ZRankingsResponse = envelope(ZRankings);

// --- heatmap ------------------------------------------------------------------------------------

export const ZHeatmap = z.object({
  period: ZPeriod,
  page: z.string(),
  /** Every page of the site's grid, in reading order (the pages one may pick). */
  pages: z.array(z.string()),
  /** Taps are counted in a grid x grid raster over the creative. */
  grid: z.number().int(),
  taps: z.number().int(),
  cells: z.array(z.object({ cell: z.number().int(), count: z.number().int() })),
  /** The page's creative image (published version), to draw the taps over. */
  imageUrl: z.string().nullable(),
});
export type THeatmap = z.infer<typeof ZHeatmap>;
export const ZHeatmapResponse = envelope(ZHeatmap);

// --- sources (acquisition: ad networks and campaigns) ---------------------------------------

/** Visits and the conversions of those visits, counted by where the visits came from. */
const ZSourceCounts = z.object({
  visits: z.number().int(),
  conversions: z.number().int(),
  /** conversions / visits, 0..1 (null without visits). */
  conversionRate: z.number().nullable(),
  /** Conversions by kind (MEMBER, CONTACT, FORM, SURVEY). */
  byKind: z.record(z.enum(CONVERSION_KINDS), z.number().int()),
});

export const ZSourceRow = ZSourceCounts.extend({
  /** The ad network of the visit's click id; null: no ad click. */
  network: ZAdNetwork.nullable(),
  /** utm_source, else the referrer's host; '' for a direct visit. */
  source: z.string(),
  /** utm_medium and utm_campaign ('' when absent). */
  medium: z.string(),
  campaign: z.string(),
});
export type TSourceRow = z.infer<typeof ZSourceRow>;

export const ZSourcesAnalysis = z.object({
  period: ZPeriod,
  /** One row per ad network (null: visits without an ad click), most visits first. */
  networks: z.array(ZSourceCounts.extend({ network: ZAdNetwork.nullable() })),
  /** One row per network, source, medium and campaign, most visits first. */
  campaigns: z.array(ZSourceRow),
});
export type TSourcesAnalysis = z.infer<typeof ZSourcesAnalysis>;
export const ZSourcesAnalysisResponse = envelope(ZSourcesAnalysis);

// --- Check Plan: page views per month -------------------------------------------------------

export const ZMonthlyPageViews = z.array(z.object({ month: z.string(), views: z.number().int() }));
