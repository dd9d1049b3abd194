import { ZEndUserSurveyListQuery, ZEndUserSurveyListResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { openSurveys } from '../survey-answers.service';

export default defineRoute({
  method: 'GET',
  url: '/api/end-user/survey',
  summary: 'The open surveys of a published site',
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
  querystring: ZEndUserSurveyListQuery,
  response: ZEndUserSurveyListResponse,
  handler: async ({ ctx, query }) => ({
    data: await openSurveys(ctx, { siteId: query.siteId, lang: query.lang }),
  }),
});
