import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSurveyDetailResponse, ZSurveyInput } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { updateSurvey } from '../surveys.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/surveys/:id',
  summary: 'Save a survey (name, open, answers per email, the document)',
  tags: ['surveys'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZSurveyInput,
  response: ZSurveyDetailResponse,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await updateSurvey(ctx, { caller, surveyId: params.id, input: body, ip: req.ip }),
    message: translate('surveys.saved', req.lang),
  }),
});
