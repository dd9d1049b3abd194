import { ZIdParams } from '@swipe/contracts/accounts';
import { ZMessageOnly } from '@swipe/contracts/envelope';
import { translate } from '@swipe/contracts/messages';
import { defineRoute } from '../../../platform/route';
import { SITE_EDIT_ROLES } from '../../site-core/site-access';
import { deleteSurvey } from '../surveys.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/surveys/:id',
  summary: 'Delete a survey and its answers (refused while a link button of the site leads to it)',
  tags: ['surveys'],
  guard: { roles: SITE_EDIT_ROLES, authority: 'EDIT' },
  params: ZIdParams,
  response: ZMessageOnly,
  handler: async ({ ctx, params, caller, req }) => {
    await deleteSurvey(ctx, { caller, surveyId: params.id, ip: req.ip });
    return { data: null, message: translate('surveys.deleted', req.lang) };
  },
});
