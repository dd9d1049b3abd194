import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSurveyListResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { listSurveys } from '../surveys.service';

export default defineRoute({
  method: 'GET',
  url: '/api/site/:id/surveys',
  summary: 'The surveys of a site, with their response counts',
  tags: ['surveys'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZSurveyListResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await listSurveys(ctx, { caller, siteId: params.id }),
  }),
});
