import { ZIdParams } from '@swipe/contracts/accounts';
import { ZGetPlanResponse } from '@swipe/contracts/plans';
import { defineRoute } from '../../../platform/route';
import { getPlan } from '../plans.service';

export default defineRoute({
  method: 'GET',
  url: '/api/plans/:id',
  summary:
    'One plan version, current or not (operators see the catalogue and the versions their own contracts use)',
  tags: ['plans'],
  guard: { roles: 'any', authority: 'VIEW' },
  params: ZIdParams,
  response: ZGetPlanResponse,
  handler: async ({ ctx, caller, params }) => ({ data: await getPlan(ctx, { caller, id: params.id }) }),
});
