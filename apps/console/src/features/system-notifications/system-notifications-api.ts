import {
  type TSystemNotification,
  type TSystemNotificationInput,
  ZMarkAsReadResponse,
  ZSystemNotificationListResponse,
  ZSystemNotificationResponse,
  ZSystemNotificationShowResponse,
} from '@swipe/contracts/communications';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { api, type TRequestOptions } from '../../app/api-client';
import { noticeApiQuery, type TNoticeListQuery } from '../communications/notice-values';
import type { TShowAnswer } from './notification-rules';

// The system-notification endpoints (/system_noti), typed by the contracts; every answer
// is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const enc = encodeURIComponent;
const BASE = '/api/system_noti';

export const notificationsApi = {
  /** MASTER: every notification; other operators: the ones they received. */
  list: (query: TNoticeListQuery, opts?: TOpts) =>
    api.get<TSystemNotification[]>(BASE, {
      ...opts,
      query: noticeApiQuery(query),
      schema: ZSystemNotificationListResponse,
    }),

  get: (id: string, opts?: TOpts) =>
    api.get<TSystemNotification>(`${BASE}/${enc(id)}`, { ...opts, schema: ZSystemNotificationResponse }),

  create: (input: TSystemNotificationInput, opts?: TOpts) =>
    api.post<TSystemNotification>(BASE, input, { ...opts, schema: ZSystemNotificationResponse }),

  save: (id: string, input: TSystemNotificationInput, opts?: TOpts) =>
    api.put<TSystemNotification>(`${BASE}/${enc(id)}`, input, {
      ...opts,
      schema: ZSystemNotificationResponse,
    }),

  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`${BASE}/${enc(id)}`, { ...opts, schema: ZMessageOnly }),

  /** The bell: the caller's current notifications, newest first, and how many are unread. */
  show: (opts?: TOpts) =>
    api.get<TShowAnswer>(`${BASE}/show`, { ...opts, schema: ZSystemNotificationShowResponse }),

  /** Marks notifications read; answers the unread count left. */
  markAsRead: (notiIds: string[], opts?: TOpts) =>
    api.put<{ unread: number }>(
      `${BASE}/mark_as_read`,
      { notiIds },
      { ...opts, schema: ZMarkAsReadResponse },
    ),
};
