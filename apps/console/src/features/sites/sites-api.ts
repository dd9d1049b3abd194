import { type TAccountSummary, ZGetAccountResponse } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import {
  type TSiteDetail,
  type TSiteSummary,
  ZListSitesResponse,
  ZSiteDetailResponse,
} from '@swipe/contracts/site-api';
import { type TSiteStats, ZSiteStatsResponse } from '@swipe/contracts/site-events';
import { api, type TRequestOptions } from '../../app/api-client';
import { downloadCsv } from '../../app/csv-download';
import { withoutPaging } from '../../app/use-list-query';
import type { TSiteListQuery } from './site-list-query';

// The /api/site endpoints the site list needs (and the account look-up of the per-account
// list), typed by the contracts; every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

export const siteKeys = {
  all: ['sites'] as const,
  lists: ['sites', 'list'] as const,
  list: (query: TSiteListQuery) => ['sites', 'list', query] as const,
  account: (id: string) => ['accounts', id] as const,
  stats: (id: string) => ['sites', 'stats', id] as const,
};

export const sitesApi = {
  list: (query: TSiteListQuery, opts?: TOpts) =>
    api.get<TSiteSummary[]>('/api/site', { ...opts, query, schema: ZListSitesResponse }),

  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/site/${encodeURIComponent(id)}`, { ...opts, schema: ZMessageOnly }),

  /** A draft copy of the site in its account (the server names it "… (copy)"). */
  duplicate: (id: string, opts?: TOpts) =>
    api.post<TSiteDetail>(`/api/site/${encodeURIComponent(id)}/duplicate`, undefined, {
      ...opts,
      schema: ZSiteDetailResponse,
    }),

  /** Saves the CSV of the list's filters (all pages) under the server-chosen name. */
  exportCsv: (query: TSiteListQuery) => downloadCsv('/api/site/export', withoutPaging(query), 'sites.csv'),

  stats: (id: string, opts?: TOpts) =>
    api.get<TSiteStats>(`/api/site/${encodeURIComponent(id)}/stats`, { ...opts, schema: ZSiteStatsResponse }),

  account: (id: string, opts?: TOpts) =>
    api.get<TAccountSummary>(`/api/accounts/${encodeURIComponent(id)}`, {
      ...opts,
      schema: ZGetAccountResponse,
    }),
};
