import { envelope, ZMessageOnly } from '@swipe/contracts/envelope';
import { type TSiteDetail, ZSiteDetailResponse } from '@swipe/contracts/site-api';
import {
  type TCreateWebhookRequest,
  type TWebhook,
  type TWebhookDelivery,
  ZWebhookDeliveriesResponse,
  ZWebhookDelivery,
  ZWebhookResponse,
  ZWebhooksResponse,
} from '@swipe/contracts/webhooks';
import { api, type TRequestOptions } from '../../app/api-client';

// The webhook endpoints of a site, typed by the contracts; every answer is checked against its
// response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;
const ZTestResponse = envelope(ZWebhookDelivery);

export const webhookKeys = {
  /** The site's detail, shared with the other per-site pages (same call, same cache entry). */
  site: (siteId: string) => ['sites', 'detail', siteId] as const,
  list: (siteId: string) => ['webhooks', 'list', siteId] as const,
  deliveries: (webhookId: string) => ['webhooks', 'deliveries', webhookId] as const,
};

const base = (siteId: string) => `/api/site/${enc(siteId)}/webhooks`;
const one = (siteId: string, webhookId: string) => `${base(siteId)}/${enc(webhookId)}`;

export const webhooksApi = {
  site: (siteId: string, opts?: TOpts) =>
    api.get<TSiteDetail>(`/api/site/${enc(siteId)}`, { ...opts, schema: ZSiteDetailResponse }),

  list: (siteId: string, opts?: TOpts) =>
    api.get<TWebhook[]>(base(siteId), { ...opts, schema: ZWebhooksResponse }),

  create: (siteId: string, body: TCreateWebhookRequest, opts?: TOpts) =>
    api.post<TWebhook>(base(siteId), body, { ...opts, schema: ZWebhookResponse }),

  setEnabled: (siteId: string, webhookId: string, enabled: boolean, opts?: TOpts) =>
    api.patch<TWebhook>(one(siteId, webhookId), { enabled }, { ...opts, schema: ZWebhookResponse }),

  remove: (siteId: string, webhookId: string, opts?: TOpts) =>
    api.delete<null>(one(siteId, webhookId), { ...opts, schema: ZMessageOnly }),

  sendTest: (siteId: string, webhookId: string, opts?: TOpts) =>
    api.post<TWebhookDelivery>(`${one(siteId, webhookId)}/test`, {}, { ...opts, schema: ZTestResponse }),

  deliveries: (siteId: string, webhookId: string, opts?: TOpts) =>
    api.get<TWebhookDelivery[]>(`${one(siteId, webhookId)}/deliveries`, {
      ...opts,
      schema: ZWebhookDeliveriesResponse,
    }),
};
