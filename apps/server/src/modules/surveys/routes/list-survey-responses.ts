import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSubmissionListQuery } from '@swipe/contracts/submissions';
import { ZSurveyResponseListResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listResponses } from '../surveys.service';

export default defineRoute({
  method: 'GET',
  url: '/api/surveys/:id/responses',
  summary: "A survey's answers (email keyword, JST date range; paged)",
  tags: ['surveys'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  querystring: ZSubmissionListQuery,
  response: ZSurveyResponseListResponse,
  handler: async ({ ctx, params, query, caller }) => {
    const { items, total } = await listResponses(ctx, { caller, surveyId: params.id, query });
    return { data: items, meta: { total, page: query.page, pageSize: query.pageSize } };
  },
});
