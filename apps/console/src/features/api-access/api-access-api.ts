import {
  type TApiSettings,
  type TUpdateApiSettingsRequest,
  ZApiSettingsResponse,
  ZIssueApiKeyResponse,
} from '@swipe/contracts/api-access';
import { api, type TRequestOptions } from '../../app/api-client';

// The /api/api-settings endpoints (the caller's own account), typed by the contracts.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

export const API_SETTINGS_QUERY_KEY = ['api-settings'] as const;

export const apiAccessApi = {
  get: (opts?: TOpts) =>
    api.get<TApiSettings>('/api/api-settings', { ...opts, schema: ZApiSettingsResponse }),

  update: (body: TUpdateApiSettingsRequest, opts?: TOpts) =>
    api.put<TApiSettings>('/api/api-settings', body, { ...opts, schema: ZApiSettingsResponse }),

  issueKey: (opts?: TOpts) =>
    api.post<{ key: string; settings: TApiSettings }>('/api/api-settings/key', undefined, {
      ...opts,
      schema: ZIssueApiKeyResponse,
    }),

  revokeKey: (opts?: TOpts) =>
    api.delete<TApiSettings>('/api/api-settings/key', { ...opts, schema: ZApiSettingsResponse }),
};
