import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZUpdatePlanRequest, ZUpdatePlanResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { updatePlan } from '../plans.service';

export default defineRoute({
  method: 'PUT',
  url: '/api/plans/:id',
  summary:
    'Plan management: save new terms as the next version; contracts stay on the version they have (only the current version can be edited)',
  tags: ['plans'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  params: ZIdParams,
  body: ZUpdatePlanRequest,
  response: ZUpdatePlanResponse,
  handler: async ({ ctx, caller, body, params, req }) => {
    const result = await updatePlan(ctx, { caller, id: params.id, input: body, ip: req.ip });
    return {
      data: result.plan,
      message: translate('plans.versionCreated', req.lang, {
        version: result.plan.version,
        previous: result.previousVersion,
        count: result.contractsOnPrevious,
      }),
    };
  },
});
