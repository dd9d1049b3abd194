import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSurveyDetailResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { SITE_VIEW_ROLES } from '../../site-core/site-access';
import { getSurvey } from '../surveys.service';

export default defineRoute({
  method: 'GET',
  url: '/api/surveys/:id',
  summary: 'One survey with its document',
  tags: ['surveys'],
  guard: { roles: SITE_VIEW_ROLES, authority: 'VIEW' },
  params: ZIdParams,
  response: ZSurveyDetailResponse,
  handler: async ({ ctx, params, caller }) => ({
    data: await getSurvey(ctx, { caller, surveyId: params.id }),
  }),
});
