import {
  type TCampaign,
  type TCampaignInput,
  ZCampaignListResponse,
  ZCampaignResponse,
} from '@swipe/contracts/campaigns';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { type TSiteDetail, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { api, type TRequestOptions } from '../../app/api-client';

// The campaign endpoints of a site, typed by the contracts; every answer is checked against its
// response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;

export const campaignKeys = {
  all: ['campaigns'] as const,
  site: (siteId: string) => ['sites', 'detail', siteId] as const,
  list: (siteId: string) => ['campaigns', 'list', siteId] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
};

export const campaignsApi = {
  site: (siteId: string, opts?: TOpts) =>
    api.get<TSiteDetail>(`/api/site/${enc(siteId)}`, { ...opts, schema: ZSiteDetailResponse }),

  list: (siteId: string, opts?: TOpts) =>
    api.get<TCampaign[]>(`/api/site/${enc(siteId)}/campaigns`, { ...opts, schema: ZCampaignListResponse }),

  get: (id: string, opts?: TOpts) =>
    api.get<TCampaign>(`/api/campaign/${enc(id)}`, { ...opts, schema: ZCampaignResponse }),

  create: (siteId: string, input: TCampaignInput, opts?: TOpts) =>
    api.post<TCampaign>(`/api/site/${enc(siteId)}/campaigns`, input, { ...opts, schema: ZCampaignResponse }),

  save: (id: string, input: TCampaignInput, opts?: TOpts) =>
    api.put<TCampaign>(`/api/campaign/${enc(id)}`, input, { ...opts, schema: ZCampaignResponse }),

  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/campaign/${enc(id)}`, { ...opts, schema: ZMessageOnly }),
};
