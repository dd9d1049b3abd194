import {
  type TAdmin,
  type TAdminInput,
  ZCreateAdminResponse,
  ZDeleteAdminResponse,
  ZListAdminsResponse,
  ZUpdateAdminResponse,
} from '@swipe/contracts/admins';
import { api, type TRequestOptions } from '../../app/api-client';

// The /api/admins endpoints, typed by the contracts; every answer is checked against its schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

export const adminsKey = ['admins'] as const;

export const adminsApi = {
  list: (opts?: TOpts) => api.get<TAdmin[]>('/api/admins', { ...opts, schema: ZListAdminsResponse }),

  create: (body: TAdminInput, opts?: TOpts) =>
    api.post<TAdmin>('/api/admins', body, { ...opts, schema: ZCreateAdminResponse }),

  update: (id: string, body: TAdminInput, opts?: TOpts) =>
    api.put<TAdmin>(`/api/admins/${encodeURIComponent(id)}`, body, { ...opts, schema: ZUpdateAdminResponse }),

  remove: (id: string, opts?: TOpts) =>
    api.delete<null>(`/api/admins/${encodeURIComponent(id)}`, { ...opts, schema: ZDeleteAdminResponse }),
};
