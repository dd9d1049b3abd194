import { ZIdParams } from '@swipe/contracts/accounts';
import {
  ZAnalysisQuery,
  ZCreativesAnalysisResponse,
  ZHeatmapQuery,
  ZHeatmapResponse,
  ZOverviewResponse,
  ZPagesAnalysisResponse,
  ZRankingsResponse,
  ZSourcesAnalysisResponse,
} from '@swipe/contracts/analytics';
import { z } from 'zod';
import type { TAppContext, TCaller } from '../../platform/context';
import { toCsv } from '../../platform/csv';
import { defineRoute, type TAnyRoute } from '../../platform/route';
import { SITE_VIEW_ROLES } from '../site-core/site-access';
import * as analysis from './analytics.service';

// GET /api/analysis/sites/{id}/{overview, pages, creatives, rankings, heatmap}, each also as CSV
// at /export-csv. The plan must include effect measurement (analyticsEffect): a 403 with the
// plan's message otherwise, on every call.

type TCell = string | number | null;

type TAnalysis<TName extends string, TQuery extends z.ZodType, TAnswer> = {
  /** The last segment of its address. */
  name: TName;
  summary: string;
  query: TQuery;
  response: z.ZodType;
  compute: (ctx: TAppContext, caller: TCaller, siteId: string, query: z.output<TQuery>) => Promise<TAnswer>;
  table: (answer: TAnswer) => TCell[][];
};

const analysis_ = <const TName extends string, TQuery extends z.ZodType, TAnswer>(
  def: TAnalysis<TName, TQuery, TAnswer>,
) => def;

/** Where an analysis answers: its JSON, or its table as CSV at /export-csv. */
type TAnalysisUrl<TName extends string> =
  | `/api/analysis/sites/:id/${TName}`
  | `/api/analysis/sites/:id/${TName}/export-csv`;

/**
 * The route of one analysis at `url` (routes/ has one file per route, each naming its address, so
 * a search for the address finds it): its JSON, or its table as CSV when the address ends in
 * /export-csv. An address of another analysis is a type error, and refused here.
 */
export function analysisRoute<TName extends string, TQuery extends z.ZodType, TAnswer>(
  url: NoInfer<TAnalysisUrl<TName>>,
  def: TAnalysis<TName, TQuery, TAnswer>,
): TAnyRoute {
  const guard = { roles: SITE_VIEW_ROLES, authority: 'VIEW', planFlag: 'analyticsEffect' } as const;
  const json = `/api/analysis/sites/:id/${def.name}`;
  if (url !== json && url !== `${json}/export-csv`)
    throw new Error(`${url} is not an address of the ${def.name} analysis`);
  if (url === json)
    return defineRoute({
      method: 'GET',
      url,
      summary: def.summary,
      tags: ['analysis'],
      guard,
      params: ZIdParams,
      querystring: def.query,
      response: def.response,
      handler: async ({ ctx, params, query, caller }) => ({
        data: await def.compute(ctx, caller, params.id, query as z.output<TQuery>),
      }),
    }) as TAnyRoute;
  return defineRoute({
    method: 'GET',
    url,
    summary: `${def.summary} (CSV, UTF-8 with BOM)`,
    tags: ['analysis'],
    guard,
    params: ZIdParams,
    querystring: def.query,
    response: z.string().describe('text/csv'),
    handler: async ({ ctx, params, query, caller, reply }) => {
      const answer = await def.compute(ctx, caller, params.id, query as z.output<TQuery>);
      const q = query as { from: string; to: string };
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="analysis-${def.name}-${q.from.replace(/-/g, '')}-${q.to.replace(/-/g, '')}.csv"`,
        )
        .header('cache-control', 'no-store');
      return toCsv(def.table(answer));
    },
  }) as TAnyRoute;
}

const rate = (v: number | null) => (v === null ? null : Math.round(v * 10_000) / 10_000);

export const ANALYSES = {
  overview: analysis_({
    name: 'overview',
    summary:
      'LP analysis of a site: page views, visitors, visits, dwell, bounce, clicks and conversions against the previous period, by day',
    query: ZAnalysisQuery,
    response: ZOverviewResponse,
    compute: analysis.overview,
    table: (a) => [
      ['day', 'page_views', 'visits', 'visitors', 'conversions'],
      ...a.daily.map((d) => [d.day, d.pageViews, d.visits, d.visitors, d.conversions]),
    ],
  }),
  pages: analysis_({
    name: 'pages',
    summary:
      'Swipe analysis of a site: per page of its grid, reach, exits, dwell and the most common next page',
    query: ZAnalysisQuery,
    response: ZPagesAnalysisResponse,
    compute: analysis.pagesAnalysis,
    table: (a) => [
      [
        'page',
        'views',
        'reached',
        'reach',
        'entries',
        'exits',
        'exit_rate',
        'median_dwell_ms',
        'mean_dwell_ms',
        'next_page',
        'next_share',
      ],
      ...a.pages.map((p) => [
        p.page,
        p.views,
        p.reached,
        rate(p.reach),
        p.entries,
        p.exits,
        rate(p.exitRate),
        p.medianDwellMs,
        p.meanDwellMs,
        p.nextPage,
        rate(p.nextShare),
      ]),
    ],
  }),
  creatives: analysis_({
    name: 'creatives',
    summary:
      'Creative analysis of a site: per page, link button click rate, product opens and clicks, popup CTA clicks',
    query: ZAnalysisQuery,
    response: ZCreativesAnalysisResponse,
    compute: analysis.creativesAnalysis,
    table: (a) => [
      [
        'page',
        'views',
        'link_clicks',
        'link_click_rate',
        'product_opens',
        'product_clicks',
        'cta_clicks',
        'campaign_clicks',
        'other_clicks',
      ],
      ...a.pages.map((p) => [
        p.page,
        p.views,
        p.linkClicks,
        rate(p.linkClickRate),
        p.productOpens,
        p.productClicks,
        p.ctaClicks,
        p.campaignClicks,
        p.otherClicks,
      ]),
    ],
  }),
  rankings: analysis_({
    name: 'rankings',
    summary: 'Best and worst pages of a site by reach, dwell and click rate (sites of 10 pages or more)',
    query: ZAnalysisQuery,
    response: ZRankingsResponse,
    compute: analysis.rankings,
    table: (a) => [
      ['metric', 'end', 'rank', 'page', 'value'],
      ...(['reach', 'dwell', 'clickRate'] as const).flatMap((metric) =>
        (['best', 'worst'] as const).flatMap((end) =>
          a[metric][end].map((p, i) => [
            metric,
            end,
            i + 1,
            p.page,
            metric === 'dwell' ? p.value : rate(p.value),
          ]),
        ),
      ),
    ],
  }),
  sources: analysis_({
    name: 'sources',
    summary:
      'Acquisition of a site: visits, conversions and conversion rate per ad network (from the ad click id) and per source, medium and campaign (UTM)',
    query: ZAnalysisQuery,
    response: ZSourcesAnalysisResponse,
    compute: analysis.sourcesAnalysis,
    table: (a) => [
      [
        'ad_network',
        'source',
        'medium',
        'campaign',
        'visits',
        'conversions',
        'conversion_rate',
        'member',
        'contact',
        'form',
        'survey',
      ],
      ...a.campaigns.map((c) => [
        c.network ?? '',
        c.source,
        c.medium,
        c.campaign,
        c.visits,
        c.conversions,
        rate(c.conversionRate),
        c.byKind.MEMBER,
        c.byKind.CONTACT,
        c.byKind.FORM,
        c.byKind.SURVEY,
      ]),
    ],
  }),
  heatmap: analysis_({
    name: 'heatmap',
    summary: "Taps on one page's creative, counted in a grid over it",
    query: ZHeatmapQuery,
    response: ZHeatmapResponse,
    compute: analysis.heatmap,
    table: (a) => [
      ['column', 'row', 'taps'],
      ...a.cells.map((c) => [c.cell % a.grid, Math.floor(c.cell / a.grid), c.count]),
    ],
  }),
};
