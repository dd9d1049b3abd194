import { ZIdParams } from '@swipe/contracts/accounts';
import { translate } from '@swipe/contracts/messages';
import { ZRetirePlanResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { retirePlan } from '../plans.service';

export default defineRoute({
  method: 'DELETE',
  url: '/api/plans/:id',
  summary:
    'Plan management: retire a plan; it can no longer be chosen for new contracts or plan changes, existing contracts keep it',
  tags: ['plans'],
  guard: { roles: ['MASTER'], authority: 'EDIT' },
  params: ZIdParams,
  response: ZRetirePlanResponse,
  handler: async ({ ctx, caller, params, req }) => {
    const result = await retirePlan(ctx, { caller, id: params.id, ip: req.ip });
    return {
      data: result.plan,
      message: translate('plans.retired', req.lang, {
        name: result.plan.name,
        count: result.contractsKeepingIt,
      }),
    };
  },
});
