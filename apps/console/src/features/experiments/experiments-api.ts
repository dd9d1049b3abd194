import { ZMessageOnly } from '@swipe/contracts/envelope';
import {
  type TCreateExperimentRequest,
  type TExperiment,
  type TExperimentBase,
  type TUpdateExperimentRequest,
  type TUpdateVariationRequest,
  ZExperimentBaseResponse,
  ZExperimentResponse,
  ZExperimentsResponse,
} from '@swipe/contracts/experiments';
import { type TSiteDetail, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import { api, type TEnvelope, type TRequestOptions } from '../../app/api-client';

// The experiment endpoints of a site (A/B variations), typed by the contracts; every answer is
// checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;

export const experimentKeys = {
  /** The site's detail, shared with the other per-site pages (same call, same cache entry). */
  site: (siteId: string) => ['sites', 'detail', siteId] as const,
  list: (siteId: string) => ['experiments', 'list', siteId] as const,
  base: (siteId: string) => ['experiments', 'base', siteId] as const,
};

export type TExperimentsEnvelope = TEnvelope<TExperiment[]>;

const base = (siteId: string) => `/api/site/${enc(siteId)}/experiments`;
const one = (siteId: string, experimentId: string) => `${base(siteId)}/${enc(experimentId)}`;
const variation = (siteId: string, experimentId: string, variationId: string) =>
  `${one(siteId, experimentId)}/variations/${enc(variationId)}`;
const answer = { schema: ZExperimentResponse };

export const experimentsApi = {
  site: (siteId: string, opts?: TOpts) =>
    api.get<TSiteDetail>(`/api/site/${enc(siteId)}`, { ...opts, schema: ZSiteDetailResponse }),

  list: (siteId: string, opts?: TOpts) =>
    api.get<TExperiment[]>(base(siteId), { ...opts, schema: ZExperimentsResponse }),

  base: (siteId: string, opts?: TOpts) =>
    api.get<TExperimentBase>(`${base(siteId)}/base`, { ...opts, schema: ZExperimentBaseResponse }),

  create: (siteId: string, body: TCreateExperimentRequest, opts?: TOpts) =>
    api.post<TExperiment>(base(siteId), body, { ...opts, ...answer }),

  update: (siteId: string, experimentId: string, body: TUpdateExperimentRequest, opts?: TOpts) =>
    api.patch<TExperiment>(one(siteId, experimentId), body, { ...opts, ...answer }),

  remove: (siteId: string, experimentId: string, opts?: TOpts) =>
    api.delete<null>(one(siteId, experimentId), { ...opts, schema: ZMessageOnly }),

  addVariation: (siteId: string, experimentId: string, name: string, opts?: TOpts) =>
    api.post<TExperiment>(`${one(siteId, experimentId)}/variations`, { name }, { ...opts, ...answer }),

  updateVariation: (
    siteId: string,
    experimentId: string,
    variationId: string,
    body: TUpdateVariationRequest,
    opts?: TOpts,
  ) => api.put<TExperiment>(variation(siteId, experimentId, variationId), body, { ...opts, ...answer }),

  removeVariation: (siteId: string, experimentId: string, variationId: string, opts?: TOpts) =>
    api.delete<TExperiment>(variation(siteId, experimentId, variationId), { ...opts, ...answer }),

  start: (siteId: string, experimentId: string, opts?: TOpts) =>
    api.post<TExperiment>(`${one(siteId, experimentId)}/start`, {}, { ...opts, ...answer }),

  stop: (siteId: string, experimentId: string, opts?: TOpts) =>
    api.post<TExperiment>(`${one(siteId, experimentId)}/stop`, {}, { ...opts, ...answer }),

  declareWinner: (siteId: string, experimentId: string, variationId: string, opts?: TOpts) =>
    api.post<TExperiment>(`${one(siteId, experimentId)}/winner`, { variationId }, { ...opts, ...answer }),
};
