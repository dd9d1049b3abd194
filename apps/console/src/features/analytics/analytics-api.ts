import {
  type TAnalysisQuery,
  type THeatmap,
  type TOverview,
  type TPagesAnalysis,
  type TRankings,
  type TSourcesAnalysis,
  ZCreativesAnalysisResponse,
  ZHeatmapResponse,
  ZOverviewResponse,
  ZPagesAnalysisResponse,
  ZRankingsResponse,
  ZSourcesAnalysisResponse,
} from '@swipe/contracts/analytics';
import type { z } from 'zod';
import { api } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';

// The analysis calls of one site (GET /api/analysis/sites/{id}/...), and their CSV exports.

export type TAnalysisName = 'overview' | 'pages' | 'creatives' | 'rankings' | 'heatmap' | 'sources';
export type TAnalysisFilters = Pick<TAnalysisQuery, 'from' | 'to' | 'lang' | 'device'>;
export type TCreatives = z.infer<typeof ZCreativesAnalysisResponse>['data'];

const SCHEMAS = {
  overview: ZOverviewResponse,
  pages: ZPagesAnalysisResponse,
  creatives: ZCreativesAnalysisResponse,
  rankings: ZRankingsResponse,
  heatmap: ZHeatmapResponse,
  sources: ZSourcesAnalysisResponse,
} as const;

export type TAnswers = {
  overview: TOverview;
  pages: TPagesAnalysis;
  creatives: TCreatives;
  rankings: TRankings;
  heatmap: THeatmap;
  sources: TSourcesAnalysis;
};

const path = (siteId: string, name: TAnalysisName) =>
  `/api/analysis/sites/${encodeURIComponent(siteId)}/${name}`;

export const analysisKeys = {
  one: (siteId: string, name: TAnalysisName, query: Record<string, unknown>) =>
    ['analysis', siteId, name, query] as const,
};

export const analyticsApi = {
  get: <N extends TAnalysisName>(
    siteId: string,
    name: N,
    query: TAnalysisFilters & { page?: string },
    opts?: { signal?: AbortSignal },
  ) => api.get<TAnswers[N]>(path(siteId, name), { ...opts, query, schema: SCHEMAS[name], toast: false }),

  /** Saves the table of an analysis as CSV under the server-chosen name. */
  exportCsv: (siteId: string, name: TAnalysisName, query: TAnalysisFilters & { page?: string }) =>
    downloadCsv(`${path(siteId, name)}/export-csv`, query, `analysis-${name}.csv`),
};
