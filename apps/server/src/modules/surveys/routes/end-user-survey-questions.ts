import { ZIdParams } from '@swipe/contracts/accounts';
import { ZEndUserSurveyQuery, ZEndUserSurveyResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { endUserSurvey } from '../survey-answers.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/survey/:id/questions',
  summary: 'An open survey of a published site, in one of its languages',
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  params: ZIdParams,
  querystring: ZEndUserSurveyQuery,
  response: ZEndUserSurveyResponse,
  handler: async ({ ctx, params, query }) => ({
    data: await endUserSurvey(ctx, { surveyId: params.id, lang: query.lang }),
  }),
});
