import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionListQuery, ZSubmissionListResponse } from '@swipe/contracts/submissions';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listSubmissions } from '../submissions.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site-form/:id',
  summary:
    'The homepage forms sent to a site (keyword on email, company and answers, JST date range; newest first, paged)',
  tags: ['submissions'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZSubmissionListQuery,
  response: ZSubmissionListResponse,
  handler: async ({ ctx, params, query, caller }) => {
    const { items, total } = await listSubmissions(ctx, {
      caller,
      siteId: params.id,
      kind: 'HOMEPAGE',
      query,
    });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
