import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZSurveyDetailResponse, ZSurveyInput } from '@swipe/contracts/surveys';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { createSurvey } from '../surveys.service';

export default defineRoute({
  method: 'POST',
  url: '/api/site/:id/surveys',
  summary: "Create a survey of a site (texts in the site's languages only)",
  tags: ['surveys'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  body: ZSurveyInput,
  response: ZSurveyDetailResponse,
  status: 201,
  handler: async ({ ctx, params, body, caller, req }) => ({
    data: await createSurvey(ctx, { caller, siteId: params.id, input: body, ip: req.ip }),
    message: translate('surveys.saved', req.lang),
  }),
});
