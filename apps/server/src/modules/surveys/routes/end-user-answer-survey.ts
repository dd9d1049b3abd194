import { ZIdParams } from '@swipe/contracts/accounts';
import { ZSurveyAnswerRequest, ZSurveyScoreResponse } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { answerSurvey } from '../survey-answers.service';

export default defineRoute({
  method: 'POST',
  url: '/api/end-user/survey/:id/response',
  summary: "A visitor's answers to a survey: the score (also mailed to them)",
  tags: ['end-user'],
  guard: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
  params: ZIdParams,
  body: ZSurveyAnswerRequest,
  response: ZSurveyScoreResponse,
  status: 201,
  handler: async ({ ctx, params, body, req }) => {
    // A retry is answered with the first score, whether or not it stored anything.
    const { duplicate: _, ...score } = await answerSurvey(ctx, { surveyId: params.id, ...body, ip: req.ip });
    return { data: score };
  },
});
