import { type TAccountSummary, ZGetAccountResponse } from '@swipe/contracts/accounts';
import { type TPlan, ZListPlansResponse } from '@swipe/contracts/plans';
import {
  type TContractAction,
  type TContractHistoryItem,
  type TCreateUserBody,
  type TUpdateUserBody,
  type TUserDetail,
  type TUserListItem,
  type TUserListQuery,
  ZChangePlanResponse,
  ZContractActionResponse,
  ZCreateUserResponse,
  ZGetUserResponse,
  ZListUsersResponse,
  ZUpdateUserResponse,
  ZUserHistoryResponse,
} from '@swipe/contracts/users';
import { api, type TRequestOptions } from '../../app/api-client';

// The /api/users endpoints (and the plan and account look-ups the user pages need), typed by
// the contracts; every answer is checked against its response schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;

const ACTION_PATHS: Record<TContractAction, string> = {
  SUSPEND: 'suspend',
  RESUME: 'resume',
  TERMINATE: 'terminate',
};

export const usersApi = {
  list: (query: Partial<TUserListQuery>, opts?: TOpts) =>
    api.get<TUserListItem[]>('/api/users', { ...opts, query, schema: ZListUsersResponse }),

  get: (id: string, opts?: TOpts) =>
    api.get<TUserDetail>(`/api/users/${encodeURIComponent(id)}`, { ...opts, schema: ZGetUserResponse }),

  create: (body: TCreateUserBody, opts?: TOpts) =>
    api.post<TUserDetail>('/api/users', body, { ...opts, schema: ZCreateUserResponse }),

  update: (id: string, body: TUpdateUserBody, opts?: TOpts) =>
    api.put<TUserDetail>(`/api/users/${encodeURIComponent(id)}`, body, {
      ...opts,
      schema: ZUpdateUserResponse,
    }),

  contractAction: (id: string, action: TContractAction, opts?: TOpts) =>
    api.post<TUserDetail>(
      `/api/users/${encodeURIComponent(id)}/contract/${ACTION_PATHS[action]}`,
      undefined,
      {
        ...opts,
        schema: ZContractActionResponse,
      },
    ),

  changePlan: (id: string, planId: string, opts?: TOpts) =>
    api.put<TUserDetail>(
      `/api/users/${encodeURIComponent(id)}/contract/plan`,
      { planId },
      { ...opts, schema: ZChangePlanResponse },
    ),

  cancelPlanChange: (id: string, opts?: TOpts) =>
    api.delete<TUserDetail>(`/api/users/${encodeURIComponent(id)}/contract/plan`, {
      ...opts,
      schema: ZChangePlanResponse,
    }),

  history: (id: string, query: { page: number; pageSize: number }, opts?: TOpts) =>
    api.get<TContractHistoryItem[]>(`/api/users/${encodeURIComponent(id)}/history`, {
      ...opts,
      query,
      schema: ZUserHistoryResponse,
    }),

  plans: (opts?: TOpts) => api.get<TPlan[]>('/api/plans', { ...opts, schema: ZListPlansResponse }),

  account: (id: string, opts?: TOpts) =>
    api.get<TAccountSummary>(`/api/accounts/${encodeURIComponent(id)}`, {
      ...opts,
      schema: ZGetAccountResponse,
    }),
};

/** Plans a new contract or a plan change may use: the current version of every unretired plan. */
export const selectablePlans = (plans: readonly TPlan[]) => plans.filter((p) => p.isCurrent && !p.retired);
