import { translate } from '@swipe/contracts/messages';
import { ZCheckPlanResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { checkPlan } from '../check-plan.service';

export default defineRoute({
  method: 'GET',
  url: '/api/check-plan',
  summary:
    "The caller's plan version, contract period and status, pending plan change, limits and usage; data is null for the platform, which has no plan",
  tags: ['plans'],
  guard: { roles: 'any', authority: 'VIEW' },
  response: ZCheckPlanResponse,
  handler: async ({ ctx, caller, req }) => {
    const data = await checkPlan(ctx, { caller });
    if (data) return { data };
    const key = caller.actingRole === 'MASTER' ? 'plans.platformHasNoPlan' : 'plans.noContract';
    return { data: null, message: translate(key, req.lang) };
  },
});
