import {
  type TDelivery,
  type TDeliveryInput,
  type TNews,
  type TNewsInput,
  ZDeliveryListResponse,
  ZDeliveryResponse,
  ZNewsListResponse,
  ZNewsResponse,
  ZNewsSiteOptionsResponse,
} from '@swipe/contracts/communications';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import type { z } from 'zod';
import { api, type TRequestOptions } from '../../app/api-client';
import { noticeApiQuery, type TNoticeListQuery } from './notice-values';

// The latest-information and notification-delivery endpoints, typed by the contracts; every
// answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;

/** Where staff images of news are uploaded (the caller's own account); same body as the site's. */
export const NEWS_UPLOAD_ENDPOINT = '/api/communications/generate-urls';

export type TNewsSiteOption = z.infer<typeof ZNewsSiteOptionsResponse>['data'][number];

export const noticeKeys = {
  news: ['latest-information'] as const,
  newsList: (query: TNoticeListQuery) => ['latest-information', 'list', query] as const,
  newsDetail: (id: string) => ['latest-information', 'detail', id] as const,
  newsSites: ['latest-information', 'sites'] as const,
  deliveries: ['notification-deliveries'] as const,
  deliveryList: (siteId: string, query: TNoticeListQuery) =>
    ['notification-deliveries', 'list', siteId, query] as const,
  deliveryDetail: (id: string) => ['notification-deliveries', 'detail', id] as const,
};

export const newsApi = {
  list: (query: TNoticeListQuery, opts?: TOpts) =>
    api.get<TNews[]>('/api/latest-information', {
      ...opts,
      query: noticeApiQuery(query),
      schema: ZNewsListResponse,
    }),
  get: (id: string, opts?: TOpts) =>
    api.get<TNews>(`/api/latest-information/${enc(id)}`, { ...opts, schema: ZNewsResponse }),
  create: (input: TNewsInput, opts?: TOpts) =>
    api.post<TNews>('/api/latest-information', input, { ...opts, schema: ZNewsResponse }),
  save: (id: string, input: TNewsInput, opts?: TOpts) =>
    api.put<TNews>(`/api/latest-information/${enc(id)}`, input, { ...opts, schema: ZNewsResponse }),
  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/latest-information/${enc(id)}`, { ...opts, schema: ZMessageOnly }),
  sites: (opts?: TOpts) =>
    api.get<TNewsSiteOption[]>('/api/latest-information/sites', {
      ...opts,
      schema: ZNewsSiteOptionsResponse,
    }),
};

export const deliveryApi = {
  list: (siteId: string, query: TNoticeListQuery, opts?: TOpts) =>
    api.get<TDelivery[]>(`/api/site/${enc(siteId)}/notification-deliveries`, {
      ...opts,
      query: noticeApiQuery(query),
      schema: ZDeliveryListResponse,
    }),
  get: (id: string, opts?: TOpts) =>
    api.get<TDelivery>(`/api/notification-delivery/${enc(id)}`, { ...opts, schema: ZDeliveryResponse }),
  create: (siteId: string, input: TDeliveryInput, opts?: TOpts) =>
    api.post<TDelivery>(`/api/site/${enc(siteId)}/notification-deliveries`, input, {
      ...opts,
      schema: ZDeliveryResponse,
    }),
  save: (id: string, input: TDeliveryInput, opts?: TOpts) =>
    api.put<TDelivery>(`/api/notification-delivery/${enc(id)}`, input, {
      ...opts,
      schema: ZDeliveryResponse,
    }),
  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/notification-delivery/${enc(id)}`, { ...opts, schema: ZMessageOnly }),
};
