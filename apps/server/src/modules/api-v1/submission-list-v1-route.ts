import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionListQuery, ZSubmissionListResponse } from '@swipe/contracts/submissions';
import { defineRoute } from '../../platform/route';
import { listSubmissions, type TSubmissionKind } from '../submissions/submissions.service';
import { API_V1_IP_LIMIT } from './api-v1-limits';

/**
 * The read API's contact forms and homepage forms of a site differ only in address, kind and
 * summary; each keeps its own file under routes/, naming its address, and builds itself here.
 */
export function defineV1SubmissionListRoute(opts: { url: string; kind: TSubmissionKind; summary: string }) {
  return defineRoute({
    method: 'GET',
    url: opts.url,
    summary: opts.summary,
    tags: ['api-v1'],
    guard: { apiClient: true, rateLimit: API_V1_IP_LIMIT },
    params: ZIdParams,
    querystring: ZSubmissionListQuery,
    response: ZSubmissionListResponse,
    handler: async ({ ctx, apiClient, params, query }) => {
      const { items, total } = await listSubmissions(ctx, {
        caller: apiClient,
        siteId: params.id,
        kind: opts.kind,
        query,
      });
      return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
    },
  });
}
