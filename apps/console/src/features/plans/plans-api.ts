import {
  type TCheckPlan,
  type TCreatePlanRequest,
  type TPlan,
  type TPlanTerms,
  ZCheckPlanResponse,
  ZCreatePlanResponse,
  ZListPlansResponse,
  ZRetirePlanResponse,
  ZUpdatePlanResponse,
} from '@swipe/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { api, type TRequestOptions } from '../../app/api-client';

// The plan endpoints, typed by the contracts; every answer is checked against its schema.

type TOpts = Pick<TRequestOptions, 'toast' | 'signal'>;
const idPath = (id: string) => `/api/plans/${encodeURIComponent(id)}`;

export const plansApi = {
  list: (query: { includeRetired?: boolean } = {}, opts?: TOpts) =>
    api.get<TPlan[]>('/api/plans', { ...opts, query, schema: ZListPlansResponse }),
  create: (body: TCreatePlanRequest, opts?: TOpts) =>
    api.post<TPlan>('/api/plans', body, { ...opts, schema: ZCreatePlanResponse }),
  update: (id: string, body: TPlanTerms, opts?: TOpts) =>
    api.put<TPlan>(idPath(id), body, { ...opts, schema: ZUpdatePlanResponse }),
  retire: (id: string, opts?: TOpts) =>
    api.delete<TPlan>(idPath(id), { ...opts, schema: ZRetirePlanResponse }),
  checkPlan: (opts?: TOpts) =>
    api.get<TCheckPlan | null>('/api/check-plan', { ...opts, schema: ZCheckPlanResponse }),
};

/** Every plan query shares the `plans` prefix, so one invalidation refreshes them all. */
export const planKeys = {
  all: ['plans'] as const,
  list: (includeRetired: boolean) => ['plans', 'list', { includeRetired }] as const,
  checkPlan: ['plans', 'check-plan'] as const,
};

export const usePlanCatalogue = () =>
  useQuery({
    queryKey: planKeys.list(false),
    queryFn: ({ signal }) => plansApi.list({}, { signal }),
  });

export const useCheckPlan = (enabled = true) =>
  useQuery({
    queryKey: planKeys.checkPlan,
    queryFn: ({ signal }) => plansApi.checkPlan({ signal }),
    enabled,
  });
