import { type TSummary, ZSummaryResponse } from '@swipe/contracts/billing';
import { api } from '../../app/api-client';

// The summary dashboard's one call: GET /api/dashboard/summary?from=YYYY-MM&to=YYYY-MM.

export const summaryKeys = {
  range: (from: string, to: string) => ['dashboard', 'summary', from, to] as const,
};

export const summaryApi = {
  get: (query: { from: string; to: string }, opts?: { signal?: AbortSignal }) =>
    api.get<TSummary>('/api/dashboard/summary', { ...opts, query, schema: ZSummaryResponse, toast: false }),
};
