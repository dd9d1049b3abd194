import { type TSiteDetail, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import type { TSiteDocument } from '@swipe/contracts/sites';
import { api, type TRequestOptions } from '../../app/api-client';

// The site endpoints the editor uses; every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
export type TSaveMode = 'DRAFT' | 'PUBLISH' | 'PRIVATE';

export const siteEditorApi = {
  get: (id: string, opts?: TOpts) =>
    api.get<TSiteDetail>(`/api/site/${encodeURIComponent(id)}`, { ...opts, schema: ZSiteDetailResponse }),

  create: (document: TSiteDocument, accountId: string | undefined, opts?: TOpts) =>
    api.post<TSiteDetail>(
      '/api/site',
      { document, ...(accountId ? { accountId } : {}) },
      {
        ...opts,
        schema: ZSiteDetailResponse,
      },
    ),

  /** `confirmContactReset`: the user confirmed that the changed contact form deletes its submissions. */
  save: (
    id: string,
    body: { document: TSiteDocument; mode: TSaveMode; revision: number; confirmContactReset?: boolean },
    opts?: TOpts,
  ) =>
    api.put<TSiteDetail>(`/api/site/${encodeURIComponent(id)}`, body, {
      ...opts,
      schema: ZSiteDetailResponse,
    }),
};
